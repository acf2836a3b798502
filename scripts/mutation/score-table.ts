/**
 * Reads StrykerJS JSON reports (mutation-testing-report-schema) into per-file counts and renders the
 * score table of reports/mutation/<format>.md: totals, per folder, per file, and every survivor with
 * the reason it is equivalent when one is recorded in scripts/mutation/equivalent-mutants.json.
 */
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';

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
  readonly status: 'Survived' | 'NoCoverage';
  /** The mutated source line, trimmed (for the table and the equivalence rules). */
  readonly sourceLine: string;
}

/** The outcome counts of one mutated file. */
export interface FileScore {
  readonly file: string;
  readonly killed: number;
  readonly timeout: number;
  readonly survived: number;
  readonly noCoverage: number;
  /** Compile and runtime errors: mutants that cannot run, left out of the score as Stryker does. */
  readonly errors: number;
  readonly survivors: readonly Survivor[];
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
      .filter((m) => m.status === 'Survived' || m.status === 'NoCoverage')
      .map((m) => ({
        file,
        line: m.location.start.line,
        column: m.location.start.column,
        mutator: m.mutatorName,
        replacement: m.replacement ?? '',
        status: m.status as Survivor['status'],
        sourceLine: (lines[m.location.start.line - 1] ?? '').trim(),
      }))
      .sort((a, b) => a.line - b.line || a.column - b.column);
    return {
      file,
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      errors: count('CompileError') + count('RuntimeError'),
      survivors,
    };
  });
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
const REFUSAL_LINE = /\b(refuse|refuseAt|reject|fail|formatError)\(/;
const REFUSAL_TEXT = 'text or location of a refusal: for people, not part of the verdict or code a vector pins';

/** Why a survivor is equivalent: a recorded reason, the refusal-text rule, or undefined. */
export function explainSurvivor(s: Survivor, equivalent: Record<string, string>): string | undefined {
  const recorded = equivalent[survivorKey(s)];
  if (recorded !== undefined) return recorded;
  if ((s.mutator === 'StringLiteral' || s.mutator === 'ObjectLiteral') && REFUSAL_LINE.test(s.sourceLine)) return REFUSAL_TEXT;
  return undefined;
}

/** The key a survivor is explained under in equivalent-mutants.json. */
export function survivorKey(s: Survivor): string {
  return `${s.file}:${s.line}:${s.column} ${s.mutator}`;
}

function addScores(list: readonly FileScore[], file: string): FileScore {
  const sum = (k: 'killed' | 'timeout' | 'survived' | 'noCoverage' | 'errors') => list.reduce((n, s) => n + s[k], 0);
  return { file, killed: sum('killed'), timeout: sum('timeout'), survived: sum('survived'), noCoverage: sum('noCoverage'), errors: sum('errors'), survivors: list.flatMap((s) => s.survivors) };
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
const HEAD = '| | killed | timeout | survived | no coverage | errors | score |\n|---|---:|---:|---:|---:|---:|---:|';

/** Loads the recorded reasons why a survivor is equivalent (key: {@link survivorKey}). */
export function loadEquivalentMutants(path = new URL('./equivalent-mutants.json', import.meta.url)): Record<string, string> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
}

/** The Markdown score table of one format; `sourceFiles` lists what a full run covers. */
export function renderMutationTable(format: MutationFormat, scores: readonly FileScore[], sourceFiles: readonly string[], equivalent = loadEquivalentMutants()): string {
  const byFile = new Map(scores.map((s) => [s.file, s]));
  const total = addScores(scores, 'all');
  const missing = sourceFiles.filter((f) => !byFile.has(f));
  const folders = [...new Set(scores.map((s) => dirname(s.file)))].sort();
  const lines = [
    `# Mutation score: ${format}`,
    '',
    'Written by `npm run mutation -- ' + format + '` (scripts/mutation/run-mutation.ts); do not edit by hand.',
    'StrykerJS mutates the oracle; the tests are the golden vectors run through it, one test per case',
    '(scripts/mutation/golden-oracle.mutation.ts). Score = (killed + timeout) / (killed + timeout + survived + no coverage).',
    '',
    `- files mutated: ${scores.length} of ${sourceFiles.length}` + (missing.length > 0 ? ` (not run yet: ${missing.join(', ')})` : ''),
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
    HEAD,
    ...[...scores].sort((a, b) => (a.file < b.file ? -1 : 1)).map((s) => row(s.file, s)),
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
