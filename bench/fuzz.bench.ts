/**
 * `npm run bench -- fuzz`: `formcert fuzz` throughput against the reference persistent testee, in
 * cases per second per op on small inputs (the golden corpus plus the case sources, mutated). Every
 * case costs an oracle run, a protocol round trip and a comparison, so this is the figure a user sees
 * when fuzzing a fast reader. FORMCERT_BENCH_FUZZ_RUNS sets the cases per op.
 */
import { loadOracleOp } from '../src/runner/oracle-ops.ts';
import { REFERENCE_SERVE_ARGV } from '../src/runner/reference-testee.ts';
import { runFuzz } from '../src/runner/fuzz/run-fuzz.ts';
import { buildSeedCorpus, builtInCorpus, caseSourceCorpus, goldenCorpus } from '../src/runner/fuzz/seed-corpus.ts';
import { startFuzzTestee } from '../src/runner/fuzz/start-fuzz-testee.ts';
import { OP_NAMES, type OpName } from '../src/shared/ops.ts';
import { benchSize } from './bench-size.ts';

/** Target of the fuzz figure for journal.read and morph.c14n (issue 14). */
const TARGET_PER_SECOND = 1000;

async function fuzzRate(op: OpName, runs: number): Promise<string> {
  const oracle = await loadOracleOp(op);
  if (!oracle) throw new Error(`no reference oracle for ${op}`);
  const corpus = await buildSeedCorpus(op, [goldenCorpus(), caseSourceCorpus(), builtInCorpus()]);
  const testee = await startFuzzTestee(op, REFERENCE_SERVE_ARGV, { persistent: true, timeoutMs: 30_000 });
  try {
    const started = performance.now();
    const report = await runFuzz({ op, testee, oracle, corpus, runs, seed: 20261203, maxDisagreements: 1, shrinkBudget: 0 });
    const seconds = (performance.now() - started) / 1000;
    const rate = report.runs / seconds;
    const target = op === 'journal.read' || op === 'morph.c14n' ? `  (target ≥ ${TARGET_PER_SECOND}/s)` : '';
    const found = report.disagreements.length > 0 ? `  DISAGREEMENT with the reference: ${report.disagreements[0]!.id}` : '';
    return `${op.padEnd(20)} ${rate.toFixed(0).padStart(6)} cases/s  (${report.runs} cases in ${seconds.toFixed(2)} s)${target}${found}`;
  } finally {
    await testee.close();
  }
}

export default async function fuzzBench(): Promise<string[]> {
  const runs = benchSize('FORMCERT_BENCH_FUZZ_RUNS', { full: 3000, quick: 300 });
  const lines = [`fuzz against the reference persistent testee, ${runs} cases per op, one testee process`];
  for (const op of OP_NAMES) lines.push(await fuzzRate(op, runs));
  return lines;
}
