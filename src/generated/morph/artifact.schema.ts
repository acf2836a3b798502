/* Generated from spec/schemas/morph/artifact.schema.json by `npm run gen:types`. Do not edit. */

/**
 * A morph-artifact/1 file as the strict profile reads its shape and fixed strings (MORPH-ART-2, R-M8, MORPH-ART-3, MORPH-ART-4). Agreement between members, the digests and the payload's decoding (MORPH-ART-5 to MORPH-ART-8, R-M10) are beyond a schema. Under the core profile `target` and `task` are any objects but for task.instruction, a string (R-M8's core reading).
 */
export interface MorphArtifact {
  artifactVersion: "morph-artifact/1";
  artifactId: string;
  inputSemanticDigest: string;
  inputKind: "json-text" | "js-value";
  plan: ArtifactPlan;
  section: ArtifactSection;
  modelDependencies: ArtifactModelDependencies;
  dependencyMode: "self-contained";
  target: ArtifactTarget;
  requestFrame: ArtifactRequestFrame;
  integrity: ArtifactIntegrity;
}
/**
 * The plan the planner chose (MORPH-ART-2).
 */
export interface ArtifactPlan {
  encoding: string;
  formatVersion: string;
  /**
   * Codec options, valid for the plan's codec (MORPH-ART-7, R-M11b).
   */
  options: {
    [k: string]: unknown;
  };
  plannerPolicy: "compatibility" | "economy-experimental" | "validated";
}
/**
 * The encoded payload and how to read it (MORPH-ART-2).
 */
export interface ArtifactSection {
  encoding: string;
  formatVersion: string;
  payload: string;
  layoutMetadata: {
    [k: string]: unknown;
  };
  interpretationGuideId: string;
}
/**
 * What the model needs beside the payload (MORPH-ART-2). Version 1 has no dictionaries member, not even an empty one (MORPH-ART-4); a writer omits schema when none was given (R-M9).
 */
export interface ArtifactModelDependencies {
  /**
   * Any JSON value.
   */
  schema?: null | boolean | number | string | unknown[] | {};
  interpretationGuideId: string;
  interpretationGuideVersion: string;
  interpretationGuideText: string;
}
/**
 * The model the prompt is for (R-M8).
 */
export interface ArtifactTarget {
  model: string;
  tokenizer: string;
}
/**
 * The prompt around the bundle (MORPH-ART-2, MORPH-PROMPT-1).
 */
export interface ArtifactRequestFrame {
  task: ArtifactTask;
  prefix: string;
  suffix: string;
  templateVersion: "morph-prompt/1";
}
/**
 * The task (R-M8).
 */
export interface ArtifactTask {
  id: string;
  instruction: string;
}
/**
 * Digests that bind the artifact (R-M9, MORPH-ART-8).
 */
export interface ArtifactIntegrity {
  payloadDigest: string;
  dependenciesDigest: string;
  algorithm: "sha256";
  canonicalizationVersion: "morph-c14n/1";
}
