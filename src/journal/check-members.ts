/** Closed member sets (seed 003 "The File"; R-J5): unknown members refused by name, missing ones named. */
import { fail, OK, type Result } from '../shared/errors.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import type { RefusalRule } from '../shared/refusals.ts';
import { RETIRED_METADATA_MEMBER } from './constants.ts';
import { refuse, RULES, type LineContext } from './refusal.ts';

/**
 * Checks that `obj` has exactly the members of `allowed`. The first offending member in document
 * order decides: `at` in metadata is RETIRED_MEMBER, any other stranger UNKNOWN_MEMBER. Then the
 * first missing member in canonical order is MISSING_MEMBER, cited with `missingRule`.
 */
export function checkMembers(
  obj: Map<string, unknown>,
  allowed: readonly string[],
  pointer: string,
  at: LineContext,
  missingRule: RefusalRule,
  retiredAt = false,
): Result<undefined> {
  if (obj.size === allowed.length && allHave(obj, allowed)) return OK;
  for (const key of obj.keys()) {
    if (allowed.includes(key)) continue;
    if (retiredAt && key === RETIRED_METADATA_MEMBER) {
      // R-J5: the v1 timestamp member is refused by name, even beside a valid at_us.
      return fail(refuse(RULES.RETIRED_MEMBER, `retired member "${key}"`, at, appendPointer(pointer, key), key));
    }
    // R-J5: an extra member is a new format version, never an extension.
    return fail(refuse(RULES.UNKNOWN_MEMBER, `unknown member ${JSON.stringify(key)}`, at, appendPointer(pointer, key), key));
  }
  for (const key of allowed) {
    if (!obj.has(key)) return fail(refuse(missingRule, `missing member "${key}"`, at, pointer, key));
  }
  return OK;
}

function allHave(obj: Map<string, unknown>, allowed: readonly string[]): boolean {
  for (const k of allowed) if (!obj.has(k)) return false;
  return true;
}
