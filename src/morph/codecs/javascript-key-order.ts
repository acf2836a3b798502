/**
 * How JavaScript orders an object's own string keys (ECMAScript OrdinaryOwnPropertyKeys): array
 * indices first in ascending numeric order, then every other name in the order it was added. The
 * official TOON package works on such objects, so this order decides what toon can carry (R-M17).
 */
import { TOON_MAX_ARRAY_INDEX } from '../constants.ts';

const CANONICAL_DECIMAL = /^(?:0|[1-9][0-9]*)$/;

/**
 * Whether JavaScript treats a member name as an array index: the canonical decimal form (no sign,
 * no leading zero, no fraction or exponent, ASCII digits only) of an integer from 0 to 2^32 - 2.
 */
export function isArrayIndexName(name: string): boolean {
  // Ten digits bound the length before Number(), so a long digit run is never converted.
  return CANONICAL_DECIMAL.test(name) && name.length <= 10 && Number(name) <= TOON_MAX_ARRAY_INDEX;
}

/** The order in which JavaScript lists the own keys of an object whose keys were added in `names` order. */
export function orderAsJavaScript(names: readonly string[]): string[] {
  const indices = names.filter(isArrayIndexName).sort((a, b) => Number(a) - Number(b));
  return [...indices, ...names.filter((n) => !isArrayIndexName(n))];
}
