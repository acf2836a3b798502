/** `formcert vectors merge`: the saved findings of several fuzz jobs become one directory, each case once. */
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Vector } from '../../shared/vectors.ts';
import { storeCaseParts, writeGoldenFile } from './golden-storage.ts';
import { loadVectorFile, loadVectors } from './load-vectors.ts';
import { mergeVectorDirs } from './merge-vector-dirs.ts';
import { buildVectorFileValue, renderJsonFile } from './render-vector-file.ts';
import { REPO_ROOT } from './repo-root.ts';

const GOLDEN = join(REPO_ROOT, 'golden');
const FUZZ_FILE = 'journal/fuzz-journal-read.json';

/** Writes `vectors` as DIR/journal/fuzz-journal-read.json, side files and all, as `formcert fuzz --out DIR` would. */
async function writeFindings(dir: string, vectors: readonly Vector[]): Promise<void> {
  await mkdir(join(dir, 'journal'), { recursive: true });
  const stored = vectors.map((v) => {
    const parts = storeCaseParts(v.id, v.input, v.expect);
    for (const [name, content] of parts.sideFiles) writeGoldenFile(join(dir, 'journal', name), content);
    return { id: v.id, name: v.name, op: v.op, profile: v.profile, requirements: v.requirements, input: parts.input, expect: parts.expect, note: v.note };
  });
  await writeFile(join(dir, FUZZ_FILE), renderJsonFile(buildVectorFileValue('journal', 'fuzz', stored)));
}

let scratch: string;
let cases: Vector[];
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'formcert-merge-'));
  const read = (await loadVectorFile(GOLDEN, 'journal/recipe-read.json')).vectors;
  // Real journal.read cases, one of them (the smallest such) with an input too long for a line (a side file).
  const large = read.filter((v) => v.input.length > 64 * 1024).sort((a, b) => a.input.length - b.input.length)[0];
  expect(large, 'golden/journal has a journal.read case stored in a side file').toBeDefined();
  cases = [large!, ...read.filter((v) => v !== large).slice(0, 8)];
});
afterEach(() => rm(scratch, { recursive: true, force: true }));

// The side-file case is the smallest journal.read input past 64 KiB (some 500 KB): a few seconds per test on a loaded machine.
describe('mergeVectorDirs', () => {
  it('writes each case of the inputs once, with its bytes, expectation and side file, in id order', async () => {
    const [a, b, out] = ['a', 'b', 'out'].map((d) => join(scratch, d)) as [string, string, string];
    await writeFindings(a, cases.slice(0, 6));
    await writeFindings(b, cases.slice(3));
    const result = await mergeVectorDirs([a, b], out);
    expect(result).toEqual({ files: [{ path: FUZZ_FILE, cases: 9 }], cases: 9, duplicates: 3, conflicts: [] });

    const merged = await loadVectors(out);
    expect(merged.map((v) => v.id)).toEqual(cases.map((v) => v.id).sort());
    for (const v of merged) {
      const original = cases.find((c) => c.id === v.id)!;
      expect(Buffer.from(v.input).equals(Buffer.from(original.input))).toBe(true);
      expect(v.expect).toEqual(original.expect);
      expect(v.note).toBe(original.note);
    }
    expect(await readdir(join(out, 'journal'))).toContain(`${cases[0]!.id}.bin.gz`);
  }, 60_000);

  it('gives the same bytes whatever the order of the inputs', async () => {
    const [a, b] = ['a', 'b'].map((d) => join(scratch, d)) as [string, string];
    await writeFindings(a, cases.slice(0, 6));
    await writeFindings(b, cases.slice(3));
    await mergeVectorDirs([a, b], join(scratch, 'ab'));
    await mergeVectorDirs([b, a], join(scratch, 'ba'));
    expect(await readFile(join(scratch, 'ba', FUZZ_FILE), 'utf8')).toBe(await readFile(join(scratch, 'ab', FUZZ_FILE), 'utf8'));
  }, 60_000);

  it('extends what the output directory already holds', async () => {
    const [a, out] = ['a', 'out'].map((d) => join(scratch, d)) as [string, string];
    await writeFindings(out, cases.slice(0, 2));
    await writeFindings(a, cases.slice(1, 4));
    expect(await mergeVectorDirs([a], out)).toMatchObject({ cases: 4, duplicates: 1 });
    expect((await loadVectors(out)).map((v) => v.id)).toEqual(cases.slice(0, 4).map((v) => v.id).sort());
  }, 60_000);

  it('refuses one id with two expectations and writes nothing', async () => {
    const [a, b, out] = ['a', 'b', 'out'].map((d) => join(scratch, d)) as [string, string, string];
    const victim = cases.find((v) => v.expect.verdict === 'reject')!;
    const other = { ...victim, expect: { verdict: 'reject' as const, code: victim.expect.verdict === 'reject' && victim.expect.code === 'TRUNCATED' ? 'BAD_HEADER' : 'TRUNCATED' } };
    await writeFindings(a, [victim]);
    await writeFindings(b, [other]);
    const result = await mergeVectorDirs([a, b], out);
    expect(result.conflicts).toHaveLength(1);
    expect(result.conflicts[0]).toContain(victim.id);
    expect(result.files).toEqual([]);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a malformed input file (an id that is not the hash of its input)', async () => {
    const a = join(scratch, 'a');
    await writeFindings(a, [{ ...cases[1]!, id: '0'.repeat(20) }]);
    await expect(mergeVectorDirs([a], join(scratch, 'out'))).rejects.toThrow(/is not caseId/);
  });
});
