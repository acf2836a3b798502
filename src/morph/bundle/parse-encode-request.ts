/**
 * The `morph.encode` request (spec/protocol, MORPH-ENC-1/2): `{"input": "<json text>", "plan":
 * {"encoding", "formatVersion", "options"}, "guide": null | {"id", "version", "text"}}`, closed at
 * every level. `guide` null or absent means the suite's own guide for the plan's encoding (R-M7).
 */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { lookupCodec, parseCodecOptions } from '../codecs/registry.ts';
import type { Codec, CodecOptions } from '../codecs/types.ts';
import { getGuide, type InterpretationGuide } from '../guides/index.ts';
import { CARRIER_JSON_LIMITS } from '../constants.ts';
import { parseMorphJson } from '../ir/parse-morph-json.ts';
import { CONTEXT_CODES, CONTEXT_RULES } from './constants.ts';
import { enforces, morphError } from '../refusal.ts';

/** A checked encode request: the codec and options resolved, the guide chosen, the input still text. */
export interface EncodeRequest {
  /** The input text; a caller may clear it once it has read it (it may be 16 MiB, and the IR as much again). */
  input: string;
  readonly codec: Codec;
  readonly options: CodecOptions;
  readonly guide: InterpretationGuide;
}

function invalid(message: string, pointer: string): Result<never> {
  return fail(morphError(CONTEXT_CODES.ENCODE_REQUEST_INVALID, CONTEXT_RULES.ENCODE_REQUEST, message, { pointer }));
}

/**
 * Requires an object with `members` (all required) and, when `closedShape`, no others; the core
 * reading (MORPH-ENC-1 not enforced) passes over members it does not use.
 */
function closed(v: JsonValue | undefined, members: readonly string[], pointer: string, closedShape: boolean, optional: readonly string[] = []): Result<JsonObject> {
  if (!isJsonObject(v)) return invalid(`${pointer || 'the request'} must be a JSON object`, pointer);
  if (closedShape) for (const k of v.keys()) if (!members.includes(k) && !optional.includes(k)) return invalid(`unknown member ${JSON.stringify(k)}`, `${pointer}/${k}`);
  for (const k of members) if (!v.has(k)) return invalid(`member ${k} is missing`, `${pointer}/${k}`);
  return ok(v);
}

/**
 * Reads and checks an encode request: shape, codec, options, then guide. The input text is parsed
 * later. Under `core` (MORPH-ENC-1 and R-M11b are strict) members the request does not use are passed
 * over and an absent `plan.options` reads as `{}`; what the op needs (`input` as JSON text, `plan` with
 * `encoding` and `formatVersion`, a guide that is null or `{id, version, text}`) has no other reading
 * and is refused in both profiles, citing MORPH-ENC-1 or MORPH-ENC-2: the request is this suite's
 * own format, so no core rule covers it.
 */
export function parseEncodeRequest(bytes: Uint8Array | string, profile: Profile = 'strict'): Result<EncodeRequest> {
  // JSON-LIMIT-1: the request's depth, values and text are bounded as it is read (its input is one string).
  const parsed = parseMorphJson(bytes, CARRIER_JSON_LIMITS, profile);
  if (!parsed.ok) return parsed;
  // MORPH-ENC-1 (strict): closed objects at every level, options required.
  const closedShape = enforces(profile, CONTEXT_CODES.ENCODE_REQUEST_INVALID, CONTEXT_RULES.ENCODE_REQUEST);
  const root = closed(parsed.value, ['input', 'plan'], '', closedShape, ['guide']);
  if (!root.ok) return root;
  const input = root.value.get('input');
  if (typeof input !== 'string') return invalid('input must be a string holding JSON text', '/input');
  const plan = closed(root.value.get('plan'), closedShape ? ['encoding', 'formatVersion', 'options'] : ['encoding', 'formatVersion'], '/plan', closedShape);
  if (!plan.ok) return plan;
  const encoding = plan.value.get('encoding');
  const formatVersion = plan.value.get('formatVersion');
  if (typeof encoding !== 'string') return invalid('plan.encoding must be a string', '/plan/encoding');
  if (typeof formatVersion !== 'string') return invalid('plan.formatVersion must be a string', '/plan/formatVersion');
  const codec = lookupCodec(encoding, formatVersion);
  if (!codec.ok) return codec;
  const options = parseCodecOptions(codec.value, plan.value.get('options') ?? new Map(), profile);
  if (!options.ok) return options;
  const guideValue = root.value.get('guide') ?? null;
  let guide: InterpretationGuide;
  if (guideValue === null) {
    // MORPH-ENC-2: null asks for the suite's own guide of the plan's encoding.
    const own = getGuide(encoding);
    if (own === undefined) return fail(morphError(CONTEXT_CODES.UNKNOWN_GUIDE, CONTEXT_RULES.ENCODE_GUIDE, `no suite guide for ${encoding}`, { pointer: '/guide' }));
    guide = own;
  } else {
    const g = closed(guideValue, ['id', 'version', 'text'], '/guide', closedShape);
    if (!g.ok) return g;
    const [id, version, text] = ['id', 'version', 'text'].map((k) => g.value.get(k));
    if (typeof id !== 'string' || typeof version !== 'string' || typeof text !== 'string') return invalid('guide id, version and text must be strings', '/guide');
    guide = { id, version, text };
  }
  return ok({ input, codec: codec.value, options: options.value, guide });
}
