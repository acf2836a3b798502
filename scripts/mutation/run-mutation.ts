/**
 * `npm run mutation -- <format> [--table] [--all] [--survivors] [src/<format>/file.ts …]`: mutation-tests the reference
 * oracle with StrykerJS (stryker.config.mjs). Each finished Stryker run is split into one committed
 * results file per source file (reports/mutation/<format>/<path>.results.json), and the score table
 * reports/mutation/<format>.md is rebuilt from every results file: a run replaces the entries of the
 * files it mutated and nothing else. Without file arguments, the files whose results are missing or
 * were made from another source text run, in batches (one Stryker run each, so an interrupted
 * campaign keeps every finished batch); `--all` runs every file; `--table` only rebuilds the table.
 * `--survivors` runs only the unexplained survivors of the named files (whose source must be the one
 * their results were made from) and moves those the vectors now detect to killed: a scanner's survivor
 * runs every case of its format, so a whole re-run of one takes hours where its survivors take minutes.
 * `--status=Ignored` (or Survived, NoCoverage) re-runs only the unexplained survivors of that status
 * (Ignored: the static mutants a run with FORMCERT_MUTATION_IGNORE_STATIC=1 left out).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import { MAX_INPUT_VARIABLE, SNAPSHOT_VARIABLE, writeVectorSnapshot } from './golden-cases.ts';
import { mergeRerun, survivorRanges } from './survivor-ranges.ts';
import {
  explainSurvivor,
  fromFileResults,
  hashSource,
  loadEquivalentMutants,
  MUTATION_FORMATS,
  type MutationFormat,
  readFormatResults,
  renderMutationTable,
  resultsPath,
  summarizeReport,
  SURVIVOR_STATUSES,
  toFileResults,
  writeFileResults,
} from './score-table.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPORTS = join(ROOT, 'reports/mutation');
/** Files per Stryker run when a whole format runs: few enough that an interruption loses little. */
const BATCH_FILES = Number(process.env.FORMCERT_MUTATION_BATCH ?? 8);
/** Whether the runs use the vitest runner with the format's own tests (stryker.config.mjs), and how a results note says so. */
const WITH_PROPERTIES = process.env.FORMCERT_MUTATION_PROPERTIES === '1';
const PROPERTIES_NOTE = "tests: the golden cases plus the format's own unit and property tests (vitest runner)";
/** A run left its largest vectors out (golden-cases.ts MAX_INPUT_VARIABLE) or its static mutants (stryker.config.mjs): the note says so. */
const MAX_INPUT = process.env[MAX_INPUT_VARIABLE];
const IGNORE_STATIC = process.env.FORMCERT_MUTATION_IGNORE_STATIC === '1';
const RUN_NOTES = [
  ...(WITH_PROPERTIES ? [PROPERTIES_NOTE] : []),
  ...(MAX_INPUT ? [`only vectors of at most ${MAX_INPUT} input bytes (a lower bound: a left-out vector could only kill more)`] : []),
  ...(IGNORE_STATIC ? ['static mutants not run (ignoreStatic; listed as Ignored)'] : []),
];

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run mutation -- <${MUTATION_FORMATS.join('|')}> [--table] [--all] [--survivors [--status=<status>]] [src/<format>/file.ts …]\n`);
  process.exit(2);
}

/** The oracle's source files of `format`, tests and test helpers excluded, in path order. */
function listSourceFiles(format: MutationFormat): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-helpers.ts')) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, 'src', format));
  return out;
}

/** The ops modules the golden cases run (src/runner/oracle-ops.ts). */
const OP_MODULES = ['src/journal/ops.ts', 'src/codegraph/ops.ts', 'src/morph/ops.ts'];
/** Relative imports and re-exports that load code at run time (`import type` and `export type` load none). */
const RUNTIME_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm;

/**
 * The source files an op can run: the import closure of the ops modules. A file outside it (the CLI's
 * option parsing, the fuzzer's byte edits, `formcert validate`'s file readers …) is not oracle code
 * as the golden cases see it, so its mutants could only be "no coverage": it is not mutated, and the
 * table lists it.
 */
function listOracleFiles(): Set<string> {
  const seen = new Set<string>();
  const work = [...OP_MODULES];
  while (work.length > 0) {
    const file = work.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(RUNTIME_IMPORT)) {
      const target = relative(ROOT, join(ROOT, dirname(file), m[1] ?? m[2]!));
      if (target.startsWith('src/') && existsSync(join(ROOT, target))) work.push(target);
    }
  }
  return seen;
}

const hashFile = (file: string) => hashSource(readFileSync(join(ROOT, file)));

/**
 * One Stryker run over `files`; on success each file's figures replace its results file. A file whose
 * text changed while Stryker ran (someone else editing it) keeps its old results: the mutants were
 * planted in a copy that is no longer the source.
 */
function runStryker(format: MutationFormat, files: readonly string[]): void {
  const before = new Map(files.map((f) => [f, hashFile(f)]));
  const { report, seconds } = spawnStryker(format, files);
  const scores = summarizeReport(report);
  const mutants = scores.reduce((n, s) => n + s.killed + s.timeout + s.survived + s.noCoverage + s.errors, 0);
  const ranAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  for (const file of files) {
    const score = scores.find((s) => s.file === file) ?? { file, killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, survivors: [] };
    const sourceSha256 = before.get(file)!;
    if (hashFile(file) !== sourceSha256) {
      process.stderr.write(`mutation: ${file} changed during the run; its results are not written\n`);
      continue;
    }
    const note = RUN_NOTES.length > 0 ? RUN_NOTES.join('; ') : undefined;
    writeFileResults(ROOT, format, toFileResults(score, { sourceSha256, ranAt, seconds, files: files.length, mutants, ...(note ? { note } : {}) }));
  }
}

/** One Stryker run over `mutate` (files or ranges of them): its JSON report and wall time in seconds. */
function spawnStryker(format: MutationFormat, mutate: readonly string[]) {
  const reportPath = join(REPORTS, format, 'stryker-report.json');
  rmSync(reportPath, { force: true });
  const started = Date.now();
  const run = spawnSync(join(ROOT, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORMCERT_MUTATION_FORMAT: format, FORMCERT_MUTATION_FILES: mutate.join(','), [SNAPSHOT_VARIABLE]: snapshot },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`mutation: ${mutate.length > 4 ? `${mutate.length} ranges` : mutate.join(', ')} done in ${seconds} s (exit ${run.status})\n`);
  // Stryker exits non-zero on a broken set-up (a failing initial run); a survivor is not an error.
  if (run.status !== 0 || !existsSync(reportPath)) process.exit(run.status || 1);
  return { report: JSON.parse(readFileSync(reportPath, 'utf8')), seconds };
}

/** A mutant of Stryker's JSON report, as the survivors' merge reads it. */
interface ReportedMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}

/**
 * Re-runs the unexplained survivors of `files` alone (their nodes' ranges, all in one Stryker run) and
 * writes each file's results with those the vectors now detect moved to killed or timeout; the rest of
 * its figures stay as they were.
 */
function rerunSurvivors(format: MutationFormat, files: readonly string[], onlyStatus: string | undefined): void {
  const equivalent = loadEquivalentMutants();
  const plans = files.map((file) => {
    const resultsFile = join(ROOT, resultsPath(format, file));
    if (!existsSync(resultsFile)) usage(`${file} has no results to re-run the survivors of: run the whole file`);
    const old = fromFileResults(JSON.parse(readFileSync(resultsFile, 'utf8')));
    const sourceSha256 = hashFile(file);
    if (old.run?.sourceSha256 !== sourceSha256) usage(`${file} changed since its run: its survivors' positions are stale, run the whole file`);
    const targets = old.survivors.filter((s) => explainSurvivor(s, equivalent) === undefined && (onlyStatus === undefined || s.status === onlyStatus));
    const ranges = targets.length === 0 ? [] : survivorRanges(file, readFileSync(join(ROOT, file), 'utf8'), targets);
    return { file, old, run: old.run, sourceSha256, targets, ranges };
  });
  const ranges = plans.flatMap((p) => p.ranges);
  if (ranges.length === 0) {
    process.stdout.write(`mutation: no unexplained survivor in ${files.join(', ')}\n`);
    return;
  }
  const { report, seconds } = spawnStryker(format, ranges);
  const ranAt = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const tests = RUN_NOTES.map((n) => `, ${n}`).join('');
  const reported = report.files as Record<string, { mutants: readonly ReportedMutant[] }>;
  for (const { file, old, run, sourceSha256, targets } of plans) {
    if (targets.length === 0) continue;
    if (hashFile(file) !== sourceSha256) {
      process.stderr.write(`mutation: ${file} changed during the run; its results are not written\n`);
      continue;
    }
    const rerun = (reported[file]?.mutants ?? []).map((m) => ({ line: m.location.start.line, column: m.location.start.column, mutator: m.mutatorName, replacement: m.replacement ?? '', status: m.status }));
    const { score, found, detected } = mergeRerun(old, targets, rerun);
    const note = `${run.note ? `${run.note}; ` : ''}survivors re-run ${ranAt.slice(0, 10)} (${seconds} s for ${files.length} file(s), ${rerun.length} mutants of this file${tests}): ${detected} of ${found} unexplained now detected`;
    writeFileResults(ROOT, format, toFileResults(score, { ...run, note }));
    process.stdout.write(`mutation: ${file}: ${detected} of ${found} unexplained survivors now detected (${targets.length - found} not found in the re-run)\n`);
  }
}

const args = process.argv.slice(2);
const format = args.find((a) => !a.startsWith('-') && !a.includes('/')) as MutationFormat | undefined;
if (!format || !MUTATION_FORMATS.includes(format)) usage(`unknown or missing format: ${format ?? '(none)'}`);
const oracle = listOracleFiles();
const sources = listSourceFiles(format).filter((f) => oracle.has(f));
const notReached = listSourceFiles(format).filter((f) => !oracle.has(f));
/** The vectors, read once with the unmutated source, for every test process of every run (golden-cases.ts). */
const snapshot = join(ROOT, 'node_modules/.cache/formcert-mutation', `${format}-vectors.v8`);
if (!args.includes('--table')) {
  mkdirSync(dirname(snapshot), { recursive: true });
  await writeVectorSnapshot(snapshot, await loadVectors(), format);
  const chosen = args.filter((a) => a.includes('/'));
  for (const file of chosen) if (!sources.includes(file)) usage(`not a source file of ${format} that an op runs: ${file}`);
  const fresh = new Map(readFormatResults(ROOT, format).map((s) => [s.file, s.run?.sourceSha256]));
  if (args.includes('--survivors')) {
    if (chosen.length === 0) usage('--survivors names the files whose survivors to re-run');
    const status = args.find((a) => a.startsWith('--status='))?.slice('--status='.length);
    if (status !== undefined && !(SURVIVOR_STATUSES as readonly string[]).includes(status)) usage(`--status= takes ${SURVIVOR_STATUSES.join(', ')}, not ${status}`);
    rerunSurvivors(format, chosen, status);
  } else {
    const files = chosen.length > 0 ? chosen : args.includes('--all') ? sources : sources.filter((f) => fresh.get(f) !== hashFile(f));
    const batch = chosen.length > 0 ? files.length : BATCH_FILES;
    for (let i = 0; i < files.length; i += batch) runStryker(format, files.slice(i, i + batch));
  }
}
const table = renderMutationTable(format, readFormatResults(ROOT, format), Object.fromEntries(sources.map((f) => [f, hashFile(f)])), notReached);
writeFileSync(join(REPORTS, `${format}.md`), table);
process.stdout.write(`mutation: wrote reports/mutation/${format}.md\n`);
