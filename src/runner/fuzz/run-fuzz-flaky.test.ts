/** Issue 11 item 9: fuzzing saves a crash only when it reproduces on a fresh run of the same input. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadOracleOp } from '../oracle-ops.ts';
import type { Testee, TesteeAnswer } from '../testee-reply.ts';
import { runFuzz } from './run-fuzz.ts';
import { builtInCorpus, buildSeedCorpus } from './seed-corpus.ts';

/** Crashes on the first sight of each input, answers like a good reader (by the oracle) afterwards. */
function flakyTestee(oracle: NonNullable<Awaited<ReturnType<typeof loadOracleOp>>>, crashEveryTime: boolean): Testee & { calls: number } {
  const seen = new Set<string>();
  return {
    mode: 'exec',
    implementation: { name: 'flaky' },
    ops: new Map([['journal.read', { observe: false }]]),
    calls: 0,
    async run(_op, path): Promise<TesteeAnswer> {
      this.calls++;
      const bytes = readFileSync(path);
      const key = bytes.toString('base64');
      if (crashEveryTime || !seen.has(key)) {
        seen.add(key);
        return { reply: { kind: 'errored', errorClass: 'crash', detail: 'exit status 139' }, timeMs: 1, stderr: '' };
      }
      const outcome = await oracle(new Uint8Array(bytes));
      return { reply: 'accept' in outcome && outcome.accept ? { kind: 'accept' } : { kind: 'reject' }, timeMs: 1, stderr: '' };
    },
    async close() {},
  };
}

describe('runFuzz re-checks crashes', () => {
  it('drops a crash that does not reproduce and keeps one that does', async () => {
    const oracle = (await loadOracleOp('journal.read'))!;
    const corpus = await buildSeedCorpus('journal.read', [builtInCorpus()]);
    const base = { op: 'journal.read' as const, oracle, corpus, runs: 20, seed: 7, maxDisagreements: 1, shrinkBudget: 5 };
    const flaky = flakyTestee(oracle, false);
    const clean = await runFuzz({ ...base, testee: flaky });
    expect(clean.disagreements).toEqual([]);
    // Every first sight crashed and was run again (inputs generated twice crash only once).
    expect(flaky.calls).toBeGreaterThan(clean.runs);
    const steady = await runFuzz({ ...base, testee: flakyTestee(oracle, true) });
    expect(steady.disagreements).toHaveLength(1);
    expect(steady.disagreements[0]!.judgement.disagreement).toBe('crash');
  });
});
