/* Generated from spec/schemas/registry/requirements.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The requirement ids of one format (or of the shared JSON core), each with its profile and source.
 */
export interface RequirementsFile {
  format: "shared" | "journal" | "codegraph" | "morph";
  requirements: Requirement[];
}
/**
 * This interface was referenced by `RequirementsFile`'s JSON-Schema
 * via the `definition` "Requirement".
 */
export interface Requirement {
  id: string;
  profile: "core" | "strict";
  summary: string;
  source: string;
  /**
   * false for rules no input can break (writer-only rules)
   */
  rejectable: boolean;
}
