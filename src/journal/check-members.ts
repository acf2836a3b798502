/** Closed member sets (seed 003 "The File"; R-J5): unknown members refused by name, missing ones named. */
import type { FormatError } from '../shared/errors.ts';
import { CODES, REQ, RETIRED_METADATA_MEMBER } from './constants.ts';
import { childPointer, refuse, type LineContext } from './refusal.ts';

/**
 * Checks that `obj` has exactly the members of `allowed`. The first offending member in document
 * order decides: `at` in metadata is RETIRED_MEMBER, any other stranger UNKNOWN_MEMBER. Then the
 * first missing member in canonical order is MISSING_MEMBER.
 */
export function checkMembers(
  obj: Map<string, unknown>,
  allowed: readonly string[],
  pointer: string,
  at: LineContext,
  missingRequirement: string,
  retiredAt = false,
): FormatError | undefined {
  if (obj.size !== allowed.length || !allHave(obj, allowed)) {
    for (const key of obj.keys()) {
      if (allowed.includes(key)) continue;
      if (retiredAt && key === RETIRED_METADATA_MEMBER) {
        // R-J5: the v1 timestamp member is refused by name, even beside a valid at_us.
        return refuse(CODES.RETIRED_MEMBER, REQ.METADATA, 'core', `retired member "${key}"`, at, childPointer(pointer, key), key);
      }
      // R-J5: an extra member is a new format version, never an extension.
      return refuse(CODES.UNKNOWN_MEMBER, REQ.METADATA, 'core', `unknown member ${JSON.stringify(key)}`, at, childPointer(pointer, key), key);
    }
    for (const key of allowed) {
      if (!obj.has(key)) {
        return refuse(CODES.MISSING_MEMBER, missingRequirement, 'core', `missing member "${key}"`, at, pointer, key);
      }
    }
  }
  return undefined;
}

function allHave(obj: Map<string, unknown>, allowed: readonly string[]): boolean {
  for (const k of allowed) if (!obj.has(k)) return false;
  return true;
}
