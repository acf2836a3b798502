/* Generated from spec/schemas/codegraph/e.schema.json by `npm run gen:types`. Do not edit. */

/**
 * An unsigned integer (R-C9 further requires the lexeme 0|[1-9][0-9]*, which JSON Schema cannot state).
 *
 * This interface was referenced by `CodegraphEntity`'s JSON-Schema
 * via the `definition` "UnsignedInteger".
 */
export type UnsignedInteger = number;
/**
 * [fileRef, startLine, endLine]; startLine ≤ endLine is checked by the reader.
 *
 * @minItems 3
 * @maxItems 3
 *
 * This interface was referenced by `CodegraphEntity`'s JSON-Schema
 * via the `definition` "Anchor".
 */
export type Anchor = [UnsignedInteger, UnsignedInteger, UnsignedInteger];
/**
 * R-C8: a closed tagged union on k; type is an entity surrogate.
 *
 * This interface was referenced by `CodegraphEntity`'s JSON-Schema
 * via the `definition` "Literal".
 */
export type Literal =
  | NullLiteral
  | BooleanLiteral
  | NumberLiteral
  | StringLiteral
  | EnumLiteral
  | ClassLiteral
  | ArrayLiteral
  | AnnotationLiteral;

/**
 * One entity: i is its surrogate, (m, s, d) its natural key. Trait keys (R-C4) are typed here; which of them must be present depends on tr and is checked by the reader. Other members pass through.
 */
export interface CodegraphEntity {
  t: "e";
  i: UnsignedInteger;
  k: UnsignedInteger;
  tr: UnsignedInteger[];
  m: UnsignedInteger;
  s: string;
  d?: string;
  parent?: UnsignedInteger;
  comment?: string;
  signature?: string;
  metrics?: {
    [k: string]: UnsignedInteger;
  };
  definedIn?: UnsignedInteger[];
  name?: string;
  anchor?: Anchor;
  typeParameters?: UnsignedInteger[];
  declaredType?: UnsignedInteger;
  value?: Literal;
  parameters?: UnsignedInteger[];
  localVariables?: UnsignedInteger[];
  [k: string]: unknown;
}
/**
 * the null literal
 */
export interface NullLiteral {
  k: "null";
}
/**
 * a boolean literal
 */
export interface BooleanLiteral {
  k: "boolean";
  value: boolean;
}
/**
 * a number literal (lexeme kept by readers)
 */
export interface NumberLiteral {
  k: "number";
  value: number;
}
/**
 * a string literal
 */
export interface StringLiteral {
  k: "string";
  value: string;
}
/**
 * an enum constant: its type entity and constant name
 */
export interface EnumLiteral {
  k: "enum";
  type: UnsignedInteger;
  name: string;
}
/**
 * a class literal
 */
export interface ClassLiteral {
  k: "class";
  type: UnsignedInteger;
}
/**
 * an array of literals
 */
export interface ArrayLiteral {
  k: "array";
  items: Literal[];
}
/**
 * an annotation with its arguments
 */
export interface AnnotationLiteral {
  k: "annotation";
  type: UnsignedInteger;
  arguments: NamedArgument[];
}
/**
 * A named argument; a language-implicit name is written out.
 *
 * This interface was referenced by `CodegraphEntity`'s JSON-Schema
 * via the `definition` "NamedArgument".
 */
export interface NamedArgument {
  name: string;
  value: Literal;
}
