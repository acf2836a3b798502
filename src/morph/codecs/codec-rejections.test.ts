/**
 * One hand-written case per rejection the seed lists for each codec (plus the resolutions'), with
 * literal payloads. Layouts are taken from a real encoding of `base` and then edited.
 */
import { describe, expect, it } from 'vitest';
import { JsonNumber, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import type { Ir } from '../ir/types.ts';
import { getCodec } from './registry.ts';
import type { CodecOptions } from './types.ts';

function ir(text: string): Ir {
  const r = irFromJsonText(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

interface Case {
  readonly name: string;
  /** The value the layout describes (its digest is the declared input digest). */
  readonly base: string;
  readonly options?: CodecOptions;
  readonly payload?: string;
  readonly meta?: Record<string, JsonValue | undefined>;
  readonly code: string;
}

function run(encoding: string, version: string, c: Case): string {
  const codec = getCodec(encoding, version)!;
  const value = ir(c.base);
  const enc = codec.encode(value, c.options ?? codec.optionVariants[0]!);
  if (!enc.ok) throw new Error(`base not encodable: ${enc.error.code}`);
  const meta: JsonObject = new Map(enc.value.layoutMetadata);
  for (const [k, v] of Object.entries(c.meta ?? {})) {
    if (v === undefined) meta.delete(k);
    else meta.set(k, v);
  }
  const r = codec.decode(c.payload ?? enc.value.payload, meta, { inputKind: 'json-text', inputSemanticDigest: semanticDigest(value) });
  return r.ok ? 'accepted' : r.error.code;
}

function table(encoding: string, version: string, cases: Case[]): void {
  describe(`${encoding}@${version}`, () => {
    for (const c of cases) it(c.name, () => expect(run(encoding, version, c)).toBe(c.code));
  });
}
const n = (lexeme: string) => new JsonNumber(lexeme);

table('json-compact', '1', [
  { name: 'accepts its own encoding', base: '{"a":[1.50,"x"]}', code: 'accepted' },
  { name: 'root kind mismatch', base: '{"a":1}', meta: { rootKind: 'array' }, code: 'ROOT_KIND_MISMATCH' },
  { name: 'whitespace is not canonical (R-M11)', base: '{"a":1}', payload: '{"a": 1}', code: 'PAYLOAD_NOT_CANONICAL' },
  { name: 'a non-minimal escape is not canonical (R-M11)', base: '"A"', payload: '"\\u0041"', code: 'PAYLOAD_NOT_CANONICAL' },
  { name: 'not strict JSON', base: '{"a":1}', payload: "{'a':1}", code: 'JSON_SYNTAX' },
  { name: 'duplicate member', base: '{"a":1}', payload: '{"a":1,"a":1}', code: 'JSON_DUPLICATE_MEMBER' },
  { name: 'CR (R-M11a)', base: '1', payload: '1\r', code: 'PAYLOAD_CARRIAGE_RETURN' },
  { name: 'depth 65 (R-M2)', base: '1', payload: '['.repeat(65) + ']'.repeat(65), meta: { rootKind: 'array' }, code: 'LIMIT_EXCEEDED' },
  { name: 'another value than declared', base: '{"a":1}', payload: '{"a":2}', code: 'DIGEST_MISMATCH' },
  { name: 'unknown layout member', base: '1', meta: { extra: true }, code: 'LAYOUT_UNKNOWN_MEMBER' },
  { name: 'missing layout member', base: '1', meta: { semanticDigest: undefined }, code: 'LAYOUT_MISSING_MEMBER' },
  { name: 'layout input kind differs', base: '1', meta: { inputKind: 'js-value' }, code: 'INPUT_KIND_MISMATCH' },
  { name: 'lexemes are kept: 1.0 is not 1', base: '1.0', payload: '1', code: 'DIGEST_MISMATCH' },
]);

table('json-lines', '1', [
  { name: 'accepts its own encoding', base: '[{"a":1},[2],"x",null]', code: 'accepted' },
  { name: 'empty root array is the empty payload', base: '[]', code: 'accepted' },
  { name: 'empty payload with elements declared', base: '[]', meta: { elementCount: n('1') }, code: 'ELEMENT_COUNT_MISMATCH' },
  { name: 'CR', base: '[1,2]', payload: '1\r\n2', code: 'PAYLOAD_CARRIAGE_RETURN' },
  { name: 'trailing line feed', base: '[1,2]', payload: '1\n2\n', code: 'TRAILING_LINE_FEED' },
  { name: 'empty line', base: '[1,2]', payload: '1\n\n2', meta: { elementCount: n('3') }, code: 'EMPTY_LINE' },
  { name: 'extra line', base: '[1,2]', payload: '1\n2\n3', code: 'ELEMENT_COUNT_MISMATCH' },
  { name: 'missing line', base: '[1,2]', payload: '1', code: 'ELEMENT_COUNT_MISMATCH' },
  { name: 'a line that is not compact (R-M11)', base: '[[1,2]]', payload: '[1, 2]', code: 'PAYLOAD_NOT_CANONICAL' },
  { name: 'a line with two values', base: '[1,2]', payload: '1 2\n3', code: 'JSON_SYNTAX' },
  { name: 'root not array is inapplicable metadata', base: '[1]', meta: { root: 'object' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'elementCount over the node limit', base: '[1]', meta: { elementCount: n('250001') }, code: 'LIMIT_EXCEEDED' },
  { name: 'elementCount not an integer lexeme', base: '[1]', meta: { elementCount: n('1.0') }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'line depth counts under the root (64 levels in total)', base: '[1]', payload: '['.repeat(64) + ']'.repeat(64), code: 'LIMIT_EXCEEDED' },
]);

const rows = '[{"id":"c1","n":129,"ok":true},{"n":85,"id":"c2","ok":false}]';
table('rows-delimited', '1', [
  { name: 'accepts its own encoding', base: rows, code: 'accepted' },
  { name: 'delimiters inside strings are data', base: '[{"a":"x,y\\t|;","b":null}]', options: { delimiter: ',' }, code: 'accepted' },
  { name: 'CR', base: rows, payload: '"c1"\t129\ttrue\r\n"c2"\t85\tfalse', code: 'PAYLOAD_CARRIAGE_RETURN' },
  { name: 'trailing row separator', base: rows, payload: '"c1"\t129\ttrue\n"c2"\t85\tfalse\n', code: 'TRAILING_LINE_FEED' },
  { name: 'trailing extra row', base: rows, payload: '"c1"\t129\ttrue\n"c2"\t85\tfalse\n"c3"\t1\ttrue', code: 'ROW_COUNT_MISMATCH' },
  { name: 'missing row', base: rows, payload: '"c1"\t129\ttrue', code: 'ROW_COUNT_MISMATCH' },
  { name: 'unterminated string', base: rows, payload: '"c1\t129\ttrue\n"c2"\t85\tfalse', code: 'UNTERMINATED_STRING' },
  { name: 'row too wide', base: rows, payload: '"c1"\t129\ttrue\tnull\n"c2"\t85\tfalse', code: 'ROW_WIDTH_MISMATCH' },
  { name: 'row too narrow', base: rows, payload: '"c1"\t129\n"c2"\t85\tfalse', code: 'ROW_WIDTH_MISMATCH' },
  { name: 'duplicate field names', base: rows, meta: { fields: ['id', 'n', 'id'] }, code: 'DUPLICATE_FIELD' },
  { name: 'bare word cell', base: rows, payload: 'c1\t129\ttrue\n"c2"\t85\tfalse', code: 'INVALID_CELL' },
  { name: 'empty cell', base: rows, payload: '"c1"\t\ttrue\n"c2"\t85\tfalse', code: 'INVALID_CELL' },
  { name: 'container cell', base: rows, payload: '"c1"\t[1]\ttrue\n"c2"\t85\tfalse', code: 'INVALID_CELL' },
  { name: 'invalid number cell', base: rows, payload: '"c1"\t0129\ttrue\n"c2"\t85\tfalse', code: 'INVALID_CELL' },
  { name: 'whitespace around a cell (R-M12)', base: rows, payload: '"c1"\t 129\ttrue\n"c2"\t85\tfalse', code: 'INVALID_CELL' },
  { name: 'unsafe declared allocation', base: rows, meta: { rowCount: n('62500') }, code: 'LIMIT_EXCEEDED' },
  { name: 'rowCount zero (R-M11a)', base: rows, meta: { rowCount: n('0') }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'delimiter not in the four', base: rows, meta: { delimiter: ':' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'delimiter named, not the character (R-M12)', base: rows, meta: { delimiter: 'tab' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'a cell with another value', base: rows, payload: '"c1"\t129\ttrue\n"c2"\t86\tfalse', code: 'DIGEST_MISMATCH' },
]);

table('columns-json', '1', [
  { name: 'accepts its own encoding', base: rows, code: 'accepted' },
  { name: 'column count differs from fields', base: rows, payload: '[["c1","c2"],[129,85]]', code: 'COLUMN_COUNT_MISMATCH' },
  { name: 'column length differs from rowCount', base: rows, payload: '[["c1","c2"],[129],[true,false]]', code: 'COLUMN_LENGTH_MISMATCH' },
  { name: 'non-primitive cell', base: rows, payload: '[["c1","c2"],[129,{}],[true,false]]', code: 'NON_PRIMITIVE_CELL' },
  { name: 'payload not an array of columns', base: rows, payload: '[["c1","c2"],129,[true,false]]', code: 'INVALID_COLUMN' },
  { name: 'duplicate field names', base: rows, meta: { fields: ['id', 'id', 'ok'] }, code: 'DUPLICATE_FIELD' },
  { name: 'projected allocation over the limit', base: rows, meta: { rowCount: n('250000') }, code: 'LIMIT_EXCEEDED' },
  { name: 'pretty-printed payload (R-M11)', base: rows, payload: '[["c1","c2"], [129,85], [true,false]]', code: 'PAYLOAD_NOT_CANONICAL' },
]);

table('path-value', '1', [
  { name: 'accepts its own encoding', base: '{"account":{"id":"c1"},"flags":[true,null],"empty":{},"amount":1.2300}', code: 'accepted' },
  { name: 'siblings in any order (R-M13)', base: '{"a":1,"b":[2,3]}', payload: '["","object"]\n["/a","number","1"]\n["/b","array",2]\n["/b/1","number","3"]\n["/b/0","number","2"]', code: 'accepted' },
  { name: 'object key "0" differs from index 0', base: '{"0":null}', payload: '["","object"]\n["/0","null"]', code: 'accepted' },
  { name: 'wrong record arity', base: '{"a":null}', payload: '["","object"]\n["/a","null",null]', code: 'INVALID_RECORD' },
  { name: 'record not an array', base: '{"a":null}', payload: '["","object"]\n{"/a":"null"}', code: 'INVALID_RECORD' },
  { name: 'string record with a number value', base: '{"a":"1"}', payload: '["","object"]\n["/a","string",1]', code: 'INVALID_RECORD' },
  { name: 'unknown tag', base: '{"a":null}', payload: '["","object"]\n["/a","nil"]', code: 'UNKNOWN_NODE_TAG' },
  { name: 'malformed numeric lexeme', base: '{"a":1}', payload: '["","object"]\n["/a","number","+1"]', code: 'INVALID_NUMBER_LEXEME' },
  { name: 'bad pointer escape', base: '{"a":null}', payload: '["","object"]\n["/~a","null"]', code: 'INVALID_POINTER' },
  { name: 'pointer without leading slash', base: '{"a":null}', payload: '["","object"]\n["a","null"]', code: 'INVALID_POINTER' },
  { name: 'duplicate path', base: '{"a":null}', payload: '["","object"]\n["/a","null"]\n["/a","null"]', meta: { recordCount: n('3') }, code: 'DUPLICATE_PATH' },
  { name: 'missing parent', base: '{"a":{"b":null}}', payload: '["","object"]\n["/a/b","null"]\n["/c","object"]', code: 'MISSING_PARENT' },
  { name: 'parent only later (R-M13)', base: '{"a":{"b":null}}', payload: '["","object"]\n["/a/b","null"]\n["/a","object"]', code: 'MISSING_PARENT' },
  { name: 'no root record', base: '{"a":null}', payload: '["/a","null"]\n["/b","null"]', code: 'MISSING_PARENT' },
  { name: 'child under a scalar', base: '{"a":null}', payload: '["","object"]\n["/a","null"]\n["/a/b","null"]', meta: { recordCount: n('3') }, code: 'PARENT_NOT_CONTAINER' },
  { name: 'noncanonical index', base: '[null]', payload: '["","array",1]\n["/00","null"]', code: 'INVALID_ARRAY_INDEX' },
  { name: 'out-of-range index', base: '[null]', payload: '["","array",1]\n["/1","null"]', code: 'INVALID_ARRAY_INDEX' },
  { name: 'hole (an item missing before a present one)', base: '[null,null,null]', payload: '["","array",4]\n["/0","null"]\n["/2","null"]\n["/3","null"]', code: 'ARRAY_HOLE' },
  { name: 'item count mismatch (items missing at the end)', base: '[null,null,null]', payload: '["","array",4]\n["/0","null"]\n["/1","null"]\n["/2","null"]', code: 'ITEM_COUNT_MISMATCH' },
  { name: 'record count mismatch', base: '[null]', meta: { recordCount: n('3') }, code: 'RECORD_COUNT_MISMATCH' },
  { name: 'multiple logical roots', base: 'null', payload: '["","null"]\n["","null"]', meta: { recordCount: n('2') }, code: 'MULTIPLE_ROOTS' },
  { name: 'declared item count beyond limits', base: '[null]', payload: '["","array",250001]\n["/0","null"]', code: 'LIMIT_EXCEEDED' },
  { name: 'depth 65 counted on containers', base: 'null', payload: Array.from({ length: 65 }, (_, i) => `["${'/0'.repeat(i)}","array",1]`).join('\n'), meta: { recordCount: n('65') }, code: 'LIMIT_EXCEEDED' },
  { name: 'record line not compact (R-M11a)', base: 'null', payload: '["", "null"]', code: 'PAYLOAD_NOT_CANONICAL' },
  { name: 'trailing line feed (MORPH-PV-5)', base: 'null', payload: '["","null"]\n', code: 'TRAILING_LINE_FEED' },
]);

table('toon', '4.1.1', [
  { name: 'accepts its own encoding', base: '{"a":[1,2],"b":"x"}', code: 'accepted' },
  { name: 'strict decode refuses a count mismatch', base: '[1,2]', payload: '[2]: 1,2,3', code: 'TOON_DECODE_FAILED' },
  { name: 'strict decode refuses bad indentation', base: '{"a":{"b":1}}', payload: 'a:\n   b: 1', code: 'TOON_DECODE_FAILED' },
  { name: 'a payload the encoder would not write', base: '{"a":1}', payload: 'a:  1', code: 'TOON_NOT_CANONICAL' },
  { name: 'number spelled differently', base: '{"a":1.5}', payload: 'a: 1.50', code: 'TOON_NOT_CANONICAL' },
  { name: 'another value than declared', base: '{"a":1}', payload: 'a: 2', code: 'DIGEST_MISMATCH' },
  { name: 'semanticDigest is not a toon member (R-M14)', base: '1', meta: { semanticDigest: '0'.repeat(64) }, code: 'LAYOUT_UNKNOWN_MEMBER' },
  { name: 'irVersion is not a toon member (R-M14)', base: '1', meta: { irVersion: 'morph-ir/1' }, code: 'LAYOUT_UNKNOWN_MEMBER' },
  { name: 'indentSize other than 2', base: '1', meta: { indentSize: n('4') }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'strictDecode false', base: '1', meta: { strictDecode: false }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'other package version', base: '1', meta: { packageVersion: '4.1.2' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'other adapter', base: '1', meta: { adapter: 'toon-rs' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'semicolon delimiter', base: '1', meta: { delimiter: ';' }, code: 'LAYOUT_INVALID_VALUE' },
  { name: 'CR (R-M11a)', base: '{"a":1}', payload: 'a: 1\r', code: 'PAYLOAD_CARRIAGE_RETURN' },
]);

describe('toon applicability (MORPH-TOON-1, MORPH-TOON-2)', () => {
  const toon = getCodec('toon', '4.1.1')!;
  const why = (text: string) => {
    const r = toon.supports(ir(text), { delimiter: ',' });
    return r.ok ? 'applicable' : r.error.code;
  };
  it('refuses the lexemes a JS number changes', () => {
    for (const t of ['-0', '1.2300', '1e3', '1E+3', '1.0', '9007199254740993', '9007199254740992', '1E400', '[1,{"a":0.10}]']) expect([t, why(t)]).toEqual([t, 'TOON_NUMBER_INAPPLICABLE']);
    for (const t of ['0', '-1', '1.5', '9007199254740991', '1e+21', '1e-7', '0.1']) expect([t, why(t)]).toEqual([t, t === '1e+21' ? 'TOON_NUMBER_INAPPLICABLE' : 'applicable']);
  });
  it('refuses a value the official round trip would change, and encode refuses it too', () => {
    const proto = irFromJsonText('{"__proto__":{"a":1},"b":2}');
    expect(proto.ok).toBe(true);
    if (!proto.ok) return;
    const s = toon.supports(proto.value, { delimiter: ',' });
    expect(s.ok ? 'applicable' : s.error.code).toBe(toon.encode(proto.value, { delimiter: ',' }).ok ? 'applicable' : (s as { error: { code: string } }).error.code);
  });
  it('rejects options outside R-M11b', () => {
    expect(toon.supports(ir('1'), { delimiter: ';' }).ok).toBe(false);
    expect(toon.supports(ir('1'), {}).ok).toBe(false);
    expect(getCodec('json-compact', '1')!.supports(ir('1'), { delimiter: ',' }).ok).toBe(false);
  });
});
