/* Generated from spec/schemas/codegraph/header.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The first record: the model's own facts and the dictionaries other records index into (R-C2, R-C3).
 */
export interface CodegraphHeader {
  t: "header";
  schemaVersion: "1.0.0";
  lang: string;
  extractor: {
    name: string;
    version: string;
    [k: string]: unknown;
  };
  root: string;
  repository?: {
    [k: string]: unknown;
  };
  dict: {
    /**
     * Entity kinds (open vocabulary); sorted by UTF-16 code unit (checked by the reader).
     */
    kinds: string[];
    traits: (
      | "TChildOf"
      | "TComment"
      | "TInvocable"
      | "TMetrics"
      | "TModule"
      | "TNamed"
      | "TSourceAnchor"
      | "TStructural"
      | "TType"
      | "TTypedEntity"
      | "TWithAccesses"
      | "TWithChildren"
      | "TWithImplements"
      | "TWithInheritances"
      | "TWithInvocations"
      | "TWithLocalVariables"
      | "TWithParameters"
      | "TWithValue"
    )[];
    edges: (
      | "access"
      | "annotationUse"
      | "import"
      | "inheritance"
      | "interfaceImplementation"
      | "invocation"
      | "reference"
      | "throws"
    )[];
    provenance: ("declared" | "derived")[];
  };
}
