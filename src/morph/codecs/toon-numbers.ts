/** toon applicability of numbers: TOON carries JavaScript numbers, so only lexemes that survive one are applicable (MORPH-TOON-1). */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import { isJsonArray, isJsonNumber, isJsonObject, type JsonNumber } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import { morphError } from '../refusal.ts';

/** Why a lexeme cannot go through TOON, or undefined when it can. */
export function describeToonNumberProblem(n: JsonNumber): string | undefined {
  const x = Number(n.lexeme);
  if (!Number.isFinite(x)) return 'not finite as a JavaScript number';
  if (Object.is(x, -0)) return 'negative zero';
  if (String(x) !== n.lexeme) return `String(Number(lexeme)) is ${String(x)}`;
  if (Number.isInteger(x) && !Number.isSafeInteger(x)) return 'integer outside the safe-integer range';
  return undefined;
}

/** Refuses the first number node (in pre-order) that TOON would change (encode side, MORPH-TOON-1). */
export function checkToonNumbers(ir: Ir): Result<void> {
  return findToonNumberProblem(ir, RULES.TOON_NUMBERS);
}

/**
 * R-M18: the decode side of the same rule. A value the official decoder produced from a payload is
 * refused, with encode's code, when toon encode would refuse it (an unsafe integer such as
 * 9007199254740992 or 1e+21), so a payload never decodes to a value toon could not have written.
 */
export function checkDecodedToonNumbers(ir: Ir): Result<void> {
  return findToonNumberProblem(ir, RULES.TOON_DECODED_NUMBERS);
}

function findToonNumberProblem(ir: Ir, requirement: string): Result<void> {
  const stack: Array<[string, Ir]> = [['', ir]];
  while (stack.length > 0) {
    const [pointer, v] = stack.pop()!;
    if (isJsonNumber(v)) {
      const problem = describeToonNumberProblem(v);
      if (problem !== undefined) {
        return fail(morphError(MORPH_CODES.TOON_NUMBER_INAPPLICABLE, requirement, `number ${v.lexeme}: ${problem}`, { pointer }));
      }
    } else if (isJsonArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, i), v[i]!]);
    } else if (isJsonObject(v)) {
      const entries = [...v];
      for (let i = entries.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, entries[i]![0]), entries[i]![1]]);
    }
  }
  return ok(undefined);
}
