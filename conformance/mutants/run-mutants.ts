/**
 * Runs the mutant corpus: each mutant through certification over golden/ (is it caught?) and
 * through `fuzz` with a small fixed budget (does fuzzing alone catch it?). Used by the mutant
 * tests and by `npm run mutants:table`, which writes KILL-RATE.md.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpName } from '../../src/shared/ops.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { isFailingOutcome } from '../../src/results/outcome.ts';
import { ExecTestee } from '../../src/runner/exec-testee.ts';
import { startPersistentTestee } from '../../src/runner/persistent-testee.ts';
import { runCertification } from '../../src/runner/run-certification.ts';
import { selectCases } from '../../src/runner/select-cases.ts';
import type { Testee } from '../../src/runner/testee-reply.ts';

/** The repository root (conformance/mutants/ → two levels up). */
export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** One deliberately broken reader. */
export interface Mutant {
  /** `<requirement>-<format>-<fault>`, lower case. */
  readonly name: string;
  readonly format: 'journal' | 'codegraph' | 'morph';
  /** The requirement id the fault breaks. */
  readonly requirement: string;
  /** The fault, as a third-party author might have made it. */
  readonly fault: string;
  /** The ops the mutant serves (it is certified and fuzzed on these only). */
  readonly ops: readonly OpName[];
  readonly mode: 'persistent' | 'exec';
  /** Command line, relative to the repository root; `node` is this Node binary. */
  readonly argv: readonly string[];
}

/** The manifest conformance/mutants/mutants.json. */
export function loadMutants(): Mutant[] {
  const text = readFileSync(join(REPO_ROOT, 'conformance', 'mutants', 'mutants.json'), 'utf8');
  return (JSON.parse(text) as { mutants: Mutant[] }).mutants;
}

/** The argv with `node` resolved to this process's binary and repository paths made absolute. */
export function resolveArgv(argv: readonly string[]): string[] {
  return argv.map((a, i) => {
    if (i === 0 && a === 'node') return process.execPath;
    return /^(conformance|bin|src)\//.test(a) ? join(REPO_ROOT, a) : a;
  });
}

/** Per-case limit for mutants (generous: CI machines are slow, mutants never hang by design). */
export const MUTANT_TIMEOUT_MS = 20_000;

/**
 * How long a persistent mutant may take to answer `start`: the Python reader starting while the
 * conformance tier's memory tests fill both cores once took more than 20 s (CI, 2026-12-07).
 */
const MUTANT_HANDSHAKE_MS = 60_000;

/** Starts a mutant (or the clean reader) as a testee. */
export async function startMutant(mutant: Pick<Mutant, 'mode' | 'argv' | 'ops'>): Promise<Testee> {
  const argv = resolveArgv(mutant.argv);
  if (mutant.mode === 'exec') {
    return new ExecTestee({ template: argv, ops: mutant.ops, timeoutMs: MUTANT_TIMEOUT_MS, maxOutputBytes: 64 << 20 });
  }
  return startPersistentTestee({ argv, jobs: 1, depth: 4, timeoutMs: MUTANT_TIMEOUT_MS, handshakeTimeoutMs: MUTANT_HANDSHAKE_MS, maxOutputBytes: 64 << 20 });
}

/** What certification over the golden vectors said about one mutant. */
export interface GoldenVerdict {
  readonly cases: number;
  readonly failing: number;
  /** Cases the reader answered `skipped` (neither passed nor failed: not confirmed). */
  readonly skipped: number;
  /** Failing outcomes by class. */
  readonly byOutcome: Record<string, number>;
  /** Names of a few failing vectors (the evidence). */
  readonly examples: string[];
}

/** Certifies the mutant on its ops over `vectors` (core and strict), verdicts and observations, codes unchecked. */
export async function certifyMutant(mutant: Pick<Mutant, 'mode' | 'argv' | 'ops'>, vectors: readonly Vector[]): Promise<GoldenVerdict> {
  const selected = selectCases(vectors, { profile: 'strict', ops: mutant.ops });
  const testee = await startMutant(mutant);
  try {
    const result = await runCertification({ vectors: selected, testee, checkCodes: false, concurrency: 4 });
    const byOutcome: Record<string, number> = {};
    const examples: string[] = [];
    let failing = 0;
    let skipped = 0;
    for (const r of result.records) {
      if (r.outcome === 'skipped') skipped++;
      if (!isFailingOutcome(r.outcome)) continue;
      failing++;
      byOutcome[r.outcome] = (byOutcome[r.outcome] ?? 0) + 1;
      if (examples.length < 3) examples.push(`${r.name} (${r.outcome})`);
    }
    return { cases: result.records.length, failing, skipped, byOutcome, examples };
  } finally {
    await testee.close();
  }
}

/** Fixed fuzz budget of the kill-rate measurement. */
export const FUZZ_BUDGET = { runs: 300, seed: 20261202, maxDisagreements: 1, shrinkBudget: 40 } as const;

/** What fuzzing said about one mutant: the first disagreement's class, or undefined. */
export interface FuzzVerdict {
  readonly caught: boolean;
  readonly classes: string[];
  readonly runs: number;
}

/** Fuzzes each op of the mutant with the fixed budget, the seed corpus being `corpusDir`'s vectors plus the case sources. */
export async function fuzzMutant(mutant: Pick<Mutant, 'mode' | 'argv' | 'ops'>, corpusDir?: string): Promise<FuzzVerdict> {
  const { loadOracleOp } = await import('../../src/runner/oracle-ops.ts');
  const { runFuzz } = await import('../../src/runner/fuzz/run-fuzz.ts');
  const { buildSeedCorpus, goldenCorpus, caseSourceCorpus, builtInCorpus, encodedBundleCorpus } = await import('../../src/runner/fuzz/seed-corpus.ts');
  const { formatSources } = await import('../../src/runner/fuzz/format-sources.ts');
  const testee = await startMutant(mutant);
  const classes: string[] = [];
  let runs = 0;
  try {
    for (const op of mutant.ops) {
      const oracle = await loadOracleOp(op);
      if (!oracle) throw new Error(`the oracle has no ${op}`);
      const corpus = await buildSeedCorpus(op, [goldenCorpus(corpusDir), caseSourceCorpus(), builtInCorpus(), encodedBundleCorpus()]);
      const sources = formatSources(op);
      // An op with nothing to start from cannot be fuzzed; the mutant then counts as not caught.
      if (corpus.length === 0 && !sources.valid) continue;
      const report = await runFuzz({ op, testee, oracle, corpus, sources, ...FUZZ_BUDGET });
      runs += report.runs;
      for (const d of report.disagreements) classes.push(d.judgement.disagreement!);
    }
  } finally {
    await testee.close();
  }
  return { caught: classes.length > 0, classes, runs };
}
