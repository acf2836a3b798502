/* Generated from spec/schemas/morph/layout-json-lines.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of json-lines@1 (MORPH-LAYOUT-1, MORPH-JL-3).
 */
export interface JsonLinesLayout {
  irVersion: "morph-ir/1";
  inputKind: "json-text" | "js-value";
  semanticDigest: string;
  root: "array";
  /**
   * Number of elements, one per line; 0 for the empty array. Written as an unsigned-integer lexeme (R-S2); larger values are LIMIT_EXCEEDED (R-M11a).
   */
  elementCount: number;
  lineFramingVersion: "1";
}
