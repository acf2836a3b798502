/* Generated from spec/schemas/morph/layout-rows-delimited.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of rows-delimited@1 (MORPH-LAYOUT-1, MORPH-RD-2, R-M12).
 */
export interface RowsDelimitedLayout {
  irVersion: "morph-ir/1";
  inputKind: "json-text" | "js-value";
  semanticDigest: string;
  root: "array-of-objects";
  /**
   * Number of rows. Written as an unsigned-integer lexeme (R-S2); larger values are LIMIT_EXCEEDED (R-M11a).
   */
  rowCount: number;
  /**
   * Field names in the first record's display order (MORPH-RD-2).
   *
   * @minItems 1
   */
  fields: [string, ...string[]];
  /**
   * The actual delimiter character.
   */
  delimiter: "\t" | "," | "|" | ";";
  cellCodec: "json-scalar-v1";
}
