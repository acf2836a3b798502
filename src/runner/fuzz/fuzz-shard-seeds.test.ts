/**
 * `formcert fuzz --shard I/N`: the jobs of one campaign share a base seed and never draw the same
 * fast-check seed, so N jobs search N disjoint seed sequences instead of N copies of one.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../test-support/assert-property.ts';
import { loadOracleOp } from '../oracle-ops.ts';
import type { Testee, TesteeAnswer } from '../testee-reply.ts';
import { roundSeed, runFuzz } from './run-fuzz.ts';
import { builtInCorpus, buildSeedCorpus } from './seed-corpus.ts';

describe('roundSeed', () => {
  it('gives every round of every shard of a campaign its own seed', () => {
    assertProperty(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 16 }), fc.integer({ min: 1, max: 40 }), (seed, count, rounds) => {
        const seen = new Map<number, string>();
        for (let index = 1; index <= count; index++) {
          for (let round = 0; round < rounds; round++) {
            const s = roundSeed(seed, round, { index, count });
            const other = seen.get(s);
            if (other !== undefined) throw new Error(`seed ${s} drawn by ${other} and by shard ${index} round ${round}`);
            seen.set(s, `shard ${index} round ${round}`);
          }
        }
        // 32-bit wrap-around included: fast-check takes int32 seeds.
        for (const s of seen.keys()) expect(s).toBe(s | 0);
      }),
    );
  });

  it('keeps the unsharded sequence (seed, seed + 1, …) so earlier --seed runs still replay', () => {
    assertProperty(
      fc.property(fc.integer(), fc.nat(1000), (seed, round) => {
        expect(roundSeed(seed, round)).toBe((seed + round) | 0);
        expect(roundSeed(seed, round, { index: 1, count: 1 })).toBe((seed + round) | 0);
      }),
    );
  });
});

/** A reader that crashes on every input: each round of the loop finds a disagreement and a new round starts. */
function crashingTestee(): Testee {
  return {
    mode: 'exec',
    implementation: { name: 'crashes' },
    ops: new Map([['journal.read', { observe: false }]]),
    async run(_op, path): Promise<TesteeAnswer> {
      readFileSync(path);
      return { reply: { kind: 'errored', errorClass: 'crash', detail: 'exit status 139' }, timeMs: 1, stderr: '' };
    },
    async close() {},
  };
}

describe('runFuzz with a shard', () => {
  it('runs shard I on seeds seed + (I-1) + r·N, and every saved seed and path replays its case alone', async () => {
    const oracle = (await loadOracleOp('journal.read'))!;
    const corpus = await buildSeedCorpus('journal.read', [builtInCorpus()]);
    const base = { op: 'journal.read' as const, oracle, corpus, runs: 40, seed: 1000, maxDisagreements: 3, shrinkBudget: 3 };
    const seedsByShard: number[][] = [];
    for (const index of [1, 2, 3]) {
      const report = await runFuzz({ ...base, testee: crashingTestee(), shard: { index, count: 3 } });
      seedsByShard.push(report.disagreements.map((d) => d.seed));
      // The recorded seed is the one fast-check ran: replaying it unsharded, with the run's own shrink
      // budget (as the printed command does), finds the same case, for a later round's finding too
      // (a later round here spends its whole budget: a replay that shrank on would report a smaller case).
      for (const d of report.disagreements) {
        const replay = await runFuzz({ ...base, testee: crashingTestee(), seed: d.seed, replayPath: d.path, maxDisagreements: 1 });
        expect(replay.disagreements.map((r) => r.id), `shard ${index} seed ${d.seed}`).toEqual([d.id]);
      }
    }
    expect(seedsByShard).toEqual([
      [1000, 1003, 1006],
      [1001, 1004, 1007],
      [1002, 1005, 1008],
    ]);
  });
});
