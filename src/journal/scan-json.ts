/**
 * Stage 1 of a journal line: a strict RFC 8259 byte scanner (R-S1, R-S2) specialised for journal lines.
 * It drives the structure; every string, number and literal is scanned by the shared token toolkit
 * (src/shared/json/scan-tokens.ts), as in the codegraph scanner and the shared reader.
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
import {
  decodePlainBody,
  decodeStringBody,
  LITERAL_FALSE,
  LITERAL_NULL,
  LITERAL_TRUE,
  scanLiteral,
  scanNumber,
  scanStringBody,
  STRING_ESCAPED,
  STRING_NON_ASCII,
  TOKEN_FAILED,
  TOKEN_FAULT,
  TOKEN_FAULT_MESSAGE,
  TokenScan,
} from '../shared/json/scan-tokens.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { refusalFor, type RefusalRule } from '../shared/refusals.ts';
import { firstInvalidUtf8Offset } from '../shared/text.ts';
import { BYTE, CODES, ENTRY_MEMBERS, FRAME_MEMBERS, HEADER_MEMBERS, HELD_NAME_BYTES, LIMITS, LINK_MEMBERS, METADATA_MEMBERS, READER_LIMITS } from './constants.ts';
import { heldNameOf, type LongNumber, type LongText } from './long-values.ts';

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
 * What the rules read of a container being built (any other is passed over, {@link UnreadValue}: only
 * its type is read). A built object keeps the members its rules name and the first member they do
 * not (R-J5: the first stranger in document order decides); later strangers are only checked.
 */
export const ROLE_LINE = 0;
export const ROLE_ENTRIES = 1;
export const ROLE_ENTRY = 2;
export const ROLE_METADATA = 3;
export const ROLE_LINK = 4;
/** The members a built object of each role keeps (indexed by role; the entries array has none). */
export const ROLE_MEMBERS: readonly (readonly string[])[] = [
  // The line object: a header's, an entry's or a group frame's (which it is shows only once read).
  [...new Set<string>([...HEADER_MEMBERS, ...ENTRY_MEMBERS, ...FRAME_MEMBERS])],
  [],
  ENTRY_MEMBERS,
  METADATA_MEMBERS,
  LINK_MEMBERS,
];

/**
 * The role of a container opening under a container of role `parentRole` at its member or item `key`
 * (both undefined for the line's own value), or -1 when the rules read only its type: the line object,
 * an entry line's metadata and its link, a frame's entries, each entry object in them, its metadata and
 * link. Both scans build the containers with a role and pass over the others ({@link UnreadValue}).
 */
export function roleOf(isObj: boolean, parentRole: number | undefined, key: string | number | undefined): number {
  if (parentRole === undefined) return isObj ? ROLE_LINE : -1;
  if (parentRole === ROLE_ENTRIES) return isObj ? ROLE_ENTRY : -1;
  if (!isObj) return parentRole === ROLE_LINE && key === 'entries' ? ROLE_ENTRIES : -1;
  if ((parentRole === ROLE_LINE || parentRole === ROLE_ENTRY) && key === 'metadata') return ROLE_METADATA;
  return parentRole === ROLE_METADATA && key === 'link' ? ROLE_LINK : -1;
}

/**
 * Whether the validated JSON value `buf[start, end)` is an array of byte lexemes (R-J7: each item `0`
 * or a canonical integer up to 255), read from its bytes as isByteArrayValue reads the built value,
 * without building it. Whitespace between tokens is space or tab (a journal line's).
 */
export function isByteArraySpan(buf: Buffer, start: number, end: number): boolean {
  const skip = (at: number): number => {
    while (at < end && (buf[at] === BYTE.SPACE || buf[at] === BYTE.TAB)) at++;
    return at;
  };
  let i = skip(start);
  if (buf[i] !== BYTE.LEFT_BRACKET) return false;
  i = skip(i + 1);
  if (buf[i] === BYTE.RIGHT_BRACKET) return true;
  for (;;) {
    const first = i;
    let value = 0;
    while (i < end && buf[i]! >= BYTE.ZERO && buf[i]! <= BYTE.NINE) value = value * 10 + (buf[i++]! - BYTE.ZERO);
    const digits = i - first;
    // A digit run ending in anything but a separator is a fraction or an exponent: not a byte lexeme.
    if (digits === 0 || digits > 3 || (digits > 1 && buf[first] === BYTE.ZERO) || value > 255) return false;
    i = skip(i);
    if (buf[i] === BYTE.RIGHT_BRACKET) return true;
    if (buf[i] !== BYTE.COMMA) return false;
    i = skip(i + 1);
  }
}

/** Number lexemes of at most this many bytes are shared (six bytes and the length make a safe integer key). */
const SHORT_LEXEME_BYTES = 6;
/** Distinct short lexemes kept at once (the map starts again past them). */
const SHORT_NUMBERS_KEPT = 4096;

/** A group frame's entries the rules may read: its transaction and MAX_RECORDS_PER_GROUP records, and one more (which refuses it). */
const ENTRIES_KEPT = LIMITS.MAX_RECORDS_PER_GROUP + 2;
/** Where a frame's entries array counts the items it does not keep. */
const ITEMS_NOT_KEPT = Symbol('itemsNotKept');
type CountedItems = ScannedValue[] & { [ITEMS_NOT_KEPT]?: number };

/**
 * Adds `value` to a group frame's entries array (`list`): kept while a rule may read it, counted past
 * that. R-J6 reads past MAX_RECORDS_PER_GROUP + 1 entries only their count (GROUP_TOO_LARGE), and a
 * line of 8 MiB of tiny entries would otherwise hold millions of them (a 15 MiB one cost 307 MiB).
 */
export function addEntry(list: ScannedValue[], value: ScannedValue): void {
  if (list.length < ENTRIES_KEPT) list.push(value);
  else (list as CountedItems)[ITEMS_NOT_KEPT] = ((list as CountedItems)[ITEMS_NOT_KEPT] ?? 0) + 1;
}

/** How many items a frame's entries array holds, those counted but not kept included (see addEntry). */
export function entryCountOf(list: readonly ScannedValue[]): number {
  return list.length + ((list as CountedItems)[ITEMS_NOT_KEPT] ?? 0);
}

/**
 * A scanned value: JSON, except that, in a structural scan, a payload member may hold a
 * {@link PayloadSpan} and a canonical integer lexeme (`0` or `-?[1-9][0-9]*`) whose value is a safe
 * integer is a JS number (its lexeme is exactly `String(n)`).
 */
export type ScannedValue =
  | null
  | boolean
  | string
  | number
  | JsonNumber
  | ScannedValue[]
  | Map<string, ScannedValue>
  | PayloadSpan
  | StreamedPayload
  | UnreadValue
  | LongText
  | LongNumber;

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
  [CODES.LIMIT_EXCEEDED]: refusalFor('shared', CODES.LIMIT_EXCEEDED),
};

/** The refusal message of a container past READER_LIMITS.MAX_DEPTH (both scans give it). */
export const DEPTH_MESSAGE = `more than ${READER_LIMITS.MAX_DEPTH} containers open at this one (this reader's limit, JSON-LIMIT-1 and R-S2a)`;

/** The refusal message of a member past READER_LIMITS.MAX_OPEN_MEMBERS (both scans give it). */
export const OPEN_MEMBERS_MESSAGE = `more than ${READER_LIMITS.MAX_OPEN_MEMBERS} members in the objects open at this member (this reader's limit, JSON-LIMIT-1)`;

/** A shared JSON refusal at a byte offset (no line: the caller places it). */
export function jsonRefusal(code: string, byteOffset: number, pointer: string, message: string, member?: string): FormatError {
  const rule = JSON_RULE[code]!;
  return formatError(rule.code, rule.requirement, message, { byteOffset, pointer, ...(member !== undefined ? { member } : {}) }, rule.profile);
}

/** Wraps a Uint8Array as a Buffer without copying. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const KIND_OBJ = 0;
const KIND_ARR = 1;

/** Slots of a scanner's string cache. */
const INTERN_SLOTS = 4096;

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

/** What is open around a value scanned alone (the fast path's payloads), for the line's limits. */
export interface Around {
  /** Members read of the objects open around it. */
  readonly members: number;
  /** Containers open around it. */
  readonly depth: number;
}
const NOTHING_AROUND: Around = { members: 0, depth: 0 };

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
  /** Values a payload build may still make (see buildPayloadWithin); infinite otherwise. */
  private valuesLeft = Number.POSITIVE_INFINITY;
  /** Shared values of short number lexemes (see numberOf). */
  private readonly shortNumbers = new Map<number, JsonNumber>();
  /** Per open container of a line's structural scan: its role (see roleOf). */
  private readonly roles: number[] = [];
  /** Members read so far of each open object (READER_LIMITS.MAX_OPEN_MEMBERS counts them together). */
  private readonly memberCounts: number[] = [];
  // Short ASCII strings (member names, kinds, ids) repeat on every line: a direct-mapped cache turns
  // them into shared strings instead of one allocation per occurrence.
  private internTable: (string | undefined)[] | undefined;
  /** The token toolkit's registers (fault, flags) for this scanner's scans. */
  private readonly tokens = new TokenScan();

  constructor(options: ScannerOptions = {}) {
    this.tolerant = options.tolerant ?? false;
  }

  private setErr(code: string, at: number, message: string): void {
    this.errCode = code;
    this.errAt = at;
    this.errMessage = message;
  }

  /** Decodes an escape-free string body [start, end) with its STRING_* flags (UTF-8 already validated). */
  private decodePlain(buf: Buffer, start: number, end: number, flags: number): string {
    const len = end - start;
    if (len === 0) return '';
    if (len > 24 || (flags & STRING_NON_ASCII) !== 0) return decodePlainBody(buf, start, end, flags);
    // The slot comes from a few bytes only; a hit is confirmed byte by byte.
    const slot = (len * 977 + buf[start]! * 31 + buf[end - 1]! * 7 + buf[start + (len >> 1)]!) & (INTERN_SLOTS - 1);
    const table = (this.internTable ??= new Array<string | undefined>(INTERN_SLOTS));
    const cached = table[slot];
    if (cached !== undefined && cached.length === len) {
      let i = 0;
      while (i < len && cached.charCodeAt(i) === buf[start + i]) i++;
      if (i === len) return cached;
    }
    const s = decodePlainBody(buf, start, end, flags);
    table[slot] = s;
    return s;
  }

  /** The text of a string body buf[start, close) the token toolkit accepted with STRING_* `flags`. */
  private decodeString(buf: Buffer, start: number, close: number, flags: number): string {
    return (flags & STRING_ESCAPED) === 0 ? this.decodePlain(buf, start, close, flags) : decodeStringBody(buf, start, close, flags);
  }

  /** Records the fault of the token scan that just failed: a lone surrogate is R-S1's, any other the grammar's. */
  private setTokenErr(): void {
    const { fault, faultAt } = this.tokens;
    this.setErr(fault === TOKEN_FAULT.LONE_SURROGATE ? CODES.JSON_LONE_SURROGATE : CODES.JSON_SYNTAX, faultAt, TOKEN_FAULT_MESSAGE[fault]);
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
  scan(buf: Buffer, start: number, end: number, spanPayloads: boolean, skipOneValue = false, around: Around = NOTHING_AROUND): ScanResult {
    this.errCode = undefined;
    const kindStack = this.kinds;
    const valueStack = this.values;
    const keyStack = this.keys;
    const skipKeys = this.skipKeys;
    const memberCounts = this.memberCounts;
    // Members of the objects open now, those around a value scanned alone included (the fast path's payloads).
    let openMembers = around.members;
    // The limits are on journal lines (an op input's JSON text has none; a payload built again is within its line's).
    const lineLimits = spanPayloads || skipOneValue;
    const maxOpenMembers = lineLimits ? READER_LIMITS.MAX_OPEN_MEMBERS : Number.POSITIVE_INFINITY;
    const maxDepth = lineLimits ? READER_LIMITS.MAX_DEPTH - around.depth : Number.POSITIVE_INFINITY;
    const tolerant = this.tolerant;
    const tokens = this.tokens;
    let depth = 0;
    let skipping = false;
    let skipDepth = 0;
    let skipStart = 0;
    // What a skip ends as: a payload's span, or (a container no rule reads) an UnreadValue.
    let skipUnread = false;
    const roleStack = this.roles;
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
        // R-S1: an escaped lone surrogate is refused unless tolerated (core).
        const keyClose = scanStringBody(buf, pos + 1, end, tokens, tolerant);
        if (keyClose === TOKEN_FAILED) {
          this.setTokenErr();
          return this.failure(depth);
        }
        let key = this.decodeString(buf, pos + 1, keyClose, tokens.flags);
        // A long name of a line is kept (and reported) in a bounded form, as the chunked scan keeps it.
        if (spanPayloads && keyClose - pos - 1 > HELD_NAME_BYTES) key = heldNameOf(key);
        // R-J6: a string's compact length counts each escape as a minimal writer emits it; +1 for the colon.
        if (skipping) compact += keyClose - pos + 2 - tokens.escapeExcess;
        pos = keyClose + 1;
        while (pos < end && ((b = buf[pos]!) === BYTE.SPACE || b === BYTE.TAB)) pos++;
        const top = depth - 1;
        keyStack[top] = key;
        memberCounts[top]!++;
        if (++openMembers > maxOpenMembers) {
          // JSON-LIMIT-1 (spec/journal, Reader limits): the names R-S1 compares are bounded.
          this.setErr(CODES.LIMIT_EXCEEDED, keyAt, OPEN_MEMBERS_MESSAGE);
          return this.failure(depth);
        }
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
          skipUnread = false;
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
        const close = scanStringBody(buf, pos + 1, end, tokens, tolerant);
        if (close === TOKEN_FAILED) {
          this.setTokenErr();
          return this.failure(depth);
        }
        if (skipping) {
          // R-J6, as for a member name.
          compact += close - pos + 1 - tokens.escapeExcess;
          value = null;
        } else value = this.decodeString(buf, pos + 1, close, tokens.flags);
        pos = close + 1;
      } else if (b === BYTE.LEFT_BRACE || b === BYTE.LEFT_BRACKET) {
        if (depth >= maxDepth) {
          // JSON-LIMIT-1, R-S2a (spec/journal, Reader limits).
          this.setErr(CODES.LIMIT_EXCEEDED, pos, DEPTH_MESSAGE);
          return this.failure(depth);
        }
        const isObj = b === BYTE.LEFT_BRACE;
        if (spanPayloads && !skipping) {
          // A container no rule reads the members or items of is validated and passed over, only its
          // type kept, as the chunked scan does (a 15 MiB unknown array cost 316 MiB built).
          const role = roleOf(isObj, depth === 0 ? undefined : roleStack[depth - 1], depth === 0 ? undefined : keyStack[depth - 1]);
          if (role < 0) {
            skipping = true;
            skipDepth = depth;
            skipStart = pos;
            compact = 0;
            skipUnread = true;
          } else roleStack[depth] = role;
        }
        kindStack[depth] = isObj ? KIND_OBJ : KIND_ARR;
        valueStack[depth] = skipping ? null : isObj ? new Map() : [];
        skipKeys[depth] = skipping && isObj ? [] : null;
        memberCounts[depth] = 0;
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
        const numberEnd = scanNumber(buf, pos, end, tokens);
        if (numberEnd === TOKEN_FAILED) {
          this.setTokenErr();
          return this.failure(depth);
        }
        if (skipping) {
          compact += numberEnd - pos;
          value = null;
        } else {
          const small = spanPayloads ? smallInteger(buf, pos, numberEnd) : undefined;
          value = small !== undefined ? small : this.numberOf(buf, pos, numberEnd);
        }
        pos = numberEnd;
      } else {
        const word = b === BYTE.LOWER_T ? LITERAL_TRUE : b === BYTE.LOWER_F ? LITERAL_FALSE : b === BYTE.LOWER_N ? LITERAL_NULL : undefined;
        if (word === undefined) {
          this.setErr(CODES.JSON_SYNTAX, pos, 'unexpected byte');
          return this.failure(depth);
        }
        if (scanLiteral(buf, pos, end, word, tokens) === TOKEN_FAILED) {
          this.setTokenErr();
          return this.failure(depth);
        }
        value = word === LITERAL_TRUE ? true : word === LITERAL_FALSE ? false : null;
        pos += word.length;
        if (skipping) compact += word.length;
      }

      // A value is complete: attach it to its container, closing containers as they end.
      for (;;) {
        if (--this.valuesLeft < 0) {
          // buildPayloadWithin's bound: the build stops (the span is valid; this is not a refusal).
          this.setErr(CODES.LIMIT_EXCEEDED, pos, 'more values than the build may make');
          return this.failure(depth);
        }
        if (skipping && depth === skipDepth) {
          value = skipUnread ? UnreadValue.INSTANCE : new PayloadSpan(skipStart, pos, this.skipInexact ? -1 : compact);
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
            openMembers -= memberCounts[top]!;
            pos++;
            depth--;
            value = container as ScannedValue;
            continue;
          }
          this.setErr(CODES.JSON_SYNTAX, pos, 'expected "," or "}"');
          return this.failure(depth);
        }
        if (container !== null) {
          // A group frame's entries (the line object's `entries`): kept while a rule may read them.
          if (spanPayloads && top === 1 && keyStack[0] === 'entries') addEntry(container as ScannedValue[], value);
          else (container as ScannedValue[]).push(value);
        }
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

  /**
   * The value of the number lexeme `buf[start, end)`. One of at most SHORT_LEXEME_BYTES bytes is shared
   * with its earlier occurrences (a JsonNumber is immutable): an observed payload of a million small
   * numbers holds one object of each, not a million (8 MiB of `1e400` took the observation past 200 MiB).
   */
  private numberOf(buf: Buffer, start: number, end: number): JsonNumber {
    const length = end - start;
    if (length > SHORT_LEXEME_BYTES) return new JsonNumber(decodePlainBody(buf, start, end, 0));
    // The length, then the bytes, as one safe integer: lexemes of different lengths never meet.
    let key = length;
    for (let i = start; i < end; i++) key = key * 256 + buf[i]!;
    let value = this.shortNumbers.get(key);
    if (value === undefined) {
      if (this.shortNumbers.size >= SHORT_NUMBERS_KEPT) this.shortNumbers.clear();
      value = new JsonNumber(decodePlainBody(buf, start, end, 0));
      this.shortNumbers.set(key, value);
    }
    return value;
  }

  /**
   * Builds the JsonValue of a payload span as buildPayload does, unless it holds more than `maxValues`
   * values (each scalar, item and member's value, and each container): then it stops there and gives
   * undefined, having built no more than that.
   */
  buildPayloadWithin(buf: Buffer, span: PayloadSpan, maxValues: number): { value: JsonValue; values: number } | undefined {
    this.valuesLeft = maxValues;
    try {
      const r = this.scan(buf, span.start, span.end, false);
      if (r.ok) return { value: r.value as JsonValue, values: maxValues - this.valuesLeft };
      if (this.valuesLeft < 0) return undefined;
      throw new Error(`payload span failed to rescan: ${r.error.code}`);
    } finally {
      this.valuesLeft = Number.POSITIVE_INFINITY;
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
