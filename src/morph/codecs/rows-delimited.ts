/** rows-delimited@1: typed delimited rows, no header, one JSON scalar per cell (seed 001; R-M12). */
import type { RowsDelimitedLayout } from '../../generated/morph/layout-rows-delimited.schema.ts';
import type { SameUnion } from '../../shared/same-union.ts';
import { ok, type Profile, type Result } from '../../shared/errors.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import { CHARS, ENCODINGS, LAYOUT, NATIVE_FORMAT_VERSION, ROW_DELIMITERS, RULES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import { checkPayloadText } from './check-payload.ts';
import { checkConstString, checkStringIn } from './layout-fields.ts';
import { checkDecodedDigest, checkDeclaredIdentity, checkNativeLayout, buildCountNode, buildNativeLayout, type NativeLayoutMembers } from './native-layout.ts';
import { checkDelimiterOption } from './options.ts';
import { parseScalarCell } from './parse-scalar-cell.ts';
import { readRecordsShape } from './records-layout.ts';
import { scanRowCells } from './scan-row-cells.ts';
import type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';
import { checkUniformRecords } from './uniform-records.ts';

const OWN_MEMBERS = ['root', 'rowCount', 'fields', 'delimiter', 'cellCodec'] as const;
// The member set is the schema's (spec/schemas/morph/layout-rows-delimited.schema.json, through its generated type):
// a schema edit that is not followed here, or the reverse, fails the typecheck.
const MEMBERS_MATCH_SCHEMA: SameUnion<NativeLayoutMembers<typeof OWN_MEMBERS>, keyof RowsDelimitedLayout> = true;
void MEMBERS_MATCH_SCHEMA;

function validateOptions(options: CodecOptions, profile: Profile = 'strict'): Result<CodecOptions> {
  // MORPH-RD-2 (core): the delimiter is one of the four characters the layout can name.
  return checkDelimiterOption(options, ROW_DELIMITERS, profile, RULES.ROWS_LAYOUT);
}

function validateLayoutMetadata(meta: JsonValue, profile: Profile = 'strict'): Result<JsonObject> {
  const m = checkNativeLayout(meta, OWN_MEMBERS);
  if (!m.ok) return m;
  const shape = readRecordsShape(m.value, RULES.ROWS_LAYOUT, profile);
  if (!shape.ok) return shape;
  // MORPH-RD-2 (core): the delimiter member is one of the seed's four candidate characters.
  const d = checkStringIn(m.value, 'delimiter', ROW_DELIMITERS, RULES.ROWS_LAYOUT);
  if (!d.ok) return d;
  const cc = checkConstString(m.value, 'cellCodec', LAYOUT.CELL_CODEC, RULES.ROWS_LAYOUT);
  return cc.ok ? m : cc;
}

function supports(ir: Ir, options: CodecOptions): Result<void> {
  const o = validateOptions(options);
  if (!o.ok) return o;
  const u = checkUniformRecords(ir);
  return u.ok ? ok(undefined) : u;
}

function encode(ir: Ir, options: CodecOptions, context: EncodeContext = { inputKind: 'json-text' }): Result<EncodedSection> {
  const o = validateOptions(options);
  if (!o.ok) return o;
  const u = checkUniformRecords(ir);
  if (!u.ok) return u;
  const delimiter = o.value.delimiter!;
  const { fields, records } = u.value;
  // Later records are written against the first record's field order; row order never changes.
  const payload = records.map((rec) => fields.map((f) => writeJson(rec.get(f)!)).join(delimiter)).join(CHARS.LF);
  return ok({
    payload,
    layoutMetadata: buildNativeLayout(ir, context.inputKind, [
      ['root', LAYOUT.RECORDS_ROOT],
      ['rowCount', buildCountNode(records.length)],
      ['fields', [...fields]],
      ['delimiter', delimiter],
      ['cellCodec', LAYOUT.CELL_CODEC],
    ]),
  });
}

function decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir> {
  const profile = context.profile ?? 'strict';
  const meta = validateLayoutMetadata(layoutMetadata, profile);
  if (!meta.ok) return meta;
  const id = checkDeclaredIdentity(meta.value, context);
  if (!id.ok) return id;
  const text = checkPayloadText(payload, RULES.ROWS_GRAMMAR, profile);
  if (!text.ok) return text;
  const shape = readRecordsShape(meta.value, RULES.ROWS_LAYOUT, profile);
  if (!shape.ok) return shape;
  const { rowCount, fields } = shape.value;
  const rows = scanRowCells(payload, meta.value.get('delimiter') as string, rowCount, fields.length);
  if (!rows.ok) return rows;
  const records: JsonValue[] = [];
  for (let r = 0; r < rows.value.length; r++) {
    const rec = new Map<string, JsonValue>();
    const cells = rows.value[r]!;
    for (let c = 0; c < fields.length; c++) {
      const v = parseScalarCell(cells[c]!.text, r + 1, fields[c]!, profile);
      if (!v.ok) return v;
      rec.set(fields[c]!, v.value);
    }
    records.push(rec);
  }
  return checkDecodedDigest(records, meta.value, context);
}

/** The rows-delimited@1 codec. */
export const rowsDelimitedCodec: Codec = {
  encoding: ENCODINGS.ROWS_DELIMITED,
  formatVersion: NATIVE_FORMAT_VERSION,
  id: `${ENCODINGS.ROWS_DELIMITED}@${NATIVE_FORMAT_VERSION}`,
  optionVariants: ROW_DELIMITERS.map((delimiter) => ({ delimiter })),
  validateOptions,
  supports,
  encode,
  decode,
  validateLayoutMetadata,
};
