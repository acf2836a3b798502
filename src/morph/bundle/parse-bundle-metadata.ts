/** Second stage of reading a bundle: the METADATA and SCHEMA sections (seed 001, R-M6, R-M6a). */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { ENVELOPE_JSON_LIMITS, INPUT_KINDS, type InputKind } from '../constants.ts';
import { JSON_CODES } from '../../shared/json/constants.ts';
import { CONTEXT_CODES, CONTEXT_RULES, DIGEST_PATTERN } from './constants.ts';
import { enforces, morphError } from '../refusal.ts';
import type { BundleMetadata as BundleMetadataSchema } from '../../generated/morph/bundle-metadata.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';

/** The seven members of bundle metadata, in the order JCS writes them. */
export const METADATA_MEMBERS = [
  'encoding',
  'formatVersion',
  'inputKind',
  'inputSemanticDigest',
  'interpretationGuideId',
  'interpretationGuideVersion',
  'layoutMetadata',
] as const;

/**
 * Bundle metadata as read: the members of spec/schemas/morph/bundle-metadata.schema.json, with the
 * layout metadata kept as the JSON the codec's decoder reads (lexemes and member order intact).
 */
export type BundleMetadata = Readonly<Omit<BundleMetadataSchema, 'layoutMetadata' | 'inputKind'> & { inputKind: InputKind; layoutMetadata: JsonObject }>;
// The member list is the schema's: a schema edit not followed here fails the typecheck.
const METADATA_MEMBERS_MATCH_SCHEMA: SameUnion<(typeof METADATA_MEMBERS)[number], keyof BundleMetadataSchema> = true;
void METADATA_MEMBERS_MATCH_SCHEMA;

function invalidMetadata(message: string, member?: string): Result<never> {
  return fail(morphError(CONTEXT_CODES.BUNDLE_METADATA_INVALID, CONTEXT_RULES.BUNDLE_METADATA, message, member === undefined ? {} : { member }));
}

/** Builds the metadata object in JCS member order (the writer's form). */
export function metadataValue(m: BundleMetadata): JsonObject {
  return new Map<string, JsonValue>(METADATA_MEMBERS.map((k) => [k, m[k]]));
}

/**
 * Reads the METADATA section: strict JSON, exactly the seven members with their types, then (strict
 * profile) JCS form; under `core` any JSON spelling of a valid metadata object is read.
 */
export function parseBundleMetadata(text: string, profile: Profile = 'strict'): Result<BundleMetadata> {
  const parsed = parseJson(text, ENVELOPE_JSON_LIMITS);
  if (!parsed.ok) {
    // JSON-LIMIT-1: past the depth or value limit the section is refused for the limit, not as malformed.
    if (parsed.error.code === JSON_CODES.LIMIT_EXCEEDED) return parsed;
    return fail(morphError(CONTEXT_CODES.BUNDLE_METADATA_INVALID, CONTEXT_RULES.BUNDLE_METADATA, `metadata is not strict JSON (${parsed.error.code})`, parsed.error.location));
  }
  const v = parsed.value;
  if (!isJsonObject(v)) return invalidMetadata('metadata is not a JSON object');
  // R-M6: the member set is closed; an unknown member and a missing one are both refused.
  for (const k of v.keys()) {
    if (!(METADATA_MEMBERS as readonly string[]).includes(k)) return invalidMetadata(`unknown metadata member ${JSON.stringify(k)}`, k);
  }
  for (const k of METADATA_MEMBERS) {
    if (!v.has(k)) return invalidMetadata(`metadata member ${k} is missing`, k);
  }
  for (const k of METADATA_MEMBERS) {
    if (k === 'layoutMetadata') continue;
    if (typeof v.get(k) !== 'string') return invalidMetadata(`metadata member ${k} is not a string`, k);
  }
  const inputKind = v.get('inputKind') as string;
  if (!(INPUT_KINDS as readonly string[]).includes(inputKind)) return invalidMetadata('inputKind is neither json-text nor js-value', 'inputKind');
  const digest = v.get('inputSemanticDigest') as string;
  if (!DIGEST_PATTERN.test(digest)) return invalidMetadata('inputSemanticDigest is not 64 lowercase hex digits', 'inputSemanticDigest');
  const layout = v.get('layoutMetadata');
  if (!isJsonObject(layout)) return invalidMetadata('layoutMetadata is not a JSON object', 'layoutMetadata');
  // R-M6a: the section text must be exactly the JCS form of what it holds (strict; core reads any spelling).
  const canonical = checkJcsText(v, text, CONTEXT_CODES.BUNDLE_METADATA_NOT_CANONICAL, 'metadata', profile);
  if (!canonical.ok) return canonical;
  return ok({
    encoding: v.get('encoding') as string,
    formatVersion: v.get('formatVersion') as string,
    inputKind: inputKind as InputKind,
    inputSemanticDigest: digest,
    interpretationGuideId: v.get('interpretationGuideId') as string,
    interpretationGuideVersion: v.get('interpretationGuideVersion') as string,
    layoutMetadata: layout,
  });
}

/**
 * R-M6a (strict): `text` is exactly the JCS text of `value` (`JCS_NUMBER_RANGE` for a number with no
 * JCS form). Not enforced under `core`, which reads any valid JSON spelling of the section.
 */
function checkJcsText(value: JsonValue, text: string, code: string, what: string, profile: Profile): Result<void> {
  if (!enforces(profile, code, CONTEXT_RULES.BUNDLE_CANONICAL)) return ok(undefined);
  const canonical = canonicalJson(value);
  if (!canonical.ok) return fail(canonical.error);
  if (canonical.value !== text) return fail(morphError(code, CONTEXT_RULES.BUNDLE_CANONICAL, `${what} text is not its JCS form`));
  return ok(undefined);
}

/** Reads the SCHEMA section: `null` (no schema) or the JCS text of a JSON value (any JSON text under `core`). */
export function parseBundleSchema(text: string, profile: Profile = 'strict'): Result<JsonValue> {
  const parsed = parseJson(text, ENVELOPE_JSON_LIMITS);
  if (!parsed.ok) {
    // JSON-LIMIT-1: past the depth or value limit the section is refused for the limit, not as malformed.
    if (parsed.error.code === JSON_CODES.LIMIT_EXCEEDED) return parsed;
    return fail(morphError(CONTEXT_CODES.BUNDLE_SCHEMA_INVALID, CONTEXT_RULES.BUNDLE_SCHEMA, `schema is not strict JSON (${parsed.error.code})`, parsed.error.location));
  }
  const canonical = checkJcsText(parsed.value, text, CONTEXT_CODES.BUNDLE_SCHEMA_NOT_CANONICAL, 'schema', profile);
  return canonical.ok ? ok(parsed.value) : canonical;
}
