import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import { JsonNumber } from '../../src/shared/json/value.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { firstDifference, keepSmallInputs, loadGoldenCases, readInPieces, SNAPSHOT_VARIABLE, selectVectors, writeVectorSnapshot } from './golden-cases.ts';

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

  it('leave out the vectors past a byte limit only when one is given, and refuse a limit that is no count', () => {
    const sized = [3, 10, 11].map((n) => ({ input: new Uint8Array(n) }));
    expect(keepSmallInputs(sized, undefined).map((v) => v.input.length)).toEqual([3, 10, 11]);
    expect(keepSmallInputs(sized, '').map((v) => v.input.length)).toEqual([3, 10, 11]);
    expect(keepSmallInputs(sized, '10').map((v) => v.input.length)).toEqual([3, 10]);
    expect(() => keepSmallInputs(sized, '64k')).toThrow(/byte count/);
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

  describe('the journal fast path count', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-snapshot-'));
    afterEach(() => {
      delete process.env[SNAPSHOT_VARIABLE];
    });
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    // The snapshot records how many lines the unmutated validator took fast; a case fails when another
    // count is taken, which is how a mutant that only makes the fast path give up is caught.
    it('holds the validator to the snapshot\'s count, and fails on another', async () => {
      const path = join(dir, 'journal.v8');
      // The small vectors only: counting over every one (16 MiB of frames among them) takes seconds.
      await writeVectorSnapshot(path, (await loadVectors()).filter((v) => v.input.length < 16 * 1024), 'journal');
      const stored = deserialize(readFileSync(path)) as Array<Vector & { fastLines?: { strict: number; core: number } }>;
      const canonical = stored.find((v) => v.expect.verdict === 'accept' && (v.fastLines?.strict ?? 0) > 1)!;
      expect(canonical).toBeDefined();
      process.env[SNAPSHOT_VARIABLE] = path;
      const validatorCase = async () => (await loadGoldenCases('journal')).find((c) => c.name === `${canonical.id} journal.read ${canonical.name} (strict, validator)`)!;
      expect(await (await validatorCase()).run()).toEqual([]);
      const tampered = stored.map((v) => (v.id === canonical.id ? { ...v, fastLines: { strict: v.fastLines!.strict + 1, core: v.fastLines!.core } } : v));
      writeFileSync(path, serialize(tampered));
      expect(await (await validatorCase()).run()).toEqual([`validator's fast path took ${canonical.fastLines!.strict} lines, the unmutated oracle ${canonical.fastLines!.strict + 1}`]);
    }, 60_000);

    // An `either` vector leaves the verdict to each reader; this reader's is written in spec/ and the
    // snapshot records it, so a mutant that changes it is caught like any other.
    it("holds an either vector to the unmutated oracle's verdict, and fails on another", async () => {
      const path = join(dir, 'either.v8');
      await writeVectorSnapshot(path, (await loadVectors()).filter((v) => v.input.length < 16 * 1024 && v.expect.verdict === 'either'), 'journal');
      const stored = deserialize(readFileSync(path)) as Array<Vector & { oracleVerdicts?: { strict?: string } }>;
      const deep = stored.find((v) => v.name === 'json-deep-payload')!;
      expect(deep.oracleVerdicts).toEqual({ strict: 'accept' });
      process.env[SNAPSHOT_VARIABLE] = path;
      const opCase = async () => (await loadGoldenCases('journal')).find((c) => c.name === `${deep.id} journal.read ${deep.name} (strict)`)!;
      expect(await (await opCase()).run()).toEqual([]);
      writeFileSync(path, serialize(stored.map((v) => (v.id === deep.id ? { ...v, oracleVerdicts: { strict: 'reject LIMIT_EXCEEDED' } } : v))));
      expect(await (await opCase()).run()).toEqual(['oracle answered accept where this reader answers reject LIMIT_EXCEEDED']);
    }, 60_000);

    // A strict vector speaks for strict only; core reads past its strict fault (the profile tests hold
    // that reading), and the snapshot records it so that a mutant reading core as strict is caught.
    it("runs a strict vector under core too, held to the unmutated oracle's core verdict", async () => {
      const path = join(dir, 'strict.v8');
      await writeVectorSnapshot(path, (await loadVectors()).filter((v) => v.format === 'journal' && v.input.length < 4096 && v.profile === 'strict' && v.expect.verdict === 'reject'), 'journal');
      const stored = deserialize(readFileSync(path)) as Array<Vector & { oracleVerdicts?: { core?: string } }>;
      const lenient = stored.find((v) => v.oracleVerdicts?.core === 'accept')!;
      expect(lenient).toBeDefined();
      process.env[SNAPSHOT_VARIABLE] = path;
      const coreCase = async () => (await loadGoldenCases('journal')).find((c) => c.name === `${lenient.id} ${lenient.op} ${lenient.name} (core)`)!;
      expect(await (await coreCase()).run()).toEqual([]);
      writeFileSync(path, serialize(stored.map((v) => (v.id === lenient.id ? { ...v, oracleVerdicts: { core: `reject ${(v.expect as { code: string }).code}` } } : v))));
      expect(await (await coreCase()).run()).toEqual([`oracle answered accept where this reader answers reject ${(lenient.expect as { code: string }).code}`]);
    }, 60_000);
  });
});
