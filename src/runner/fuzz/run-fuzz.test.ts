import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../../../test-support/timeouts.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOracleOp } from '../oracle-ops.ts';
import { runCertification } from '../run-certification.ts';
import { loadVectorFile } from '../vectors/load-vectors.ts';
import { REPO_ROOT } from '../vectors/repo-root.ts';
import { runFuzz } from './run-fuzz.ts';
import { saveFuzzVectors } from './save-fuzz-vectors.ts';
import { builtInCorpus, buildSeedCorpus } from './seed-corpus.ts';
import { startFuzzTestee } from './start-fuzz-testee.ts';

const READER = join(REPO_ROOT, 'conformance', 'testees', 'python', 'formcert_reader.py');
const argv = (...fault: string[]) => ['python3', READER, ...(fault.length ? ['--fault', ...fault] : []), '--persistent'];

async function fuzzJournal(testeeArgv: string[], runs: number, seed: number) {
  const testee = await startFuzzTestee('journal.read', testeeArgv, { persistent: true, timeoutMs: 10_000 });
  try {
    const oracle = (await loadOracleOp('journal.read'))!;
    const corpus = await buildSeedCorpus('journal.read', [builtInCorpus()]);
    return await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs, seed, maxDisagreements: 1, shrinkBudget: 100 });
  } finally {
    await testee.close();
  }
}

describe('runFuzz against the Python reader', () => {
  it('finds no disagreement with the clean reader', async () => {
    const report = await fuzzJournal(argv(), 300, 101);
    expect(report.runs).toBe(300);
    expect(report.disagreements).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('finds, shrinks and saves a replayable accepted-invalid case for a reader that tolerates CR', async () => {
    const report = await fuzzJournal(argv('journal-cr-tolerated'), 500, 101);
    expect(report.disagreements).toHaveLength(1);
    const d = report.disagreements[0]!;
    expect(d.judgement.disagreement).toBe('accepted-invalid');
    expect(d.judgement.expectation.expect).toEqual({ verdict: 'reject', code: 'CARRIAGE_RETURN' });
    expect(d.input.includes(0x0d)).toBe(true);
    expect(d.input.length).toBeLessThan(400);

    const dir = await mkdtemp(join(tmpdir(), 'formcert-fuzz-test-'));
    try {
      const saved = await saveFuzzVectors(dir, 'journal.read', report.disagreements, { testeeName: 't', argv: argv(), persistent: true });
      expect(saved.cases).toBe(1);
      const file = await loadVectorFile(dir, 'journal/fuzz-journal-read.json');
      expect(file.source).toBe('fuzz');
      expect(file.vectors[0]!.id).toBe(d.id);
      expect(file.vectors[0]!.note).toContain(`--seed ${d.seed} --replay ${d.path}`);
      // Saving again merges by id instead of duplicating.
      expect((await saveFuzzVectors(dir, 'journal.read', report.disagreements, { testeeName: 't', argv: argv(), persistent: true })).cases).toBe(1);

      // Replayed through certification, the faulty reader fails the case and the clean one passes it.
      for (const [a, failing] of [[argv('journal-cr-tolerated'), 1], [argv(), 0]] as const) {
        const testee = await startFuzzTestee('journal.read', a, { persistent: true, timeoutMs: 10_000 });
        try {
          const result = await runCertification({ vectors: file.vectors, testee, checkCodes: false, concurrency: 1 });
          expect(result.records.filter((r) => r.outcome !== 'pass')).toHaveLength(failing);
        } finally {
          await testee.close();
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, PROCESS_TEST_TIMEOUT_MS);

  it('replays a counterexample from its seed and path', async () => {
    const first = await fuzzJournal(argv('journal-torn-tail-refused'), 500, 202);
    const d = first.disagreements[0]!;
    const testee = await startFuzzTestee('journal.read', argv('journal-torn-tail-refused'), { persistent: true, timeoutMs: 10_000 });
    try {
      const oracle = (await loadOracleOp('journal.read'))!;
      const corpus = await buildSeedCorpus('journal.read', [builtInCorpus()]);
      const replay = await runFuzz({
        op: 'journal.read', testee, oracle, corpus, runs: 1, seed: d.seed, replayPath: d.path, maxDisagreements: 1, shrinkBudget: 0,
      });
      expect(replay.disagreements.map((x) => x.id)).toEqual([d.id]);
      expect(replay.disagreements[0]!.judgement.disagreement).toBe('rejected-valid');
    } finally {
      await testee.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
