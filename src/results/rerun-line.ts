/**
 * Commands that rerun recorded cases. Every record of a certify run carries the run's certify
 * arguments (options and testee argv, no case selection), so any view of the results — the HTML
 * report, `report merge`, summary.md — can print `formcert certify --cases <id> …` ready to paste,
 * long after the run and on another machine's copy of results.jsonl.
 */
import type { CaseRecord } from './case-record.ts';

/** Quotes one word for a POSIX shell (unquoted when it holds only safe characters). */
export function shellWord(word: string): string {
  return /^[\w@%+=:,./{}-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `formcert certify --cases <cases> <certifyArgs…>`, shell-quoted. */
export function certifyCasesCommand(cases: string, certifyArgs: readonly string[]): string {
  return ['formcert', 'certify', '--cases', cases, ...certifyArgs].map(shellWord).join(' ');
}

/** The certify arguments of the run a record came from, quoted as one string (undefined for records of older runs). */
export function quotedCertifyArgs(record: Pick<CaseRecord, 'certifyArgs'>): string | undefined {
  return record.certifyArgs === undefined ? undefined : record.certifyArgs.map(shellWord).join(' ');
}

/** The command that reruns one recorded case with its run's testee and options, or undefined when the record does not say. */
export function rerunCaseCommand(record: Pick<CaseRecord, 'id' | 'certifyArgs'>): string | undefined {
  return record.certifyArgs === undefined ? undefined : certifyCasesCommand(record.id, record.certifyArgs);
}

/** The `--vectors DIR` a record's run was given (undefined: the bundled golden/). */
function vectorsOf(record: Pick<CaseRecord, 'certifyArgs'>): string | undefined {
  const args = record.certifyArgs ?? [];
  const end = args.indexOf('--');
  const at = args.indexOf('--vectors');
  return at >= 0 && (end < 0 || at < end) ? args[at + 1] : undefined;
}

/** `formcert show <id>` (with the run's `--vectors`): prints a case's whole input and expectation. */
export function showInputCommand(record: Pick<CaseRecord, 'id' | 'certifyArgs'>): string {
  const vectors = vectorsOf(record);
  return ['formcert', 'show', record.id, ...(vectors !== undefined ? ['--vectors', vectors] : [])].map(shellWord).join(' ');
}

/**
 * `formcert show --actual <id> --results <file>…` (with `--implementation` when the results hold
 * several): prints what the testee answered, whole, from the results file that keeps every record.
 */
export function showActualCommand(record: Pick<CaseRecord, 'id' | 'implementation'>, results: readonly string[], severalImplementations: boolean): string {
  return [
    'formcert',
    'show',
    '--actual',
    record.id,
    ...results.flatMap((r) => ['--results', r]),
    ...(severalImplementations ? ['--implementation', record.implementation] : []),
  ]
    .map(shellWord)
    .join(' ');
}
