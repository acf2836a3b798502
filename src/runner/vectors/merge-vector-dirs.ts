/**
 * Merges vector directories (the saved findings of the jobs of a fuzz campaign, typically) into one,
 * each case once by its id, so that `formcert certify --vectors <out>` replays them all. Every input
 * file is loaded and checked like golden/ (schema, ids, side files); the merged files are written
 * through the same storage rules (inline or side file) and come out the same whatever order the
 * inputs are given in.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { jsonEqual } from '../../shared/json/equal.ts';
import type { Vector, VectorExpectation } from '../../shared/vectors.ts';
import { compareCodePoints } from '../../shared/text.ts';
import type { FormatName, VectorSource } from './constants.ts';
import { storeCaseParts, writeGoldenFile } from './golden-storage.ts';
import { loadVectorFiles } from './load-vectors.ts';
import { buildVectorFileValue, renderJsonFile, type StoredCase } from './render-vector-file.ts';

/** What a merge wrote, or why it wrote nothing. */
export interface MergeVectorsResult {
  /** Merged vector files, relative to the output directory, with their case counts. */
  readonly files: readonly { readonly path: string; readonly cases: number }[];
  /** Distinct cases written. */
  readonly cases: number;
  /** Cases dropped because an earlier input already held their id. */
  readonly duplicates: number;
  /**
   * Ids held with different expectations or profiles (the inputs were saved by different oracle
   * versions): nothing is written, since either choice could be wrong.
   */
  readonly conflicts: readonly string[];
}

interface MergedFile {
  readonly format: FormatName;
  readonly source: VectorSource;
  readonly vectors: Vector[];
}

/**
 * Merges the vector files under `inputs` (and those already under `outDir`, which the merge extends)
 * into `outDir`. A case id seen before is dropped; it stays in the file it first appeared in (inputs in
 * the order given, files in code-point order). Cases are written sorted by id. Throws
 * `VectorFileError` on a malformed input file.
 */
export async function mergeVectorDirs(inputs: readonly string[], outDir: string): Promise<MergeVectorsResult> {
  const out = resolve(outDir);
  const byPath = new Map<string, MergedFile>();
  const firstSeen = new Map<string, Vector>();
  const conflicts: string[] = [];
  let duplicates = 0;
  for (const dir of [out, ...inputs.map((d) => resolve(d))]) {
    for (const file of await loadVectorFiles(dir)) {
      let merged = byPath.get(file.path);
      if (!merged) {
        merged = { format: file.format, source: file.source, vectors: [] };
        byPath.set(file.path, merged);
      }
      for (const v of file.vectors) {
        const first = firstSeen.get(v.id);
        if (!first) {
          firstSeen.set(v.id, v);
          merged.vectors.push(v);
          continue;
        }
        if (first.profile !== v.profile || !sameExpectation(first.expect, v.expect)) {
          conflicts.push(`${v.id}: ${describe(first)} in ${first.file}, ${describe(v)} in ${v.file}`);
        }
        duplicates++;
      }
    }
  }
  if (conflicts.length > 0) return { files: [], cases: 0, duplicates, conflicts };

  const files: { path: string; cases: number }[] = [];
  for (const [path, merged] of [...byPath].sort(([a], [b]) => compareCodePoints(a, b))) {
    if (merged.vectors.length === 0) continue;
    const dir = join(out, dirname(path));
    await mkdir(dir, { recursive: true });
    const stored: StoredCase[] = [];
    for (const v of merged.vectors.sort((a, b) => compareCodePoints(a.id, b.id))) {
      const parts = storeCaseParts(v.id, v.input, v.expect);
      for (const [name, content] of parts.sideFiles) writeGoldenFile(join(dir, name), content);
      stored.push({ id: v.id, name: v.name, op: v.op, profile: v.profile, requirements: v.requirements, input: parts.input, expect: parts.expect, note: v.note });
    }
    await writeFile(join(out, path), renderJsonFile(buildVectorFileValue(merged.format, merged.source, stored)));
    files.push({ path, cases: stored.length });
  }
  return { files, cases: firstSeen.size, duplicates, conflicts };
}

/** True when two stored expectations say the same (observations compared as JSON values, lexemes aside). */
function sameExpectation(a: VectorExpectation, b: VectorExpectation): boolean {
  if (a.verdict === 'reject' && b.verdict === 'reject') return a.code === b.code;
  if (a.verdict === 'accept' && b.verdict === 'accept') {
    if (a.observation === undefined || b.observation === undefined) return a.observation === b.observation;
    return jsonEqual(a.observation, b.observation);
  }
  return a.verdict === b.verdict;
}

function describe(v: Vector): string {
  const e = v.expect;
  return `${v.profile} ${e.verdict}${e.verdict === 'reject' ? ` ${e.code}` : ''}`;
}
