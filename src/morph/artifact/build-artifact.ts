/** Writes a morph-artifact/1 for an IR, a plan, a target and a request frame (seed 001, R-M8, R-M9). */
import { ok, type Result } from '../../shared/errors.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { codecOptionsToJson } from '../codecs/registry.ts';
import { ARTIFACT, ARTIFACT_MEMBER_ORDER, PROMPT, type ArtifactMemberLevel, type PlannerPolicy } from '../bundle/constants.ts';
import { encodeBundle, type EncodeBundleRequest, type EncodedBundle } from '../bundle/encode-bundle.ts';
import type { MorphTask } from '../prompt/render-prompt.ts';
import { artifactId, dependenciesDigest, payloadDigest } from './artifact-digests.ts';

/** R-M8: the model a prompt is meant for and the tokenizer that counts it. */
export interface TargetProfile {
  readonly model: string;
  readonly tokenizer: string;
}

/** The request frame around the bundle in a prompt. */
export interface RequestFrame {
  readonly task: MorphTask;
  readonly prefix: string;
  readonly suffix: string;
}

/** What an artifact records besides the bundle request. */
export interface BuildArtifactRequest extends EncodeBundleRequest {
  readonly plannerPolicy: PlannerPolicy;
  readonly target: TargetProfile;
  readonly requestFrame: RequestFrame;
}

/** A built artifact: its JSON value, its file text and the bundle it was built from. */
export interface BuiltArtifact {
  readonly value: JsonObject;
  readonly text: string;
  readonly bundle: EncodedBundle;
}

/**
 * The object of artifact level `level` holding `members`, in the writer's member order
 * (ARTIFACT_MEMBER_ORDER); a member left undefined is not written.
 */
function levelObject<L extends ArtifactMemberLevel>(level: L, members: { readonly [K in (typeof ARTIFACT_MEMBER_ORDER)[L][number]]?: JsonValue }): JsonObject {
  const out: JsonObject = new Map();
  for (const name of ARTIFACT_MEMBER_ORDER[level] as readonly (keyof typeof members)[]) {
    const value = members[name];
    if (value !== undefined) out.set(name, value);
  }
  return out;
}

/** Encodes the section, computes the three digests and assembles the closed envelope. */
export function buildArtifact(request: BuildArtifactRequest): Result<BuiltArtifact> {
  const bundle = encodeBundle(request);
  if (!bundle.ok) return bundle;
  const b = bundle.value;
  const m = b.metadata;
  const plan = levelObject('plan', { encoding: m.encoding, formatVersion: m.formatVersion, options: codecOptionsToJson(b.options), plannerPolicy: request.plannerPolicy });
  const section = levelObject('section', {
    encoding: m.encoding,
    formatVersion: m.formatVersion,
    payload: b.parts.payload,
    layoutMetadata: m.layoutMetadata,
    interpretationGuideId: request.guide.id,
  });
  const modelDependencies = levelObject('modelDependencies', {
    // Seed 001: the schema member is optional; absent means the bundle's SCHEMA section is null.
    schema: request.schema ?? undefined,
    interpretationGuideId: request.guide.id,
    interpretationGuideVersion: request.guide.version,
    interpretationGuideText: request.guide.text,
  });
  const target = levelObject('target', { model: request.target.model, tokenizer: request.target.tokenizer });
  const requestFrame = levelObject('requestFrame', {
    task: levelObject('task', { id: request.requestFrame.task.id, instruction: request.requestFrame.task.instruction }),
    prefix: request.requestFrame.prefix,
    suffix: request.requestFrame.suffix,
    templateVersion: PROMPT.TEMPLATE_VERSION,
  });
  const pd = payloadDigest(b.parts.payload);
  const dd = dependenciesDigest(modelDependencies);
  if (!dd.ok) return dd;
  const id = artifactId({
    artifactVersion: ARTIFACT.VERSION,
    inputSemanticDigest: m.inputSemanticDigest,
    inputKind: m.inputKind,
    plan,
    section: { encoding: m.encoding, formatVersion: m.formatVersion, interpretationGuideId: request.guide.id, layoutMetadata: m.layoutMetadata },
    payloadDigest: pd,
    dependenciesDigest: dd.value,
    target,
    requestFrame,
  });
  if (!id.ok) return id;
  const value = levelObject('envelope', {
    artifactVersion: ARTIFACT.VERSION,
    artifactId: id.value,
    inputSemanticDigest: m.inputSemanticDigest,
    inputKind: m.inputKind,
    plan,
    section,
    modelDependencies,
    dependencyMode: ARTIFACT.DEPENDENCY_MODE,
    target,
    requestFrame,
    integrity: levelObject('integrity', {
      payloadDigest: pd,
      dependenciesDigest: dd.value,
      algorithm: ARTIFACT.ALGORITHM,
      canonicalizationVersion: ARTIFACT.CANONICALIZATION_VERSION,
    }),
  });
  return ok({ value, text: writeJson(value, { indent: 2 }) + '\n', bundle: b });
}
