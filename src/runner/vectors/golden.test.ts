/**
 * Every committed golden vector, run through the reference oracle in-process: accepted vectors must be accepted
 * with a semantically equal observation (R-S3), rejected ones rejected with the stored code.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonDiff, jsonEqual } from '../../shared/json/equal.ts';
import type { Vector } from '../../shared/vectors.ts';
import { CASE_SOURCE_FILE, FORMATS, GENERATORS_DIR } from './constants.ts';
import { runOracleOp } from './judge-cases.ts';
import { loadVectors } from './load-vectors.ts';
import { REPO_ROOT } from './repo-root.ts';

const vectors = await loadVectors();
const files = [...new Set(vectors.map((v) => v.file))];

/** Why the oracle's answer to `v` is not the stored expectation, or undefined when it is. */
async function checkVector(v: Vector): Promise<string | undefined> {
  let outcome: Awaited<ReturnType<typeof runOracleOp>>;
  try {
    outcome = await runOracleOp(v.op, v.input);
  } catch (err) {
    return `oracle threw: ${err instanceof Error ? err.message : String(err)}`;
  }
  if (outcome === undefined) return `no oracle provides ${v.op}`;
  if ('skipped' in outcome) return `oracle skipped: ${outcome.skipped}`;
  const e = v.expect;
  if (e.verdict === 'either') return undefined;
  if (e.verdict === 'reject') {
    if (outcome.accept) return `expected reject ${e.code}, oracle accepted`;
    return outcome.error.code === e.code ? undefined : `expected reject ${e.code}, oracle rejected with ${outcome.error.code}`;
  }
  if (!outcome.accept) return `expected accept, oracle rejected with ${outcome.error.code}`;
  if (e.observation === undefined || jsonEqual(e.observation, outcome.observation)) return undefined;
  return `observation differs: ${jsonDiff(e.observation, outcome.observation, 3).join('; ')}`;
}

describe('golden vectors agree with the reference oracle', () => {
  it('golden/ holds vectors for every format that has a case source', () => {
    const withSource = FORMATS.filter((f) => existsSync(join(REPO_ROOT, GENERATORS_DIR, f, CASE_SOURCE_FILE)));
    const withVectors = new Set(vectors.map((v) => v.format));
    expect(withSource.filter((f) => !withVectors.has(f))).toEqual([]);
  });

  it.each(files)('%s', async (file) => {
    const failures: string[] = [];
    for (const v of vectors.filter((x) => x.file === file)) {
      const why = await checkVector(v);
      if (why !== undefined) failures.push(`${v.name} (${v.id}): ${why}`);
    }
    expect(failures).toEqual([]);
    // A file of cases at the size limits (inputs of 16–28 MB) takes some seconds.
  }, 60_000);
});
