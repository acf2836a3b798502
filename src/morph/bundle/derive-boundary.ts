/** Deterministic boundary search shared by MORPH-CONTEXT/1 (R-M4) and MORPH-PROMPT/1 (R-M5). */
import { createHash } from 'node:crypto';
import { piecesInclude, updateHashWithText, type TextPieces } from '../digest/hash-text.ts';
import { BUNDLE } from './constants.ts';

/** How to search: the hashed seed line, the hex length kept, and the test a candidate must pass. */
export interface BoundarySearch {
  readonly seed: string;
  readonly hexDigits: number;
  readonly maxAttempts: number;
  /** The strings that must not occur in any part for `boundary`. */
  readonly forbidden: (boundary: string) => readonly string[];
}

/** A part as one text, or as the pieces it is the concatenation of (a bundle framed in a prompt). */
export type BoundaryPart = string | TextPieces;

function piecesOf(part: BoundaryPart): TextPieces {
  return typeof part === 'string' ? [part] : part;
}

/**
 * Returns the first candidate `sha256(seed LF n LF part0 NUL part1 NUL …)[0, hexDigits)` for n = 0, 1, …
 * whose forbidden strings occur in no part, or undefined when every attempt collides. The parts are
 * hashed where they lie, never joined (each may be as large as a bundle).
 */
export function deriveBoundary(search: BoundarySearch, parts: readonly BoundaryPart[]): string | undefined {
  const pieces = parts.map(piecesOf);
  for (let n = 0; n < search.maxAttempts; n++) {
    const hash = createHash('sha256').update(`${search.seed}\n${n}\n`, 'utf8');
    pieces.forEach((part, i) => {
      if (i > 0) hash.update(BUNDLE.NUL, 'utf8');
      for (const piece of part) updateHashWithText(hash, piece);
    });
    const candidate = hash.digest('hex').slice(0, search.hexDigits);
    const forbidden = search.forbidden(candidate);
    if (!pieces.some((part) => forbidden.some((f) => piecesInclude(part, f)))) return candidate;
  }
  return undefined;
}
