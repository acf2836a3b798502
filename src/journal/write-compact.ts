/**
 * Compact JSON as the writer emits it (R-J8) and as the payload budget measures it (R-J6): no
 * whitespace, lexemes and member order kept, strings escaped minimally. The shared writer has exactly
 * that form; this module names the journal's use of it.
 */
import type { JsonValue } from '../shared/json/value.ts';
import { writeJson, writeString } from '../shared/json/write-value.ts';

/** Writes a string literal with minimal escaping. */
export const writeCompactString: (s: string) => string = writeString;

/** Writes any JsonValue compactly. */
export function writeCompact(value: JsonValue): string {
  return writeJson(value);
}

/** UTF-8 length of {@link writeCompact}'s output: a payload's share of the R-J6 budget. */
export function compactLength(value: JsonValue): number {
  return Buffer.byteLength(writeJson(value), 'utf8');
}
