/**
 * The expected-failures list (`--expected-failures FILE`): one `<case-id> <reason>` per line, `#`
 * comments and blank lines allowed. Listed cases that fail do not fail the run; listed cases that
 * pass do, so the list can only shrink.
 */
import { fail, ok, type Result } from '../shared/errors.ts';

/** Case id → reason. */
export type ExpectedFailures = ReadonlyMap<string, string>;

/** A case id (20 lowercase hex digits, see caseId) and a reason; anything else is refused, not taken for an id. */
const LINE = /^([0-9a-f]{20})[ \t]+(\S.*)$/;

/** Parses the list; the error names the first bad line. */
export function parseExpectedFailures(text: string, source = 'expected-failures'): Result<ExpectedFailures, string> {
  const out = new Map<string, string>();
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    const m = LINE.exec(line);
    if (!m) return fail(`${source}:${i + 1}: expected "<case-id> <reason>" (a 20-hex-digit id, then why it fails), got ${JSON.stringify(line)}`);
    if (out.has(m[1]!)) return fail(`${source}:${i + 1}: case ${m[1]} is listed twice`);
    out.set(m[1]!, m[2]!.trim());
  }
  return ok(out);
}
