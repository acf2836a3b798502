/** Deterministic boundary search shared by MORPH-CONTEXT/1 (R-M4) and MORPH-PROMPT/1 (R-M5). */
import { sha256Hex } from '../../shared/digest.ts';
import { BUNDLE } from './constants.ts';

/** How to search: the hashed seed line, the hex length kept, and the test a candidate must pass. */
export interface BoundarySearch {
  readonly seed: string;
  readonly hexDigits: number;
  readonly maxAttempts: number;
  /** The strings that must not occur in any part for `boundary`. */
  readonly forbidden: (boundary: string) => readonly string[];
}

/**
 * Returns the first candidate `sha256(seed LF n LF part0 NUL part1 NUL …)[0, hexDigits)` for n = 0, 1, …
 * whose forbidden strings occur in no part, or undefined when every attempt collides.
 */
export function deriveBoundary(search: BoundarySearch, parts: readonly string[]): string | undefined {
  const joined = parts.join(BUNDLE.NUL);
  for (let n = 0; n < search.maxAttempts; n++) {
    const candidate = sha256Hex(`${search.seed}\n${n}\n${joined}`).slice(0, search.hexDigits);
    const forbidden = search.forbidden(candidate);
    if (!parts.some((part) => forbidden.some((f) => part.includes(f)))) return candidate;
  }
  return undefined;
}
