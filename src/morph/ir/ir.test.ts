import { describe, expect, it } from 'vitest';
import { isJsonArray, isJsonNumber, isJsonObject, type JsonValue } from '../../shared/json/value.ts';
import { LIMITS } from '../constants.ts';
import { irFromJsonText } from './ir-from-json-text.ts';
import { irFromJsValue } from './ir-from-js-value.ts';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error!.code);


/** [1, <hole>, 3]: an array whose index 1 was never set. */
function arrayWithHole(): unknown[] {
  const a: unknown[] = [];
  a[0] = 1;
  a[2] = 3;
  return a;
}

describe('irFromJsonText', () => {
  it('keeps every lexeme form and member order', () => {
    const r = irFromJsonText(' {"z":-0,"a":1.2300,"m":[1e3,1E+3,12345678901234567890123]}\r\n');
    expect(r.ok).toBe(true);
    if (!r.ok || !isJsonObject(r.value)) return;
    expect([...r.value.keys()]).toEqual(['z', 'a', 'm']);
    const m = r.value.get('m') as JsonValue[];
    expect([r.value.get('z'), r.value.get('a'), ...m].map((n) => (isJsonNumber(n) ? n.lexeme : n))).toEqual(['-0', '1.2300', '1e3', '1E+3', '12345678901234567890123']);
  });

  it('refuses what R-S1 refuses, with the JSON core codes', () => {
    expect(code(irFromJsonText('\uFEFF1'))).toBe('JSON_BOM');
    expect(code(irFromJsonText('{"a":1,"a":2}'))).toBe('JSON_DUPLICATE_MEMBER');
    expect(code(irFromJsonText('"\\ud800"'))).toBe('JSON_LONE_SURROGATE');
    // A JS string holding a raw lone surrogate has no UTF-8 form: refused, not replaced by U+FFFD.
    expect(code(irFromJsonText('"\uD800"'))).toBe('JSON_LONE_SURROGATE');
    expect(code(irFromJsonText(new Uint8Array([0x22, 0xff, 0x22])))).toBe('JSON_INVALID_UTF8');
    expect(code(irFromJsonText('1 2'))).toBe('JSON_SYNTAX');
    expect(code(irFromJsonText('NaN'))).toBe('JSON_SYNTAX');
  });

  it('R-M2: depth 64 passes, 65 is LIMIT_EXCEEDED', () => {
    expect(code(irFromJsonText(nested(64)))).toBe('ok');
    const r = irFromJsonText(nested(65));
    expect(code(r)).toBe('LIMIT_EXCEEDED');
    if (!r.ok) expect(r.error.requirement).toBe('R-M2');
  });

  it('R-M2: 250,000 nodes pass, 250,001 are LIMIT_EXCEEDED', () => {
    const arr = (n: number) => `[${new Array(n).fill('0').join(',')}]`;
    expect(code(irFromJsonText(arr(LIMITS.MAX_NODES - 1)))).toBe('ok');
    expect(code(irFromJsonText(arr(LIMITS.MAX_NODES)))).toBe('LIMIT_EXCEEDED');
  });

  it('R-M2: 16 MiB passes, one byte more is LIMIT_EXCEEDED', () => {
    const atLimit = `"${'a'.repeat(LIMITS.MAX_BYTES - 2)}"`;
    expect(code(irFromJsonText(atLimit))).toBe('ok');
    expect(code(irFromJsonText(`${atLimit} `))).toBe('LIMIT_EXCEEDED');
  });
});

describe('irFromJsValue (R-M3)', () => {
  it('gives finite numbers their JSON.stringify lexeme and keeps key order', () => {
    const r = irFromJsValue({ b: 1e21, a: [0.1, -5, 1e-7], c: null, d: 'x', e: true });
    expect(r.ok).toBe(true);
    if (!r.ok || !isJsonObject(r.value)) return;
    expect([...r.value.keys()]).toEqual(['b', 'a', 'c', 'd', 'e']);
    expect((r.value.get('b') as { lexeme: string }).lexeme).toBe('1e+21');
    expect((r.value.get('a') as JsonValue[]).map((n) => (n as { lexeme: string }).lexeme)).toEqual(['0.1', '-5', '1e-7']);
  });

  it('refuses every value R-M3 names (lone surrogates included)', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const cases: Array<[string, unknown]> = [
      ['-0', -0], ['NaN', NaN], ['Infinity', Infinity], ['-Infinity', -Infinity], ['undefined', undefined],
      ['function', () => 1], ['symbol', Symbol('s')], ['bigint', 1n], ['Map', new Map()], ['Date', new Date(0)],
      ['class instance', new (class A {})()], ['Array subclass', new (class L extends Array {})()], ['typed array', new Uint8Array(2)], ['cycle', cyclic], ['nested -0', { a: [1, -0] }], ['hole', arrayWithHole()],
      ['accessor', Object.defineProperty({}, 'x', { get: () => 1, enumerable: true })], ['symbol key', { [Symbol('k')]: 1 }],
      ['lone surrogate value', '\uD800'], ['lone surrogate key', { '\uDC00': 1 }],
    ];
    for (const [name, v] of cases) expect([name, code(irFromJsValue(v))]).toEqual([name, 'JS_VALUE_UNSUPPORTED']);
  });

  it('accepts shared (non-cyclic) references and null-prototype objects', () => {
    const shared = { x: 1 };
    expect(code(irFromJsValue([shared, shared]))).toBe('ok');
    const bare = Object.create(null) as Record<string, unknown>;
    bare.k = 'v';
    expect(code(irFromJsValue(bare))).toBe('ok');
    const proto = irFromJsValue(JSON.parse('{"__proto__":1}'));
    expect(proto.ok && isJsonObject(proto.value) && [...proto.value.keys()]).toEqual(['__proto__']);
  });

  it('applies the R-M2 limits', () => {
    let deep: unknown = [];
    for (let i = 1; i < 64; i++) deep = [deep];
    expect(code(irFromJsValue(deep))).toBe('ok');
    expect(code(irFromJsValue([deep]))).toBe('LIMIT_EXCEEDED');
    expect(code(irFromJsValue(new Array(LIMITS.MAX_NODES - 1).fill(0)))).toBe('ok');
    expect(code(irFromJsValue(new Array(LIMITS.MAX_NODES).fill(0)))).toBe('LIMIT_EXCEEDED');
    expect(isJsonArray((irFromJsValue([[]]) as { value: JsonValue }).value)).toBe(true);
  });
});
