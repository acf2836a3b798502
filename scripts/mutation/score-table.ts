/**
 * Reads StrykerJS JSON reports (mutation-testing-report-schema) into per-file counts and renders the
 * score table of reports/mutation/<format>.md: totals, per folder, per file, and every survivor with
 * the reason it is equivalent when one is recorded in scripts/mutation/equivalent-mutants.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The parts of the oracle mutated one at a time (`shared` = src/shared, used by all three). */
export const MUTATION_FORMATS = ['journal', 'codegraph', 'morph', 'shared'] as const;
export type MutationFormat = (typeof MUTATION_FORMATS)[number];

/** A mutant that no test killed. */
export interface Survivor {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly mutator: string;
  readonly replacement: string;
  /** `Ignored`: a static mutant Stryker did not run (`ignoreStatic`, see stryker.config.mjs); counted as not detected. */
  readonly status: SurvivorStatus;
  /** The mutated source line as it was (for the equivalence rules; `column` counts from its start). */
  readonly sourceLine: string;
}

/** The Stryker statuses of a mutant no case detected: the survivors a results file lists. */
export const SURVIVOR_STATUSES = ['Survived', 'NoCoverage', 'Ignored'] as const;
export type SurvivorStatus = (typeof SURVIVOR_STATUSES)[number];
const isSurvivorStatus = (status: string): status is SurvivorStatus => (SURVIVOR_STATUSES as readonly string[]).includes(status);

/** The outcome counts of one mutated file. */
export interface FileScore {
  readonly file: string;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  /** Mutants no case runs, and static mutants not run at all (status `Ignored` in the survivors): not detected. */
  readonly noCoverage: number;
  /** Compile and runtime errors: mutants that cannot run, left out of the score as Stryker does. */
  readonly errors: number;
  readonly survivors: readonly Survivor[];
  /** Where the figures came from (absent for a score read straight from a Stryker report). */
  readonly run?: RunInfo;
}

/** The Stryker run a file's figures came from. */
export interface RunInfo {
  /** SHA-256 of the mutated source as it was when the run started: a different source today means stale figures. */
  readonly sourceSha256: string;
  /** When the run ended (ISO 8601, UTC). */
  readonly ranAt: string;
  /** Wall time of the whole Stryker run (undefined when not recorded), its files and its mutants. */
  readonly seconds?: number;
  readonly files: number;
  readonly mutants: number;
  /** Anything a reader of the figures should know (e.g. that they were recovered from an older table). */
  readonly note?: string;
}

/**
 * The committed form of one file's figures, reports/mutation/<format>/<path>.results.json: small enough
 * to review, and the only input of the table, so that a run of one file replaces that file's entry
 * and nothing else (Stryker's own reports are large and stay uncommitted).
 */
export interface FileResults {
  readonly file: string;
  readonly run: RunInfo;
  readonly counts: { readonly killed: number; readonly timeout: number; readonly survived: number; readonly noCoverage: number; readonly errors: number };
  readonly survivors: ReadonlyArray<Omit<Survivor, 'file'>>;
}

interface ReportMutant {
  readonly mutatorName: string;
  readonly replacement?: string;
  readonly status: string;
  readonly location: { readonly start: { readonly line: number; readonly column: number } };
}

/** Per-file counts of one Stryker JSON report. */
export function summarizeReport(report: { files: Record<string, { source?: string; mutants: readonly ReportMutant[] }> }): FileScore[] {
  return Object.entries(report.files).map(([file, { source, mutants }]) => {
    const lines = (source ?? '').split('\n');
    const count = (status: string) => mutants.filter((m) => m.status === status).length;
    const survivors = mutants
      .filter((m) => isSurvivorStatus(m.status))
      .map((m) => ({
        file,
        line: m.location.start.line,
        column: m.location.start.column,
        mutator: m.mutatorName,
        replacement: m.replacement ?? '',
        status: m.status as SurvivorStatus,
        sourceLine: lines[m.location.start.line - 1] ?? '',
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    return {
      file,
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      // A static mutant left unrun counts against the score until a run kills it or a reason explains it.
      noCoverage: count('NoCoverage') + count('Ignored'),
      errors: count('CompileError') + count('RuntimeError'),
      survivors,
    };
  });
}

/** SHA-256 (hex) of a source text, as recorded in {@link RunInfo.sourceSha256}. */
export function hashSource(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex');
}

/** Where a file's results are committed, relative to the repository root (src/<format>/a/b.ts → reports/mutation/<format>/a/b.results.json). */
export function resultsPath(format: MutationFormat, file: string): string {
  const prefix = `src/${format}/`;
  if (!file.startsWith(prefix) || !file.endsWith('.ts')) throw new Error(`${file} is not a source file of ${format}`);
  return `reports/mutation/${format}/${file.slice(prefix.length, -'.ts'.length)}.results.json`;
}

/** The committed form of a file's score (see {@link FileResults}). */
export function toFileResults(score: FileScore, run: RunInfo): FileResults {
  const { file, killed, timeout, survived, noCoverage, errors } = score;
  return { file, run, counts: { killed, timeout, survived, noCoverage, errors }, survivors: score.survivors.map(({ file: _, ...rest }) => rest) };
}

/** A committed results file back into a score; throws on a file that is not one. */
export function fromFileResults(results: FileResults): FileScore {
  const { file, counts, run } = results;
  if (typeof file !== 'string' || typeof counts !== 'object' || !Array.isArray(results.survivors) || typeof run?.sourceSha256 !== 'string') {
    throw new Error(`not a mutation results file: ${JSON.stringify(results).slice(0, 80)}`);
  }
  return { file, ...counts, survivors: results.survivors.map((s) => ({ file, ...s })), run };
}

/** The text of a results file: one survivor per line, so that a diff shows which ones came and went. */
export function renderFileResults(results: FileResults): string {
  const { survivors, ...head } = results;
  const body = survivors.map((s) => `    ${JSON.stringify(s)}`).join(',\n');
  return `${JSON.stringify(head, null, 2).slice(0, -2)},\n  "survivors": [${survivors.length === 0 ? '' : `\n${body}\n  `}]\n}\n`;
}

/** Writes one file's results under the repository root `root`, replacing that file's earlier results only. */
export function writeFileResults(root: string, format: MutationFormat, results: FileResults): void {
  const path = join(root, resultsPath(format, results.file));
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, renderFileResults(results));
}

/** Every results file of `format` under the repository root `root`, read back into scores (path order). */
export function readFormatResults(root: string, format: MutationFormat): FileScore[] {
  const scores: FileScore[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.results.json')) scores.push(fromFileResults(JSON.parse(readFileSync(path, 'utf8')) as FileResults));
    }
  };
  const dir = join(root, 'reports/mutation', format);
  if (existsSync(dir)) walk(dir);
  return scores;
}

/** Stryker's mutation score: detected (killed or timed out) over every mutant that could run. */
export function mutationScore(s: Pick<FileScore, 'killed' | 'timeout' | 'survived' | 'noCoverage'>): number | undefined {
  const valid = s.killed + s.timeout + s.survived + s.noCoverage;
  return valid === 0 ? undefined : (s.killed + s.timeout) / valid;
}

/**
 * A refusal's message and location are for people: the protocol carries the verdict and the code,
 * which is all a vector can pin. A string mutated on a line that builds a refusal is equivalent for
 * the vectors (it still is for people: messages are reviewed, not vector-tested).
 */
const REFUSAL_LINE = /\b(refuse|refuseAt|reject|fail|formatError|refusal|morphError|placeScanRefusal|setErr|fault|limitFault)\(/;
const REFUSAL_TEXT = 'text or location of a refusal: for people, not part of the verdict or code a vector pins';
/** A refusal call whose first argument is a literal: that literal is the code (codegraph's ctx.refusal('CODE', …), MORPH's refuse). */
const CODE_ARGUMENT = /\b(?:refuse|refusal|morphError)\(\s*(?=['"`])/g;

/** True when the mutated string is the code of a refusal (its first argument), which a vector does pin. */
function isRefusalCode(s: Survivor): boolean {
  for (const m of s.sourceLine.matchAll(CODE_ARGUMENT)) if (m.index + m[0].length === s.column - 1) return true;
  return false;
}

/** A key naming a range of lines, `file:first-last *`: the reason holds for every mutant on those lines. */
const RANGE_KEY = /^(.+):(\d+)-(\d+) \*$/;

/**
 * Why a survivor is equivalent: a recorded reason (its own key, else a range key covering its line),
 * the refusal-text rule, or undefined.
 */
export function explainSurvivor(s: Survivor, equivalent: Record<string, string>): string | undefined {
  const recorded = equivalent[survivorKey(s)];
  if (recorded !== undefined) return recorded;
  for (const [key, reason] of Object.entries(equivalent)) {
    const m = RANGE_KEY.exec(key);
    if (m && m[1] === s.file && Number(m[2]) <= s.line && s.line <= Number(m[3])) return reason;
  }
  if ((s.mutator === 'StringLiteral' || s.mutator === 'ObjectLiteral') && REFUSAL_LINE.test(s.sourceLine) && !isRefusalCode(s)) return REFUSAL_TEXT;
  return undefined;
}

/** The key a survivor is explained under in equivalent-mutants.json (or a range key, see {@link explainSurvivor}). */
export function survivorKey(s: Survivor): string {
  return `${s.file}:${s.line}:${s.column} ${s.mutator}`;
}

/** File order (each file's survivors are already in position order), whatever order results were read in. */
const byPath = (a: FileScore, b: FileScore) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

function addScores(list: readonly FileScore[], file: string): FileScore {
  const sum = (k: 'killed' | 'timeout' | 'survived' | 'noCoverage' | 'errors') => list.reduce((n, s) => n + s[k], 0);
  return { file, killed: sum('killed'), timeout: sum('timeout'), survived: sum('survived'), noCoverage: sum('noCoverage'), errors: sum('errors'), survivors: [...list].sort(byPath).flatMap((s) => s.survivors) };
}

/** The score with the explained (equivalent) survivors left out, as Stryker does with ignored mutants. */
function equivalentScore(total: FileScore, equivalent: Record<string, string>): number | undefined {
  const explained = total.survivors.filter((s) => explainSurvivor(s, equivalent) !== undefined);
  const survived = explained.filter((s) => s.status === 'Survived').length;
  return mutationScore({ ...total, survived: total.survived - survived, noCoverage: total.noCoverage - (explained.length - survived) });
}

const percent = (x: number | undefined) => (x === undefined ? '–' : `${(100 * x).toFixed(1)}%`);
const row = (label: string, s: FileScore) =>
  `| ${label} | ${s.killed} | ${s.timeout} | ${s.survived} | ${s.noCoverage} | ${s.errors} | ${percent(mutationScore(s))} |`;
const HEAD = '| | killed | timeout | survived | no coverage or not run | errors | score |\n|---|---:|---:|---:|---:|---:|---:|';
/** Seconds per mutant of the Stryker run a file's figures came from (its wall time over its mutants). */
const perMutant = (run: RunInfo | undefined) =>
  run?.seconds === undefined || run.mutants === 0 ? '–' : `${(run.seconds / run.mutants).toFixed(2)} s`;
const fileRow = (s: FileScore) => `${row(s.file, s)} ${perMutant(s.run)} | ${s.run?.ranAt.slice(0, 10) ?? '–'} |`;
const FILE_HEAD = '| | killed | timeout | survived | no coverage or not run | errors | score | run time per mutant | run on |\n|---|---:|---:|---:|---:|---:|---:|---:|---|';

/** Loads the recorded reasons why a survivor is equivalent (key: {@link survivorKey}). */
export function loadEquivalentMutants(path = new URL('./equivalent-mutants.json', import.meta.url)): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/**
 * The Markdown score table of one format. `sourceFiles` maps each source file a full run covers to the
 * SHA-256 of its text today: a file whose figures were made from another text is listed as stale.
 * `notReached` lists the format's files that no op imports (not mutated: no golden case can run them).
 */
export function renderMutationTable(
  format: MutationFormat,
  scores: readonly FileScore[],
  sourceFiles: Readonly<Record<string, string>>,
  notReached: readonly string[] = [],
  equivalent = loadEquivalentMutants(),
): string {
  const byFile = new Map(scores.map((s) => [s.file, s]));
  const total = addScores(scores, 'all');
  const missing = Object.keys(sourceFiles).sort().filter((f) => !byFile.has(f));
  const stale = scores.filter((s) => s.run !== undefined && sourceFiles[s.file] !== undefined && sourceFiles[s.file] !== s.run.sourceSha256).map((s) => s.file);
  const gone = scores.filter((s) => sourceFiles[s.file] === undefined).map((s) => s.file);
  const folders = [...new Set(scores.map((s) => dirname(s.file)))].sort();
  const lines = [
    `# Mutation score: ${format}`,
    '',
    'Written by `npm run mutation -- ' + format + '` (scripts/mutation/run-mutation.ts); do not edit by hand.',
    'StrykerJS mutates the oracle; the tests are the golden vectors run through it, one test per case',
    '(scripts/mutation/golden-cases.ts). Score = (killed + timeout) / (killed + timeout + survived + no coverage or not run).',
    'A static mutant (run while the modules load) that a run left out (`ignoreStatic`) is listed with status Ignored and counts as not detected.',
    '',
    `- files mutated: ${scores.length - gone.length} of ${Object.keys(sourceFiles).length}` + (missing.length > 0 ? ` (not run yet: ${missing.join(', ')})` : ''),
    ...(notReached.length > 0 ? [`- not mutated, since no op imports them (no golden case can run their code): ${notReached.join(', ')}`] : []),
    ...(stale.length > 0 ? [`- source changed since its run (figures and survivor positions may be out of date): ${stale.join(', ')}`] : []),
    ...(gone.length > 0 ? [`- results of files no longer in the source tree (still counted): ${gone.join(', ')}`] : []),
    `- mutants: ${total.killed + total.timeout + total.survived + total.noCoverage + total.errors}, score ${percent(mutationScore(total))}`,
    `- survivors explained as equivalent: ${total.survivors.filter((s) => explainSurvivor(s, equivalent) !== undefined).length} of ${total.survivors.length}` +
      `; score counting explained survivors as equivalent: ${percent(equivalentScore(total, equivalent))}`,
    '',
    '## Per folder',
    '',
    HEAD,
    ...folders.map((d) => row(d, addScores(scores.filter((s) => dirname(s.file) === d), d))),
    row('**all**', total),
    '',
    '## Per file',
    '',
    FILE_HEAD,
    ...[...scores].sort(byPath).map(fileRow),
    '',
    '## Survivors',
    '',
    total.survivors.length === 0 ? 'None.' : '| where | mutator | replacement | status | equivalent because |\n|---|---|---|---|---|',
    ...total.survivors.map((s) => {
      const replacement = s.replacement.replace(/\s+/g, ' ').replace(/\|/g, '\\|').slice(0, 80);
      return `| ${s.file}:${s.line}:${s.column} | ${s.mutator} | \`${replacement}\` | ${s.status} | ${explainSurvivor(s, equivalent) ?? '**not explained**'} |`;
    }),
    '',
  ];
  return lines.join('\n');
}
