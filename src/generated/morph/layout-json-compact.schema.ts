/* Generated from spec/schemas/morph/layout-json-compact.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of json-compact@1 (MORPH-LAYOUT-1, MORPH-JC-1).
 */
export interface JsonCompactLayout {
  irVersion: "morph-ir/1";
  inputKind: "json-text" | "js-value";
  semanticDigest: string;
  rootKind: "null" | "boolean" | "string" | "number" | "array" | "object";
}
