/** json-compact@1: one strict compact JSON value (seed 001, Compact JSON; R-M11). */
import type { JsonCompactLayout } from '../../generated/morph/layout-json-compact.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { fail, ok, type Result } from '../../shared/errors.ts';
import { isJsonText, writeJson } from '../../shared/json/write-value.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { ENCODINGS, LAYOUT, LIMITS, MORPH_CODES, NATIVE_FORMAT_VERSION, RULES } from '../constants.ts';
import { checkIrLimits } from '../ir/measure-ir.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { kindOf } from './ir-kinds.ts';
import { checkStringIn } from './layout-fields.ts';
import { checkDecodedDigest, checkDeclaredIdentity, checkNativeLayout, buildNativeLayout, type NativeLayoutMembers } from './native-layout.ts';
import { checkNoOptions } from './options.ts';
import { parsePayloadJson } from './parse-payload-json.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { enforces, morphError } from '../refusal.ts';

const OWN_MEMBERS = ['rootKind'] as const;
// The member set is the schema's (spec/schemas/morph/layout-json-compact.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<NativeLayoutMembers<typeof OWN_MEMBERS>, keyof JsonCompactLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateLayoutMetadata(meta: JsonValue): Result<JsonObject> {
  const m = checkNativeLayout(meta, OWN_MEMBERS);
  if (!m.ok) return m;
  const kind = checkStringIn(m.value, 'rootKind', LAYOUT.ROOT_KINDS, RULES.COMPACT_ROOT_KIND);
  return kind.ok ? m : kind;
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const o = checkNoOptions(options);
  if (!o.ok) return o;
  // MORPH-JC-2: every accepted IR (one within the R-M2 limits) is applicable.
  const l = checkIrLimits(ir);
  return l.ok ? ok(undefined) : l;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const s = supports(ir, options);
  if (!s.ok) return s;
  return ok({ payload: writeJson(ir), layoutMetadata: buildNativeLayout(ir, context.inputKind, [['rootKind', kindOf(ir)]]) });
}

function decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir> {
  const meta = validateLayoutMetadata(layoutMetadata);
  if (!meta.ok) return meta;
  const id = checkDeclaredIdentity(meta.value, context);
  if (!id.ok) return id;
  const profile = context.profile ?? 'strict';
  const text = checkPayloadText(payload, RULES.NO_CR, profile);
  if (!text.ok) return text;
  const parsed = parsePayloadJson(payload, 0, LIMITS.MAX_NODES, profile);
  if (!parsed.ok) return parsed;
  const declared = meta.value.get('rootKind');
  if (kindOf(parsed.value) !== declared) {
    return fail(morphError(MORPH_CODES.ROOT_KIND_MISMATCH, RULES.COMPACT_ROOT_KIND, `payload root is ${kindOf(parsed.value)}, layout says ${String(declared)}`, { pointer: '' }));
  }
  // R-M11: the payload must be exactly the compact re-serialization of its value (strict; core reads any JSON spelling).
  if (enforces(profile, MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD) && !isJsonText(parsed.value, payload)) {
    return fail(morphError(MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD, 'payload is not in compact canonical form', {}));
  }
  return checkDecodedDigest(parsed.value, meta.value, context);
}

/** The json-compact@1 codec. */
export const jsonCompactCodec: Codec = {
  encoding: ENCODINGS.JSON_COMPACT,
  formatVersion: NATIVE_FORMAT_VERSION,
  id: `${ENCODINGS.JSON_COMPACT}@${NATIVE_FORMAT_VERSION}`,
  optionVariants: [{}],
  validateOptions: checkNoOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};
