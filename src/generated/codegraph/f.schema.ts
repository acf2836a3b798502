/* Generated from spec/schemas/codegraph/f.schema.json by `npm run gen:types`. Do not edit. */

/**
 * An unsigned integer (R-C9 further requires the lexeme 0|[1-9][0-9]*, which JSON Schema cannot state).
 *
 * This interface was referenced by `CodegraphFile`'s JSON-Schema
 * via the `definition` "UnsignedInteger".
 */
export type UnsignedInteger = number;

/**
 * One interned file path; i is its own index.
 */
export interface CodegraphFile {
  t: "f";
  i: UnsignedInteger;
  path: string;
}
