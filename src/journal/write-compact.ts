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

/**
 * UTF-8 length of {@link writeCompact}'s output: a payload's share of the R-J6 budget. A lone surrogate
 * (core reads one from an escape) has no UTF-8 form: it counts as the six-byte escape a line holds it
 * in (spec/journal, R-J6), as the reader's spans and chunked scan count it.
 */
export function compactLength(value: JsonValue): number {
  const text = writeJson(value);
  const bytes = Buffer.byteLength(text, 'utf8');
  // Buffer.byteLength counts a lone surrogate as U+FFFD, 3 bytes: 3 more make its escape's 6.
  return text.isWellFormed() ? bytes : bytes + 3 * countLoneSurrogates(text);
}

/** How many UTF-16 code units of `text` are surrogates without their other half. */
function countLoneSurrogates(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else count++;
  }
  return count;
}
