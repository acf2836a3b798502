/**
 * The byte-level JSON token toolkit (R-S1, R-S2): whitespace, strings with their escapes and
 * surrogates, number lexemes and literals, scanned from a byte range without building anything.
 * Every scanner of the repository drives these over its own structure; none keeps a copy.
 *
 * Nothing here throws or allocates on the scan path. A scan returns the offset just past its token,
 * or {@link TOKEN_FAILED}; the fault (its kind, its byte offset, and whether it was found at the end of
 * the range, where more bytes might have changed it) is left in the caller's {@link TokenScan}, so a
 * scanner owns its registers and two scanners never share state. UTF-8 well-formedness is the
 * caller's (one native pass over a line or chunk): bytes >= 0x80 are taken as string content.
 */
import { BYTE } from './constants.ts';

/** What a token scan returns when the bytes are not a token of the grammar. */
export const TOKEN_FAILED = -1;

/** Why a token scan failed. Each kind has a message ({@link TOKEN_FAULT_MESSAGE}). */
export const TOKEN_FAULT = {
  NONE: 0,
  UNTERMINATED_STRING: 1,
  CONTROL_CHARACTER: 2,
  INVALID_ESCAPE: 3,
  TRUNCATED_UNICODE_ESCAPE: 4,
  INVALID_UNICODE_ESCAPE: 5,
  /** R-S1 (strict): an escaped surrogate without its partner; the only fault that is not JSON_SYNTAX. */
  LONE_SURROGATE: 6,
  NUMBER_NO_DIGIT: 7,
  FRACTION_NO_DIGIT: 8,
  EXPONENT_NO_DIGIT: 9,
  INVALID_LITERAL: 10,
} as const;

export type TokenFault = (typeof TOKEN_FAULT)[keyof typeof TOKEN_FAULT];

/** For people: what each fault kind means. */
export const TOKEN_FAULT_MESSAGE: Readonly<Record<TokenFault, string>> = {
  [TOKEN_FAULT.NONE]: 'no fault',
  [TOKEN_FAULT.UNTERMINATED_STRING]: 'unterminated string',
  [TOKEN_FAULT.CONTROL_CHARACTER]: 'unescaped control character in a string',
  [TOKEN_FAULT.INVALID_ESCAPE]: 'invalid escape',
  [TOKEN_FAULT.TRUNCATED_UNICODE_ESCAPE]: 'truncated \\u escape',
  [TOKEN_FAULT.INVALID_UNICODE_ESCAPE]: 'invalid \\u escape',
  [TOKEN_FAULT.LONE_SURROGATE]: 'an escaped surrogate has no partner',
  [TOKEN_FAULT.NUMBER_NO_DIGIT]: 'a number needs a digit',
  [TOKEN_FAULT.FRACTION_NO_DIGIT]: 'a fraction needs a digit',
  [TOKEN_FAULT.EXPONENT_NO_DIGIT]: 'an exponent needs a digit',
  [TOKEN_FAULT.INVALID_LITERAL]: 'invalid literal',
};

/** String flag: the body holds at least one escape (decode it with {@link decodeStringBody}). */
export const STRING_ESCAPED = 1;
/** String flag: the body holds bytes >= 0x80 (decode as UTF-8, not Latin-1). */
export const STRING_NON_ASCII = 2;
/** String flag: the body holds a lone surrogate escape (tolerated by the caller). */
export const STRING_LONE_SURROGATE = 4;

/** Number flag: the lexeme starts with a minus sign. */
export const NUMBER_NEGATIVE = 1;
/** Number flag: the lexeme has a fraction. */
export const NUMBER_FRACTION = 2;
/** Number flag: the lexeme has an exponent. */
export const NUMBER_EXPONENT = 4;

/** A scanner's registers: what the last token scan found besides its end offset. */
export class TokenScan {
  /** The fault of the last failed scan. */
  fault: TokenFault = TOKEN_FAULT.NONE;
  /** Byte offset the fault is charged to. */
  faultAt = 0;
  /**
   * A fault was found at the end of the range (the token may go on past it): a prefix of a longer
   * input is judged by such a fault only once the rest is known. Sticky: the caller resets it when it
   * starts on a new input.
   */
  truncated = false;
  /** STRING_* or NUMBER_* flags of the last successful scan. */
  flags = 0;
  /** The digits of a number's integer part as a value (exact while they are at most 15). */
  integer = 0;
  /**
   * After a string scan: how many bytes the body's escapes take beyond their minimal compact form
   * ({@link compactEscapeLength}), so the body's compact length is its length less this (0 without escapes).
   */
  escapeExcess = 0;

  /** Records a fault and returns {@link TOKEN_FAILED}. */
  failAt(fault: TokenFault, at: number, end: number): number {
    this.fault = fault;
    this.faultAt = at;
    if (at >= end) this.truncated = true;
    return TOKEN_FAILED;
  }
}

/** Hex digit values by byte, -1 for a byte that is not one. */
export const HEX_VALUE: Int8Array = (() => {
  const t = new Int8Array(256).fill(-1);
  for (let c = 0; c < 10; c++) t[0x30 + c] = c;
  for (let c = 0; c < 6; c++) {
    t[0x41 + c] = 10 + c;
    t[0x61 + c] = 10 + c;
  }
  return t;
})();

/** The character of each one-letter escape (`\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t`), by byte. */
const SIMPLE_ESCAPE: readonly (string | undefined)[] = (() => {
  const t = new Array<string | undefined>(256).fill(undefined);
  t[0x22] = '"';
  t[0x5c] = '\\';
  t[0x2f] = '/';
  t[0x62] = '\b';
  t[0x66] = '\f';
  t[0x6e] = '\n';
  t[0x72] = '\r';
  t[0x74] = '\t';
  return t;
})();

/** The code unit of the four hex digits at `at`, or -1 when they are not four hex digits (or cut off). */
export function readHex4(buf: Uint8Array, at: number, end: number): number {
  if (at + 4 > end) return -1;
  const a = HEX_VALUE[buf[at]!]!;
  const b = HEX_VALUE[buf[at + 1]!]!;
  const c = HEX_VALUE[buf[at + 2]!]!;
  const d = HEX_VALUE[buf[at + 3]!]!;
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/**
 * UTF-8 length of code unit `unit` as a compact writer with minimal escapes puts it in a string: the
 * two-byte escapes for the quote, the backslash and \b \f \n \r \t, `\u00XX` for other control
 * characters, the character itself otherwise — except a lone surrogate, which has no UTF-8 form and
 * stays a six-byte escape. (A surrogate pair is one four-byte character.)
 */
export function compactEscapeLength(unit: number): number {
  if (unit < 0x20) return unit === 8 || unit === 9 || unit === 10 || unit === 12 || unit === 13 ? 2 : 6;
  if (unit === BYTE.QUOTE || unit === BYTE.BACKSLASH) return 2;
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  if (unit >= 0xd800 && unit <= 0xdfff) return 6;
  return 3;
}

/** The offset of the first byte at or after `pos` that is not JSON whitespace (space, tab, LF, CR). */
export function skipWhitespace(buf: Uint8Array, pos: number, end: number): number {
  while (pos < end) {
    const c = buf[pos];
    if (c === BYTE.SPACE || c === BYTE.TAB || c === BYTE.LF || c === BYTE.CR) pos++;
    else break;
  }
  return pos;
}

/**
 * Scans a string body starting at `pos` (just past the opening quote). Returns the offset of the
 * closing quote, or {@link TOKEN_FAILED}. Sets `scan.flags` (STRING_*). An escaped surrogate must be
 * half of a pair (R-S1) unless `allowLoneSurrogates` (the core profile), which keeps it as that code unit.
 */
export function scanStringBody(buf: Uint8Array, pos: number, end: number, scan: TokenScan, allowLoneSurrogates: boolean): number {
  // The common string, a plain run up to its quote, is scanned here; this part is kept small so that
  // the optimiser inlines it into every scanner's loop. Anything else goes on in scanStringRest.
  let high = 0;
  let i = pos;
  let b = 0;
  while (i < end && ((b = buf[i]!) > BYTE.BACKSLASH || (b >= 0x20 && b !== BYTE.QUOTE && b !== BYTE.BACKSLASH))) {
    high |= b;
    i++;
  }
  if (i < end && b === BYTE.QUOTE) {
    scan.flags = high & 0x80 ? STRING_NON_ASCII : 0;
    scan.escapeExcess = 0;
    return i;
  }
  return scanStringRest(buf, i, end, scan, allowLoneSurrogates, high & 0x80 ? STRING_NON_ASCII : 0);
}

/** {@link scanStringBody} from `pos` on, where its first plain run stopped short of the quote; `flags` so far. */
function scanStringRest(buf: Uint8Array, pos: number, end: number, scan: TokenScan, allowLoneSurrogates: boolean, flags: number): number {
  // OR of every plain byte: its high bit says the body holds UTF-8 beyond ASCII.
  let high = 0;
  // Bytes the escapes so far take beyond their compact form.
  let excess = 0;
  let i = pos;
  for (;;) {
    // A run of plain bytes (anything but the quote, the backslash and control bytes), tested with the
    // cheapest comparison first for letters and UTF-8 bytes (all above the backslash).
    let b = 0;
    while (i < end && ((b = buf[i]!) > BYTE.BACKSLASH || (b >= 0x20 && b !== BYTE.QUOTE && b !== BYTE.BACKSLASH))) {
      high |= b;
      i++;
    }
    if (i >= end) return scan.failAt(TOKEN_FAULT.UNTERMINATED_STRING, i, end);
    if (b === BYTE.QUOTE) {
      scan.flags = high & 0x80 ? flags | STRING_NON_ASCII : flags;
      scan.escapeExcess = excess;
      return i;
    }
    if (b !== BYTE.BACKSLASH) return scan.failAt(TOKEN_FAULT.CONTROL_CHARACTER, i, end);
    // A backslash.
    flags |= STRING_ESCAPED;
    if (i + 1 >= end) {
      scan.truncated = true;
      return scan.failAt(TOKEN_FAULT.INVALID_ESCAPE, i, end);
    }
    const e = buf[i + 1]!;
    if (e !== BYTE.LOWER_U) {
      if (SIMPLE_ESCAPE[e] === undefined) return scan.failAt(TOKEN_FAULT.INVALID_ESCAPE, i, end);
      // `\/` is written as a bare slash; the other one-letter escapes are already compact.
      if (e === BYTE.SLASH) excess++;
      i += 2;
      continue;
    }
    const unit = readHex4(buf, i + 2, end);
    if (unit < 0) return unicodeEscapeFault(buf, i, end, scan);
    i += 6;
    excess += 6 - compactEscapeLength(unit);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      // A high surrogate must be followed at once by an escaped low one.
      if (i + 1 < end && buf[i] === BYTE.BACKSLASH && buf[i + 1] === BYTE.LOWER_U) {
        const low = readHex4(buf, i + 2, end);
        if (low < 0) return unicodeEscapeFault(buf, i, end, scan);
        if (low >= 0xdc00 && low <= 0xdfff) {
          // Twelve escape bytes for one four-byte character (the high half counted 6 - 6 above).
          excess += 8;
          i += 6;
          continue;
        }
      }
      if (i + 1 >= end) scan.truncated = true; // the partner may follow past the range
      if (!allowLoneSurrogates) return scan.failAt(TOKEN_FAULT.LONE_SURROGATE, i - 6, end);
      flags |= STRING_LONE_SURROGATE;
    } else if (unit >= 0xdc00 && unit <= 0xdfff) {
      if (!allowLoneSurrogates) return scan.failAt(TOKEN_FAULT.LONE_SURROGATE, i - 6, end);
      flags |= STRING_LONE_SURROGATE;
    }
  }
}

/**
 * The fault of a `\u` escape at `at` whose four hex digits did not read: invalid when a byte before
 * the range's end is not a hex digit (no later byte can mend it), truncated when the range ends
 * inside digits that are all hex so far.
 */
function unicodeEscapeFault(buf: Uint8Array, at: number, end: number, scan: TokenScan): number {
  const digitsEnd = Math.min(at + 6, end);
  for (let k = at + 2; k < digitsEnd; k++) if (HEX_VALUE[buf[k]!]! < 0) return scan.failAt(TOKEN_FAULT.INVALID_UNICODE_ESCAPE, at, end);
  scan.truncated = true;
  return scan.failAt(TOKEN_FAULT.TRUNCATED_UNICODE_ESCAPE, at, end);
}

/** Buffer's own slice decoders (what toString calls after its argument checks). */
interface SlicingBuffer {
  utf8Slice(start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}

/** The text of an escape-free string body `buf[start, end)` with the given STRING_* flags. */
export function decodePlainBody(buf: Buffer, start: number, end: number, flags: number): string {
  return flags & STRING_NON_ASCII ? (buf as unknown as SlicingBuffer).utf8Slice(start, end) : (buf as unknown as SlicingBuffer).latin1Slice(start, end);
}

/**
 * The text of a string body `buf[start, end)` that {@link scanStringBody} accepted, escapes decoded
 * (a tolerated lone surrogate escape becomes that code unit).
 */
export function decodeStringBody(buf: Buffer, start: number, end: number, flags: number): string {
  if ((flags & STRING_ESCAPED) === 0) return decodePlainBody(buf, start, end, flags);
  // A body with no lone surrogate is unescaped into bytes and decoded once: appending piece by piece
  // builds a rope of two nodes per escape (32 bytes each), which a parsed tree keeps: 250,000 short
  // strings of 30 escaped quotes each held 240 MB of ropes.
  if ((flags & STRING_LONE_SURROGATE) === 0) {
    const text = decodeEscapedBytes(buf, start, end);
    if (text !== undefined) return text;
  }
  const slicer = buf as unknown as SlicingBuffer;
  let out = '';
  let run = start;
  let i = start;
  while (i < end) {
    if (buf[i] !== BYTE.BACKSLASH) {
      i++;
      continue;
    }
    if (i > run) out += slicer.utf8Slice(run, i);
    const e = buf[i + 1]!;
    if (e === BYTE.LOWER_U) {
      const unit = readHex4(buf, i + 2, end);
      i += 6;
      if (unit >= 0xd800 && unit <= 0xdbff && buf[i] === BYTE.BACKSLASH && buf[i + 1] === BYTE.LOWER_U) {
        const low = readHex4(buf, i + 2, end);
        if (low >= 0xdc00 && low <= 0xdfff) {
          out += String.fromCharCode(unit, low);
          i += 6;
          run = i;
          continue;
        }
      }
      out += String.fromCharCode(unit);
    } else {
      out += SIMPLE_ESCAPE[e]!;
      i += 2;
    }
    run = i;
  }
  if (run < end) out += slicer.utf8Slice(run, end);
  return out;
}

/**
 * How many UTF-8 bytes the body `buf[start, end)` that {@link scanStringBody} accepted stands for once
 * its escapes are read, counted without decoding it: a reader can hold a string to a bound before it
 * builds it. An escaped pair of surrogates is one four-byte character; a tolerated lone surrogate
 * escape counts the three bytes of its code unit's generalized UTF-8 form.
 */
export function measureStringBody(buf: Uint8Array, start: number, end: number, flags: number): number {
  if ((flags & STRING_ESCAPED) === 0) return end - start;
  let n = 0;
  let i = start;
  while (i < end) {
    if (buf[i] !== BYTE.BACKSLASH) {
      n++;
      i++;
      continue;
    }
    if (buf[i + 1] !== BYTE.LOWER_U) {
      n++;
      i += 2;
      continue;
    }
    const unit = readHex4(buf, i + 2, end);
    i += 6;
    if (unit >= 0xd800 && unit <= 0xdbff && buf[i] === BYTE.BACKSLASH && buf[i + 1] === BYTE.LOWER_U) {
      const low = readHex4(buf, i + 2, end);
      if (low >= 0xdc00 && low <= 0xdfff) {
        n += 4;
        i += 6;
        continue;
      }
    }
    n += unit < 0x80 ? 1 : unit < 0x800 ? 2 : 3;
  }
  return n;
}

/** Bodies up to this many bytes are unescaped into one reused buffer rather than a new one each. */
const SCRATCH_BYTES = 4096;
const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);

/** The byte each one-letter escape stands for (0 where the letter is not one). */
const SIMPLE_ESCAPE_BYTE: Uint8Array = (() => {
  const t = new Uint8Array(256);
  for (let e = 0; e < 256; e++) if (SIMPLE_ESCAPE[e] !== undefined) t[e] = SIMPLE_ESCAPE[e]!.charCodeAt(0);
  return t;
})();

/** Writes code point `cp` as UTF-8 at `out[at]`; returns the offset past it. */
function writeUtf8(out: Buffer, at: number, cp: number): number {
  if (cp < 0x80) {
    out[at] = cp;
    return at + 1;
  }
  if (cp < 0x800) {
    out[at] = 0xc0 | (cp >> 6);
    out[at + 1] = 0x80 | (cp & 0x3f);
    return at + 2;
  }
  if (cp < 0x10000) {
    out[at] = 0xe0 | (cp >> 12);
    out[at + 1] = 0x80 | ((cp >> 6) & 0x3f);
    out[at + 2] = 0x80 | (cp & 0x3f);
    return at + 3;
  }
  out[at] = 0xf0 | (cp >> 18);
  out[at + 1] = 0x80 | ((cp >> 12) & 0x3f);
  out[at + 2] = 0x80 | ((cp >> 6) & 0x3f);
  out[at + 3] = 0x80 | (cp & 0x3f);
  return at + 4;
}

/**
 * The text of an accepted escaped body with no lone surrogate, unescaped into one byte buffer and
 * decoded once. Every escape is at least as long as the UTF-8 it stands for (`\u` + four digits for at
 * most three bytes, a pair of them for four), so the body's length bounds the buffer. Undefined when a
 * surrogate escape has no partner within the range after all (a body a chunked reader cut inside a
 * pair): that body is decoded unit by unit.
 */
function decodeEscapedBytes(buf: Buffer, start: number, end: number): string | undefined {
  const out = end - start <= SCRATCH_BYTES ? scratch : Buffer.allocUnsafe(end - start);
  let n = 0;
  let run = start;
  let i = start;
  while (i < end) {
    if (buf[i] !== BYTE.BACKSLASH) {
      i++;
      continue;
    }
    n += buf.copy(out, n, run, i);
    const e = buf[i + 1]!;
    if (e === BYTE.LOWER_U) {
      let cp = readHex4(buf, i + 2, end);
      i += 6;
      if (cp < 0) return undefined;
      if (cp >= 0xd800 && cp <= 0xdfff) {
        const low = cp <= 0xdbff && buf[i] === BYTE.BACKSLASH && buf[i + 1] === BYTE.LOWER_U ? readHex4(buf, i + 2, end) : -1;
        if (low < 0xdc00 || low > 0xdfff) return undefined;
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i += 6;
      }
      n = writeUtf8(out, n, cp);
    } else {
      if (i + 1 >= end) return undefined;
      out[n++] = SIMPLE_ESCAPE_BYTE[e]!;
      i += 2;
    }
    run = i;
  }
  n += buf.copy(out, n, run, end);
  return (out as unknown as SlicingBuffer).utf8Slice(0, n);
}

/**
 * Scans a number lexeme at `pos` per the RFC 8259 grammar. Returns the offset past it, or
 * {@link TOKEN_FAILED}. Sets `scan.flags` (NUMBER_*) and `scan.integer` (the integer part's digits).
 */
export function scanNumber(buf: Uint8Array, pos: number, end: number, scan: TokenScan): number {
  let i = pos;
  let flags = 0;
  if (buf[i] === BYTE.MINUS) {
    flags = NUMBER_NEGATIVE;
    i++;
  }
  if (i >= end) return scan.failAt(TOKEN_FAULT.NUMBER_NO_DIGIT, i, end);
  let value = 0;
  const first = buf[i]!;
  if (first === BYTE.ZERO) {
    i++;
  } else if (first > BYTE.ZERO && first <= BYTE.NINE) {
    while (i < end) {
      const d = buf[i]! - BYTE.ZERO;
      if (d < 0 || d > 9) break;
      value = value * 10 + d;
      i++;
    }
  } else {
    return scan.failAt(TOKEN_FAULT.NUMBER_NO_DIGIT, i, end);
  }
  if (i < end && buf[i] === BYTE.DOT) {
    flags |= NUMBER_FRACTION;
    i++;
    const digits = i;
    while (i < end && buf[i]! >= BYTE.ZERO && buf[i]! <= BYTE.NINE) i++;
    if (i === digits) return scan.failAt(TOKEN_FAULT.FRACTION_NO_DIGIT, i, end);
  }
  if (i < end && (buf[i] === BYTE.LOWER_E || buf[i] === BYTE.UPPER_E)) {
    flags |= NUMBER_EXPONENT;
    i++;
    if (i < end && (buf[i] === BYTE.PLUS || buf[i] === BYTE.MINUS)) i++;
    const digits = i;
    while (i < end && buf[i]! >= BYTE.ZERO && buf[i]! <= BYTE.NINE) i++;
    if (i === digits) return scan.failAt(TOKEN_FAULT.EXPONENT_NO_DIGIT, i, end);
  }
  scan.flags = flags;
  scan.integer = value;
  return i;
}

/** The bytes of the three literals. */
export const LITERAL_TRUE: readonly number[] = [0x74, 0x72, 0x75, 0x65];
export const LITERAL_FALSE: readonly number[] = [0x66, 0x61, 0x6c, 0x73, 0x65];
export const LITERAL_NULL: readonly number[] = [0x6e, 0x75, 0x6c, 0x6c];

/**
 * Scans the literal `word` (one of the LITERAL_* byte lists) at `pos`. Returns the offset past it,
 * or {@link TOKEN_FAILED} (the fault is charged to the literal's first byte).
 */
export function scanLiteral(buf: Uint8Array, pos: number, end: number, word: readonly number[], scan: TokenScan): number {
  for (let k = 0; k < word.length; k++) {
    if (pos + k >= end) {
      scan.truncated = true;
      return scan.failAt(TOKEN_FAULT.INVALID_LITERAL, pos, end);
    }
    if (buf[pos + k] !== word[k]) return scan.failAt(TOKEN_FAULT.INVALID_LITERAL, pos, end);
  }
  return pos + word.length;
}
