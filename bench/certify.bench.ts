/**
 * `npm run bench -- certify`: throughput of `formcert certify` against the reference testee, exec mode
 * (one process per case) against persistent mode (one pipelined process), on the same vectors in the
 * same run; then the whole golden suite in persistent mode (FORMCERT_BENCH_VECTORS=DIR for another set).
 */
import { availableParallelism } from 'node:os';
import { benchSize, targetVerdict } from './bench-size.ts';
import { ExecTestee } from '../src/runner/exec-testee.ts';
import { FINAL_QUIET_MS as SETTLE_QUIET_MS, startPersistentTestee } from '../src/runner/persistent-testee.ts';
import { REFERENCE_EXEC_TEMPLATE, REFERENCE_SERVE_ARGV, referenceImplementation } from '../src/runner/reference-testee.ts';
import { runCertification } from '../src/runner/run-certification.ts';
import { PIPELINE_DEPTH } from '../src/runner/certify.ts';
import type { Testee } from '../src/runner/testee-reply.ts';
import { loadVectors } from '../src/runner/vectors/load-vectors.ts';
import { OP_NAMES } from '../src/shared/ops.ts';
import type { Vector } from '../src/shared/vectors.ts';

/**
 * Cases compared in exec and persistent mode: the whole suite in the full preset (the run a user makes;
 * a persistent run's fixed end-of-run watch would dominate a small sample), an even sample of 60 in the
 * quick one (exec mode costs a process start per case). CERTIFY_BENCH_EXEC_CASES=N sets another sample.
 */
const EXEC_SAMPLE = benchSize('CERTIFY_BENCH_EXEC_CASES', { full: Number.POSITIVE_INFINITY, quick: 60 });
const TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024 * 1024;

async function timeRun(testee: Testee, vectors: readonly Vector[], concurrency: number) {
  // The end-of-run watch of a persistent testee (its quiet window after the last answer, then `stop` and
  // the exit) is part of the run and stays in `seconds`; it is also timed apart, being a fixed cost.
  let settleSeconds = 0;
  const settle = testee.settle?.bind(testee);
  const timed: Testee = settle
    ? Object.assign(Object.create(testee) as Testee, {
        settle: async () => {
          const t = performance.now();
          try {
            return await settle();
          } finally {
            settleSeconds = (performance.now() - t) / 1000;
          }
        },
      })
    : testee;
  const started = performance.now();
  const result = await runCertification({ vectors, testee: timed, checkCodes: true, concurrency });
  const seconds = (performance.now() - started) / 1000;
  const passed = result.records.filter((r) => r.outcome === 'pass').length;
  // A case the reference does not pass is a finding, not noise: name it under the figures.
  const odd = result.records.filter((r) => r.outcome !== 'pass').map((r) => `  not passed: ${r.id} ${r.op} ${r.name}: ${r.outcome} (${r.got.detail ?? r.got.verdict})`);
  return { seconds, settleSeconds, perSecond: vectors.length / seconds, passed, total: result.records.length, odd };
}

function evenSample<T>(items: readonly T[], n: number): T[] {
  if (!Number.isFinite(n) || items.length <= n) return [...items];
  return Array.from({ length: n }, (_, i) => items[Math.floor((i * items.length) / n)]!);
}

async function persistent(jobs: number): Promise<Testee> {
  return startPersistentTestee({ argv: REFERENCE_SERVE_ARGV, jobs, depth: PIPELINE_DEPTH, timeoutMs: TIMEOUT_MS, maxOutputBytes: MAX_OUTPUT });
}

export default async function certifyBench(): Promise<string[]> {
  const dir = process.env.FORMCERT_BENCH_VECTORS ?? 'golden';
  const all = await loadVectors(dir);
  if (all.length === 0) return [`no vectors under ${dir}/: run \`formcert golden regenerate\` first`];
  const cpus = availableParallelism();
  const sample = evenSample(all, EXEC_SAMPLE);
  const lines = [`vectors: ${all.length} in ${dir}/; exec/persistent comparison on an even sample of ${sample.length}; ${cpus} CPUs`];

  const exec = new ExecTestee({ template: REFERENCE_EXEC_TEMPLATE, ops: OP_NAMES, timeoutMs: TIMEOUT_MS, maxOutputBytes: MAX_OUTPUT, implementation: referenceImplementation() });
  const e = await timeRun(exec, sample, cpus);
  lines.push(`exec mode, ${cpus} jobs:          ${e.perSecond.toFixed(1).padStart(8)} cases/s  (${e.total} cases in ${e.seconds.toFixed(2)} s, ${e.passed} pass)`, ...e.odd.slice(0, 5));

  const p1 = await persistent(1);
  const s = await timeRun(p1, sample, PIPELINE_DEPTH);
  await p1.close();
  lines.push(
    `persistent, 1 process:       ${s.perSecond.toFixed(1).padStart(8)} cases/s  (${s.total} cases in ${s.seconds.toFixed(2)} s, ${s.passed} pass; ` +
      `of which ${s.settleSeconds.toFixed(2)} s the end-of-run watch: ${SETTLE_QUIET_MS} ms quiet after the last answer, then stop and exit)`,
    ...s.odd.slice(0, 5),
  );
  lines.push(`persistent / exec (same ${sample.length} cases): ${(s.perSecond / e.perSecond).toFixed(1)}×  (target ≥ 200×: ${targetVerdict(s.perSecond / e.perSecond >= 200)})`);

  for (const jobs of [1, cpus].filter((j, i, a) => a.indexOf(j) === i)) {
    const startedAt = performance.now();
    const t = await persistent(jobs);
    const whole = await timeRun(t, all, jobs * PIPELINE_DEPTH);
    await t.close();
    const wall = (performance.now() - startedAt) / 1000;
    lines.push(
      `whole suite, persistent, ${jobs} process${jobs > 1 ? 'es' : ''}: ${whole.total} cases in ${wall.toFixed(2)} s incl. start-up ` +
        `(${whole.perSecond.toFixed(0)} cases/s, ${whole.passed} pass; target < 60 s)`,
      ...whole.odd.slice(0, 5),
    );
    // Only a sample needs the whole suite's rate beside it; on the whole suite the two are the same run.
    if (jobs === 1 && sample.length < all.length) lines.push(`persistent whole suite / exec sample, cases per second: ${(whole.perSecond / e.perSecond).toFixed(1)}× (steadier than the 60-case figure)`);
  }
  return lines;
}
