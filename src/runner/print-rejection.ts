/** The exec contract's rejection text, shared by `formcert validate` and `formcert testee exec`. */
import { describeLocation, type FormatError } from '../shared/errors.ts';

/**
 * Prints a rejection in the exec contract's form (spec/protocol, v1.1): `code: <CODE>` on the first
 * line — the line that tells a rejection from a crash when the status is 1 — then where and why.
 */
export function printRejection(error: FormatError, out: (s: string) => void): void {
  out(`code: ${error.code}\n`);
  const where = describeLocation(error.location);
  if (where) out(`where: ${where}\n`);
  out(`rule: ${error.requirement} (${error.profile})\n`);
  out(`why: ${error.message}\n`);
}
