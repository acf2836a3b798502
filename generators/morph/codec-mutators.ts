/**
 * Mutators for codec sections: each takes a valid encoded section (payload + layout metadata) and
 * returns an invalid one the decoder must refuse with the declared code, or undefined when it does
 * not apply to that section. The decode context is the original's: `{inputKind: 'json-text',
 * inputSemanticDigest: <digest of the original IR>}`.
 */
import type { Profile } from '../../src/shared/errors.ts';
import { JSON_CODES, JSON_RULES } from '../../src/shared/json/constants.ts';
import { parseJson } from '../../src/shared/json/parse-value.ts';
import { isJsonArray, isJsonObject, JsonNumber, type JsonObject, type JsonValue } from '../../src/shared/json/value.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import type { EncodedSection } from '../../src/morph/codecs/types.ts';
import { MORPH_CODES, RULES } from '../../src/morph/constants.ts';
import type { Ir } from '../../src/morph/ir/types.ts';

/** One mutator: which rule it breaks, the code it expects, on which codecs it runs. */
export interface CodecMutator {
  readonly name: string;
  readonly requirement: string;
  readonly code: string;
  readonly profile: Profile;
  /** Codec ids (`<encoding>@<formatVersion>`) it applies to. */
  readonly codecs: readonly string[];
  readonly mutate: (section: EncodedSection, ir: Ir) => EncodedSection | undefined;
}

const NATIVE = ['json-compact@1', 'json-lines@1', 'rows-delimited@1', 'columns-json@1', 'path-value@1'];
const TOON = ['toon@4.1.1'];
const ALL = [...NATIVE, ...TOON];

function withMeta(s: EncodedSection, edit: (m: JsonObject) => void): EncodedSection {
  const m = new Map(s.layoutMetadata);
  edit(m);
  return { payload: s.payload, layoutMetadata: m };
}
function withPayload(s: EncodedSection, payload: string | undefined): EncodedSection | undefined {
  return payload === undefined ? undefined : { payload, layoutMetadata: s.layoutMetadata };
}
function count(s: EncodedSection, name: string): number {
  return Number((s.layoutMetadata.get(name) as JsonNumber).lexeme);
}
function bump(s: EncodedSection, name: string, by: number, payload = s.payload): EncodedSection {
  const m = new Map(s.layoutMetadata);
  m.set(name, new JsonNumber(String(count(s, name) + by)));
  return { payload, layoutMetadata: m };
}
function lines(s: EncodedSection): string[] {
  return s.payload.split('\n');
}
function parsed(payload: string): JsonValue {
  const r = parseJson(payload);
  if (!r.ok) throw new Error('mutator input is not JSON');
  return r.value;
}
const native = (m: Omit<CodecMutator, 'codecs'>): CodecMutator => ({ ...m, codecs: NATIVE });

/** Every codec mutator. */
export const CODEC_MUTATORS: readonly CodecMutator[] = [
  // Shared layout members (MORPH-LAYOUT-1) and identity (MORPH-ID-1).
  native({ name: 'layout-drop-ir-version', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_MISSING_MEMBER, profile: 'core', mutate: (s) => withMeta(s, (m) => m.delete('irVersion')) }),
  native({ name: 'layout-unknown-member', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, profile: 'core', mutate: (s) => withMeta(s, (m) => m.set('comment', 'x')) }),
  native({ name: 'layout-ir-version-2', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', mutate: (s) => withMeta(s, (m) => m.set('irVersion', 'morph-ir/2')) }),
  native({ name: 'layout-digest-uppercase', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', mutate: (s) => withMeta(s, (m) => m.set('semanticDigest', (m.get('semanticDigest') as string).toUpperCase().replace(/^[0-9]*/, 'A'))) }),
  // Found by mutation testing of semantic-digest.ts: isDigestHex's anchors were pinned by no vector (a digest
  // with one more digit, or one before it, passed the shape check and was refused as a mismatch instead).
  { name: 'layout-digest-65-digits', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['json-compact@1'], mutate: (s) => withMeta(s, (m) => m.set('semanticDigest', `${m.get('semanticDigest') as string}0`)) },
  { name: 'layout-digest-leading-digit', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['json-compact@1'], mutate: (s) => withMeta(s, (m) => m.set('semanticDigest', `0${m.get('semanticDigest') as string}`)) },
  native({ name: 'layout-not-object', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_NOT_OBJECT, profile: 'core', mutate: (s) => ({ payload: s.payload, layoutMetadata: [...s.layoutMetadata.keys()] as unknown as JsonObject }) }),
  { name: 'toon-layout-not-object', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_NOT_OBJECT, profile: 'core', codecs: TOON, mutate: (s) => ({ payload: s.payload, layoutMetadata: null as unknown as JsonObject }) },
  { name: 'layout-input-kind-js-value', requirement: RULES.IDENTITY, code: MORPH_CODES.INPUT_KIND_MISMATCH, profile: 'core', codecs: ALL, mutate: (s) => withMeta(s, (m) => m.set('inputKind', 'js-value')) },
  { name: 'layout-input-kind-unknown', requirement: RULES.SHARED_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: NATIVE, mutate: (s) => withMeta(s, (m) => m.set('inputKind', 'yaml-text')) },
  native({ name: 'layout-digest-other', requirement: RULES.IDENTITY, code: MORPH_CODES.DIGEST_MISMATCH, profile: 'core', mutate: (s) => withMeta(s, (m) => m.set('semanticDigest', '0'.repeat(64))) }),
  { name: 'payload-cr-strict', requirement: RULES.NO_CR, code: MORPH_CODES.PAYLOAD_CARRIAGE_RETURN, profile: 'strict', codecs: ['json-compact@1', 'columns-json@1', 'path-value@1', 'toon@4.1.1'], mutate: (s) => withPayload(s, `${s.payload}\r`) },
  { name: 'payload-cr-lines', requirement: RULES.LINES_FRAMING, code: MORPH_CODES.PAYLOAD_CARRIAGE_RETURN, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => withPayload(s, s.payload.replace(/\n|$/, '\r\n')) },
  { name: 'payload-cr-rows', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.PAYLOAD_CARRIAGE_RETURN, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, s.payload.replace(/\n|$/, '\r\n')) },

  // json-compact (MORPH-JC-1, R-M11).
  { name: 'compact-root-kind-wrong', requirement: RULES.COMPACT_ROOT_KIND, code: MORPH_CODES.ROOT_KIND_MISMATCH, profile: 'core', codecs: ['json-compact@1'], mutate: (s) => withMeta(s, (m) => m.set('rootKind', m.get('rootKind') === 'null' ? 'object' : 'null')) },
  { name: 'compact-root-kind-unknown', requirement: RULES.COMPACT_ROOT_KIND, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['json-compact@1'], mutate: (s) => withMeta(s, (m) => m.set('rootKind', 'integer')) },
  { name: 'compact-trailing-space', requirement: RULES.CANONICAL_PAYLOAD, code: MORPH_CODES.PAYLOAD_NOT_CANONICAL, profile: 'strict', codecs: ['json-compact@1', 'columns-json@1'], mutate: (s) => withPayload(s, `${s.payload} `) },
  { name: 'compact-trailing-garbage', requirement: JSON_RULES.SYNTAX, code: JSON_CODES.SYNTAX, profile: 'core', codecs: ['json-compact@1', 'columns-json@1'], mutate: (s) => withPayload(s, `${s.payload}]`) },

  // json-lines (MORPH-JL-2, MORPH-JL-3, R-M11).
  { name: 'lines-trailing-lf', requirement: RULES.LINES_FRAMING, code: MORPH_CODES.TRAILING_LINE_FEED, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => (s.payload === '' ? undefined : withPayload(s, `${s.payload}\n`)) },
  { name: 'lines-extra-line', requirement: RULES.LINES_FRAMING, code: MORPH_CODES.ELEMENT_COUNT_MISMATCH, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => withPayload(s, s.payload === '' ? 'null' : `${s.payload}\nnull`) },
  { name: 'lines-count-plus-one', requirement: RULES.LINES_FRAMING, code: MORPH_CODES.ELEMENT_COUNT_MISMATCH, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => bump(s, 'elementCount', 1) },
  { name: 'lines-empty-line', requirement: RULES.LINES_FRAMING, code: MORPH_CODES.EMPTY_LINE, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => (s.payload === '' ? undefined : bump(s, 'elementCount', 1, `\n${s.payload}`)) },
  { name: 'lines-space-in-line', requirement: RULES.CANONICAL_PAYLOAD, code: MORPH_CODES.PAYLOAD_NOT_CANONICAL, profile: 'strict', codecs: ['json-lines@1'], mutate: (s) => (s.payload === '' ? undefined : withPayload(s, ` ${s.payload}`)) },
  { name: 'lines-count-fraction', requirement: RULES.LINES_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => withMeta(s, (m) => m.set('elementCount', new JsonNumber(`${count(s, 'elementCount')}.0`))) },
  { name: 'lines-count-over-limit', requirement: RULES.DECLARED_COUNTS, code: MORPH_CODES.LIMIT_EXCEEDED, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => withMeta(s, (m) => m.set('elementCount', new JsonNumber('250001'))) },
  { name: 'lines-framing-version-2', requirement: RULES.LINES_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['json-lines@1'], mutate: (s) => withMeta(s, (m) => m.set('lineFramingVersion', '2')) },

  // rows-delimited (MORPH-RD-2, MORPH-RD-3, R-M12).
  { name: 'rows-trailing-lf', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.TRAILING_LINE_FEED, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, `${s.payload}\n`) },
  { name: 'rows-extra-row', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.ROW_COUNT_MISMATCH, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, `${s.payload}\n${lines(s).at(-1)}`) },
  { name: 'rows-count-plus-one', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.ROW_COUNT_MISMATCH, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => bump(s, 'rowCount', 1) },
  { name: 'rows-extra-cell', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.ROW_WIDTH_MISMATCH, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, `${s.payload}${s.layoutMetadata.get('delimiter') as string}null`) },
  { name: 'rows-unterminated-string', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.UNTERMINATED_STRING, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, `${s.payload}"`) },
  { name: 'rows-invalid-cell', requirement: RULES.ROWS_GRAMMAR, code: MORPH_CODES.INVALID_CELL, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, `x${s.payload}`) },
  { name: 'rows-cell-whitespace', requirement: RULES.ROWS_CELL, code: MORPH_CODES.INVALID_CELL, profile: 'strict', codecs: ['rows-delimited@1'], mutate: (s) => withPayload(s, ` ${s.payload}`) },
  ...(['rows-delimited@1', 'columns-json@1'] as const).flatMap((id) => {
    const requirement = id === 'rows-delimited@1' ? RULES.ROWS_LAYOUT : RULES.COLUMNS_LAYOUT;
    const prefix = id === 'rows-delimited@1' ? 'rows' : 'columns';
    return [
      { name: `${prefix}-duplicate-field`, requirement, code: MORPH_CODES.DUPLICATE_FIELD, profile: 'core' as const, codecs: [id], mutate: (s: EncodedSection) => withMeta(s, (m) => m.set('fields', [...(m.get('fields') as string[]), (m.get('fields') as string[])[0]!])) },
      { name: `${prefix}-empty-fields`, requirement, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core' as const, codecs: [id], mutate: (s: EncodedSection) => withMeta(s, (m) => m.set('fields', [])) },
    ];
  }),
  { name: 'rows-delimiter-colon', requirement: RULES.ROWS_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withMeta(s, (m) => m.set('delimiter', ':')) },
  { name: 'rows-row-count-zero', requirement: RULES.ROW_COUNT_MIN, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'strict', codecs: ['rows-delimited@1', 'columns-json@1'], mutate: (s) => withMeta(s, (m) => m.set('rowCount', new JsonNumber('0'))) },
  { name: 'rows-row-count-over-limit', requirement: RULES.DECLARED_COUNTS, code: MORPH_CODES.LIMIT_EXCEEDED, profile: 'core', codecs: ['rows-delimited@1', 'columns-json@1'], mutate: (s) => withMeta(s, (m) => m.set('rowCount', new JsonNumber('125000'))) },
  { name: 'rows-cell-codec-unknown', requirement: RULES.ROWS_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['rows-delimited@1'], mutate: (s) => withMeta(s, (m) => m.set('cellCodec', 'csv')) },

  // columns-json (MORPH-CJ-1, MORPH-CJ-2).
  { name: 'columns-drop-column', requirement: RULES.COLUMNS_GRAMMAR, code: MORPH_CODES.COLUMN_COUNT_MISMATCH, profile: 'core', codecs: ['columns-json@1'], mutate: (s) => withPayload(s, writeJson((parsed(s.payload) as JsonValue[]).slice(0, -1))) },
  { name: 'columns-short-column', requirement: RULES.COLUMNS_GRAMMAR, code: MORPH_CODES.COLUMN_LENGTH_MISMATCH, profile: 'core', codecs: ['columns-json@1'], mutate: (s) => withPayload(s, writeJson((parsed(s.payload) as JsonValue[][]).map((c, i) => (i === 0 ? c.slice(1) : c)))) },
  { name: 'columns-nested-cell', requirement: RULES.COLUMNS_GRAMMAR, code: MORPH_CODES.NON_PRIMITIVE_CELL, profile: 'core', codecs: ['columns-json@1'], mutate: (s) => withPayload(s, writeJson((parsed(s.payload) as JsonValue[][]).map((c, i) => (i === 0 ? [[], ...c.slice(1)] : c)))) },
  { name: 'columns-object-payload', requirement: RULES.COLUMNS_GRAMMAR, code: MORPH_CODES.INVALID_COLUMN, profile: 'core', codecs: ['columns-json@1'], mutate: (s) => withPayload(s, '{}') },
  { name: 'columns-codec-unknown', requirement: RULES.COLUMNS_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['columns-json@1'], mutate: (s) => withMeta(s, (m) => m.set('columnCodec', 'json-array-v2')) },

  // path-value (MORPH-PV-1…5, R-M13).
  { name: 'pv-count-plus-one', requirement: RULES.PATH_VALUE_RECORD, code: MORPH_CODES.RECORD_COUNT_MISMATCH, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1) },
  { name: 'pv-trailing-lf', requirement: RULES.PATH_VALUE_TRAILING_LF, code: MORPH_CODES.TRAILING_LINE_FEED, profile: 'strict', codecs: ['path-value@1'], mutate: (s) => withPayload(s, `${s.payload}\n`) },
  { name: 'pv-unknown-tag', requirement: RULES.PATH_VALUE_RECORD, code: MORPH_CODES.UNKNOWN_NODE_TAG, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["/zz","date"]`) },
  { name: 'pv-bad-arity', requirement: RULES.PATH_VALUE_RECORD, code: MORPH_CODES.INVALID_RECORD, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["/zz","null",null]`) },
  { name: 'pv-bad-number-lexeme', requirement: RULES.PATH_VALUE_RECORD, code: MORPH_CODES.INVALID_NUMBER_LEXEME, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["/zz","number","01"]`) },
  { name: 'pv-invalid-pointer', requirement: RULES.PATH_VALUE_POINTER, code: MORPH_CODES.INVALID_POINTER, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["/a~2b","null"]`) },
  { name: 'pv-second-root', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.MULTIPLE_ROOTS, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["","null"]`) },
  { name: 'pv-duplicate-path', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.DUPLICATE_PATH, profile: 'core', codecs: ['path-value@1'], mutate: (s) => (lines(s).length < 2 ? undefined : bump(s, 'recordCount', 1, `${s.payload}\n${lines(s).at(-1)}`)) },
  { name: 'pv-missing-parent', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.MISSING_PARENT, profile: 'core', codecs: ['path-value@1'], mutate: (s) => bump(s, 'recordCount', 1, `${s.payload}\n["/no~1such/x","null"]`) },
  { name: 'pv-root-last', requirement: RULES.PATH_VALUE_ORDER, code: MORPH_CODES.MISSING_PARENT, profile: 'strict', codecs: ['path-value@1'], mutate: (s) => (lines(s).length < 2 ? undefined : withPayload(s, [...lines(s).slice(1), lines(s)[0]].join('\n'))) },
  { name: 'pv-child-of-scalar', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.PARENT_NOT_CONTAINER, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) || isJsonObject(ir) ? undefined : bump(s, 'recordCount', 1, `${s.payload}\n["/0","null"]`)) },
  { name: 'pv-index-out-of-range', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.INVALID_ARRAY_INDEX, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) ? bump(s, 'recordCount', 1, `${s.payload}\n["/${ir.length}","null"]`) : undefined) },
  { name: 'pv-index-leading-zero', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.INVALID_ARRAY_INDEX, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) && ir.length > 0 ? withPayload(s, s.payload.replace(/^\["\/0"/m, '["/00"')) : undefined) },
  { name: 'pv-array-hole', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.ARRAY_HOLE, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) ? bump(s, 'recordCount', 1, `${s.payload.replace(/^\["","array",\d+\]/, `["","array",${ir.length + 2}]`)}\n["/${ir.length + 1}","null"]`) : undefined) },
  { name: 'pv-array-short', requirement: RULES.PATH_VALUE_TREE, code: MORPH_CODES.ITEM_COUNT_MISMATCH, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) ? withPayload(s, s.payload.replace(/^\["","array",\d+\]/, `["","array",${ir.length + 1}]`)) : undefined) },
  { name: 'pv-item-count-over-limit', requirement: RULES.DECLARED_COUNTS, code: MORPH_CODES.LIMIT_EXCEEDED, profile: 'core', codecs: ['path-value@1'], mutate: (s, ir) => (isJsonArray(ir) ? withPayload(s, s.payload.replace(/^\["","array",\d+\]/, '["","array",250001]')) : undefined) },
  { name: 'pv-spaced-record', requirement: RULES.NO_CR, code: MORPH_CODES.PAYLOAD_NOT_CANONICAL, profile: 'strict', codecs: ['path-value@1'], mutate: (s) => withPayload(s, s.payload.replace(/^\["",/, '["", ')) },
  { name: 'pv-pointer-syntax-unknown', requirement: RULES.PATH_VALUE_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: ['path-value@1'], mutate: (s) => withMeta(s, (m) => m.set('pointer', 'jsonpath')) },

  // toon (R-M14, MORPH-TOON-2, MORPH-TOON-3).
  { name: 'toon-drop-adapter', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_MISSING_MEMBER, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.delete('adapter')) },
  { name: 'toon-semantic-digest-member', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('semanticDigest', '0'.repeat(64))) },
  { name: 'toon-package-version-other', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('packageVersion', '4.1.0')) },
  { name: 'toon-indent-4', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('indentSize', new JsonNumber('4'))) },
  { name: 'toon-indent-2.0', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('indentSize', new JsonNumber('2.0'))) },
  { name: 'toon-lenient-decode', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('strictDecode', false)) },
  { name: 'toon-delimiter-semicolon', requirement: RULES.TOON_LAYOUT, code: MORPH_CODES.LAYOUT_INVALID_VALUE, profile: 'core', codecs: TOON, mutate: (s) => withMeta(s, (m) => m.set('delimiter', ';')) },
  { name: 'toon-count-mismatch', requirement: RULES.TOON_ROUND_TRIP, code: MORPH_CODES.TOON_DECODE_FAILED, profile: 'core', codecs: TOON, mutate: (s) => withPayload(s, s.layoutMetadata.get('delimiter') === ',' ? '[2]: 1,2,3' : s.layoutMetadata.get('delimiter') === '|' ? '[2|]: 1|2|3' : '[2\t]: 1\t2\t3') },
  { name: 'toon-trailing-space', requirement: RULES.TOON_CANONICAL, code: MORPH_CODES.TOON_NOT_CANONICAL, profile: 'core', codecs: TOON, mutate: (s) => (s.payload.includes(':') ? withPayload(s, `${s.payload}\n`) : undefined) },
];
