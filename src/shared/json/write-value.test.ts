import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from './parse-value.ts';
import { fromPlain, jsonNumber } from './value.ts';
import { isJsonText, streamJson, writeJson, writeString } from './write-value.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

describe('writeJson', () => {
  it('escapes only quote, backslash and C0 controls, in the short or lowercase \\u00xx form', () => {
    expect(writeString('a"b\\c/\u0000\u001f\b\f\n\r\t\u007f\u2028é😀')).toBe('"a\\"b\\\\c/\\u0000\\u001f\\b\\f\\n\\r\\t\u007f\u2028é😀"');
  });

  it('escapes every string, lone surrogates kept as they are, as a unit-by-unit reference does', () => {
    const short: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };
    const reference = (t: string) => {
      let out = '"';
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (c === 0x22 || c === 0x5c) out += `\\${t[i]}`;
        else if (c < 0x20) out += short[c] ?? `\\u00${c.toString(16).padStart(2, '0')}`;
        else out += t[i];
      }
      return `${out}"`;
    };
    assertProperty(
      fc.property(fc.string({ unit: fc.oneof(fc.constantFrom('"', '\\', '\n', '\u0001', '\ud800', '\udc00', '😀'), fc.integer({ min: 0, max: 0xffff }).map((u) => String.fromCharCode(u))) }), (t) => {
        expect(writeString(t)).toBe(reference(t));
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it('writes a long string in slices exactly as whole, a pair across every slice edge, and streams it in pieces', () => {
    const edge = 1 << 16;
    for (const s of ['x'.repeat(edge - 1) + '😀"\n'.repeat(50_000), '"'.repeat(3 * edge), 'a'.repeat(edge + 1), `${'b'.repeat(edge)}\ud800`]) {
      const value = fromPlain([s, { [s.slice(0, 10)]: s }]);
      const whole = `[${writeString(s)},{${writeString(s.slice(0, 10))}:${writeString(s)}}]`;
      expect(writeJson(value)).toBe(whole);
      expect(isJsonText(value, whole)).toBe(true);
      expect(isJsonText(value, whole.slice(0, -1) + ' ')).toBe(false);
      const runs: string[] = [];
      streamJson(value, {}, (run) => runs.push(run));
      expect(runs.join('')).toBe(whole);
      // No run holds a long string whole (one with a lone surrogate is written whole, by the unit-by-unit writer).
      if (s.length >= 3 * edge) expect(Math.max(...runs.map((r) => r.length))).toBeLessThan(writeString(s).length / 2);
    }
  });

  it('keeps member order, including integer-like names, and lexemes', () => {
    const r = parseJson('{"b":1.50,"2":true,"1":[-0,1E+3]}');
    expect(r.ok && writeJson(r.value)).toBe('{"b":1.50,"2":true,"1":[-0,1E+3]}');
  });

  it('writes any depth without recursion', () => {
    let v: unknown = jsonNumber(1);
    for (let i = 0; i < 200_000; i++) v = [v];
    const text = writeJson(v as never);
    expect(text.length).toBe(400_001);
  });

  it('parse(write(v)) is v for every value fast-check makes', () => {
    assertProperty(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 4 }), (plain, indent) => {
        const v = fromPlain(plain);
        const again = parseJson(writeJson(v, { indent }));
        expect(again.ok && writeJson(again.value)).toBe(writeJson(v));
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('renders JS numbers as JSON.stringify does, and -0 as 0', () => {
    expect([jsonNumber(1e21).lexeme, jsonNumber(-0).lexeme, jsonNumber(0.1).lexeme, jsonNumber(2n ** 64n).lexeme]).toStrictEqual([
      '1e+21',
      '0',
      '0.1',
      '18446744073709551616',
    ]);
  });
});
