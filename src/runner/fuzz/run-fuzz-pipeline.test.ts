/**
 * Issue 14: fuzzing keeps several cases in flight to a persistent testee. Pipelining must change only
 * the speed: the cases are the ones fc.check draws for the seed, in its order, and a run reports the
 * same disagreements, runs and replay paths with 16 cases in flight as with one, even when the
 * testee's replies overtake each other.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadOracleOp } from '../oracle-ops.ts';
import type { Testee, TesteeAnswer, TesteeReply } from '../testee-reply.ts';
import { fuzzCase, fuzzCaseBytes } from './fuzz-input.ts';
import { runFuzz, type FuzzReport } from './run-fuzz.ts';
import { builtInCorpus, buildSeedCorpus } from './seed-corpus.ts';

type Oracle = NonNullable<Awaited<ReturnType<typeof loadOracleOp>>>;

const oracle = (await loadOracleOp('journal.read'))!;
const corpus = await buildSeedCorpus('journal.read', [builtInCorpus()]);

/** Waits 0, 1 or 2 turns of the event loop, so that replies to pipelined runs arrive out of order. */
function jitter(n: number): Promise<void> {
  if (n % 3 === 0) return Promise.resolve();
  if (n % 3 === 1) return new Promise((r) => setImmediate(r));
  return new Promise((r) => setTimeout(r, 1));
}

/**
 * An in-process persistent testee that answers like the oracle, except that it accepts every input
 * with a CR byte when `tolerateCr` is set, and crashes on the first sight of each input when `flaky`.
 * It records what it received, in order, and the most runs it had in flight at once.
 */
function fakeTestee(o: Oracle, faults: { tolerateCr?: boolean; flaky?: boolean } = {}) {
  const seen = new Set<string>();
  const state = { received: [] as Uint8Array[], inFlight: 0, maxInFlight: 0 };
  const testee: Testee = {
    mode: 'persistent',
    implementation: { name: 'fake' },
    ops: new Map([['journal.read', { observe: true }]]),
    async run(_op, path): Promise<TesteeAnswer> {
      const bytes = new Uint8Array(readFileSync(path));
      state.received.push(bytes);
      state.inFlight++;
      state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
      try {
        await jitter(state.received.length * 7 + bytes.length);
        const key = Buffer.from(bytes).toString('base64');
        if (faults.flaky && !seen.has(key)) {
          seen.add(key);
          return { reply: { kind: 'errored', errorClass: 'crash', detail: 'testee process died (exit status 139)' }, timeMs: 1, stderr: '' };
        }
        if (faults.tolerateCr && bytes.includes(0x0d)) return { reply: { kind: 'accept', observation: new Map() }, timeMs: 1, stderr: '' };
        const outcome = await o(bytes);
        let reply: TesteeReply;
        if ('skipped' in outcome) reply = { kind: 'skipped', reason: outcome.skipped };
        else if (outcome.accept) reply = { kind: 'accept', observation: outcome.observation };
        else reply = { kind: 'reject', code: outcome.error.code };
        return { reply, timeMs: 1, stderr: '' };
      } finally {
        state.inFlight--;
      }
    },
    async close() {},
  };
  return { testee, state };
}

/** What a run reports, without timings. */
function essence(r: FuzzReport) {
  return {
    runs: r.runs,
    rounds: r.rounds,
    oracleSkips: r.oracleSkips,
    disagreeingCases: r.disagreeingCases,
    disagreements: r.disagreements.map((d) => ({ id: d.id, class: d.judgement.disagreement, count: d.count, seed: d.seed, path: d.path, shrinks: d.shrinks })),
  };
}

describe('runFuzz with cases in flight', () => {
  it('sends the cases fc.check draws for the seed, in its order, across generation batches', async () => {
    const runs = 270;
    const seed = 4242;
    const expected: Uint8Array[] = [];
    fc.check(
      fc.property(fuzzCase(corpus), (c) => {
        expected.push(fuzzCaseBytes(corpus, c));
      }),
      { seed, numRuns: runs },
    );
    const { testee, state } = fakeTestee(oracle);
    const report = await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs, seed, maxDisagreements: 1, shrinkBudget: 0, window: 16 });
    expect(report.runs).toBe(runs);
    expect(report.disagreements).toEqual([]);
    expect(report.oracleSkips).toBe(0);
    expect(state.maxInFlight).toBe(16);
    expect(state.received.map((b) => Buffer.from(b).toString('base64'))).toEqual(expected.map((b) => Buffer.from(b).toString('base64')));
  });

  it('asks the oracle once per input object, and the testee (which asks it afresh) agrees with every answer', async () => {
    const runs = 270;
    const seed = 4243;
    const inputs = new Set<Uint8Array>();
    fc.check(
      fc.property(fuzzCase(corpus), (c) => {
        inputs.add(fuzzCaseBytes(corpus, c));
      }),
      { seed, numRuns: runs },
    );
    let calls = 0;
    const counted: Oracle = Object.assign((bytes: Uint8Array) => {
      calls++;
      return oracle(bytes);
    }, oracle);
    const { testee } = fakeTestee(oracle);
    const report = await runFuzz({ op: 'journal.read', testee, oracle: counted, corpus, runs, seed, maxDisagreements: 1, shrinkBudget: 0, window: 16 });
    expect(report.runs).toBe(runs);
    expect(report.disagreements).toEqual([]);
    // Unmutated corpus entries come back as the same object: fewer oracle runs than cases.
    expect(inputs.size).toBeLessThan(runs);
    expect(calls).toBe(inputs.size);
  });

  it('reports the same disagreements, runs and paths with 16 in flight as one at a time', async () => {
    const reports: ReturnType<typeof essence>[] = [];
    for (const window of [1, 16]) {
      const { testee, state } = fakeTestee(oracle, { tolerateCr: true });
      const report = await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs: 300, seed: 11, maxDisagreements: 10, shrinkBudget: 20, window });
      expect(state.maxInFlight).toBe(window);
      reports.push(essence(report));
    }
    // Several findings, and known ones counted again: the counts are compared too.
    expect(reports[0]!.disagreements.length).toBeGreaterThan(1);
    expect(reports[0]!.disagreeingCases).toBeGreaterThan(reports[0]!.disagreements.length);
    expect(reports[0]!.disagreements.every((d) => d.class === 'accepted-invalid')).toBe(true);
    expect(reports[1]).toEqual(reports[0]);
  });

  it('replays a pipelined run’s counterexample from its seed and path', async () => {
    const { testee } = fakeTestee(oracle, { tolerateCr: true });
    const first = await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs: 200, seed: 12, maxDisagreements: 1, shrinkBudget: 20, window: 16 });
    const d = first.disagreements[0]!;
    const replay = await runFuzz({
      op: 'journal.read', testee, oracle, corpus, runs: 1, seed: d.seed, replayPath: d.path, maxDisagreements: 1, shrinkBudget: 0,
    });
    expect(replay.disagreements.map((x) => x.id)).toEqual([d.id]);
  });

  it('drops a crash that does not reproduce on a second run, with 16 in flight', async () => {
    const { testee, state } = fakeTestee(oracle, { flaky: true });
    const report = await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs: 100, seed: 13, maxDisagreements: 1, shrinkBudget: 5, window: 16 });
    expect(report.disagreements).toEqual([]);
    expect(report.runs).toBe(100);
    // Every first sight crashed and was run again.
    expect(state.received.length).toBeGreaterThan(100);
  });
});
