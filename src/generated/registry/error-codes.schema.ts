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
  /**
   * The profile of a refusal with this code under its requirement, when it is not the requirement's own: a resolution pins this refusal although the format document states the rule. Absent: the requirement's profile.
   */
  profile?: "core" | "strict";
  /**
   * Other rules this code enforces, each with its own requirement (and profile). A refusal names one by its requirement, or by name when two share a requirement.
   */
  variants?: Variant[];
}
/**
 * This interface was referenced by `ErrorCodesFile`'s JSON-Schema
 * via the `definition` "Variant".
 */
export interface Variant {
  /**
   * Names the variant when another variant of the code has the same requirement.
   */
  name?: string;
  requirement: string;
  /**
   * As the code's profile: absent means the requirement's profile.
   */
  profile?: "core" | "strict";
  meaning: string;
}
