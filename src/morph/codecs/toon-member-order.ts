/**
 * toon applicability of member order (R-M17): toon keeps every object's member order or does not
 * apply. The official package works on plain JavaScript objects, whose integer-like member names
 * come first in ascending order whatever order they were added in, and writes every row of a
 * tabular array in the first row's field order; an IR either change would reorder cannot go
 * through toon unchanged.
 */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import { isJsonArray, isJsonObject } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import { orderAsJavaScript } from './javascript-key-order.ts';
import { morphError } from '../refusal.ts';

/** Refuses the first object (in pre-order) whose members JavaScript would list in another order. */
export function checkToonMemberOrder(ir: Ir): Result<void> {
  const stack: Array<[string, Ir]> = [['', ir]];
  while (stack.length > 0) {
    const [pointer, v] = stack.pop()!;
    if (isJsonArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, i), v[i]!]);
    } else if (isJsonObject(v)) {
      const names = [...v.keys()];
      const listed = orderAsJavaScript(names);
      const moved = names.findIndex((n, i) => listed[i] !== n);
      if (moved >= 0) {
        const why = `member "${listed[moved]}" would move before "${names[moved]}": JavaScript lists integer-like names first, ascending`;
        return fail(morphError(MORPH_CODES.CODEC_INAPPLICABLE, RULES.TOON_MEMBER_ORDER, why, { pointer }));
      }
      const entries = [...v];
      for (let i = entries.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, entries[i]![0]), entries[i]![1]]);
    }
  }
  return ok(undefined);
}

/**
 * The pointer of the first object (in pre-order) whose members `after` lists in another order than
 * `before`, for two values with the same semantic digest (so the same members everywhere); undefined
 * when every order is kept.
 */
export function findMemberOrderChange(before: Ir, after: Ir): string | undefined {
  const stack: Array<[string, Ir, Ir]> = [['', before, after]];
  while (stack.length > 0) {
    const [pointer, a, b] = stack.pop()!;
    if (isJsonArray(a) && isJsonArray(b)) {
      for (let i = a.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, i), a[i]!, b[i]!]);
    } else if (isJsonObject(a) && isJsonObject(b)) {
      const names = [...a.keys()];
      const other = [...b.keys()];
      if (names.some((n, i) => other[i] !== n)) return pointer;
      for (let i = names.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, names[i]!), a.get(names[i]!)!, b.get(names[i]!)!]);
    }
  }
  return undefined;
}
