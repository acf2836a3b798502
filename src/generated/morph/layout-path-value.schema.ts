/* Generated from spec/schemas/morph/layout-path-value.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of path-value@1 (MORPH-LAYOUT-1, MORPH-PV-1).
 */
export interface PathValueLayout {
  irVersion: "morph-ir/1";
  inputKind: "json-text" | "js-value";
  semanticDigest: string;
  root: "typed-node-records";
  /**
   * Number of record lines (one per node). Written as an unsigned-integer lexeme (R-S2); larger values are LIMIT_EXCEEDED (R-M11a).
   */
  recordCount: number;
  pointer: "rfc6901";
  recordCodec: "typed-json-lines-v1";
}
