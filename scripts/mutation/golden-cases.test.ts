import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { JsonNumber } from '../../src/shared/json/value.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { firstDifference, loadGoldenCases, readInPieces, selectVectors } from './golden-cases.ts';

const n = (lexeme: string) => new JsonNumber(lexeme);
const obj = (...members: Array<[string, unknown]>) => new Map(members);

describe('golden cases of the mutation harness', () => {
  it('compare observations as R-S3 does: member order ignored, numbers by lexeme, strings exactly', () => {
    const oracle = obj(['a', [n('1'), 'x', null, true]], ['b', obj(['c', n('1e2')])]);
    // The vector's copy went through the v8 snapshot: its numbers are plain objects with a lexeme.
    const stored = deserialize(serialize(obj(['b', obj(['c', n('1e2')])], ['a', [n('1'), 'x', null, true]])));
    expect(firstDifference(stored, oracle)).toBeUndefined();
    expect(firstDifference(stored, obj(['a', [n('1.0'), 'x', null, true]], ['b', obj(['c', n('1e2')])]))).toBe('/a/0');
    expect(firstDifference(stored, obj(['a', [n('1'), 'x', null, true]], ['b', obj(['c', '1e2'])]))).toBe('/b/c');
    expect(firstDifference(stored, obj(['a', [n('1'), 'x', null]], ['b', obj(['c', n('1e2')])]))).toBe('/a');
    expect(firstDifference(stored, obj(['a', [n('1'), 'x', null, true]], ['b', obj(['d', n('1e2')])]))).toBe('/b/c');
    expect(firstDifference(stored, obj(['a', [n('1'), 'x', null, true]], ['b', obj(['c', n('1e2')], ['d', 1])]))).toBe('/b');
    expect(firstDifference(obj(['s', 'é']), obj(['s', 'e\u0301']))).toBe('/s');
    expect(firstDifference([obj()], [[]])).toBe('/0');
    expect(firstDifference(null, false)).toBe('');
  });

  it('take one format (every format for shared), smallest input first', () => {
    const v = (id: string, format: Vector['format'], bytes: number) => ({ id, format, input: new Uint8Array(bytes) }) as Vector;
    const all = [v('a', 'journal', 5), v('b', 'morph', 1), v('c', 'journal', 2)];
    expect(selectVectors(all, 'journal').map((x) => x.id)).toEqual(['c', 'a']);
    expect(selectVectors(all, 'shared').map((x) => x.id)).toEqual(['b', 'c', 'a']);
  });

  it('hand a streaming op its input in pieces of at most the step, then 0', () => {
    const read = readInPieces(new Uint8Array([1, 2, 3, 4, 5]), 2);
    const buf = Buffer.alloc(8);
    const got: number[][] = [];
    for (let n = read(buf, 1, 8); n > 0; n = read(buf, 1, 8)) got.push([...buf.subarray(1, 1 + n)]);
    expect(got).toEqual([[1, 2], [3, 4], [5]]);
    expect(readInPieces(new Uint8Array([1, 2, 3]), 97)(buf, 0, 2)).toBe(2);
  });

  // The validator's paths (the journal's fast scan and chunked scan, codegraph's long-line handling) are
  // not the op's: only these cases hold them to the golden verdicts outside mutation runs.
  it.each(['journal', 'codegraph'])('every %s vector holds on the validator paths too, by verdict and code', async (format) => {
    const cases = (await loadGoldenCases(format)).filter((c) => c.name.includes(', validator'));
    expect(cases.length).toBeGreaterThan(format === 'journal' ? 800 : 500);
    const failing: string[] = [];
    for (const c of cases) {
      const differences = await c.run();
      if (differences.length > 0) failing.push(`${c.name}: ${differences.join('; ')}`);
    }
    expect(failing).toEqual([]);
  }, 60_000);
});
