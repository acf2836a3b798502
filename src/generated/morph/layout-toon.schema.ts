/* Generated from spec/schemas/morph/layout-toon.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Layout metadata of toon@4.1.1: exactly six members, no irVersion or semanticDigest (R-M14).
 */
export interface ToonLayout {
  adapter: "official-@toon-format/toon";
  packageVersion: "4.1.1";
  delimiter: "," | "\t" | "|";
  indentSize: 2;
  strictDecode: true;
  inputKind: "json-text" | "js-value";
}
