/**
 * `npm run bench -- fuzz`: `formcert fuzz` throughput against the reference persistent testee, in
 * cases per second per op on small inputs (the golden corpus plus the case sources, mutated). Every
 * case costs an oracle run, a protocol round trip and a comparison, so this is the figure a user sees
 * when fuzzing a fast reader. FORMCERT_BENCH_FUZZ_RUNS sets the cases per op.
 *
 * Each op runs with the fuzz default (16 cases in flight, FUZZ_PIPELINE_DEPTH); the two ops with a
 * target also run one case at a time in the same process, so the gain of the pipeline is measured in
 * the same run. CPU per case is reported for both sides (the runner: this process; the testee: its
 * process, from /proc on Linux), the figure that does not depend on how busy the machine is.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadOracleOp } from '../src/runner/oracle-ops.ts';
import { REFERENCE_SERVE_ARGV } from '../src/runner/reference-testee.ts';
import { runFuzz } from '../src/runner/fuzz/run-fuzz.ts';
import { buildSeedCorpus, builtInCorpus, caseSourceCorpus, goldenCorpus } from '../src/runner/fuzz/seed-corpus.ts';
import { FUZZ_PIPELINE_DEPTH, startFuzzTestee } from '../src/runner/fuzz/start-fuzz-testee.ts';
import { OP_NAMES, type OpName } from '../src/shared/ops.ts';
import { benchSize, targetVerdict } from './bench-size.ts';

/** Target of the fuzz figure for journal.read and morph.c14n (issue 14). */
const TARGET_PER_SECOND = 1000;
const TARGET_OPS: readonly OpName[] = ['journal.read', 'morph.c14n'];
/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const USER_HZ = 100;

/** CPU seconds used so far by the processes this one started (Linux /proc; undefined elsewhere). */
function childrenCpuSeconds(): number | undefined {
  let total = 0;
  try {
    for (const task of readdirSync(`/proc/${process.pid}/task`)) {
      for (const pid of readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) {
        // Fields after the parenthesised command name: utime and stime are the 12th and 13th.
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        total += (Number(fields[11]) + Number(fields[12])) / USER_HZ;
      }
    }
  } catch {
    return undefined;
  }
  return total;
}

async function fuzzRate(op: OpName, runs: number, window: number): Promise<string> {
  const oracle = await loadOracleOp(op);
  if (!oracle) throw new Error(`no reference oracle for ${op}`);
  const corpus = await buildSeedCorpus(op, [goldenCorpus(), caseSourceCorpus(), builtInCorpus()]);
  const testee = await startFuzzTestee(op, REFERENCE_SERVE_ARGV, { persistent: true, timeoutMs: 30_000 });
  try {
    const testeeCpu0 = childrenCpuSeconds();
    const cpu0 = process.cpuUsage();
    const started = performance.now();
    const report = await runFuzz({ op, testee, oracle, corpus, runs, seed: 20261203, maxDisagreements: 1, shrinkBudget: 0, window });
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const testeeCpu1 = childrenCpuSeconds();
    const rate = report.runs / seconds;
    const perCase = (s: number) => `${((s * 1000) / report.runs).toFixed(2)}`;
    const runnerCpu = perCase((cpu.user + cpu.system) / 1e6);
    const testeeCpu = testeeCpu0 !== undefined && testeeCpu1 !== undefined ? perCase(testeeCpu1 - testeeCpu0) : 'n/a';
    const target = TARGET_OPS.includes(op) ? `  (target ≥ ${TARGET_PER_SECOND}/s: ${targetVerdict(rate >= TARGET_PER_SECOND)})` : '';
    const found = report.disagreements.length > 0 ? `  DISAGREEMENT with the reference: ${report.disagreements[0]!.id}` : '';
    return (
      `${op.padEnd(18)} ${String(window).padStart(2)} in flight ${rate.toFixed(0).padStart(6)} cases/s  (${report.runs} cases in ${seconds.toFixed(2)} s;` +
      ` CPU ms/case runner ${runnerCpu}, testee ${testeeCpu})${target}${found}`
    );
  } finally {
    await testee.close();
  }
}

export default async function fuzzBench(): Promise<string[]> {
  const runs = benchSize('FORMCERT_BENCH_FUZZ_RUNS', { full: 3000, quick: 300 });
  const lines = [`fuzz against the reference persistent testee, ${runs} cases per op, one testee process`];
  for (const op of OP_NAMES) lines.push(await fuzzRate(op, runs, FUZZ_PIPELINE_DEPTH));
  for (const op of TARGET_OPS) lines.push(await fuzzRate(op, runs, 1));
  return lines;
}
