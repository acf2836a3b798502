/* Generated from spec/schemas/registry/error-codes.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The error-code registry of one format: code, the requirement it enforces, what it means.
 */
export interface ErrorCodesFile {
  format: "shared" | "journal" | "codegraph" | "morph";
  codes: ErrorCode[];
}
/**
 * This interface was referenced by `ErrorCodesFile`'s JSON-Schema
 * via the `definition` "ErrorCode".
 */
export interface ErrorCode {
  code: string;
  requirement: string;
  meaning: string;
}
