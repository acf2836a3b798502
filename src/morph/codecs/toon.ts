/**
 * toon@4.1.1: the official @toon-format/toon 4.1.1 package (its own encode and strict decode),
 * with MORPH's number rules on both sides (MORPH-TOON-1, R-M18), member order kept or the codec
 * inapplicable (R-M17), a real round trip in `supports`, and byte identity on decode (R-M14).
 */
import { decode as toonDecode, encode as toonEncode, encodeLines as toonEncodeLines, type Delimiter } from '@toon-format/toon';
import type { ToonLayout } from '../../generated/morph/layout-toon.schema.ts';
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { JsonNumber, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { ENCODINGS, IDS, MORPH_CODES, RULES, TOON_DELIMITERS, TOON_FORMAT_VERSION, TOON_INDENT_SIZE } from '../constants.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { irFromJsValue } from '../ir/ir-from-js-value.ts';
import { checkIrLimits } from '../ir/measure-ir.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { irToPlain } from './ir-to-plain.ts';
import { checkClosedObject, checkConstString, checkStringIn, invalidMember, readInputKind } from './layout-fields.ts';
import { checkDeclaredIdentity } from './native-layout.ts';
import { checkDelimiterOption } from './options.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { checkToonMemberOrder, findMemberOrderChange } from './toon-member-order.ts';
import { checkDecodedToonNumbers, checkToonNumbers } from './toon-numbers.ts';
import { citing, enforces, morphError } from '../refusal.ts';

const MEMBERS = ['adapter', 'packageVersion', 'delimiter', 'indentSize', 'strictDecode', 'inputKind'] as const;
// The member set is the schema's (spec/schemas/morph/layout-toon.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<(typeof MEMBERS)[number], keyof ToonLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateOptions(options: CodecOptions, profile: Profile = 'strict'): Result<CodecOptions> {
  // R-M14 (core): the delimiter is one of the three the layout can name.
  return checkDelimiterOption(options, TOON_DELIMITERS, profile, RULES.TOON_LAYOUT);
}

function validateLayoutMetadata(meta: JsonValue): Result<JsonObject> {
  // R-M14: exactly the six members, exact values; no irVersion, no semanticDigest.
  const m = checkClosedObject(meta, MEMBERS, RULES.TOON_LAYOUT);
  if (!m.ok) return m;
  const checks = [
    checkConstString(m.value, 'adapter', IDS.TOON_ADAPTER, RULES.TOON_LAYOUT),
    checkConstString(m.value, 'packageVersion', IDS.TOON_PACKAGE_VERSION, RULES.TOON_LAYOUT),
    checkStringIn(m.value, 'delimiter', TOON_DELIMITERS, RULES.TOON_LAYOUT),
    readInputKind(m.value, RULES.TOON_LAYOUT),
  ];
  for (const c of checks) if (!c.ok) return c;
  const indent = m.value.get('indentSize');
  if (!(indent instanceof JsonNumber) || indent.lexeme !== String(TOON_INDENT_SIZE)) return invalidMember('indentSize', 'indentSize must be 2', RULES.TOON_LAYOUT);
  if (m.value.get('strictDecode') !== true) return invalidMember('strictDecode', 'strictDecode must be true', RULES.TOON_LAYOUT);
  return m;
}

/** The official encoder with the fixed options; undefined if the library throws. */
function runEncode(value: unknown, delimiter: string): string | undefined {
  try {
    return toonEncode(value, { delimiter: delimiter as Delimiter, indentSize: TOON_INDENT_SIZE });
  } catch {
    return undefined;
  }
}

/**
 * True when the official encoding of `value` with `delimiter` is exactly `payload`, compared line by
 * line as the encoder yields them (its `encode` is these lines joined by LF), so the re-encoding is
 * never held whole beside the payload. A throw of the encoder is a mismatch, as runEncode's undefined is.
 */
function isOfficialEncoding(value: unknown, delimiter: string, payload: string): boolean {
  try {
    let at = 0;
    let first = true;
    for (const line of toonEncodeLines(value, { delimiter: delimiter as Delimiter, indentSize: TOON_INDENT_SIZE })) {
      if (!first) {
        if (payload.charCodeAt(at) !== 0x0a) return false;
        at++;
      }
      first = false;
      if (!payload.startsWith(line, at)) return false;
      at += line.length;
    }
    return at === payload.length;
  } catch {
    return false;
  }
}

/** The official strict decoder; a thrown error becomes a typed refusal (deep input as LIMIT_EXCEEDED). */
function runDecode(payload: string): Result<unknown> {
  try {
    return ok(toonDecode(payload, { strict: true, indentSize: TOON_INDENT_SIZE }));
  } catch (e) {
    if (e instanceof RangeError) return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, 'TOON payload nests too deeply to decode'));
    return fail(morphError(MORPH_CODES.TOON_DECODE_FAILED, RULES.TOON_ROUND_TRIP, `official strict decode refused the payload: ${e instanceof Error ? e.message : String(e)}`));
  }
}

/**
 * Applicability and the payload in one pass: numbers, a real encode, strict decode, semantic check.
 * Under `core` a member order toon would change is still inapplicable, citing MORPH-APPLY-1 (no codec
 * reorders a value; the IR keeps display order) where strict cites R-M17, which pins how toon reorders.
 */
function encodeChecked(ir: Ir, options: CodecOptions, profile: Profile = 'strict'): Result<string> {
  const o = validateOptions(options, profile);
  if (!o.ok) return o;
  const l = checkIrLimits(ir);
  if (!l.ok) return l;
  const n = checkToonNumbers(ir);
  if (!n.ok) return n;
  // R-M17 (strict) names the reordering; MORPH-APPLY-1 (core) already refuses any.
  const orderRule = enforces(profile, MORPH_CODES.CODEC_INAPPLICABLE, RULES.TOON_MEMBER_ORDER) ? RULES.TOON_MEMBER_ORDER : RULES.APPLY;
  const order = checkToonMemberOrder(ir);
  if (!order.ok) return { ok: false, error: citing(order.error, orderRule) };
  const inapplicable = (why: string) => fail(morphError(MORPH_CODES.CODEC_INAPPLICABLE, RULES.TOON_ROUND_TRIP, why));
  const payload = runEncode(irToPlain(ir), o.value.delimiter!);
  if (payload === undefined) return inapplicable('the official encoder refused the value');
  const decoded = runDecode(payload);
  if (!decoded.ok) return inapplicable('the official strict decoder refused its own output');
  const back = irFromJsValue(decoded.value);
  if (!back.ok || semanticDigest(back.value) !== semanticDigest(ir)) return inapplicable('the TOON round trip changes the value');
  // R-M17: the digest ignores member order, so the order is compared on its own (tabular rows come
  // back in the first row's field order).
  const moved = findMemberOrderChange(ir, back.value);
  if (moved !== undefined) {
    return fail(morphError(MORPH_CODES.CODEC_INAPPLICABLE, orderRule, 'the TOON round trip lists these members in another order', { pointer: moved }));
  }
  return ok(payload);
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const r = encodeChecked(ir, options);
  return r.ok ? ok(undefined) : r;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const payload = encodeChecked(ir, options, context.profile);
  if (!payload.ok) return payload;
  return ok({
    payload: payload.value,
    layoutMetadata: new Map<string, JsonValue>([
      ['adapter', IDS.TOON_ADAPTER],
      ['packageVersion', IDS.TOON_PACKAGE_VERSION],
      ['delimiter', options.delimiter!],
      ['indentSize', new JsonNumber(String(TOON_INDENT_SIZE))],
      ['strictDecode', true],
      ['inputKind', context.inputKind],
    ]),
  });
}

function decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir> {
  const meta = validateLayoutMetadata(layoutMetadata);
  if (!meta.ok) return meta;
  const id = checkDeclaredIdentity(meta.value, context);
  if (!id.ok) return id;
  const profile = context.profile ?? 'strict';
  const text = checkPayloadText(payload, RULES.NO_CR, profile);
  if (!text.ok) return text;
  const decoded = runDecode(payload);
  if (!decoded.ok) return decoded;
  // R-M2 limits on the decoded value come before re-encoding, so an oversized value costs one walk.
  const ir = irFromJsValue(decoded.value);
  if (!ir.ok && ir.error.code === MORPH_CODES.LIMIT_EXCEEDED) return ir;
  // R-M18: before re-encoding, so 9007199254740993 (read as ...992) is refused for its number, not its spelling.
  // Core (R-M18 not enforced): the package's own reading of each number stands; a re-encoding that does
  // not give the payload back is still refused (MORPH-TOON-3), and so is a value with another digest.
  if (ir.ok && enforces(profile, MORPH_CODES.TOON_NUMBER_INAPPLICABLE, RULES.TOON_DECODED_NUMBERS)) {
    const numbers = checkDecodedToonNumbers(ir.value);
    if (!numbers.ok) return numbers;
  }
  // MORPH-TOON-3: re-encoding with the declared options must give the payload byte for byte.
  if (!isOfficialEncoding(decoded.value, meta.value.get('delimiter') as string, payload)) {
    return fail(morphError(MORPH_CODES.TOON_NOT_CANONICAL, RULES.TOON_CANONICAL, 'payload is not the canonical official encoding of its value', {}));
  }
  if (!ir.ok) return fail(morphError(MORPH_CODES.TOON_DECODE_FAILED, RULES.TOON_ROUND_TRIP, 'decoded value is outside the IR', ir.error.location));
  // R-M14: toon layout carries no digest; identity is the bundle's or artifact's input digest.
  if (context.inputSemanticDigest !== undefined && semanticDigest(ir.value) !== context.inputSemanticDigest) {
    return fail(morphError(MORPH_CODES.DIGEST_MISMATCH, RULES.IDENTITY, 'decoded value does not have the declared input digest'));
  }
  return ok(ir.value);
}

/** The toon@4.1.1 codec. */
export const toonCodec: Codec = {
  encoding: ENCODINGS.TOON,
  formatVersion: TOON_FORMAT_VERSION,
  id: `${ENCODINGS.TOON}@${TOON_FORMAT_VERSION}`,
  optionVariants: TOON_DELIMITERS.map((delimiter) => ({ delimiter })),
  validateOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};

