/* Generated from spec/schemas/morph/layout-columns-json.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of columns-json@1 (MORPH-LAYOUT-1, MORPH-CJ-1).
 */
export interface ColumnsJsonLayout {
  irVersion: "morph-ir/1";
  inputKind: "json-text" | "js-value";
  semanticDigest: string;
  root: "array-of-objects";
  /**
   * Number of rows (the length of every column). Written as an unsigned-integer lexeme (R-S2); larger values are LIMIT_EXCEEDED (R-M11a).
   */
  rowCount: number;
  /**
   * Field names in the first record's display order (MORPH-RD-2).
   *
   * @minItems 1
   */
  fields: [string, ...string[]];
  columnCodec: "json-array-v1";
}
