/** Text helpers shared by every format: UTF-8 lengths and validation, the two string orders. */
import { isUtf8 } from 'node:buffer';

/** Length of a string in UTF-8 bytes. */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** Compares by UTF-16 code unit (JavaScript's own string order). */
export function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Compares by Unicode code point (equals UTF-8 byte order); differs from UTF-16 order above U+FFFF. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate unit belongs to a code point above U+FFFF, so it outranks every BMP unit.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs === ys) return x < y ? -1 : 1;
    return xs ? 1 : -1;
  }
  return a.length - b.length < 0 ? -1 : a.length > b.length ? 1 : 0;
}

/** True when the bytes are well-formed UTF-8 (no overlongs, surrogates or values above U+10FFFF). */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  return isUtf8(bytes);
}

/** Offset of the first byte that breaks UTF-8 well-formedness, or -1 when there is none. */
export function firstInvalidUtf8Offset(bytes: Uint8Array, from = 0, to = bytes.length): number {
  let i = from;
  while (i < to) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = b === 0xe0 ? 0xa0 : 0x80;
      if (b === 0xed) max = 0x9f; // no UTF-16 surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = b === 0xf0 ? 0x90 : 0x80;
      if (b === 0xf4) max = 0x8f; // nothing above U+10FFFF
    } else {
      return i;
    }
    if (i + need >= to) return i; // truncated sequence
    const second = bytes[i + 1]!;
    if (second < min || second > max) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k]!;
      if (c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return -1;
}

/** The length of the UTF-8 sequence a lead byte starts (1 for ASCII and for bytes no sequence starts with). */
export function utf8SequenceLength(lead: number): number {
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 1;
}

/**
 * How many bytes at the end of `bytes[from, to)` are the start of a UTF-8 sequence cut by `to` that
 * the next bytes could still complete (0 when the range ends on a sequence boundary or the cut bytes
 * are ill-formed already). A chunked reader keeps these bytes back and judges them with what follows.
 */
export function incompleteUtf8Tail(bytes: Uint8Array, from: number, to: number): number {
  for (let back = 1; back <= 3 && to - back >= from; back++) {
    const lead = bytes[to - back]!;
    if (lead >= 0x80 && lead <= 0xbf) continue; // a continuation byte: look further back
    const length = utf8SequenceLength(lead);
    if (length <= back) return 0;
    // Complete the cut sequence with the smallest bytes its lead allows and see if it is well-formed.
    const probe = new Uint8Array(length);
    for (let k = 0; k < back; k++) probe[k] = bytes[to - back + k]!;
    for (let k = back; k < length; k++) probe[k] = k === 1 ? (lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80) : 0x80;
    return isUtf8(probe) ? back : 0;
  }
  return 0;
}
