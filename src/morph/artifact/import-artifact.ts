/**
 * Imports a morph-artifact/1 file in the order R-M10 fixes: closed shapes, exact version strings,
 * dictionaries, plan/section agreement, registered codec, digests, then the codec's decode (which
 * checks the declared identity and the recomputed semantic digest). The first failing check answers.
 */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { releaseBytes } from '../../shared/read-bounded.ts';
import { lookupCodec, parseCodecOptions } from '../codecs/registry.ts';
import type { Codec, CodecOptions } from '../codecs/types.ts';
import { CARRIER_JSON_LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { parseMorphJson } from '../ir/parse-morph-json.ts';
import type { Ir } from '../ir/types.ts';
import { ARTIFACT, CONTEXT_CODES, CONTEXT_RULES, PROMPT } from '../bundle/constants.ts';
import { checkArtifactShape, type ArtifactFields } from './check-artifact-shape.ts';
import { computeSeal } from './seal-artifact.ts';
import { enforces, morphError } from '../refusal.ts';

/** MORPH-ART-1: the largest artifact file read (64 MiB: a 16 MiB payload escaped, plus the guide). */
export const MAX_ARTIFACT_BYTES = 64 * 1024 * 1024;

/**
 * An imported artifact: its checked members, its codec and options, and the decoded IR. The codec is
 * the plan's (strict holds it equal to the section's) or, under `core`, the section's, with the
 * options its layout names.
 */
export interface ImportedArtifact {
  readonly fields: ArtifactFields;
  readonly codec: Codec;
  readonly options: CodecOptions;
  readonly ir: Ir;
}

function refuse(code: string, requirement: string, message: string, pointer: string): Result<never> {
  return fail(morphError(code, requirement, message, { pointer }));
}

/** Stage 2 (R-M10): the fixed version and mode strings. */
export function checkArtifactVersions(a: ArtifactFields): Result<void> {
  const checks: ReadonlyArray<[string, string, string, string]> = [
    [a.artifactVersion, ARTIFACT.VERSION, CONTEXT_CODES.UNSUPPORTED_ARTIFACT_VERSION, '/artifactVersion'],
    [a.dependencyMode, ARTIFACT.DEPENDENCY_MODE, CONTEXT_CODES.UNSUPPORTED_DEPENDENCY_MODE, '/dependencyMode'],
    [a.requestFrame.templateVersion, PROMPT.TEMPLATE_VERSION, CONTEXT_CODES.UNSUPPORTED_TEMPLATE_VERSION, '/requestFrame/templateVersion'],
    [a.integrity.algorithm, ARTIFACT.ALGORITHM, CONTEXT_CODES.UNSUPPORTED_INTEGRITY_ALGORITHM, '/integrity/algorithm'],
    [a.integrity.canonicalizationVersion, ARTIFACT.CANONICALIZATION_VERSION, CONTEXT_CODES.UNSUPPORTED_CANONICALIZATION, '/integrity/canonicalizationVersion'],
  ];
  for (const [actual, expected, code, pointer] of checks) {
    if (actual !== expected) return refuse(code, CONTEXT_RULES.ARTIFACT_VERSIONS, `${pointer} is ${JSON.stringify(actual)}, only ${JSON.stringify(expected)} is supported`, pointer);
  }
  return ok(undefined);
}

/**
 * Stages 3–4 (R-M10, R-M6a): no dictionaries; plan, section and dependencies name the same codec and
 * guide. Under `core` (MORPH-ART-5 and R-M6a strict) only the dictionaries are checked: the section
 * governs the payload's codec and the dependencies the guide, so nothing is compared.
 */
export function checkArtifactAgreement(a: ArtifactFields, profile: Profile = 'strict'): Result<void> {
  if (a.modelDependencies.dictionaries !== undefined) {
    return refuse(CONTEXT_CODES.UNSUPPORTED_ARTIFACT_DEPENDENCY, CONTEXT_RULES.ARTIFACT_DICTIONARIES, 'morph-artifact/1 carries no dictionaries', '/modelDependencies/dictionaries');
  }
  // MORPH-ART-5 (strict): plan and section name one codec.
  if (enforces(profile, CONTEXT_CODES.PLAN_SECTION_MISMATCH, CONTEXT_RULES.ARTIFACT_AGREEMENT)) {
    if (a.plan.encoding !== a.section.encoding) {
      return refuse(CONTEXT_CODES.PLAN_SECTION_MISMATCH, CONTEXT_RULES.ARTIFACT_AGREEMENT, 'plan and section name different encodings', '/section/encoding');
    }
    if (a.plan.formatVersion !== a.section.formatVersion) {
      return refuse(CONTEXT_CODES.PLAN_SECTION_MISMATCH, CONTEXT_RULES.ARTIFACT_AGREEMENT, 'plan and section name different format versions', '/section/formatVersion');
    }
  }
  // R-M6a (strict): section and dependencies name one guide.
  if (enforces(profile, CONTEXT_CODES.GUIDE_ID_MISMATCH, CONTEXT_RULES.GUIDE_AGREEMENT) && a.section.interpretationGuideId !== a.modelDependencies.interpretationGuideId) {
    return refuse(CONTEXT_CODES.GUIDE_ID_MISMATCH, CONTEXT_RULES.GUIDE_AGREEMENT, 'section and model dependencies name different guides', '/section/interpretationGuideId');
  }
  return ok(undefined);
}

/**
 * Stage 5 (R-M10, MORPH-ART-7): a registered codec, valid plan options that agree with the layout's
 * delimiter. Under `core` the plan's codec must still be registered (MORPH-ART-6), but the section
 * governs: its codec decodes the payload (UNSUPPORTED_ENCODING, R-M1, when it has none), and the plan
 * options are not read (R-M11b, MORPH-ART-7 strict); the options returned are the layout's delimiter.
 */
export function resolveArtifactCodec(a: ArtifactFields, profile: Profile = 'strict'): Result<{ codec: Codec; options: CodecOptions }> {
  const codec = lookupCodec(a.plan.encoding, a.plan.formatVersion);
  if (!codec.ok) return fail({ ...codec.error, location: { pointer: '/plan/encoding', member: 'encoding' } });
  // R-M11b, MORPH-ART-7 (both strict): the plan options are the codec's, and name the layout's delimiter.
  if (!enforces(profile, MORPH_CODES.INVALID_CODEC_OPTIONS, RULES.OPTIONS) && !enforces(profile, CONTEXT_CODES.PLAN_SECTION_MISMATCH, CONTEXT_RULES.ARTIFACT_OPTIONS)) {
    return resolveSectionCodec(a);
  }
  const options = parseCodecOptions(codec.value, a.plan.options);
  if (!options.ok) return fail({ ...options.error, location: { ...options.error.location, pointer: '/plan/options' } });
  const declared = a.section.layoutMetadata.get('delimiter');
  if (options.value.delimiter !== undefined && declared !== options.value.delimiter) {
    return refuse(CONTEXT_CODES.PLAN_SECTION_MISMATCH, CONTEXT_RULES.ARTIFACT_OPTIONS, 'the plan delimiter differs from the layout delimiter', '/plan/options/delimiter');
  }
  return ok({ codec: codec.value, options: options.value });
}

/** The core reading of stage 5: the section's codec, with the options its layout metadata names. */
function resolveSectionCodec(a: ArtifactFields): Result<{ codec: Codec; options: CodecOptions }> {
  const codec = lookupCodec(a.section.encoding, a.section.formatVersion);
  if (!codec.ok) return fail({ ...codec.error, location: { pointer: '/section/encoding', member: 'encoding' } });
  const delimiter = a.section.layoutMetadata.get('delimiter');
  // The codec's decode checks the layout's delimiter (MORPH-RD-2, R-M14); a codec without one takes {}.
  const options = codec.value.optionVariants.find((o) => o.delimiter === delimiter) ?? codec.value.optionVariants[0]!;
  return ok({ codec: codec.value, options });
}

/** Stage 6 (R-M9): payload digest, dependencies digest, then artifactId. */
export function checkArtifactIntegrity(a: ArtifactFields): Result<void> {
  const seal = computeSeal(a);
  if (!seal.ok) return seal;
  const checks: ReadonlyArray<[string, string, string]> = [
    [a.integrity.payloadDigest, seal.value.payloadDigest, '/integrity/payloadDigest'],
    [a.integrity.dependenciesDigest, seal.value.dependenciesDigest, '/integrity/dependenciesDigest'],
    [a.artifactId, seal.value.artifactId, '/artifactId'],
  ];
  for (const [declared, actual, pointer] of checks) {
    if (declared !== actual) return refuse(CONTEXT_CODES.INTEGRITY_MISMATCH, CONTEXT_RULES.ARTIFACT_INTEGRITY, `${pointer} does not match the recomputed digest`, pointer);
  }
  return ok(undefined);
}

/**
 * Stage 1 (R-M10, MORPH-ART-1): the artifact's bound, then its JSON under `profile`, with the
 * envelope's depth, value and text limits (JSON-LIMIT-1, {@link CARRIER_JSON_LIMITS}). A caller that holds the file's bytes can let them
 * go once this has answered: the value holds everything the later stages read.
 */
function parseArtifactJson(input: Uint8Array | string, profile: Profile = 'strict'): Result<JsonValue> {
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > MAX_ARTIFACT_BYTES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, CONTEXT_RULES.ARTIFACT_JSON, `artifact is ${size} bytes, over ${MAX_ARTIFACT_BYTES}`, { byteOffset: MAX_ARTIFACT_BYTES }));
  }
  // MORPH-ART-1: the file is strict JSON (R-S1); the JSON core's codes answer (core: R-S1's core reading).
  // JSON-LIMIT-1: within the byte bound, the envelope's depth, values and text are bounded as it is read.
  return parseMorphJson(input, CARRIER_JSON_LIMITS, profile);
}

/** The stages after the parse (R-M10): shape, versions, agreement, codec, integrity, then the payload's decode. */
function importArtifactValue(value: JsonValue, profile: Profile = 'strict'): Result<ImportedArtifact> {
  const shape = checkArtifactShape(value, profile);
  if (!shape.ok) return shape;
  const a = shape.value;
  const versions = checkArtifactVersions(a);
  if (!versions.ok) return versions;
  const agreement = checkArtifactAgreement(a, profile);
  if (!agreement.ok) return agreement;
  const resolved = resolveArtifactCodec(a, profile);
  if (!resolved.ok) return resolved;
  const integrity = checkArtifactIntegrity(a);
  if (!integrity.ok) return integrity;
  const ir = resolved.value.codec.decode(a.section.payload, a.section.layoutMetadata, { inputKind: a.inputKind, inputSemanticDigest: a.inputSemanticDigest, profile });
  if (!ir.ok) return ir;
  return ok({ fields: a, ...resolved.value, ir: ir.value });
}

/**
 * Imports an artifact file under `profile` (strict when not given; core: the format document's rules
 * only, each strict rule's check replaced by its documented core reading); never throws on any input.
 * With `releaseInput`, the caller hands the bytes over (read for this call alone): they are released
 * once parsed (whitespace may pad them to 64 MiB, and the tree built next grows meanwhile).
 */
export function importArtifact(input: Uint8Array | string, profile: Profile = 'strict', releaseInput = false): Result<ImportedArtifact> {
  const parsed = parseArtifactJson(input, profile);
  if (releaseInput && typeof input !== 'string') releaseBytes(input);
  return parsed.ok ? importArtifactValue(parsed.value, profile) : parsed;
}
