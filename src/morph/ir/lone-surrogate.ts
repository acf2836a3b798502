/** Lone-surrogate detection (a string holding one has no UTF-8 form, R-S1). */
import { appendPointer } from '../../shared/json/pointer.ts';
import { isJsonArray, isJsonObject, type JsonValue } from '../../shared/json/value.ts';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds a surrogate code unit that is not half of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}

/**
 * The JSON pointer of the first string or member name (in pre-order) of `value` that holds a lone
 * surrogate, or undefined when there is none. Walks with an explicit stack, so any depth is fine.
 */
export function findLoneSurrogate(value: JsonValue): string | undefined {
  const stack: Array<[string, JsonValue]> = [['', value]];
  while (stack.length > 0) {
    const [pointer, v] = stack.pop()!;
    if (typeof v === 'string') {
      if (hasLoneSurrogate(v)) return pointer;
    } else if (isJsonArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([appendPointer(pointer, i), v[i]!]);
    } else if (isJsonObject(v)) {
      const entries = [...v];
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, item] = entries[i]!;
        const at = appendPointer(pointer, k);
        if (hasLoneSurrogate(k)) return at;
        stack.push([at, item]);
      }
    }
  }
  return undefined;
}
