/** Small byte-level edits shared by the mutators of every format and the fuzzer (one way to splice bytes). */

/** Bytes to put in: UTF-8 text, raw bytes or a list of byte values. */
export type InsertedBytes = Uint8Array | string | readonly number[];

function toBytes(ins: InsertedBytes): Uint8Array {
  if (typeof ins === 'string') return Buffer.from(ins, 'utf8');
  return ins instanceof Uint8Array ? ins : Uint8Array.from(ins);
}

/** A copy of `bytes` with `[start, end)` replaced by `replacement`. */
export function spliceBytes(bytes: Uint8Array, start: number, end: number, replacement: InsertedBytes): Uint8Array {
  const insert = toBytes(replacement);
  const out = new Uint8Array(bytes.length - (end - start) + insert.length);
  out.set(bytes.subarray(0, start), 0);
  out.set(insert, start);
  out.set(bytes.subarray(end), start + insert.length);
  return out;
}

/** A copy of `bytes` with `ins` inserted before offset `at`. */
export function insertBytes(bytes: Uint8Array, at: number, ins: InsertedBytes): Uint8Array {
  return spliceBytes(bytes, at, at, ins);
}

/**
 * The input read as UTF-8 with the first match of `pattern` replaced, or undefined when nothing matches
 * (the edit does not apply to this input).
 */
export function replaceFirstText(bytes: Uint8Array, pattern: RegExp, replacement: string): Uint8Array | undefined {
  const text = Buffer.from(bytes).toString('utf8');
  if (!pattern.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.replace(pattern, replacement), 'utf8'));
}
