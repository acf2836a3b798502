/**
 * formcert's public API: what `import … from 'formcert'` gives. The command line is built on the same
 * functions; see the README's "Use it from code" section for examples.
 *
 * - {@link certify}: run a testee (or the bundled reference oracle) over the golden vectors; returns one
 *   record per case and the summary.
 * - {@link loadVectors}: read a directory of vector files (the bundled golden/ by default).
 * - {@link validateFile} and the four validators: check one file with the reference oracle, streaming.
 * - {@link fuzz}: generate and mutate inputs for one op, compare a testee with the oracle, shrink every
 *   disagreement.
 * - {@link oracleOp} and {@link OP_NAMES}: the reference oracle's ops, as the testee protocol defines them.
 */
import { resolve } from 'node:path';
import type { Profile } from './shared/errors.ts';
import { isOpName, OP_NAMES, type OpHandler, type OpName } from './shared/ops.ts';
import type { FileValidator } from './shared/file-validator.ts';
import type { Vector } from './shared/vectors.ts';
import type { CaseRecord } from './results/case-record.ts';
import { summarize, type RunSummary } from './results/summarize.ts';
import { ExecTestee } from './runner/exec-testee.ts';
import { loadOracleOp } from './runner/oracle-ops.ts';
import { startPersistentTestee } from './runner/persistent-testee.ts';
import { referenceExecTemplate, referenceImplementation, referenceServeArgv } from './runner/reference-testee.ts';
import { runCertification } from './runner/run-certification.ts';
import { selectCases } from './runner/select-cases.ts';
import type { Testee } from './runner/testee-reply.ts';
import { loadVectors as loadVectorDir } from './runner/vectors/load-vectors.ts';
import { GOLDEN_DIR } from './runner/vectors/constants.ts';
import { runFuzz, type Disagreement, type FuzzReport } from './runner/fuzz/run-fuzz.ts';
import { formatSources } from './runner/fuzz/format-sources.ts';
import { buildSeedCorpus, builtInCorpus, caseSourceCorpus, encodedBundleCorpus, goldenCorpus } from './runner/fuzz/seed-corpus.ts';
import { startFuzzTestee } from './runner/fuzz/start-fuzz-testee.ts';
import { validateJournalFile } from './journal/validate-file.ts';
import { validateCodegraphFile } from './codegraph/validate-file.ts';
import { validateArtifactFile, validateBundleFile } from './morph/validate-file.ts';

export type { CaseRecord, Disagreement, FileValidator, FuzzReport, OpHandler, OpName, Profile, RunSummary, Vector };
export { OP_NAMES, isOpName, summarize };
export { validateArtifactFile, validateBundleFile, validateCodegraphFile, validateJournalFile };
export type { Outcome } from './results/outcome.ts';
export type { FormatError, Result } from './shared/errors.ts';

/**
 * Reads every vector file under `dir`; a relative `dir` is taken from the current directory. Without
 * `dir`, the golden vectors bundled with formcert.
 */
export async function loadVectors(dir?: string): Promise<Vector[]> {
  return loadVectorDir(dir === undefined ? GOLDEN_DIR : resolve(dir));
}

/** How to reach the implementation under test. */
export interface TesteeSpec {
  /** argv: an exec template with `{op}` and `{input}`, or the command of a persistent testee. */
  readonly argv: readonly string[];
  /** The argv speaks the persistent JSON-lines protocol (spec/protocol). */
  readonly persistent?: boolean;
}

/** Settings of {@link certify}; every member is optional. */
export interface CertifyApiOptions {
  /** The testee; without one, the bundled reference oracle (persistent mode). */
  readonly testee?: TesteeSpec;
  /** Only these ops (all by default). */
  readonly ops?: readonly OpName[];
  /** `core` runs core cases only; `strict` (default) core and strict cases. */
  readonly profile?: Profile;
  /** Directory of vector files (default: the bundled golden vectors). */
  readonly vectors?: string;
  /** Also compare rejection codes when the testee names them. */
  readonly checkCodes?: boolean;
  /** Per-case time limit in milliseconds (default 10,000). */
  readonly timeoutMs?: number;
  /** Processes at once (default 1 persistent, 2 exec). */
  readonly jobs?: number;
}

/** What {@link certify} found. */
export interface CertifyApiResult {
  /** One record per case, in run order. */
  readonly records: CaseRecord[];
  /** Counts per outcome and per profile, and whether the run passed. */
  readonly summary: RunSummary;
  /** Set when the testee failed every case the same way (a setup problem, exit status 2 on the CLI). */
  readonly systemic?: string;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;
const PIPELINE_DEPTH = 16;

/** Runs a testee over the vectors and scores every case, as `formcert certify` does. */
export async function certify(options: CertifyApiOptions = {}): Promise<CertifyApiResult> {
  const profile = options.profile ?? 'strict';
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const reference = options.testee === undefined;
  const persistent = reference || options.testee?.persistent === true;
  const jobs = options.jobs ?? (persistent ? 1 : 2);
  const all = await loadVectors(options.vectors);
  const vectors = selectCases(all, { profile, ...(options.ops ? { ops: options.ops } : {}) });
  if (vectors.length === 0) throw new Error('the selection (profile, ops) leaves no case to run');
  const testee: Testee = persistent
    ? await startPersistentTestee({ argv: options.testee?.argv ?? referenceServeArgv(profile), jobs, depth: PIPELINE_DEPTH, timeoutMs, maxOutputBytes: MAX_OUTPUT_BYTES })
    : new ExecTestee({
        template: options.testee!.argv,
        ops: options.ops ?? OP_NAMES,
        timeoutMs,
        maxOutputBytes: MAX_OUTPUT_BYTES,
        ...(reference ? { implementation: referenceImplementation() } : {}),
      });
  try {
    const result = await runCertification({
      vectors,
      testee,
      checkCodes: options.checkCodes ?? false,
      concurrency: persistent ? jobs * PIPELINE_DEPTH : jobs,
    });
    const summary = summarize(result.records);
    return { records: result.records, summary, ...(result.systemic ? { systemic: result.systemic } : {}) };
  } finally {
    await testee.close();
  }
}

/** The exec template of the reference oracle, for running it as an exec testee. */
export function referenceExecArgv(profile: Profile = 'strict'): readonly string[] {
  return referenceExecTemplate(profile);
}

/** The kinds of file {@link validateFile} reads, as the `formcert validate` targets name them. */
export type FileKind = 'journal' | 'codegraph' | 'morph-bundle' | 'morph-artifact';

const VALIDATORS: Readonly<Record<FileKind, FileValidator>> = {
  journal: validateJournalFile,
  codegraph: validateCodegraphFile,
  'morph-bundle': validateBundleFile,
  'morph-artifact': validateArtifactFile,
};

/** Validates one file with the reference oracle; a refusal is a value with a code, a location and a rule. */
export function validateFile(kind: FileKind, path: string, options: { profile?: Profile } = {}): ReturnType<FileValidator> {
  return VALIDATORS[kind](path, { profile: options.profile ?? 'strict' });
}

/** The reference oracle's handler for one op: bytes in, an accept with its observation or a refusal out. */
export async function oracleOp(op: OpName): Promise<OpHandler> {
  const handler = await loadOracleOp(op);
  if (!handler) throw new Error(`the reference oracle has no handler for ${op}`);
  return handler;
}

/** Settings of {@link fuzz}. */
export interface FuzzApiOptions {
  readonly op: OpName;
  readonly testee: TesteeSpec;
  /** Generated cases (default 200). */
  readonly runs?: number;
  /** fast-check seed (default 1): the same seed replays the same run. */
  readonly seed?: number;
  readonly timeoutMs?: number;
  /** Compare rejection codes too. */
  readonly checkCodes?: boolean;
}

/** Fuzzes a testee on one op against the reference oracle; every disagreement comes back shrunk. */
export async function fuzz(options: FuzzApiOptions): Promise<FuzzReport> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const testee = await startFuzzTestee(options.op, options.testee.argv, { persistent: options.testee.persistent === true, timeoutMs });
  try {
    return await runFuzz({
      op: options.op,
      testee,
      oracle: await oracleOp(options.op),
      corpus: await buildSeedCorpus(options.op, [goldenCorpus(), caseSourceCorpus(), builtInCorpus(), encodedBundleCorpus()]),
      sources: formatSources(options.op),
      runs: options.runs ?? 200,
      seed: options.seed ?? 1,
      maxDisagreements: 10,
      shrinkBudget: 500,
      checkCodes: options.checkCodes ?? false,
    });
  } finally {
    await testee.close();
  }
}
