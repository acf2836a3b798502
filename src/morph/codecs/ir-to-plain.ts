/** IR → plain JavaScript value for the TOON library (numbers already checked by toon-numbers.ts). */
import { isJsonArray, isJsonNumber, isJsonObject } from '../../shared/json/value.ts';
import type { Ir } from '../ir/types.ts';

/**
 * Converts without recursion. Members are defined as own data properties, so a key such as
 * `__proto__` stays a member instead of changing the prototype.
 */
export function irToPlain(ir: Ir): unknown {
  let root: unknown;
  const stack: Array<[Ir, (v: unknown) => void]> = [[ir, (v) => (root = v)]];
  while (stack.length > 0) {
    const [v, assign] = stack.pop()!;
    if (isJsonNumber(v)) assign(Number(v.lexeme));
    else if (isJsonArray(v)) {
      const out = new Array<unknown>(v.length).fill(null);
      assign(out);
      for (const [i, x] of v.entries()) stack.push([x, (y) => (out[i] = y)]);
    } else if (isJsonObject(v)) {
      const out: Record<string, unknown> = {};
      assign(out);
      for (const [k, x] of v) {
        Object.defineProperty(out, k, { value: null, enumerable: true, configurable: true, writable: true });
        stack.push([x, (y) => Object.defineProperty(out, k, { value: y, enumerable: true, configurable: true, writable: true })]);
      }
    } else assign(v);
  }
  return root;
}
