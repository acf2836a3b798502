/**
 * Hand-written codec sections: for each codec, its own encoding accepted and one literal payload or
 * layout edit per rejection the seed and the resolutions list, with the code, rule and profile the
 * rule gives. `base` is the JSON text whose encoding provides the layout and whose digest is the
 * declared input digest; `payload` replaces the encoded payload; `meta` sets (or, with undefined,
 * deletes) layout members; `declared` is the JSON text whose semantic digest the section declares
 * instead of the base's (a payload holding a value the base's codec could not encode). Used by the codec tests and, inside bundles, by the golden cases.
 */
import type { Profile } from '../../src/shared/errors.ts';
import { JSON_RULES } from '../../src/shared/json/constants.ts';
import { JsonNumber, type JsonValue } from '../../src/shared/json/value.ts';
import type { CodecOptions } from '../../src/morph/codecs/types.ts';
import { RULES } from '../../src/morph/constants.ts';

/** One recipe. */
export interface CodecSectionRecipe {
  readonly name: string;
  readonly encoding: string;
  readonly formatVersion: string;
  readonly options?: CodecOptions;
  readonly base: string;
  readonly payload?: string;
  readonly meta?: Readonly<Record<string, JsonValue | undefined>>;
  /** JSON text whose semantic digest is declared; the base's when absent. */
  readonly declared?: string;
  readonly expect: { readonly verdict: 'accept' } | { readonly verdict: 'reject'; readonly code: string };
  readonly requirement: string;
  /** Further rules the case exercises (an accepted section shows every rule it satisfies). */
  readonly also: readonly string[];
  readonly profile: Profile;
}

type Edit = { payload?: string; meta?: Record<string, JsonValue | undefined>; options?: CodecOptions; declared?: string; also?: string[] };
type Entry = [name: string, base: string, edit: Edit, code: string, requirement: string, profile?: Profile];

const n = (lexeme: string) => new JsonNumber(lexeme);
const ROWS = '[{"id":"c1","n":129,"ok":true},{"n":85,"id":"c2","ok":false}]';

const TABLES: Record<string, { formatVersion: string; entries: Entry[] }> = {
  'json-compact': {
    formatVersion: '1',
    entries: [
      ['own-encoding', '{"a":[1.50,"x"],"b":-0}', { also: [RULES.ENCODINGS, RULES.COMPACT_APPLICABILITY, RULES.SHARED_LAYOUT, RULES.IDENTITY, RULES.CANONICAL_PAYLOAD, RULES.NO_CR, RULES.CHECK_ORDER] }, 'accept', RULES.COMPACT_ROOT_KIND],
      ['root-kind-mismatch', '{"a":1}', { meta: { rootKind: 'array' } }, 'ROOT_KIND_MISMATCH', RULES.COMPACT_ROOT_KIND],
      ['whitespace', '{"a":1}', { payload: '{"a": 1}' }, 'PAYLOAD_NOT_CANONICAL', RULES.CANONICAL_PAYLOAD, 'strict'],
      ['non-minimal-escape', '"A"', { payload: '"\\u0041"' }, 'PAYLOAD_NOT_CANONICAL', RULES.CANONICAL_PAYLOAD, 'strict'],
      ['single-quotes', '{"a":1}', { payload: "{'a':1}" }, 'JSON_SYNTAX', JSON_RULES.SYNTAX],
      ['duplicate-member', '{"a":1}', { payload: '{"a":1,"a":1}' }, 'JSON_DUPLICATE_MEMBER', JSON_RULES.STRICT, 'strict'],
      ['depth-65', '1', { payload: '['.repeat(65) + ']'.repeat(65), meta: { rootKind: 'array' } }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      ['other-value', '{"a":1}', { payload: '{"a":2}' }, 'DIGEST_MISMATCH', RULES.IDENTITY],
      ['lexeme-1.0-is-not-1', '1.0', { payload: '1' }, 'DIGEST_MISMATCH', RULES.IDENTITY],
      ['unknown-layout-member', '1', { meta: { extra: true } }, 'LAYOUT_UNKNOWN_MEMBER', RULES.SHARED_LAYOUT],
      ['missing-layout-member', '1', { meta: { semanticDigest: undefined } }, 'LAYOUT_MISSING_MEMBER', RULES.SHARED_LAYOUT],
      ['ir-version-2', '1', { meta: { irVersion: 'morph-ir/2' } }, 'LAYOUT_INVALID_VALUE', RULES.SHARED_LAYOUT],
      ['layout-input-kind-differs', '1', { meta: { inputKind: 'js-value' } }, 'INPUT_KIND_MISMATCH', RULES.IDENTITY],
      ['layout-checked-before-payload', '{"a":1}', { payload: '{"a": 1}\r', meta: { extra: true, rootKind: 'array' }, also: [RULES.CHECK_ORDER] }, 'LAYOUT_UNKNOWN_MEMBER', RULES.SHARED_LAYOUT],
      ['identity-checked-before-payload', '{"a":1}', { payload: '{"a": 1}\r', meta: { inputKind: 'js-value' }, also: [RULES.CHECK_ORDER] }, 'INPUT_KIND_MISMATCH', RULES.IDENTITY],
      ['root-kind-checked-before-canonical-form', '{"a":1}', { payload: '[ 1 ]', also: [RULES.CHECK_ORDER] }, 'ROOT_KIND_MISMATCH', RULES.COMPACT_ROOT_KIND],
      // MORPH-LAYOUT-1: the layout's inputKind is one of the two kinds before it is compared with the bundle's.
      ['layout-input-kind-unknown', '1', { meta: { inputKind: 'yaml-text' } }, 'LAYOUT_INVALID_VALUE', RULES.SHARED_LAYOUT],
      // R-M11a: a CR as the payload's very first unit is a CR too (JSON whitespace otherwise).
      ['leading-carriage-return', '{"a":1}', { payload: '\r{"a":1}' }, 'PAYLOAD_CARRIAGE_RETURN', RULES.NO_CR, 'strict'],
    ],
  },
  'json-lines': {
    formatVersion: '1',
    entries: [
      ['own-encoding', '[{"a":1},[2],"x\\ny",null,null]', { also: [RULES.LINES_APPLICABILITY, RULES.LINES_LAYOUT, RULES.SHARED_LAYOUT, RULES.CANONICAL_PAYLOAD] }, 'accept', RULES.LINES_FRAMING],
      ['empty-array-empty-payload', '[]', {}, 'accept', RULES.LINES_LAYOUT],
      ['empty-payload-elements-declared', '[]', { meta: { elementCount: n('1') } }, 'ELEMENT_COUNT_MISMATCH', RULES.LINES_FRAMING],
      ['carriage-return', '[1,2]', { payload: '1\r\n2' }, 'PAYLOAD_CARRIAGE_RETURN', RULES.LINES_FRAMING],
      // The CR right before the section's closing LF: a reader must not take CR LF there as the line end.
      ['trailing-carriage-return', '[1,2]', { payload: '1\n2\r' }, 'PAYLOAD_CARRIAGE_RETURN', RULES.LINES_FRAMING],
      ['trailing-line-feed', '[1,2]', { payload: '1\n2\n' }, 'TRAILING_LINE_FEED', RULES.LINES_FRAMING],
      ['empty-line', '[1,2]', { payload: '1\n\n2', meta: { elementCount: n('3') } }, 'EMPTY_LINE', RULES.LINES_FRAMING],
      ['extra-line', '[1,2]', { payload: '1\n2\n3' }, 'ELEMENT_COUNT_MISMATCH', RULES.LINES_FRAMING],
      ['missing-line', '[1,2]', { payload: '1' }, 'ELEMENT_COUNT_MISMATCH', RULES.LINES_FRAMING],
      ['line-not-compact', '[[1,2]]', { payload: '[1, 2]' }, 'PAYLOAD_NOT_CANONICAL', RULES.CANONICAL_PAYLOAD, 'strict'],
      ['two-values-on-a-line', '[1,2]', { payload: '1 2\n3' }, 'JSON_SYNTAX', JSON_RULES.SYNTAX],
      ['root-object-declared', '[1]', { meta: { root: 'object' } }, 'LAYOUT_INVALID_VALUE', RULES.LINES_LAYOUT],
      ['element-count-over-limit', '[1]', { meta: { elementCount: n('250001') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      // R-M11a: 250,000 elements and their root array are 250,001 nodes, one past the limit; 249,999 and the root are within it.
      ['element-count-at-limit', '[1]', { meta: { elementCount: n('250000') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['element-count-under-limit', '[1]', { meta: { elementCount: n('249999') } }, 'ELEMENT_COUNT_MISMATCH', RULES.LINES_FRAMING],
      // R-M2: the node budget is shared by all lines: 1 + 125,002 + 125,001 nodes, each line within the limit
      // alone; the first line's items sit inside an object's member, so they count too. 500 KB of payload
      // (gzip keeps it small): 250,001 nodes cannot be written in less.
      ['nodes-over-limit-across-lines', '[{"a":[0]},[0]]', { payload: `{"a":[${'0,'.repeat(124999)}0]}\n[${'0,'.repeat(124999)}0]` }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      ['line-depth-under-root', '[1]', { payload: '['.repeat(64) + ']'.repeat(64) }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      // JSON-LIMIT-1 read in order, counted from where a line sits: its 64th bracket is the value's 65th level,
      // and the lines before it spent 125,003 of the nodes, so each limit is passed before the x that breaks
      // the grammar (a reader that counts each line from zero answers JSON_SYNTAX).
      ['line-depth-under-root-then-syntax-fault', '[1]', { payload: `${'['.repeat(64)}x` }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      ['nodes-across-lines-then-syntax-fault', '[{"a":[0]},[0]]', { payload: `{"a":[${'0,'.repeat(124999)}0]}\n[${'0,'.repeat(125000)}x` }, 'LIMIT_EXCEEDED', RULES.LIMITS],
    ],
  },
  'rows-delimited': {
    formatVersion: '1',
    entries: [
      ['own-encoding', ROWS, { also: [RULES.ROWS_APPLICABILITY, RULES.ROWS_LAYOUT, RULES.ROWS_CELL, RULES.OPTIONS, RULES.ROW_COUNT_MIN] }, 'accept', RULES.ROWS_GRAMMAR],
      ['delimiters-inside-strings', '[{"a":"x,y\\t|;","b":null}]', { options: { delimiter: ',' } }, 'accept', RULES.ROWS_GRAMMAR],
      ['pipe-delimiter', ROWS, { options: { delimiter: '|' } }, 'accept', RULES.ROWS_LAYOUT],
      ['carriage-return', ROWS, { payload: '"c1"\t129\ttrue\r\n"c2"\t85\tfalse' }, 'PAYLOAD_CARRIAGE_RETURN', RULES.ROWS_GRAMMAR],
      ['trailing-row-separator', ROWS, { payload: '"c1"\t129\ttrue\n"c2"\t85\tfalse\n' }, 'TRAILING_LINE_FEED', RULES.ROWS_GRAMMAR],
      ['extra-row', ROWS, { payload: '"c1"\t129\ttrue\n"c2"\t85\tfalse\n"c3"\t1\ttrue' }, 'ROW_COUNT_MISMATCH', RULES.ROWS_GRAMMAR],
      ['missing-row', ROWS, { payload: '"c1"\t129\ttrue' }, 'ROW_COUNT_MISMATCH', RULES.ROWS_GRAMMAR],
      ['unterminated-string', ROWS, { payload: '"c1"\t129\ttrue\n"c2\t85\tfalse' }, 'UNTERMINATED_STRING', RULES.ROWS_GRAMMAR],
      ['row-too-wide', ROWS, { payload: '"c1"\t129\ttrue\tnull\n"c2"\t85\tfalse' }, 'ROW_WIDTH_MISMATCH', RULES.ROWS_GRAMMAR],
      ['row-too-narrow', ROWS, { payload: '"c1"\t129\n"c2"\t85\tfalse' }, 'ROW_WIDTH_MISMATCH', RULES.ROWS_GRAMMAR],
      ['duplicate-field', ROWS, { meta: { fields: ['id', 'n', 'id'] } }, 'DUPLICATE_FIELD', RULES.ROWS_LAYOUT],
      ['bare-word-cell', ROWS, { payload: 'c1\t129\ttrue\n"c2"\t85\tfalse' }, 'INVALID_CELL', RULES.ROWS_GRAMMAR],
      ['empty-cell', ROWS, { payload: '"c1"\t\ttrue\n"c2"\t85\tfalse' }, 'INVALID_CELL', RULES.ROWS_GRAMMAR],
      ['container-cell', ROWS, { payload: '"c1"\t[1]\ttrue\n"c2"\t85\tfalse' }, 'INVALID_CELL', RULES.ROWS_GRAMMAR],
      ['leading-zero-cell', ROWS, { payload: '"c1"\t0129\ttrue\n"c2"\t85\tfalse' }, 'INVALID_CELL', RULES.ROWS_GRAMMAR],
      ['space-around-cell', ROWS, { payload: '"c1"\t 129\ttrue\n"c2"\t85\tfalse' }, 'INVALID_CELL', RULES.ROWS_CELL, 'strict'],
      // MORPH-ORDER-1: the records shape (fields) is checked before the delimiter member.
      ['duplicate-field-before-delimiter', ROWS, { meta: { fields: ['id', 'n', 'id'], delimiter: ':' } }, 'DUPLICATE_FIELD', RULES.ROWS_LAYOUT],
      ['unsafe-row-count', ROWS, { meta: { rowCount: n('62500') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['row-count-zero', ROWS, { meta: { rowCount: n('0') } }, 'LAYOUT_INVALID_VALUE', RULES.ROW_COUNT_MIN, 'strict'],
      ['delimiter-colon', ROWS, { meta: { delimiter: ':' } }, 'LAYOUT_INVALID_VALUE', RULES.ROWS_LAYOUT],
      ['delimiter-named-not-character', ROWS, { meta: { delimiter: 'tab' } }, 'LAYOUT_INVALID_VALUE', RULES.ROWS_LAYOUT],
      ['fields-not-all-strings', ROWS, { meta: { fields: ['id', n('1'), 'ok'] } }, 'LAYOUT_INVALID_VALUE', RULES.ROWS_LAYOUT],
      ['cell-changed', ROWS, { payload: '"c1"\t129\ttrue\n"c2"\t86\tfalse' }, 'DIGEST_MISMATCH', RULES.IDENTITY],
    ],
  },
  'columns-json': {
    formatVersion: '1',
    entries: [
      ['own-encoding', ROWS, { also: [RULES.COLUMNS_LAYOUT, RULES.ROWS_APPLICABILITY, RULES.CANONICAL_PAYLOAD] }, 'accept', RULES.COLUMNS_GRAMMAR],
      ['column-count', ROWS, { payload: '[["c1","c2"],[129,85]]' }, 'COLUMN_COUNT_MISMATCH', RULES.COLUMNS_GRAMMAR],
      ['column-length', ROWS, { payload: '[["c1","c2"],[129],[true,false]]' }, 'COLUMN_LENGTH_MISMATCH', RULES.COLUMNS_GRAMMAR],
      ['object-cell', ROWS, { payload: '[["c1","c2"],[129,{}],[true,false]]' }, 'NON_PRIMITIVE_CELL', RULES.COLUMNS_GRAMMAR],
      ['column-not-array', ROWS, { payload: '[["c1","c2"],129,[true,false]]' }, 'INVALID_COLUMN', RULES.COLUMNS_GRAMMAR],
      ['duplicate-field', ROWS, { meta: { fields: ['id', 'id', 'ok'] } }, 'DUPLICATE_FIELD', RULES.COLUMNS_LAYOUT],
      // MORPH-ORDER-1: the records shape (fields) is checked before the columnCodec member.
      ['duplicate-field-before-column-codec', ROWS, { meta: { fields: ['id', 'id', 'ok'], columnCodec: 'rows' } }, 'DUPLICATE_FIELD', RULES.COLUMNS_LAYOUT],
      ['allocation-over-limit', ROWS, { meta: { rowCount: n('250000') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['spaced-payload', ROWS, { payload: '[["c1","c2"], [129,85], [true,false]]' }, 'PAYLOAD_NOT_CANONICAL', RULES.CANONICAL_PAYLOAD, 'strict'],
    ],
  },
  'path-value': {
    formatVersion: '1',
    entries: [
      ['own-encoding', '{"account":{"id":"c1"},"flags":[true,null],"empty":{},"amount":1.2300}', { also: [RULES.PATH_VALUE_LAYOUT, RULES.PATH_VALUE_POINTER, RULES.PATH_VALUE_TREE, RULES.PATH_VALUE_TRAILING_LF, RULES.PATH_VALUE_ORDER, RULES.NO_CR] }, 'accept', RULES.PATH_VALUE_RECORD],
      ['siblings-any-order', '{"a":1,"b":[2,3]}', { payload: '["","object"]\n["/a","number","1"]\n["/b","array",2]\n["/b/1","number","3"]\n["/b/0","number","2"]' }, 'accept', RULES.PATH_VALUE_ORDER],
      ['object-key-zero', '{"0":null}', { payload: '["","object"]\n["/0","null"]' }, 'accept', RULES.PATH_VALUE_TREE],
      ['escaped-pointer', '{"a/b":{"~":1}}', {}, 'accept', RULES.PATH_VALUE_POINTER],
      ['arity', '{"a":null}', { payload: '["","object"]\n["/a","null",null]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['record-not-array', '{"a":null}', { payload: '["","object"]\n{"/a":"null"}' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['string-record-number-value', '{"a":"1"}', { payload: '["","object"]\n["/a","string",1]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['unknown-tag', '{"a":null}', { payload: '["","object"]\n["/a","nil"]' }, 'UNKNOWN_NODE_TAG', RULES.PATH_VALUE_RECORD],
      // A record line is read under R-M2's node limit (250,000 values, the line's array included): past it
      // the line is no record, whatever its tag; at it the tag is judged (found by the Python reader,
      // which read the whole line first and answered UNKNOWN_NODE_TAG).
      ['line-past-node-limit', '{"a":null}', { payload: `["","object"]\n["/a","nil",${'0,'.repeat(249_997)}0]` }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['line-at-node-limit', '{"a":null}', { payload: `["","object"]\n["/a","nil",${'0,'.repeat(249_996)}0]` }, 'UNKNOWN_NODE_TAG', RULES.PATH_VALUE_RECORD],
      ['malformed-lexeme', '{"a":1}', { payload: '["","object"]\n["/a","number","+1"]' }, 'INVALID_NUMBER_LEXEME', RULES.PATH_VALUE_RECORD],
      ['bad-pointer-escape', '{"a":null}', { payload: '["","object"]\n["/~a","null"]' }, 'INVALID_POINTER', RULES.PATH_VALUE_POINTER],
      ['pointer-without-slash', '{"a":null}', { payload: '["","object"]\n["a","null"]' }, 'INVALID_POINTER', RULES.PATH_VALUE_POINTER],
      ['duplicate-path', '{"a":null}', { payload: '["","object"]\n["/a","null"]\n["/a","null"]', meta: { recordCount: n('3') } }, 'DUPLICATE_PATH', RULES.PATH_VALUE_TREE],
      ['missing-parent', '{"a":{"b":null}}', { payload: '["","object"]\n["/a/b","null"]\n["/c","object"]' }, 'MISSING_PARENT', RULES.PATH_VALUE_TREE],
      ['parent-only-later', '{"a":{"b":null}}', { payload: '["","object"]\n["/a/b","null"]\n["/a","object"]' }, 'MISSING_PARENT', RULES.PATH_VALUE_ORDER, 'strict'],
      ['no-root-record', '{"a":null}', { payload: '["/a","null"]\n["/b","null"]' }, 'MISSING_PARENT', RULES.PATH_VALUE_TREE],
      ['child-under-scalar', '{"a":null}', { payload: '["","object"]\n["/a","null"]\n["/a/b","null"]', meta: { recordCount: n('3') } }, 'PARENT_NOT_CONTAINER', RULES.PATH_VALUE_TREE],
      ['noncanonical-index', '[null]', { payload: '["","array",1]\n["/00","null"]' }, 'INVALID_ARRAY_INDEX', RULES.PATH_VALUE_TREE],
      ['index-out-of-range', '[null]', { payload: '["","array",1]\n["/1","null"]' }, 'INVALID_ARRAY_INDEX', RULES.PATH_VALUE_TREE],
      ['hole', '[null,null,null]', { payload: '["","array",4]\n["/0","null"]\n["/2","null"]\n["/3","null"]' }, 'ARRAY_HOLE', RULES.PATH_VALUE_TREE],
      ['item-count-mismatch', '[null,null,null]', { payload: '["","array",4]\n["/0","null"]\n["/1","null"]\n["/2","null"]' }, 'ITEM_COUNT_MISMATCH', RULES.PATH_VALUE_TREE],
      ['record-count-mismatch', '[null]', { meta: { recordCount: n('3') } }, 'RECORD_COUNT_MISMATCH', RULES.PATH_VALUE_RECORD],
      // R-M2's node limit bounds a declared count: 250,000 is within it (the records then disagree), 250,001 is not.
      ['record-count-at-node-limit', '[null]', { meta: { recordCount: n('250000') } }, 'RECORD_COUNT_MISMATCH', RULES.PATH_VALUE_RECORD],
      ['record-count-over-node-limit', '[null]', { meta: { recordCount: n('250001') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['multiple-roots', 'null', { payload: '["","null"]\n["","null"]', meta: { recordCount: n('2') } }, 'MULTIPLE_ROOTS', RULES.PATH_VALUE_TREE],
      ['item-count-over-limit', '[null]', { payload: '["","array",250001]\n["/0","null"]' }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      // R-M11a: an array of 250,000 items is 250,001 nodes with itself, one past the limit; of 249,999 within it.
      ['item-count-at-limit', '[null]', { payload: '["","array",250000]\n["/0","null"]' }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['item-count-under-limit', '[null]', { payload: '["","array",249999]\n["/0","null"]' }, 'ITEM_COUNT_MISMATCH', RULES.PATH_VALUE_TREE],
      // The sum likewise: 2 + 125,000 + 124,998 items and the root array are 250,001 nodes.
      ['item-count-sum-at-limit', '[[],[]]', { payload: '["","array",2]\n["/0","array",125000]\n["/1","array",124998]' }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      ['depth-65', 'null', { payload: Array.from({ length: 65 }, (_, i) => `["${'/0'.repeat(i)}","array",1]`).join('\n'), meta: { recordCount: n('65') } }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      ['spaced-record', 'null', { payload: '["", "null"]' }, 'PAYLOAD_NOT_CANONICAL', RULES.NO_CR, 'strict'],
      ['trailing-line-feed', 'null', { payload: '["","null"]\n' }, 'TRAILING_LINE_FEED', RULES.PATH_VALUE_TRAILING_LF, 'strict'],
      // MORPH-PV-2: a record is an array whose first two items are strings; a string line of two characters is none.
      // MORPH-ID-1: a well-formed tree of another value is refused by the digest of the decoded value.
      ['other-value', '{"a":1}', { payload: '["","object"]\n["/a","number","2"]' }, 'DIGEST_MISMATCH', RULES.IDENTITY],
      ['record-is-string', '{"a":null}', { payload: '["","object"]\n"ab"' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['path-not-string', '{"a":null}', { payload: '["","object"]\n[1,"null"]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['tag-not-string', '{"a":null}', { payload: '["","object"]\n["/a",1]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      // MORPH-PV-2: an item of the wrong type is INVALID_RECORD, a lexeme string that is no number INVALID_NUMBER_LEXEME.
      ['number-value-not-string', '{"a":1}', { payload: '["","object"]\n["/a","number",1]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      // MORPH-ORDER-1 (shape, tag, arity, compact form, value): a container value is a value fault, found after the spacing.
      ['spaced-record-with-container-value', '{"a":"x"}', { payload: '["","object"]\n["/a","string", [1]]' }, 'PAYLOAD_NOT_CANONICAL', RULES.NO_CR, 'strict'],
      ['spaced-record-with-65-deep-value', '{"a":"x"}', { payload: `["","object"]\n["/a","string", ${'['.repeat(65)}${']'.repeat(65)}]` }, 'PAYLOAD_NOT_CANONICAL', RULES.NO_CR, 'strict'],
      ['container-value', '{"a":"x"}', { payload: '["","object"]\n["/a","string",[1]]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['boolean-value-is-string', '{"a":true}', { payload: '["","object"]\n["/a","boolean","true"]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      // An item count is an unsigned integer lexeme: not negative, not 1.0 (R-S2), not null.
      ['item-count-negative', '[]', { payload: '["","array",-1]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['item-count-fraction-lexeme', '[null]', { payload: '["","array",1.0]\n["/0","null"]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      ['item-count-null', '[]', { payload: '["","array",null]' }, 'INVALID_RECORD', RULES.PATH_VALUE_RECORD],
      // R-M11a with MORPH-ORDER-1: the count bound is a record's own check, before a later line is parsed.
      ['item-count-over-limit-before-later-record', '[null]', { payload: '["","array",250001]\n["/0","nil"]', meta: { recordCount: n('2') } }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      // R-M11a: the sum of item counts is bounded too, each count being within the limit.
      ['item-count-sum-over-limit', '[[],[]]', { payload: '["","array",2]\n["/0","array",200000]\n["/1","array",200000]' }, 'LIMIT_EXCEEDED', RULES.DECLARED_COUNTS],
      // R-M2: 64 nested containers are within the depth limit (depth-65 is one more).
      ['depth-64', `${'['.repeat(64)}${']'.repeat(64)}`, {}, 'accept', RULES.LIMITS],
      // MORPH-PV-4: an index is canonical digits only; "1x" is none, whatever its first digit.
      ['index-digit-then-letter', '[null]', { payload: '["","array",1]\n["/0","null"]\n["/1x","null"]', meta: { recordCount: n('3') } }, 'INVALID_ARRAY_INDEX', RULES.PATH_VALUE_TREE],
      // R-M13 core reading: records are re-placed parents first only when a parent comes later; any other
      // fault is the first in line order (here line 3's, though line 4 is a second root).
      ['first-fault-in-line-order', '{"a":null}', { payload: '["","object"]\n["/a","null"]\n["/a/b","null"]\n["","null"]', meta: { recordCount: n('4') } }, 'PARENT_NOT_CONTAINER', RULES.PATH_VALUE_TREE],
      // A parent that never appears is MORPH-PV-4's MISSING_PARENT at once, not an out-of-order parent to re-place.
      ['parent-never-appears-before-second-root', '{"a":null}', { payload: '["","object"]\n["/x/y","null"]\n["","null"]', meta: { recordCount: n('3') } }, 'MISSING_PARENT', RULES.PATH_VALUE_TREE],
    ],
  },
  toon: {
    formatVersion: '4.1.1',
    entries: [
      ['own-encoding', '{"a":[1,2],"b":"x","t":[{"k":1,"v":"p"},{"k":2.5,"v":"q"}]}', { also: [RULES.TOON_LAYOUT, RULES.TOON_NUMBERS, RULES.TOON_CANONICAL, RULES.IDENTITY, RULES.OPTIONS] }, 'accept', RULES.TOON_ROUND_TRIP],
      ['own-encoding-pipe', '{"t":[{"k":1,"v":"a|b"}]}', { options: { delimiter: '|' } }, 'accept', RULES.TOON_CANONICAL],
      ['count-mismatch', '[1,2]', { payload: '[2]: 1,2,3' }, 'TOON_DECODE_FAILED', RULES.TOON_ROUND_TRIP],
      ['bad-indentation', '{"a":{"b":1}}', { payload: 'a:\n   b: 1' }, 'TOON_DECODE_FAILED', RULES.TOON_ROUND_TRIP],
      ['double-space', '{"a":1}', { payload: 'a:  1' }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      ['number-respelled', '{"a":1.5}', { payload: 'a: 1.50' }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      ['other-value', '{"a":1}', { payload: 'a: 2' }, 'DIGEST_MISMATCH', RULES.IDENTITY],
      ['semantic-digest-member', '1', { meta: { semanticDigest: '0'.repeat(64) } }, 'LAYOUT_UNKNOWN_MEMBER', RULES.TOON_LAYOUT],
      ['ir-version-member', '1', { meta: { irVersion: 'morph-ir/1' } }, 'LAYOUT_UNKNOWN_MEMBER', RULES.TOON_LAYOUT],
      ['indent-4', '1', { meta: { indentSize: n('4') } }, 'LAYOUT_INVALID_VALUE', RULES.TOON_LAYOUT],
      ['lenient-decode', '1', { meta: { strictDecode: false } }, 'LAYOUT_INVALID_VALUE', RULES.TOON_LAYOUT],
      ['package-4.1.2', '1', { meta: { packageVersion: '4.1.2' } }, 'LAYOUT_INVALID_VALUE', RULES.TOON_LAYOUT],
      ['other-adapter', '1', { meta: { adapter: 'toon-rs' } }, 'LAYOUT_INVALID_VALUE', RULES.TOON_LAYOUT],
      ['semicolon-delimiter', '1', { meta: { delimiter: ';' } }, 'LAYOUT_INVALID_VALUE', RULES.TOON_LAYOUT],
      ['carriage-return', '{"a":1}', { payload: 'a: 1\r' }, 'PAYLOAD_CARRIAGE_RETURN', RULES.NO_CR, 'strict'],
      // R-M18: a number toon encode refuses is refused on decode, with encode's code, even in a canonical payload.
      ['unsafe-2-53', '{"a":1}', { payload: 'a: 9007199254740992', declared: '{"a":9007199254740992}' }, 'TOON_NUMBER_INAPPLICABLE', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['safe-2-53-minus-1', '{"a":9007199254740991}', { also: [RULES.TOON_ROUND_TRIP] }, 'accept', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['unsafe-minus-2-53', '{"a":1}', { payload: 'a: -9007199254740992', declared: '{"a":-9007199254740992}' }, 'TOON_NUMBER_INAPPLICABLE', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['safe-minus-2-53-plus-1', '{"a":-9007199254740991}', {}, 'accept', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['unsafe-1e21', '{"a":1}', { payload: 'a: 1e+21', declared: '{"a":1e+21}' }, 'TOON_NUMBER_INAPPLICABLE', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['unsafe-in-table-row', '[{"k":1},{"k":2}]', { payload: '[2]{k}:\n  1\n  9007199254740992', declared: '[{"k":1},{"k":9007199254740992}]' }, 'TOON_NUMBER_INAPPLICABLE', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['unsafe-before-canonical-form', '{"a":1}', { payload: 'a: 9007199254740993', declared: '{"a":9007199254740992}', also: [RULES.CHECK_ORDER] }, 'TOON_NUMBER_INAPPLICABLE', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['tiny-exponent', '{"a":5e-324}', {}, 'accept', RULES.TOON_DECODED_NUMBERS, 'strict'],
      ['negative-zero-respelled', '{"a":0}', { payload: 'a: -0', also: [RULES.TOON_DECODED_NUMBERS] }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      // R-M17 on decode: the official decoder would list "2" first, so a payload listing "b" first is not canonical.
      ['integer-name-after-other', '{"2":"x","b":1}', { payload: 'b: 1\n"2": x', also: [RULES.TOON_MEMBER_ORDER] }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      // MORPH-TOON-3 / R-M18: 1e2 is read as 100, which toon carries; the package writes it "100", of the
      // same length, so only the text of the line tells the payload from the canonical one.
      ['exponent-respelled-same-length', '{"a":100}', { payload: 'a: 1e2' }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      // MORPH-TOON-3: the first line is the package's own; the second starts with its text ("a: 1") but goes on.
      ['first-line-prefix-respelled', '{"a":1,"b":2}', { payload: 'a: 1.0\nb: 2' }, 'TOON_NOT_CANONICAL', RULES.TOON_CANONICAL],
      // R-M2 on the decoded value (after the strict decode, before numbers and re-encoding): 65 nested
      // objects, in the package's own spelling, are over the depth limit; 64 are within it.
      ['depth-65', '1', { payload: Array.from({ length: 65 }, (_, i) => `${'  '.repeat(i)}${i < 64 ? 'a:' : 'a: 1'}`).join('\n') }, 'LIMIT_EXCEEDED', RULES.LIMITS],
      ['depth-64', `${'{"a":'.repeat(64)}1${'}'.repeat(64)}`, { also: [RULES.TOON_CANONICAL] }, 'accept', RULES.LIMITS],
      // MORPH-TOON-1 / R-M3: 0 is a carried number (only -0 is refused); in a member and in an inline array.
      ['zero', '{"a":0,"b":[0,1]}', { also: [RULES.TOON_CANONICAL, RULES.TOON_DECODED_NUMBERS] }, 'accept', RULES.TOON_ROUND_TRIP],
    ],
  },
};

/** Every recipe, codec by codec in registry order. */
export function codecSectionRecipes(): CodecSectionRecipe[] {
  return Object.entries(TABLES).flatMap(([encoding, { formatVersion, entries }]) =>
    entries.map(([name, base, edit, code, requirement, profile]) => ({
      name: `${encoding}-${name}`,
      encoding,
      formatVersion,
      ...(edit.options === undefined ? {} : { options: edit.options }),
      base,
      ...(edit.payload === undefined ? {} : { payload: edit.payload }),
      ...(edit.meta === undefined ? {} : { meta: edit.meta }),
      ...(edit.declared === undefined ? {} : { declared: edit.declared }),
      also: edit.also ?? [],
      expect: code === 'accept' ? { verdict: 'accept' as const } : { verdict: 'reject' as const, code },
      requirement,
      profile: profile ?? 'core',
    })),
  );
}
