/**
 * The golden vectors as the oracle's own test, for mutation testing (scripts/mutation/README.md).
 * One test per case, so Stryker's per-test coverage reruns only the cases that reach a mutant.
 * FORMCERT_MUTATION_FORMAT picks the format (`shared` runs every format's cases: all of them use
 * src/shared). Each vector is run under the strict profile and, when its rule is in the format
 * document, under core as well, so both sides of every profile branch are pinned.
 */
import { describe, expect, it } from 'vitest';
import { loadOracleOp } from '../../src/runner/oracle-ops.ts';
import { compareObservation } from '../../src/runner/compare-observation.ts';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import type { Profile } from '../../src/shared/errors.ts';
import type { OpOutcome } from '../../src/shared/ops.ts';
import type { Vector } from '../../src/shared/vectors.ts';

const format = process.env.FORMCERT_MUTATION_FORMAT ?? 'journal';
// Smallest inputs first: Stryker stops a mutant's run at its first failing test, so a killed mutant
// costs the small cases only, and the multi-MiB ones run for survivors alone.
// Stryker reruns this file once per mutant in the same worker: the vectors are read and checked once.
const cache = globalThis as { formcertMutationVectors?: Vector[] };
cache.formcertMutationVectors ??= (await loadVectors())
  .filter((v) => format === 'shared' || v.format === format)
  .sort((a, b) => a.input.length - b.input.length);
const vectors = cache.formcertMutationVectors;

/** What differs between the oracle's outcome and the vector; empty when they agree. */
function describeDisagreement(vector: Vector, outcome: OpOutcome): string[] {
  if ('skipped' in outcome) return [`oracle skipped: ${outcome.skipped}`];
  const { expect: want } = vector;
  if (want.verdict === 'either') return [];
  if (want.verdict === 'reject') {
    if (outcome.accept) return ['oracle accepted an input the vector rejects'];
    return outcome.error.code === want.code ? [] : [`code: expected ${want.code}, got ${outcome.error.code}`];
  }
  if (!outcome.accept) return [`oracle rejected a valid input: ${outcome.error.code}`];
  return want.observation === undefined ? [] : compareObservation(want.observation, outcome.observation);
}

async function runVector(vector: Vector, profile: Profile): Promise<string[]> {
  const handler = await loadOracleOp(vector.op);
  if (!handler) return [`no oracle for ${vector.op}`];
  return describeDisagreement(vector, await handler(vector.input, { profile }));
}

describe(`golden vectors through the ${format} oracle`, () => {
  it('finds the cases', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });
  for (const vector of vectors) {
    it(`${vector.id} ${vector.op} ${vector.name} (strict)`, async () => {
      expect(await runVector(vector, 'strict')).toEqual([]);
    });
    if (vector.profile === 'core') {
      it(`${vector.id} ${vector.op} ${vector.name} (core)`, async () => {
        expect(await runVector(vector, 'core')).toEqual([]);
      });
    }
  }
});
