/**
 * Compact JSON as the writer emits it (R-J8) and as the payload budget measures it (R-J6): no
 * whitespace, lexemes and member order kept, strings escaped minimally. The shared writer has exactly
 * that form but for one thing: it keeps a lone surrogate (which core reads from an escape) as the
 * code unit, which has no UTF-8 form. A journal line holds it as its escape (R-J8), so it survives
 * the write byte for byte and counts six bytes in the budget, as the reader's spans count it.
 */
import type { JsonValue } from '../shared/json/value.ts';
import { writeJson, writeString } from '../shared/json/write-value.ts';

/** Writes a string literal with minimal escaping; a lone surrogate as its lowercase `\uXXXX` escape. */
export function writeCompactString(s: string): string {
  return escapeLoneSurrogates(writeString(s));
}

/** Writes any JsonValue compactly; a lone surrogate as its lowercase `\uXXXX` escape. */
export function writeCompact(value: JsonValue): string {
  return escapeLoneSurrogates(writeJson(value));
}

/** UTF-8 length of {@link writeCompact}'s output: a payload's share of the R-J6 budget. */
export function compactLength(value: JsonValue): number {
  return Buffer.byteLength(writeCompact(value), 'utf8');
}

/** A surrogate code unit without its other half (the regex works on UTF-16 units: no `u` flag). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Replaces each lone surrogate of written JSON text by its escape. The writer puts code units only
 * inside string literals, so each one is in a string, where the escape means the same unit.
 */
function escapeLoneSurrogates(text: string): string {
  // One isWellFormed pass for the usual text; the replace only for a text that holds a lone unit.
  if (text.isWellFormed()) return text;
  return text.replace(LONE_SURROGATE, (unit) => `\\u${unit.charCodeAt(0).toString(16)}`);
}
