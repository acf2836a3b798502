import { describe, expect, it } from 'vitest';
import { parseJson } from '../shared/json/parse-value.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { compareObservation, MAX_DIFF_LINE_CHARS, MAX_DIFF_LINES } from './compare-observation.ts';

function json(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(`test input is not JSON: ${r.error.code}`);
  return r.value;
}

describe('compareObservation on huge wrong answers (issue 11 item 5)', () => {
  it('diffs a 150,000-line wrong bundle without overflowing the stack, bounded, naming the first differing line', () => {
    const lines = Array.from({ length: 150_000 }, (_, i) => `line ${i}`);
    const wrong = lines.map((l, i) => (i % 2 === 0 ? `${l}x` : l));
    const diff = compareObservation(new Map([['bundle', lines.join('\n')]]), new Map([['bundle', wrong.join('\n')]]));
    expect(diff.length).toBeLessThanOrEqual(MAX_DIFF_LINES + 1);
    expect(diff[0]).toMatch(/^\/bundle: /);
    expect(diff[1]).toBe('    150000 vs 150000 lines; first difference at line 1: expected "line 0", got "line 0x"');
  });

  it('keeps a short line diff of a long bundle that differs in one line, with true line numbers', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `L${i}`);
    const wrong = [...lines];
    wrong[7000] = 'changed';
    const diff = compareObservation(new Map([['bundle', lines.join('\n')]]), new Map([['bundle', wrong.join('\n')]]));
    expect(diff).toContain('    -L7000');
    expect(diff).toContain('    +changed');
    expect(diff.some((l) => l.startsWith('    @@ -7000,'))).toBe(true);
  });

  it('handles 100,000-deep wrong answers and clips the deep pointer', () => {
    const depth = 100_000;
    const diff = compareObservation(json('['.repeat(depth) + '1' + ']'.repeat(depth)), json('['.repeat(depth) + '2' + ']'.repeat(depth)));
    expect(diff).toHaveLength(1);
    expect(diff[0]!.length).toBeLessThanOrEqual(MAX_DIFF_LINE_CHARS + 40);
    expect(diff[0]).toMatch(/^\/0\/0.*characters.*expected 1, got 2$/);
  });

  it('diffs a wrong 12 MiB base64 answer (journal.append bytes) without throwing, naming the first differing byte', () => {
    const expected = Buffer.alloc(9 << 20, 0x61);
    const actual = Buffer.from(expected);
    actual[5 << 20] = 0x62;
    const diff = compareObservation(new Map([['bytes', expected.toString('base64')]]), new Map([['bytes', actual.toString('base64')]]));
    expect(diff.length).toBeGreaterThan(0);
    expect(diff.join('\n')).toContain(String(5 << 20));
  });

  it('lists the first N differences and then says more were left out', () => {
    const n = 500;
    const a = json(`[${Array.from({ length: n }, (_, i) => i).join(',')}]`);
    const b = json(`[${Array.from({ length: n }, (_, i) => i + 1).join(',')}]`);
    const diff = compareObservation(a, b);
    expect(diff).toHaveLength(MAX_DIFF_LINES + 1);
    expect(diff[0]).toBe('/0: expected 0, got 1');
    expect(diff.at(-1)).toMatch(/^… diff cut at 60 lines: .*more differing members follow$/);
  });
});
