/**
 * Stage 1 of a journal line: a strict RFC 8259 byte scanner (R-S1, R-S2) specialised for journal lines.
 * It builds the structural members as JsonValues and, when asked, leaves every entry payload unbuilt:
 * the payload is validated in full (syntax, escapes, lone surrogates, duplicate members, number
 * lexemes) and measured (its compact serialization length, R-J6) but returned as a byte span.
 * No recursion: any depth is read with an explicit stack. UTF-8 validity is checked by the caller
 * (one native pass per line), so bytes >= 0x80 here are always well-formed string content.
 * All scanner state lives in a {@link JsonLineScanner} instance, so scanners never share registers.
 * A tolerant scanner (the core profile) reads what R-S1 alone refuses: a duplicate member (the last
 * one wins, as RFC 8259 readers commonly do) and an escaped lone surrogate (kept as that code unit).
 */
import { isUtf8 } from 'node:buffer';
import { fail, formatError, ok, type FormatError, type Result } from '../shared/errors.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { refusalFor, type RefusalRule } from '../shared/refusals.ts';
import { firstInvalidUtf8Offset } from '../shared/text.ts';
import { BYTE, CODES } from './constants.ts';

/** An entry payload left unbuilt: where it is in the line and how long its compact form is (R-J6). */
export class PayloadSpan {
  constructor(
    readonly start: number,
    readonly end: number,
    /**
     * UTF-8 length of the compact, minimally escaped serialization of the value, or -1 when only the
     * built value can tell (a tolerated duplicate member drops bytes from the parsed value).
     */
    readonly compactLength: number,
  ) {}
}

/**
 * An entry payload of a line too long to hold (scan-long-line.ts): validated while it streamed by,
 * never built; what the rules read of it is kept — its compact length (R-J6) and whether it is an
 * array of byte values 0-255 (R-J7's reserved payload shape).
 */
export class StreamedPayload {
  constructor(
    /** UTF-8 length of the compact, minimally escaped serialization of the value (exact, duplicates included). */
    readonly compactLength: number,
    /** The value is an array whose every element is a number lexeme `0|[1-9][0-9]{0,2}` of at most 255. */
    readonly isByteArray: boolean,
  ) {}
}

/**
 * A member value of a line too long to hold that no rule reads (a member the line's object does not
 * define, or a group frame's members once the line is past the 8 MiB frame limit): validated, never built.
 */
export class UnreadValue {
  private constructor() {}
  /** The one instance. */
  static readonly INSTANCE = new UnreadValue();
}

/**
 * A scanned value: JSON, except that, in a structural scan, a payload member may hold a
 * {@link PayloadSpan} and a canonical integer lexeme (`0` or `-?[1-9][0-9]*`) whose value is a safe
 * integer is a JS number (its lexeme is exactly `String(n)`).
 */
export type ScannedValue = null | boolean | string | number | JsonNumber | ScannedValue[] | Map<string, ScannedValue> | PayloadSpan | StreamedPayload | UnreadValue;

/**
 * What a scan gives: the value, or the first refusal in byte order. The refusal's location holds the
 * byte offset (absolute in the scanned buffer), the pointer and, for a duplicate, the member; the
 * caller adds the line.
 */
export type ScanResult = Result<ScannedValue>;

/** The shared JSON rules a scan can break (spec/shared/error-codes.json). */
const JSON_RULE: Readonly<Record<string, RefusalRule>> = {
  [CODES.JSON_SYNTAX]: refusalFor('shared', CODES.JSON_SYNTAX),
  [CODES.JSON_DUPLICATE_MEMBER]: refusalFor('shared', CODES.JSON_DUPLICATE_MEMBER),
  [CODES.JSON_LONE_SURROGATE]: refusalFor('shared', CODES.JSON_LONE_SURROGATE),
  [CODES.JSON_INVALID_UTF8]: refusalFor('shared', CODES.JSON_INVALID_UTF8),
  [CODES.JSON_BOM]: refusalFor('shared', CODES.JSON_BOM),
};

/** A shared JSON refusal at a byte offset (no line: the caller places it). */
export function jsonRefusal(code: string, byteOffset: number, pointer: string, message: string, member?: string): FormatError {
  const rule = JSON_RULE[code]!;
  return formatError(rule.code, rule.requirement, message, { byteOffset, pointer, ...(member !== undefined ? { member } : {}) }, rule.profile);
}

/** The value of one hexadecimal digit byte, or -1. */
export function hexVal(b: number): number {
  if (b >= 0x30 && b <= 0x39) return b - 0x30;
  if (b >= 0x61 && b <= 0x66) return b - 0x57;
  if (b >= 0x41 && b <= 0x46) return b - 0x37;
  return -1;
}

function readHex4(buf: Uint8Array, pos: number, end: number): number {
  if (pos + 4 > end) return -1;
  const a = hexVal(buf[pos]!);
  const b = hexVal(buf[pos + 1]!);
  const c = hexVal(buf[pos + 2]!);
  const d = hexVal(buf[pos + 3]!);
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/** Compact (minimal-escape) UTF-8 length of one code unit or pair decoded from an escape (R-J6). */
export function escapedLength(cp: number): number {
  if (cp < 0x20) return cp === 8 || cp === 9 || cp === 10 || cp === 12 || cp === 13 ? 2 : 6;
  if (cp === 0x22 || cp === 0x5c) return 2;
  if (cp < 0x80) return 1;
  if (cp < 0x800) return 2;
  // A tolerated lone surrogate has no UTF-8 form: it stays a \uXXXX escape.
  if (cp >= 0xd800 && cp <= 0xdfff) return 6;
  if (cp < 0x10000) return 3;
  return 4;
}

function matchLiteral(buf: Uint8Array, pos: number, end: number, lit: readonly number[]): boolean {
  if (pos + lit.length > end) return false;
  for (let i = 0; i < lit.length; i++) if (buf[pos + i] !== lit[i]) return false;
  return true;
}
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** Wraps a Uint8Array as a Buffer without copying. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const KIND_OBJ = 0;
const KIND_ARR = 1;

/** Slots of a scanner's string cache. */
const INTERN_SLOTS = 4096;

type Latin1Slicer = { latin1Slice(s: number, e: number): string; utf8Slice(s: number, e: number): string };

/** The value of a canonical integer lexeme buf[start, end) that is a safe integer, else undefined (kept as a lexeme). */
export function smallInteger(buf: Buffer, start: number, end: number): number | undefined {
  const neg = buf[start] === BYTE.MINUS;
  let i = neg ? start + 1 : start;
  const digits = end - i;
  if (digits > 16 || digits === 0) return undefined;
  if (buf[i] === BYTE.ZERO) return digits === 1 && !neg ? 0 : undefined;
  let v = 0;
  for (; i < end; i++) {
    const d = buf[i]! - BYTE.ZERO;
    if (d < 0 || d > 9) return undefined;
    v = v * 10 + d;
  }
  // Exact below 2^53; a 16-digit value at or above it rounds to at least 2^53 and is refused here.
  if (v > Number.MAX_SAFE_INTEGER) return undefined;
  return neg ? -v : v;
}

/** Options of a scanner. */
export interface ScannerOptions {
  /**
   * Read what only R-S1 refuses (the core profile): a duplicate member, the last one winning, and an
   * escaped lone surrogate, kept as that code unit. Off (strict) by default.
   */
  readonly tolerant?: boolean;
}

/**
 * A strict JSON scanner over byte ranges. Holds its registers and work stacks, so one instance
 * scans one value at a time; distinct instances are independent.
 */
export class JsonLineScanner {
  private readonly tolerant: boolean;
  // Registers: the hot loop returns several things without allocating.
  private pos = 0;
  private len = 0;
  private errCode: string | undefined;
  private errMessage = '';
  private errAt = 0;
  /** A tolerated duplicate was met inside the value being skipped (its compact length needs the built value). */
  private skipInexact = false;
  // Work stacks reused across scans.
  private readonly kinds: number[] = [];
  private readonly values: (Map<string, ScannedValue> | ScannedValue[] | null)[] = [];
  private readonly keys: (string | number | undefined)[] = [];
  private readonly skipKeys: (string[] | Set<string> | null)[] = [];
  // Short ASCII strings (member names, kinds, ids) repeat on every line: a direct-mapped cache turns
  // them into shared strings instead of one allocation per occurrence.
  private internTable: (string | undefined)[] | undefined;

  constructor(options: ScannerOptions = {}) {
    this.tolerant = options.tolerant ?? false;
  }

  private setErr(code: string, at: number, message: string): void {
    this.errCode = code;
    this.errAt = at;
    this.errMessage = message;
  }

  /** Decodes an escape-free string body [start, end) (UTF-8 already validated). */
  private decodePlain(buf: Buffer, start: number, end: number): string {
    const len = end - start;
    if (len === 0) return '';
    if (len > 24) return (buf as unknown as Latin1Slicer).utf8Slice(start, end);
    // The slot comes from a few bytes only; a hit is confirmed byte by byte.
    const slot = (len * 977 + buf[start]! * 31 + buf[end - 1]! * 7 + buf[start + (len >> 1)]!) & (INTERN_SLOTS - 1);
    const table = (this.internTable ??= new Array<string | undefined>(INTERN_SLOTS));
    const cached = table[slot];
    if (cached !== undefined && cached.length === len) {
      let i = 0;
      while (i < len && cached.charCodeAt(i) === buf[start + i]) i++;
      if (i === len) return cached;
    }
    for (let i = start; i < end; i++) {
      if (buf[i]! >= 0x80) return (buf as unknown as Latin1Slicer).utf8Slice(start, end);
    }
    const s = (buf as unknown as Latin1Slicer).latin1Slice(start, end);
    table[slot] = s;
    return s;
  }

  /**
   * Scans a string whose opening quote is at `pos - 1`. Sets this.pos past the closing quote and
   * this.len to the compact length (quotes included). Returns the decoded text when `build`.
   */
  private scanString(buf: Buffer, pos: number, end: number, build: boolean): string | undefined {
    const start = pos;
    let b = 0;
    // Fast path: plain bytes up to the closing quote (no escape, no control byte).
    while (pos < end && ((b = buf[pos]!) > 0x5c || (b >= 0x20 && b !== 0x22 && b !== 0x5c))) pos++;
    if (pos < end && b === 0x22) {
      this.pos = pos + 1;
      this.len = pos - start + 2;
      return build ? this.decodePlain(buf, start, pos) : undefined;
    }
    return this.scanStringSlow(buf, start, pos, end, build);
  }

  /** The rest of a string from its first escape or stray byte on (see {@link scanString}). */
  private scanStringSlow(buf: Buffer, start: number, pos: number, end: number, build: boolean): string | undefined {
    let len = 2 + (pos - start);
    let parts: string | undefined = build ? this.decodePlain(buf, start, pos) : undefined;
    let segStart = pos;
    for (;;) {
      if (pos >= end) {
        this.setErr(CODES.JSON_SYNTAX, pos, 'unterminated string');
        return undefined;
      }
      const b = buf[pos]!;
      if (b === BYTE.QUOTE) break;
      if (b === BYTE.BACKSLASH) {
        if (build) parts = parts! + this.decodePlain(buf, segStart, pos);
        const e = buf[pos + 1];
        let ch = '';
        switch (e) {
          case 0x22: ch = '"'; len += 2; pos += 2; break;
          case 0x5c: ch = '\\'; len += 2; pos += 2; break;
          case 0x2f: ch = '/'; len += 1; pos += 2; break;
          case 0x62: ch = '\b'; len += 2; pos += 2; break;
          case 0x66: ch = '\f'; len += 2; pos += 2; break;
          case 0x6e: ch = '\n'; len += 2; pos += 2; break;
          case 0x72: ch = '\r'; len += 2; pos += 2; break;
          case 0x74: ch = '\t'; len += 2; pos += 2; break;
          case 0x75: {
            const cu = readHex4(buf, pos + 2, end);
            if (cu < 0) {
              this.setErr(CODES.JSON_SYNTAX, pos, 'bad \\u escape');
              return undefined;
            }
            const lo = cu >= 0xd800 && cu <= 0xdbff && buf[pos + 6] === BYTE.BACKSLASH && buf[pos + 7] === 0x75 ? readHex4(buf, pos + 8, end) : -1;
            if (lo < 0 && cu >= 0xd800 && cu <= 0xdbff && buf[pos + 6] === BYTE.BACKSLASH && buf[pos + 7] === 0x75) {
              // A malformed escape after a high surrogate is a grammar fault first (as the shared reader says).
              this.setErr(CODES.JSON_SYNTAX, pos + 6, 'bad \\u escape');
              return undefined;
            }
            if (lo >= 0xdc00 && lo <= 0xdfff) {
              ch = String.fromCharCode(cu, lo);
              len += 4;
              pos += 12;
            } else if (cu >= 0xd800 && cu <= 0xdfff && !this.tolerant) {
              // R-S1: an escaped surrogate must be half of a pair.
              this.setErr(CODES.JSON_LONE_SURROGATE, pos, cu <= 0xdbff ? 'escaped high surrogate without a low surrogate' : 'escaped low surrogate without a high surrogate');
              return undefined;
            } else {
              ch = String.fromCharCode(cu);
              len += escapedLength(cu);
              pos += 6;
            }
            break;
          }
          default:
            this.setErr(CODES.JSON_SYNTAX, pos, 'invalid escape');
            return undefined;
        }
        if (build) parts += ch;
        segStart = pos;
        continue;
      }
      if (b < 0x20) {
        this.setErr(CODES.JSON_SYNTAX, pos, 'control character in string');
        return undefined;
      }
      pos++;
      len++;
    }
    this.pos = pos + 1;
    this.len = len;
    if (!build) return undefined;
    if (parts === undefined) return this.decodePlain(buf, start, pos);
    return parts + this.decodePlain(buf, segStart, pos);
  }

  /** Scans a number lexeme at pos; sets this.pos past it. Returns false on a syntax error. */
  private scanNumber(buf: Uint8Array, pos: number, end: number): boolean {
    const start = pos;
    if (buf[pos] === BYTE.MINUS) pos++;
    let b = pos < end ? buf[pos]! : -1;
    if (b === BYTE.ZERO) {
      pos++;
    } else if (b > BYTE.ZERO && b <= BYTE.NINE) {
      pos++;
      while (pos < end && (b = buf[pos]!) >= BYTE.ZERO && b <= BYTE.NINE) pos++;
    } else {
      this.setErr(CODES.JSON_SYNTAX, start, 'invalid number');
      return false;
    }
    if (pos < end && buf[pos] === BYTE.DOT) {
      pos++;
      const d = pos;
      while (pos < end && (b = buf[pos]!) >= BYTE.ZERO && b <= BYTE.NINE) pos++;
      if (pos === d) {
        this.setErr(CODES.JSON_SYNTAX, start, 'invalid number: no digit after the point');
        return false;
      }
    }
    if (pos < end && (buf[pos] === 0x65 || buf[pos] === 0x45)) {
      pos++;
      if (pos < end && (buf[pos] === BYTE.PLUS || buf[pos] === BYTE.MINUS)) pos++;
      const d = pos;
      while (pos < end && (b = buf[pos]!) >= BYTE.ZERO && b <= BYTE.NINE) pos++;
      if (pos === d) {
        this.setErr(CODES.JSON_SYNTAX, start, 'invalid number: no digit in the exponent');
        return false;
      }
    }
    this.pos = pos;
    return true;
  }

  private failure(depth: number): ScanResult {
    let pointer = '';
    const keys = this.keys;
    for (let i = 0; i < depth; i++) {
      const k = keys[i];
      if (k === undefined) continue;
      pointer = appendPointer(pointer, k);
    }
    const code = this.errCode!;
    const member = code === CODES.JSON_DUPLICATE_MEMBER ? (keys[depth - 1] as string) : undefined;
    // Release references to the caller's values.
    this.values.length = 0;
    this.skipKeys.length = 0;
    return fail(jsonRefusal(code, this.errAt, pointer, this.errMessage, member));
  }

  /** Records a member name in an unbuilt (skipped) object; false when it is a duplicate. */
  private noteSkippedKey(top: number, key: string): boolean {
    let seen = this.skipKeys[top]!;
    if (Array.isArray(seen)) {
      if (seen.includes(key)) return false;
      seen.push(key);
      if (seen.length > 16) this.skipKeys[top] = seen = new Set(seen);
      return true;
    }
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }

  /**
   * Scans exactly one JSON value filling buf[start, end) (space/tab around it allowed).
   * With `spanPayloads` (a structural scan of a journal line), the value of a `payload` member of the
   * line object, or of an object inside an array inside the line object (a group frame's entries), is
   * returned as a {@link PayloadSpan}, and small canonical integers as JS numbers. With `skipOneValue`,
   * one value starting at `start` is validated and measured without being built, and returned as a
   * PayloadSpan ending where the value ends (bytes after it are left to the caller).
   * The caller has checked UTF-8 validity of the range.
   */
  scan(buf: Buffer, start: number, end: number, spanPayloads: boolean, skipOneValue = false): ScanResult {
    this.errCode = undefined;
    const kindStack = this.kinds;
    const valueStack = this.values;
    const keyStack = this.keys;
    const skipKeys = this.skipKeys;
    const tolerant = this.tolerant;
    let depth = 0;
    let skipping = false;
    let skipDepth = 0;
    let skipStart = 0;
    let compact = 0;
    let value: ScannedValue = null;
    let wantKey = false;
    let b = 0;
    let pos = start;
    while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
    if (skipOneValue) {
      skipping = true;
      skipDepth = 0;
      skipStart = pos;
      this.skipInexact = false;
    }

    for (;;) {
      if (wantKey) {
        // A member name, the colon, and the whitespace before the value.
        if (buf[pos] !== BYTE.QUOTE) {
          this.setErr(CODES.JSON_SYNTAX, pos, 'expected a member name');
          return this.failure(depth);
        }
        const keyAt = pos;
        const key = this.scanString(buf, pos + 1, end, true);
        if (key === undefined) return this.failure(depth);
        if (skipping) compact += this.len + 1;
        pos = this.pos;
        while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
        const top = depth - 1;
        keyStack[top] = key;
        const container = valueStack[top];
        // Checked here, not when the member is set, so the first error in byte order is the one reported.
        if (container !== null ? (container as Map<string, ScannedValue>).has(key) : !this.noteSkippedKey(top, key)) {
          if (!tolerant) {
            this.setErr(CODES.JSON_DUPLICATE_MEMBER, keyAt, `duplicate member ${JSON.stringify(key)}`);
            return this.failure(depth);
          }
          // Tolerated (core): the later member replaces the earlier one, so a skipped value's compact
          // length is no longer its bytes' length.
          if (skipping) this.skipInexact = true;
        }
        if (buf[pos] !== BYTE.COLON) {
          this.setErr(CODES.JSON_SYNTAX, pos, 'expected ":"');
          return this.failure(depth);
        }
        pos++;
        while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
        if (spanPayloads && !skipping && key === 'payload' && (depth === 1 || (depth === 3 && kindStack[1] === KIND_ARR && kindStack[0] === KIND_OBJ))) {
          skipping = true;
          skipDepth = depth;
          skipStart = pos;
          compact = 0;
          this.skipInexact = false;
        }
        wantKey = false;
      }

      // One value at pos.
      if (pos >= end) {
        this.setErr(CODES.JSON_SYNTAX, pos, 'unexpected end of line');
        return this.failure(depth);
      }
      b = buf[pos]!;
      if (b === BYTE.QUOTE) {
        const s = this.scanString(buf, pos + 1, end, !skipping);
        if (this.errCode !== undefined) return this.failure(depth);
        if (skipping) compact += this.len;
        pos = this.pos;
        value = s ?? null;
      } else if (b === BYTE.LEFT_BRACE || b === BYTE.LEFT_BRACKET) {
        const isObj = b === BYTE.LEFT_BRACE;
        kindStack[depth] = isObj ? KIND_OBJ : KIND_ARR;
        valueStack[depth] = skipping ? null : isObj ? new Map() : [];
        skipKeys[depth] = skipping && isObj ? [] : null;
        keyStack[depth] = isObj ? undefined : 0;
        depth++;
        if (skipping) compact += 1;
        pos++;
        while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
        if (buf[pos] === (isObj ? BYTE.RIGHT_BRACE : BYTE.RIGHT_BRACKET)) {
          pos++;
          depth--;
          if (skipping) compact += 1;
          value = valueStack[depth] as ScannedValue;
        } else {
          wantKey = isObj;
          continue;
        }
      } else if (b === BYTE.MINUS || (b >= BYTE.ZERO && b <= BYTE.NINE)) {
        if (!this.scanNumber(buf, pos, end)) return this.failure(depth);
        const numberEnd = this.pos;
        if (skipping) {
          compact += numberEnd - pos;
          value = null;
        } else {
          const small = spanPayloads ? smallInteger(buf, pos, numberEnd) : undefined;
          value = small !== undefined ? small : new JsonNumber((buf as unknown as Latin1Slicer).latin1Slice(pos, numberEnd));
        }
        pos = numberEnd;
      } else if (b === 0x74 && matchLiteral(buf, pos, end, TRUE)) {
        value = true;
        pos += 4;
        if (skipping) compact += 4;
      } else if (b === 0x66 && matchLiteral(buf, pos, end, FALSE)) {
        value = false;
        pos += 5;
        if (skipping) compact += 5;
      } else if (b === 0x6e && matchLiteral(buf, pos, end, NULL)) {
        value = null;
        pos += 4;
        if (skipping) compact += 4;
      } else {
        this.setErr(CODES.JSON_SYNTAX, pos, 'unexpected byte');
        return this.failure(depth);
      }

      // A value is complete: attach it to its container, closing containers as they end.
      for (;;) {
        if (skipping && depth === skipDepth) {
          value = new PayloadSpan(skipStart, pos, this.skipInexact ? -1 : compact);
          skipping = false;
        }
        if (depth === 0 && skipOneValue) {
          skipKeys.length = 0;
          return ok(value);
        }
        while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
        if (depth === 0) {
          if (pos !== end) {
            this.setErr(CODES.JSON_SYNTAX, pos, 'bytes after the value');
            return this.failure(depth);
          }
          valueStack.length = 0;
          skipKeys.length = 0;
          return ok(value);
        }
        const top = depth - 1;
        const container = valueStack[top]!;
        const c = pos < end ? buf[pos]! : -1;
        if (kindStack[top] === KIND_OBJ) {
          if (container !== null) (container as Map<string, ScannedValue>).set(keyStack[top] as string, value);
          if (c === BYTE.COMMA) {
            if (skipping) compact += 1;
            pos++;
            while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
            wantKey = true;
            break;
          }
          if (c === BYTE.RIGHT_BRACE) {
            if (skipping) compact += 1;
            pos++;
            depth--;
            value = container as ScannedValue;
            continue;
          }
          this.setErr(CODES.JSON_SYNTAX, pos, 'expected "," or "}"');
          return this.failure(depth);
        }
        if (container !== null) (container as ScannedValue[]).push(value);
        if (c === BYTE.COMMA) {
          if (skipping) compact += 1;
          keyStack[top] = (keyStack[top] as number) + 1;
          pos++;
          while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
          break;
        }
        if (c === BYTE.RIGHT_BRACKET) {
          if (skipping) compact += 1;
          pos++;
          depth--;
          value = container as ScannedValue;
          continue;
        }
        this.setErr(CODES.JSON_SYNTAX, pos, 'expected "," or "]"');
        return this.failure(depth);
      }
    }
  }

  /** Builds the JsonValue of a payload span (already fully validated by the scan that produced it). */
  buildPayload(buf: Buffer, span: PayloadSpan): JsonValue {
    const r = this.scan(buf, span.start, span.end, false);
    if (!r.ok) throw new Error(`payload span failed to rescan: ${r.error.code}`);
    return r.value as JsonValue;
  }

  /**
   * Parses one complete JSON text (op inputs): BOM, UTF-8 and the scanner's rules. Whitespace is
   * allowed around the value and between tokens: space, tab, LF, CR (op inputs are not journal lines).
   */
  parseText(bytes: Uint8Array): Result<JsonValue> {
    const buf = asBuffer(bytes);
    if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
      // R-S1: a byte-order mark is refused (a tolerant reader skips it).
      if (!this.tolerant) return fail(jsonRefusal(CODES.JSON_BOM, 0, '', 'byte-order mark'));
    }
    const bom = buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf ? 3 : 0;
    if (!isUtf8(buf)) return fail(jsonRefusal(CODES.JSON_INVALID_UTF8, firstInvalidUtf8Offset(buf), '', 'invalid UTF-8'));
    let s = bom;
    let e = buf.length;
    while (s < e && isTextSpace(buf[s]!)) s++;
    while (e > s && isTextSpace(buf[e - 1]!)) e--;
    // Inner LF/CR are only legal as whitespace between tokens; the line scanner's space/tab rule would
    // refuse them, so a text with inner line breaks is normalised first (same length, same offsets).
    let hasBreak = false;
    for (let i = s; i < e; i++) if (buf[i] === 0x0a || buf[i] === 0x0d) hasBreak = true;
    const text = hasBreak ? blankLineBreaks(buf, s, e) : buf;
    const r = this.scan(text, s, e, false);
    return r.ok ? ok(r.value as JsonValue) : r;
  }
}

function isTextSpace(b: number): boolean {
  return b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;
}

/** A copy of buf[0, e) with LF/CR outside strings replaced by spaces. */
function blankLineBreaks(buf: Buffer, s: number, e: number): Buffer {
  const copy = Buffer.from(buf.subarray(0, e));
  let inString = false;
  for (let i = s; i < e; i++) {
    const b = copy[i]!;
    if (inString) {
      if (b === BYTE.BACKSLASH) i++;
      else if (b === BYTE.QUOTE) inString = false;
    } else if (b === BYTE.QUOTE) inString = true;
    else if (b === 0x0a || b === 0x0d) copy[i] = 0x20;
  }
  return copy;
}

/** Parses one complete JSON text with a fresh strict (or, for the core profile, tolerant) scanner. */
export function parseJsonText(bytes: Uint8Array, options: ScannerOptions = {}): Result<JsonValue> {
  return new JsonLineScanner(options).parseText(bytes);
}
