/** columns-json@1: one compact JSON array of columns, one column per field (seed 001, Column JSON). */
import type { ColumnsJsonLayout } from '../../generated/morph/layout-columns-json.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { isJsonArray, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { isJsonText, writeJson } from '../../shared/json/write-value.ts';
import { ENCODINGS, LAYOUT, LIMITS, MORPH_CODES, NATIVE_FORMAT_VERSION, RULES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { isPrimitive } from './ir-kinds.ts';
import { checkConstString } from './layout-fields.ts';
import { checkDecodedDigest, checkDeclaredIdentity, checkNativeLayout, buildCountNode, buildNativeLayout, type NativeLayoutMembers } from './native-layout.ts';
import { checkNoOptions } from './options.ts';
import { parsePayloadJson } from './parse-payload-json.ts';
import { readRecordsShape } from './records-layout.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { checkUniformRecords } from './uniform-records.ts';
import { enforces, morphError } from '../refusal.ts';

const OWN_MEMBERS = ['root', 'rowCount', 'fields', 'columnCodec'] as const;
// The member set is the schema's (spec/schemas/morph/layout-columns-json.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<NativeLayoutMembers<typeof OWN_MEMBERS>, keyof ColumnsJsonLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateLayoutMetadata(meta: JsonValue, profile: Profile = 'strict'): Result<JsonObject> {
  const m = checkNativeLayout(meta, OWN_MEMBERS);
  if (!m.ok) return m;
  const shape = readRecordsShape(m.value, RULES.COLUMNS_LAYOUT, profile);
  if (!shape.ok) return shape;
  const cc = checkConstString(m.value, 'columnCodec', LAYOUT.COLUMN_CODEC, RULES.COLUMNS_LAYOUT);
  return cc.ok ? m : cc;
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const o = checkNoOptions(options);
  if (!o.ok) return o;
  const u = checkUniformRecords(ir);
  return u.ok ? ok(undefined) : u;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const o = checkNoOptions(options);
  if (!o.ok) return o;
  const u = checkUniformRecords(ir);
  if (!u.ok) return u;
  const { fields, records } = u.value;
  const columns: JsonValue[] = fields.map((f) => records.map((rec) => rec.get(f)!));
  return ok({
    payload: writeJson(columns),
    layoutMetadata: buildNativeLayout(ir, context.inputKind, [
      ['root', LAYOUT.RECORDS_ROOT],
      ['rowCount', buildCountNode(records.length)],
      ['fields', [...fields]],
      ['columnCodec', LAYOUT.COLUMN_CODEC],
    ]),
  });
}

function refuse(code: string, message: string, pointer: string): Result<never> {
  return fail(morphError(code, RULES.COLUMNS_GRAMMAR, message, { pointer }));
}

function decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir> {
  const profile = context.profile ?? 'strict';
  const meta = validateLayoutMetadata(layoutMetadata, profile);
  if (!meta.ok) return meta;
  const id = checkDeclaredIdentity(meta.value, context);
  if (!id.ok) return id;
  const text = checkPayloadText(payload, RULES.NO_CR, profile);
  if (!text.ok) return text;
  const shape = readRecordsShape(meta.value, RULES.COLUMNS_LAYOUT, profile);
  if (!shape.ok) return shape;
  const { rowCount, fields } = shape.value;
  const parsed = parsePayloadJson(payload, 0, LIMITS.MAX_NODES, profile);
  if (!parsed.ok) return parsed;
  const columns = parsed.value;
  if (!isJsonArray(columns)) return refuse(MORPH_CODES.INVALID_COLUMN, 'payload is not an array of columns', '');
  if (columns.length !== fields.length) return refuse(MORPH_CODES.COLUMN_COUNT_MISMATCH, `${columns.length} columns, ${fields.length} fields declared`, '');
  for (let c = 0; c < columns.length; c++) {
    const col = columns[c];
    if (!isJsonArray(col)) return refuse(MORPH_CODES.INVALID_COLUMN, `column ${c} is not an array`, `/${c}`);
    if (col.length !== rowCount) return refuse(MORPH_CODES.COLUMN_LENGTH_MISMATCH, `column ${c} has ${col.length} cells, rowCount is ${rowCount}`, `/${c}`);
    for (let r = 0; r < col.length; r++) {
      if (!isPrimitive(col[r]!)) return refuse(MORPH_CODES.NON_PRIMITIVE_CELL, 'a cell is not a primitive', `/${c}/${r}`);
    }
  }
  // R-M11: the payload must be exactly the compact serialization of what it decodes to (strict; core reads any JSON spelling).
  if (enforces(profile, MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD) && !isJsonText(columns, payload)) {
    return fail(morphError(MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.CANONICAL_PAYLOAD, 'payload is not compact canonical JSON', {}));
  }
  const records: JsonValue[] = [];
  for (let r = 0; r < rowCount; r++) {
    records.push(new Map(fields.map((f, c) => [f, (columns[c] as JsonValue[])[r]!])));
  }
  return checkDecodedDigest(records, meta.value, context);
}

/** The columns-json@1 codec. */
export const columnsJsonCodec: Codec = {
  encoding: ENCODINGS.COLUMNS_JSON,
  formatVersion: NATIVE_FORMAT_VERSION,
  id: `${ENCODINGS.COLUMNS_JSON}@${NATIVE_FORMAT_VERSION}`,
  optionVariants: [{}],
  validateOptions: checkNoOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};
