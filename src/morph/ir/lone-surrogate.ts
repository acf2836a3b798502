/** Lone-surrogate detection (a string holding one has no UTF-8 form, R-S1). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `s` holds a surrogate code unit that is not half of a pair. */
export function hasLoneSurrogate(s: string): boolean {
  return LONE_SURROGATE.test(s);
}
