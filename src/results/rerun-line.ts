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
