/**
 * A tolerant scan of JSON-ish bytes (one or many lines) for the places a token-aware mutation can
 * hit: number tokens, string tokens, member names with their values, and line boundaries. It never
 * fails: on malformed bytes it reports whatever spans it recognised, which is all a mutator needs.
 */

/** A half-open byte range [start, end). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** A member: its name token and its value (the value span may be empty on malformed input). */
export interface MemberSpan {
  readonly key: Span;
  readonly value: Span;
}

/** Every span of one input, in byte order. */
export interface Spans {
  readonly numbers: Span[];
  readonly strings: Span[];
  readonly members: MemberSpan[];
  /** Lines without their LF. */
  readonly lines: Span[];
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const LF = 0x0a;
const COLON = 0x3a;

function isWhitespace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0d || b === LF;
}

function isNumberByte(b: number): boolean {
  return (b >= 0x30 && b <= 0x39) || b === 0x2d || b === 0x2b || b === 0x2e || b === 0x65 || b === 0x45;
}

/** End of the string token starting at the quote `at` (just past the closing quote, or the line end). */
export function stringEnd(bytes: Uint8Array, at: number): number {
  let i = at + 1;
  while (i < bytes.length && bytes[i] !== QUOTE && bytes[i] !== LF) i += bytes[i] === BACKSLASH ? 2 : 1;
  return Math.min(bytes.length, bytes[i] === QUOTE ? i + 1 : i);
}

/** End of the JSON value starting at `at` (balanced brackets, strings skipped), tolerant of bad input. */
export function valueEnd(bytes: Uint8Array, at: number): number {
  const first = bytes[at];
  if (first === QUOTE) return stringEnd(bytes, at);
  if (first === 0x7b || first === 0x5b) {
    let depth = 0;
    let i = at;
    while (i < bytes.length && bytes[i] !== LF) {
      const b = bytes[i]!;
      if (b === QUOTE) {
        i = stringEnd(bytes, i);
        continue;
      }
      if (b === 0x7b || b === 0x5b) depth++;
      if (b === 0x7d || b === 0x5d) {
        depth--;
        if (depth === 0) return i + 1;
      }
      i++;
    }
    return i;
  }
  let i = at;
  while (i < bytes.length && !isWhitespace(bytes[i]!) && bytes[i] !== 0x2c && bytes[i] !== 0x7d && bytes[i] !== 0x5d) i++;
  return i;
}

/** Scans `bytes` once for numbers, strings, members and lines. */
export function scanSpans(bytes: Uint8Array): Spans {
  const numbers: Span[] = [];
  const strings: Span[] = [];
  const members: MemberSpan[] = [];
  const lines: Span[] = [];
  let lineStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === LF) {
      lines.push({ start: lineStart, end: i });
      lineStart = i + 1;
      i++;
    } else if (b === QUOTE) {
      const end = stringEnd(bytes, i);
      strings.push({ start: i, end });
      let j = end;
      while (j < bytes.length && (bytes[j] === 0x20 || bytes[j] === 0x09)) j++;
      if (bytes[j] === COLON) {
        let v = j + 1;
        while (v < bytes.length && (bytes[v] === 0x20 || bytes[v] === 0x09)) v++;
        members.push({ key: { start: i, end }, value: { start: v, end: v < bytes.length ? valueEnd(bytes, v) : v } });
      }
      i = end;
    } else if ((b >= 0x30 && b <= 0x39) || b === 0x2d) {
      let end = i;
      while (end < bytes.length && isNumberByte(bytes[end]!)) end++;
      numbers.push({ start: i, end });
      i = end;
    } else {
      i++;
    }
  }
  if (lineStart < bytes.length) lines.push({ start: lineStart, end: bytes.length });
  return { numbers, strings, members, lines };
}
