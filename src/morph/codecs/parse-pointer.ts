/** path-value stage: RFC 6901 pointer syntax, split into its parent and last token (MORPH-PV-3). */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import { morphError } from '../refusal.ts';

/** A validated non-root pointer: its parent pointer and its last reference token, unescaped. */
export interface PointerTail {
  readonly parent: string;
  readonly token: string;
}

const VALID_ESCAPES = /^(?:[^~]|~[01])*$/;

/**
 * Validates a pointer's escapes (`~` only as `~0` or `~1`) and leading `/`, and returns its parent
 * and last token. A valid pointer is its own canonical re-encoding, so identical pointers name the
 * same node and string comparison finds duplicates.
 */
export function parsePointer(pointer: string, line: number): Result<PointerTail | null> {
  if (pointer === '') return ok(null);
  if (!pointer.startsWith('/') || !VALID_ESCAPES.test(pointer)) {
    return fail(morphError(MORPH_CODES.INVALID_POINTER, RULES.PATH_VALUE_POINTER, `invalid RFC 6901 pointer ${JSON.stringify(pointer)}`, { line, pointer }));
  }
  const cut = pointer.lastIndexOf('/');
  const raw = pointer.slice(cut + 1);
  return ok({ parent: pointer.slice(0, cut), token: raw.replace(/~1/g, '/').replace(/~0/g, '~') });
}
