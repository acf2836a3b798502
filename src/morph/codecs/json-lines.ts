/** json-lines@1: a root array, one compact JSON value per line (seed 001, MORPH-framed JSON Lines). */
import type { JsonLinesLayout } from '../../generated/morph/layout-json-lines.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { fail, ok, type Result } from '../../shared/errors.ts';
import { isJsonArray, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import { CHARS, ENCODINGS, LAYOUT, LIMITS, MORPH_CODES, NATIVE_FORMAT_VERSION, RULES } from '../constants.ts';
import { checkIrLimits, measureIr } from '../ir/measure-ir.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { checkConstString, readCount } from './layout-fields.ts';
import { checkDecodedDigest, checkDeclaredIdentity, checkNativeLayout, buildCountNode, buildNativeLayout, type NativeLayoutMembers } from './native-layout.ts';
import { checkNoOptions } from './options.ts';
import { parsePayloadJson } from './parse-payload-json.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { enforces, morphError } from '../refusal.ts';

const OWN_MEMBERS = ['root', 'elementCount', 'lineFramingVersion'] as const;
// The member set is the schema's (spec/schemas/morph/layout-json-lines.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<NativeLayoutMembers<typeof OWN_MEMBERS>, keyof JsonLinesLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateLayoutMetadata(meta: JsonValue): Result<JsonObject> {
  const m = checkNativeLayout(meta, OWN_MEMBERS);
  if (!m.ok) return m;
  const root = checkConstString(m.value, 'root', LAYOUT.JSON_LINES_ROOT, RULES.LINES_LAYOUT);
  if (!root.ok) return root;
  const framing = checkConstString(m.value, 'lineFramingVersion', LAYOUT.LINE_FRAMING_VERSION, RULES.LINES_LAYOUT);
  if (!framing.ok) return framing;
  // MORPH-JL-3: elementCount may be 0 (the document's empty root array); R-M11a caps it.
  const count = readCount(m.value, 'elementCount', 0, RULES.LINES_LAYOUT, undefined, 1);
  return count.ok ? m : count;
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const o = checkNoOptions(options);
  if (!o.ok) return o;
  // MORPH-JL-1: only a root array (an empty one included) is applicable.
  if (!isJsonArray(ir)) return fail(morphError(MORPH_CODES.CODEC_INAPPLICABLE, RULES.LINES_APPLICABILITY, 'json-lines needs a root array', { pointer: '' }));
  const l = checkIrLimits(ir);
  return l.ok ? ok(undefined) : l;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const s = supports(ir, options);
  if (!s.ok) return s;
  const items = ir as JsonValue[];
  return ok({
    payload: items.map((v) => writeJson(v)).join(CHARS.LF),
    layoutMetadata: buildNativeLayout(ir, context.inputKind, [
      ['root', LAYOUT.JSON_LINES_ROOT],
      ['elementCount', buildCountNode(items.length)],
      ['lineFramingVersion', LAYOUT.LINE_FRAMING_VERSION],
    ]),
  });
}

/** Splits the payload into its physical lines after the framing checks (MORPH-JL-2). */
function splitElementLines(payload: string, elementCount: number): Result<string[]> {
  if (payload === '') {
    if (elementCount === 0) return ok([]);
    return fail(morphError(MORPH_CODES.ELEMENT_COUNT_MISMATCH, RULES.LINES_FRAMING, `empty payload, ${elementCount} elements declared`));
  }
  if (payload.endsWith(CHARS.LF)) {
    return fail(morphError(MORPH_CODES.TRAILING_LINE_FEED, RULES.LINES_FRAMING, 'payload ends with a line feed'));
  }
  // At most one line past the declared count is split off, so a flood of LFs allocates nothing.
  const lines = payload.split(CHARS.LF, elementCount + 1);
  if (lines.length !== elementCount) {
    return fail(morphError(MORPH_CODES.ELEMENT_COUNT_MISMATCH, RULES.LINES_FRAMING, `${lines.length > elementCount ? 'more than' : 'only'} ${Math.min(lines.length, elementCount)} lines, ${elementCount} elements declared`));
  }
  return ok(lines);
}

function decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir> {
  const meta = validateLayoutMetadata(layoutMetadata);
  if (!meta.ok) return meta;
  const id = checkDeclaredIdentity(meta.value, context);
  if (!id.ok) return id;
  const profile = context.profile ?? 'strict';
  const canonical = enforces(profile, MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD);
  const text = checkPayloadText(payload, RULES.LINES_FRAMING, profile);
  if (!text.ok) return text;
  const elementCount = Number((meta.value.get('elementCount') as { lexeme: string }).lexeme);
  const lines = splitElementLines(payload, elementCount);
  if (!lines.ok) return lines;
  const items: JsonValue[] = [];
  let nodes = 1; // the root array
  for (let i = 0; i < lines.value.length; i++) {
    const line = lines.value[i]!;
    if (line === '') return fail(morphError(MORPH_CODES.EMPTY_LINE, RULES.LINES_FRAMING, `line ${i + 1} is empty`, { line: i + 1 }));
    // R-M2: each element sits one level below the root array; the node budget is shared by all lines.
    const parsed = parsePayloadJson(line, 1, LIMITS.MAX_NODES - nodes, profile);
    if (!parsed.ok) return fail({ ...parsed.error, location: { ...parsed.error.location, line: i + 1, pointer: `/${i}${parsed.error.location.pointer ?? ''}` } });
    // R-M11: every line is exactly the compact serialization of its value (strict; core reads any JSON spelling).
    if (canonical && writeJson(parsed.value) !== line) {
      return fail(morphError(MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD, `line ${i + 1} is not compact canonical JSON`, { line: i + 1 }));
    }
    nodes += measureIr(parsed.value).nodes;
    items.push(parsed.value);
  }
  return checkDecodedDigest(items, meta.value, context);
}

/** The json-lines@1 codec. */
export const jsonLinesCodec: Codec = {
  encoding: ENCODINGS.JSON_LINES,
  formatVersion: NATIVE_FORMAT_VERSION,
  id: `${ENCODINGS.JSON_LINES}@${NATIVE_FORMAT_VERSION}`,
  optionVariants: [{}],
  validateOptions: checkNoOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};
