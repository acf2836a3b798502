/** The track key (R-J10): labels each followed by U+001F, in UTF-8; byte order = tuple order, prefix = selection. */
import { fail, ok, type Result } from '../shared/errors.ts';
import { TRACK_SEPARATOR } from './constants.ts';
import { refuse, RULES } from './refusal.ts';

/** True for a code point a label may not carry: C0, DEL and C1 controls (R-J10). */
function isControl(cp: number): boolean {
  return cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);
}

/** Why a label is not a label, or undefined when it is one. */
export function labelProblem(label: string): string | undefined {
  if (label.length === 0) return 'a label is never empty';
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (isControl(c)) return `control character U+${c.toString(16).toUpperCase().padStart(4, '0')} at index ${i}`;
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = label.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return 'lone surrogate';
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) return 'lone surrogate';
  }
  return undefined;
}

/** Encodes a tuple of labels as its key bytes, or refuses the first bad label. */
export function encodeTrackKey(labels: readonly string[]): Result<Uint8Array> {
  const parts: Buffer[] = [];
  for (let i = 0; i < labels.length; i++) {
    const problem = labelProblem(labels[i]!);
    if (problem) return fail(refuse(RULES.INVALID_TRACK_LABEL, problem, undefined, `/${i}`));
    parts.push(Buffer.from(labels[i]!, 'utf8'), Buffer.of(TRACK_SEPARATOR));
  }
  return ok(new Uint8Array(Buffer.concat(parts)));
}

/** Byte order of two keys (negative, zero, positive). */
export function compareTrackKeys(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

/** Code point order of two labels. */
function compareLabels(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

/** Tuple order: component by component by code point, a proper prefix first (R-J10). */
export function compareTrackTuples(a: readonly string[], b: readonly string[]): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = compareLabels(a[i]!, b[i]!);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** True when `key` starts with the bytes of `prefix`. */
export function keyHasPrefix(key: Uint8Array, prefix: Uint8Array): boolean {
  if (prefix.length > key.length) return false;
  for (let i = 0; i < prefix.length; i++) if (key[i] !== prefix[i]) return false;
  return true;
}

/** The keys a tuple prefix selects: exactly those whose key starts with the prefix's key. */
export function selectByPrefix(keys: readonly Uint8Array[], prefix: readonly string[]): Result<Uint8Array[]> {
  const p = encodeTrackKey(prefix);
  if (!p.ok) return p;
  return ok(keys.filter((k) => keyHasPrefix(k, p.value)));
}
