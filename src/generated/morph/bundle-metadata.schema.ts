/* Generated from spec/schemas/morph/bundle-metadata.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The METADATA section of a MORPH-CONTEXT/1 bundle (MORPH-CTX-6): a closed object of seven members. Its text is also the JCS form of this value under the strict profile (R-M6a), which a schema cannot say.
 */
export interface BundleMetadata {
  encoding: string;
  formatVersion: string;
  inputKind: "json-text" | "js-value";
  inputSemanticDigest: string;
  interpretationGuideId: string;
  interpretationGuideVersion: string;
  /**
   * The codec's layout metadata (spec/schemas/morph/layout-*.schema.json); checked by the codec's decoder.
   */
  layoutMetadata: {
    [k: string]: unknown;
  };
}
