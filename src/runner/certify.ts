/**
 * `formcert certify`: loads the vectors, starts the testee (the reference oracle when none is given),
 * runs the selected cases, writes the reports and prints the one-screen summary.
 */
import { rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { availableParallelism } from 'node:os';
import { isOpName, OP_NAMES } from '../shared/ops.ts';
import type { Profile } from '../shared/errors.ts';
import { EXIT } from '../shared/exit-codes.ts';
import { MAX_TIMER_MS, parseIntegerOption } from '../shared/integer-option.ts';
import type { Vector } from '../shared/vectors.ts';
import { templateNamesOp } from './argv-template.ts';
import { ExecTestee } from './exec-testee.ts';
import { parseExpectedFailures, type ExpectedFailures } from './expected-failures.ts';
import type { CaseRecord } from '../results/case-record.ts';
import { isFailingOutcome } from '../results/outcome.ts';
import { partialReportPath, REPORT_FILES } from '../results/report-files.ts';
import { onInterrupt } from './process-group.ts';
import { startPersistentTestee } from './persistent-testee.ts';
import { createProgress } from './progress.ts';
import { referenceExecTemplate, referenceImplementation, referenceServeArgv } from './reference-testee.ts';
import { describeDeath, implementationLabel, runCertification } from './run-certification.ts';
import { certifyJson } from './certify-json.ts';
import { describeRun, renderTextSummary } from '../results/render-text-summary.ts';
import { summarize } from '../results/summarize.ts';
import { certifyArgs, rerunCommand } from './rerun-command.ts';
import { compileNamePattern, parseShard, selectCases, splitIdList, unknownIds, type Shard } from './select-cases.ts';
import { TesteeSetupError, type Testee } from './testee-reply.ts';
import { loadVectors } from './vectors/load-vectors.ts';

/** Options of `formcert certify`, as given on the command line. */
export interface CertifyCommandOptions {
  readonly testee: readonly string[];
  readonly ops?: string;
  readonly profile: string;
  readonly codes: boolean;
  readonly timeoutMs: string;
  readonly jobs?: string;
  readonly shard?: string;
  readonly expectedFailures?: string;
  readonly report?: string;
  readonly persistent: boolean;
  readonly exec: boolean;
  readonly vectors: string;
  readonly maxOutputBytes: string;
  readonly name?: string;
  /** Runs in flight per persistent process. */
  readonly depth?: number;
  /** `--cases`: case ids, comma-separated, or `@FILE` with ids one per line. */
  readonly cases?: string;
  /** `--requirements`: requirement ids, comma-separated; cases citing any of them run. */
  readonly requirements?: string;
  /** `--grep`: a regular expression matched against case names. */
  readonly grep?: string;
  /** `--json`: one summary object on stdout instead of the text summary; messages still go to stderr. */
  readonly json?: boolean;
}

/** Writes the report directory of a run (results.jsonl, junit.xml, summary.md, report.html, badge.svg). */
export type WriteReportDir = (dir: string, records: readonly CaseRecord[]) => Promise<void>;

/**
 * Where the command writes. The report writer is passed in by the caller (the CLI passes src/report's):
 * the runner and the report renderers share only the results model (src/results), neither imports the other.
 */
export interface CertifyIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
  readonly progressStream?: NodeJS.WriteStream;
  /** Used when `--report DIR` is given. */
  readonly writeReportDir: WriteReportDir;
}

class UsageError extends Error {}

/** A positive integer option of at most `max`, or a usage error. */
function positiveInt(text: string, what: string, max: number): number {
  const r = parseIntegerOption(text, what, 1, max);
  if (!r.ok) throw new UsageError(r.message);
  return r.value;
}

/** Node's timers take at most 2^31−1 ms; a larger value would silently fire after 1 ms. */
export const MAX_TIMEOUT_MS = MAX_TIMER_MS;
/** More testee processes than this are a typo, not a plan (a large --jobs once took a machine down). */
export const MAX_JOBS = 256;
/** The largest reply bound: a reply is read as text, and V8 strings stop at about 512 MiB. */
export const MAX_OUTPUT_BYTES = 512 * 1024 * 1024;

/** The same testee under the name given with --name (the report's column heading). */
function withName(t: Testee, name: string): Testee {
  return {
    mode: t.mode,
    ops: t.ops,
    implementation: { ...t.implementation, name },
    run: (op, path, id) => t.run(op, path, id),
    ...(t.settle ? { settle: () => t.settle!() } : {}),
    close: () => t.close(),
  };
}

/** The bundled vectors (resolved against the repository root by the loader). */
export const DEFAULT_VECTORS = 'golden';

/** Process deaths listed by the summary; the rest are counted. */
const LISTED_DEATHS = 10;

/** Default runs in flight per persistent process. */
export const PIPELINE_DEPTH = 16;

/** Runs the command; resolves to the exit status (0 all pass, 1 failures, 2 usage or setup). */
export async function certifyCommand(o: CertifyCommandOptions, io: CertifyIo): Promise<number> {
  let message: string;
  try {
    return await certifyOrThrow(o, io);
  } catch (e) {
    if (e instanceof UsageError || e instanceof TesteeSetupError) {
      message = `${e instanceof TesteeSetupError ? 'cannot use the testee: ' : ''}${e.message}`;
    } else if (e instanceof Error && e.name === 'VectorFileError') {
      message = `bad vector file: ${e.message}`;
    } else {
      throw e;
    }
  }
  io.err(`formcert certify: ${message}\n`);
  if (o.json) io.out(JSON.stringify(certifyJson(undefined, { status: EXIT.USAGE, error: message })) + '\n');
  return EXIT.USAGE;
}

/** The --cases, --requirements and --grep filters, checked against the loaded vectors (unknown ids are refused). */
async function parseFilters(
  o: CertifyCommandOptions,
  all: readonly { id: string; requirements: readonly string[] }[],
): Promise<{ cases?: string[]; requirements?: string[]; grep?: RegExp }> {
  const filters: { cases?: string[]; requirements?: string[]; grep?: RegExp } = {};
  if (o.cases !== undefined) {
    let text = o.cases;
    if (text.startsWith('@')) {
      try {
        text = await readFile(text.slice(1), 'utf8');
      } catch (e) {
        throw new UsageError(`cannot read ${text.slice(1)}: ${(e as Error).message}`);
      }
    }
    const ids = splitIdList(text);
    if (ids.length === 0) throw new UsageError('--cases names no case id');
    const unknown = unknownIds(ids, new Set(all.map((v) => v.id)));
    if (unknown.length > 0) throw new UsageError(`unknown case id${unknown.length > 1 ? 's' : ''} under ${o.vectors}: ${listSome(unknown)}`);
    filters.cases = ids;
  }
  if (o.requirements !== undefined) {
    const ids = splitIdList(o.requirements);
    if (ids.length === 0) throw new UsageError('--requirements names no requirement id');
    const unknown = unknownIds(ids, new Set(all.flatMap((v) => v.requirements)));
    if (unknown.length > 0) throw new UsageError(`no case under ${o.vectors} cites ${listSome(unknown)}`);
    filters.requirements = ids;
  }
  if (o.grep !== undefined) {
    const pattern = compileNamePattern(o.grep);
    if (typeof pattern === 'string') throw new UsageError(pattern);
    filters.grep = pattern;
  }
  return filters;
}

function listSome(ids: readonly string[]): string {
  return `${ids.slice(0, 5).join(', ')}${ids.length > 5 ? `, … (${ids.length} in all)` : ''}`;
}

async function certifyOrThrow(o: CertifyCommandOptions, io: CertifyIo): Promise<number> {
  if (o.profile !== 'core' && o.profile !== 'strict') throw new UsageError(`--profile must be core or strict, got ${o.profile}`);
  const profile: Profile = o.profile;
  const ops = o.ops?.split(',').map((s) => s.trim()).filter(Boolean);
  for (const op of ops ?? []) if (!isOpName(op)) throw new UsageError(`unknown op ${op} (ops: ${OP_NAMES.join(', ')})`);
  const timeoutMs = positiveInt(o.timeoutMs, '--timeout-ms', MAX_TIMEOUT_MS);
  const maxOutputBytes = positiveInt(o.maxOutputBytes, '--max-output-bytes', MAX_OUTPUT_BYTES);
  let shard: Shard | undefined;
  if (o.shard !== undefined) {
    shard = parseShard(o.shard);
    if (!shard) throw new UsageError(`--shard must be I/N with 1 ≤ I ≤ N, got ${o.shard}`);
  }
  if (o.persistent && o.exec) throw new UsageError('--persistent and --exec exclude each other');
  const reference = o.testee.length === 0;
  const persistent = reference ? !o.exec : o.persistent;
  const askedJobs = o.jobs !== undefined ? positiveInt(o.jobs, '--jobs', MAX_JOBS) : persistent ? 1 : availableParallelism();
  if (!reference && !persistent && !templateNamesOp(o.testee) && ops?.length !== 1) {
    throw new UsageError('an exec argv template without {op} serves one op: name it with --ops <op>');
  }

  let expectedFailures: ExpectedFailures | undefined;
  if (o.expectedFailures !== undefined) {
    let text: string;
    try {
      text = await readFile(o.expectedFailures, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${o.expectedFailures}: ${(e as Error).message}`);
    }
    const parsed = parseExpectedFailures(text, o.expectedFailures);
    if (!parsed.ok) throw new UsageError(parsed.error);
    expectedFailures = parsed.value;
  }

  // The default finds the bundled golden/ from any directory; a directory the user names is taken
  // relative to where they are.
  const vectorDir = o.vectors === DEFAULT_VECTORS ? o.vectors : resolve(o.vectors);
  if (o.vectors !== DEFAULT_VECTORS) {
    let isDir = false;
    try {
      isDir = statSync(vectorDir).isDirectory();
    } catch (e) {
      throw new UsageError(`--vectors ${o.vectors}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : (e as Error).message}`);
    }
    if (!isDir) throw new UsageError(`--vectors ${o.vectors} is not a directory (name the directory that holds the vector files)`);
  }
  let all: Vector[];
  try {
    all = await loadVectors(vectorDir);
  } catch (e) {
    // An unreadable directory or file is a usage error in one line, never a stack trace.
    if (typeof (e as NodeJS.ErrnoException).code === 'string') throw new UsageError(`cannot read the vectors under ${o.vectors}: ${(e as Error).message}`);
    throw e;
  }
  if (all.length === 0) throw new UsageError(`no vectors under ${o.vectors}`);
  if (expectedFailures) {
    const known = new Set(all.map((v) => v.id));
    const stale = [...expectedFailures.keys()].filter((id) => !known.has(id));
    if (stale.length > 0) io.err(`formcert certify: warning: ${stale.length} expected-failure ids match no vector (${stale.slice(0, 5).join(', ')}${stale.length > 5 ? ', …' : ''})\n`);
  }
  const filters = await parseFilters(o, all);
  const vectors = selectCases(all, { profile, ...(ops ? { ops } : {}), ...(shard ? { shard } : {}), ...filters });
  if (vectors.length === 0) throw new UsageError('the selection (--profile, --ops, --shard, --cases, --requirements, --grep) leaves no case to run');

  // Never more processes than cases.
  const jobs = Math.min(askedJobs, vectors.length);
  const depth = o.depth ?? PIPELINE_DEPTH;
  const started = performance.now();
  let testee: Testee;
  if (persistent) {
    testee = await startPersistentTestee({
      argv: reference ? referenceServeArgv(profile) : o.testee,
      jobs,
      depth,
      timeoutMs,
      maxOutputBytes,
    });
  } else {
    testee = new ExecTestee({
      template: reference ? referenceExecTemplate(profile) : o.testee,
      ops: ops ?? OP_NAMES,
      timeoutMs,
      maxOutputBytes,
      ...(reference ? { implementation: referenceImplementation() } : {}),
    });
  }
  if (o.name) testee = withName(testee, o.name);

  const progress = createProgress(vectors.length, io.progressStream);
  let result: Awaited<ReturnType<typeof runCertification>>;
  try {
    result = await runCertification({
      vectors,
      testee,
      checkCodes: o.codes,
      ...(expectedFailures ? { expectedFailures } : {}),
      // The unsharded selection's size lets `report merge` see a missing shard (issue 11 item 7).
      selection: shard ? selectCases(all, { profile, ...(ops ? { ops } : {}), ...filters }).length : vectors.length,
      ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
      concurrency: persistent ? jobs * depth : jobs,
      onCase: (r) => progress.tick(isFailingOutcome(r.outcome) && r.expectedFailure === undefined),
    });
  } finally {
    progress.stop();
    await testee.close();
  }
  const seconds = (performance.now() - started) / 1000;
  // Every record carries how to rerun it, so the reports built from results.jsonl can print the command.
  const rerunArgs = certifyArgs(o);
  const records = result.records.map((r) => ({ ...r, certifyArgs: rerunArgs }));
  const summary = summarize(records);
  let reportError: string | undefined;
  if (o.report !== undefined) {
    // An interrupt while the reports are written leaves none of them, never a half-written set (the
    // earlier run's files are removed before the first is written, so none of them is left to keep).
    const unregister = onInterrupt(() => removeReportFiles(o.report!));
    try {
      await io.writeReportDir(o.report, records);
    } catch (e) {
      reportError = `cannot write the reports to ${o.report}: ${(e as Error).message}`;
    } finally {
      unregister();
    }
  }
  const run = {
    implementation: implementationLabel(testee.implementation),
    mode: testee.mode,
    profile,
    seconds,
    ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
  };
  const reportDir = o.report !== undefined && !reportError ? o.report : undefined;
  if (result.systemic) {
    io.err(`formcert certify: ${result.systemic}\n`);
    if (o.report !== undefined) io.err(`(reports of the ${records.length} cases run are in ${o.report})\n`);
    if (o.json) io.out(JSON.stringify(certifyJson(summary, { status: EXIT.USAGE, error: result.systemic, run, ...(reportDir ? { reportDir } : {}) })) + '\n');
    return EXIT.USAGE;
  }
  // Every unplanned process death is shown, charged to a case or not; one no case reproduces still fails the run.
  const unexplained = result.deaths.filter((d) => d.chargedTo === undefined).length;
  let status: number = summary.passed && unexplained === 0 ? EXIT.OK : EXIT.FAILED;
  let error: string | undefined;
  if (reportError) {
    status = EXIT.USAGE;
    error = reportError;
  } else if (summary.byProfile.core.scored + summary.byProfile.strict.scored === 0 && summary.failures.length === 0) {
    // Nothing was certified (every case n/a, skipped or either): passing vacuously would mislead a CI gate.
    status = EXIT.USAGE;
    error = 'no case was scored: the testee serves none of the selected ops, or skipped them all';
  }
  const rerun = summary.failures.length > 0 ? await rerunCommand(o, summary.failures.map((r) => r.id), reportDir) : undefined;
  if (o.json) {
    io.out(JSON.stringify(certifyJson(summary, { status, run, ...(error ? { error } : {}), ...(reportDir ? { reportDir } : {}), ...(rerun ? { rerun } : {}) })) + '\n');
  } else {
    const lines = renderTextSummary(summary, describeRun(summary, run), reportDir !== undefined ? join(reportDir, REPORT_FILES.html) : undefined);
    if (result.deaths.length > 0) {
      const names = new Map(records.map((r) => [r.id, `${r.name} (${r.id})`]));
      const verdict = lines.pop()!;
      lines.push(`  testee process deaths (unplanned): ${result.deaths.length}, ${unexplained} not reproduced by a single case`);
      for (const d of result.deaths.slice(0, LISTED_DEATHS)) lines.push(`    ${describeDeath(d, (id) => names.get(id) ?? id)}`);
      if (result.deaths.length > LISTED_DEATHS) lines.push(`    … and ${result.deaths.length - LISTED_DEATHS} more (each is on its cases' records with --report DIR)`);
      lines.push('');
      lines.push(
        summary.passed && unexplained > 0
          ? `FAILED: every scored case passes, but the testee process died ${unexplained} time${unexplained === 1 ? '' : 's'} with no case that reproduces it.`
          : verdict,
      );
    }
    if (reportDir !== undefined) lines.push(`Reports: ${reportDir}/ (results.jsonl, junit.xml, summary.md, report.html, badge.svg)`);
    if (rerun) lines.push(`Rerun the ${summary.failures.length} failing case(s): ${rerun}`);
    io.out(lines.join('\n') + '\n');
  }
  if (error) io.err(`formcert certify: ${error}\n`);
  return status;
}

/** Removes every report file of `dir` and its temporary name (synchronously: the process exits next). */
function removeReportFiles(dir: string): void {
  for (const name of Object.values(REPORT_FILES)) {
    const path = join(dir, name);
    rmSync(partialReportPath(path), { force: true });
    rmSync(path, { force: true });
  }
}
