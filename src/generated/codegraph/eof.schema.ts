/* Generated from spec/schemas/codegraph/eof.schema.json by `npm run gen:types`. Do not edit. */

/**
 * An unsigned integer (R-C9 further requires the lexeme 0|[1-9][0-9]*, which JSON Schema cannot state).
 *
 * This interface was referenced by `CodegraphEof`'s JSON-Schema
 * via the `definition` "UnsignedInteger".
 */
export type UnsignedInteger = number;

/**
 * The trailer: how many f, e and x records the file holds.
 */
export interface CodegraphEof {
  t: "eof";
  counts: {
    files: UnsignedInteger;
    entities: UnsignedInteger;
    edges: UnsignedInteger;
  };
}
