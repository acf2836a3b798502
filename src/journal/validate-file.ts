/** `formcert validate journal <file>`: the streaming reader, summarised. */
import type { FileValidator, ValidationSummary } from '../shared/file-validator.ts';
import { fail, ok } from '../shared/errors.ts';
import { readJournalFile } from './read-journal.ts';

/** Validates a journal file in one streaming pass under the given profile (memory bounded by one line). */
export const validateJournalFile: FileValidator = async (path, options) => {
  const result = await readJournalFile(path, { collect: false, profile: options.profile });
  if (!result.ok) return fail(result.error);
  const s = result.value;
  // Integers above 2^53 are printed as decimal strings so no digit is lost.
  const big = (n: bigint): number | string => (n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString());
  const summary: ValidationSummary = {
    schema: s.header.schema,
    generation: big(s.header.generation),
    origin: big(s.header.origin),
    frontier: big(s.frontier),
    entries: s.entryCount,
    lines: s.lineCount,
    tornTailBytes: s.tornTailBytes,
  };
  return ok(summary);
};
