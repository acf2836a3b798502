/** path-value@1: one typed record per node, JSON Pointer paths (seed 001, Typed path/value; R-M13). */
import type { PathValueLayout } from '../../generated/morph/layout-path-value.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { fail, ok, type Result } from '../../shared/errors.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { CHARS, ENCODINGS, LAYOUT, MORPH_CODES, NATIVE_FORMAT_VERSION, RULES } from '../constants.ts';
import { checkIrLimits } from '../ir/measure-ir.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { encodePathRecords } from './encode-path-records.ts';
import { checkConstString, readCount } from './layout-fields.ts';
import { checkDecodedDigest, checkDeclaredIdentity, checkNativeLayout, buildCountNode, buildNativeLayout, type NativeLayoutMembers } from './native-layout.ts';
import { checkNoOptions } from './options.ts';
import { parseNodeRecord, type NodeRecord } from './parse-node-record.ts';
import { rebuildPathTree } from './rebuild-path-tree.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { enforces, morphError } from '../refusal.ts';

const OWN_MEMBERS = ['root', 'recordCount', 'pointer', 'recordCodec'] as const;
// The member set is the schema's (spec/schemas/morph/layout-path-value.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<NativeLayoutMembers<typeof OWN_MEMBERS>, keyof PathValueLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateLayoutMetadata(meta: JsonValue): Result<JsonObject> {
  const m = checkNativeLayout(meta, OWN_MEMBERS);
  if (!m.ok) return m;
  for (const [name, expected] of [['root', LAYOUT.PATH_VALUE_ROOT], ['pointer', LAYOUT.POINTER_SYNTAX], ['recordCodec', LAYOUT.RECORD_CODEC]] as const) {
    const c = checkConstString(m.value, name, expected, RULES.PATH_VALUE_LAYOUT);
    if (!c.ok) return c;
  }
  // Every payload has at least the root record.
  const n = readCount(m.value, 'recordCount', 1, RULES.PATH_VALUE_LAYOUT);
  return n.ok ? m : n;
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const o = checkNoOptions(options);
  if (!o.ok) return o;
  const l = checkIrLimits(ir);
  return l.ok ? ok(undefined) : l;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const s = supports(ir, options);
  if (!s.ok) return s;
  const lines = encodePathRecords(ir);
  return ok({
    payload: lines.join(CHARS.LF),
    layoutMetadata: buildNativeLayout(ir, context.inputKind, [
      ['root', LAYOUT.PATH_VALUE_ROOT],
      ['recordCount', buildCountNode(lines.length)],
      ['pointer', LAYOUT.POINTER_SYNTAX],
      ['recordCodec', LAYOUT.RECORD_CODEC],
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
  const recordCount = Number((meta.value.get('recordCount') as { lexeme: string }).lexeme);
  let body = payload;
  if (payload.endsWith(CHARS.LF)) {
    // MORPH-PV-5: a final LF would add an empty record line (strict profile: the text is silent).
    if (enforces(profile, MORPH_CODES.TRAILING_LINE_FEED, RULES.PATH_VALUE_TRAILING_LF)) {
      return fail(morphError(MORPH_CODES.TRAILING_LINE_FEED, RULES.PATH_VALUE_TRAILING_LF, 'payload ends with a line feed', {}));
    }
    // Core: one final LF ends the last record line; a second one still leaves an empty line (INVALID_RECORD).
    body = payload.slice(0, -1);
  }
  const lines = body.split(CHARS.LF, recordCount + 1);
  if (lines.length !== recordCount) {
    return fail(morphError(MORPH_CODES.RECORD_COUNT_MISMATCH, RULES.PATH_VALUE_RECORD, `${lines.length > recordCount ? 'more than' : 'only'} ${Math.min(lines.length, recordCount)} record lines, ${recordCount} declared`));
  }
  const records: NodeRecord[] = [];
  for (let i = 0; i < lines.length; i++) {
    const r = parseNodeRecord(lines[i]!, i + 1, profile);
    if (!r.ok) return r;
    records.push(r.value);
  }
  const tree = rebuildPathTree(records, profile);
  if (!tree.ok) return tree;
  return checkDecodedDigest(tree.value, meta.value, context);
}

/** The path-value@1 codec. */
export const pathValueCodec: Codec = {
  encoding: ENCODINGS.PATH_VALUE,
  formatVersion: NATIVE_FORMAT_VERSION,
  id: `${ENCODINGS.PATH_VALUE}@${NATIVE_FORMAT_VERSION}`,
  optionVariants: [{}],
  validateOptions: checkNoOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};
