/**
 * The command line a certify summary prints so a user can rerun just the failing cases with the
 * same testee and the same scoring options.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { shellWord } from '../results/rerun-line.ts';

/** The certify options that change which cases run or how they are scored. */
export interface RerunOptions {
  readonly testee: readonly string[];
  readonly profile: string;
  readonly codes: boolean;
  readonly timeoutMs: string;
  readonly persistent: boolean;
  readonly exec: boolean;
  readonly vectors: string;
  readonly maxOutputBytes: string;
  readonly name?: string;
}

/** More ids than this go to a file in the report directory (when there is one) instead of the command line. */
export const INLINE_IDS = 40;

/** The name of that file inside the report directory. */
export const FAILING_CASES_FILE = 'failing-cases.txt';

/** Defaults of `formcert certify`: options equal to them are left out of the command. */
const DEFAULTS = { profile: 'strict', timeoutMs: '10000', maxOutputBytes: String(64 * 1024 * 1024), vectors: 'golden' };

/**
 * The certify options of `o` that change how cases run or are scored, then `--` and the testee argv:
 * everything a rerun needs but the case selection. Recorded on every case record (`certifyArgs`).
 */
export function certifyArgs(o: RerunOptions): string[] {
  const argv: string[] = [];
  if (o.vectors !== DEFAULTS.vectors) argv.push('--vectors', o.vectors);
  if (o.profile !== DEFAULTS.profile) argv.push('--profile', o.profile);
  if (o.codes) argv.push('--codes');
  if (o.timeoutMs !== DEFAULTS.timeoutMs) argv.push('--timeout-ms', o.timeoutMs);
  if (o.maxOutputBytes !== DEFAULTS.maxOutputBytes) argv.push('--max-output-bytes', o.maxOutputBytes);
  if (o.name !== undefined) argv.push('--name', o.name);
  if (o.persistent) argv.push('--persistent');
  if (o.exec) argv.push('--exec');
  if (o.testee.length > 0) argv.push('--', ...o.testee);
  return argv;
}

/** The argv (after `formcert`) that reruns `ids` with the options of `o`, the ids given inline or as `@file`. */
export function rerunArgv(o: RerunOptions, cases: string): string[] {
  return ['certify', '--cases', cases, ...certifyArgs(o)];
}

/**
 * The ready-to-paste command. Up to {@link INLINE_IDS} ids go on the command line; more are written to
 * `<reportDir>/failing-cases.txt` and named as `--cases @FILE` (inline anyway when there is no report
 * directory, or when writing the file fails).
 */
export async function rerunCommand(o: RerunOptions, ids: readonly string[], reportDir?: string): Promise<string> {
  let cases = ids.join(',');
  if (ids.length > INLINE_IDS && reportDir !== undefined) {
    const file = join(reportDir, FAILING_CASES_FILE);
    try {
      await writeFile(file, ids.join('\n') + '\n');
      cases = `@${file}`;
    } catch {
      // The inline list still reruns the same cases; only the command gets long.
    }
  }
  return ['formcert', ...rerunArgv(o, cases)].map(shellWord).join(' ');
}
