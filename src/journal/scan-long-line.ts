/**
 * Stage 1 of a line too long to hold (past PENDING_LIMIT_BYTES): the line is scanned in chunks as it
 * is read, resuming across chunk boundaries anywhere — inside a string, an escape, a number or a
 * literal — and is never held. It gives exactly what the whole-line path (read-journal.ts checkLine:
 * CR, BOM, blank, UTF-8, then scan-json.ts) gives on the same bytes: the same first fault, code,
 * byte offset, pointer and member, or the same structural value. What it keeps is only what the
 * rules read: the line's structural members (built as scan-json builds them), each payload as a
 * {@link StreamedPayload} (its compact length, R-J6, and whether it is a byte array, R-J7), member
 * names of the objects it passes over (R-S1 duplicates), and {@link UnreadValue} for members no rule
 * reads. A property test holds both paths equal for every chunk size, 1-byte chunks included.
 */
import { isUtf8 } from 'node:buffer';
import type { Hash } from 'node:crypto';
import { fail, ok, type FormatError } from '../shared/errors.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import { compactEscapeLength, HEX_VALUE, TOKEN_FAULT, TOKEN_FAULT_MESSAGE, type TokenFault } from '../shared/json/scan-tokens.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { firstInvalidUtf8Offset, incompleteUtf8Tail } from '../shared/text.ts';
import { BOM, BYTE, CODES, HELD_NAME_BYTES, HELD_TEXT_BYTES, READER_LIMITS } from './constants.ts';
import { displayNameOf, LongNumber, LongText, quoteOf, ReservedIdShape, startNameDigest, utf8LengthOf, wtf8 } from './long-values.ts';
import { MemberNames, NameBudget } from './member-names.ts';
import { addEntry, DEPTH_MESSAGE, ROLE_ENTRIES, ROLE_LINE, ROLE_MEMBERS, roleOf, jsonRefusal, OPEN_MEMBERS_MESSAGE, smallInteger, StreamedPayload, UnreadValue, type ScannedValue, type ScanResult } from './scan-json.ts';

const KIND_OBJ = 0;
const KIND_ARR = 1;

// What the next byte may be (structural states) or which token it continues.
const ST_VALUE = 0;
/** After `[`: a value or `]`. */
const ST_VALUE_OR_CLOSE = 1;
/** After `,` in an object: a member name. */
const ST_KEY = 2;
/** After `{`: a member name or `}`. */
const ST_KEY_OR_CLOSE = 3;
const ST_COLON = 4;
/** After a value: `,`, the container's closer, or (at depth 0) nothing but space/tab. */
const ST_AFTER = 5;
const ST_STRING = 6;
const ST_ESCAPE = 7;
const ST_NUMBER = 8;
const ST_LITERAL = 9;

// Number states: what has been read of the lexeme so far.
const N_MINUS = 0;
const N_ZERO = 1;
const N_INT = 2;
const N_DOT = 3;
const N_FRAC = 4;
const N_E = 5;
const N_E_SIGN = 6;
const N_EXP = 7;

/** Payload being passed over (a {@link StreamedPayload}), or a member no rule reads. */
const SKIP_PAYLOAD = 0;
const SKIP_UNREAD = 1;


/** How a string being read is kept: whole, or (past its bound) as a {@link LongText} or a long name's form. */
const STR_HELD = 0;
const STR_LONG_TEXT = 1;
const STR_LONG_NAME = 2;

const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** Options of a chunked scan. */
export interface ChunkedScanOptions {
  /** As {@link ScannerOptions.tolerant}: the core profile reads what R-S1 alone refuses. */
  readonly tolerant: boolean;
  /** Line offset of the first byte fed (3 after a BOM core passes over), so offsets match the whole line's. */
  readonly startOffset: number;
  /** Whether a member of the line object, by name, is one no rule reads (its value is then not built). */
  readonly unreadTopMember?: (name: string) => boolean;
  /** Overrides member-names.ts HELD_NAMES_BUDGET (tests: 0 digests every name, Infinity none). */
  readonly heldNamesBudget?: number;
}

const isSpace = (b: number) => b === BYTE.SPACE || b === BYTE.TAB;

/**
 * The resumable counterpart of `JsonLineScanner.scan(line, start, end, true)`: feed the line's bytes
 * in any chunks with {@link feed}, then {@link end}. Never throws on bad input. Memory is bounded
 * whatever the line: the open containers; the structural values built, each string in them at most
 * HELD_TEXT_BYTES (then a {@link LongText}) and each number lexeme at most
 * READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES (then a {@link LongNumber}); the member names of the
 * open objects ({@link MemberNames}: each at most about HELD_NAME_BYTES, digests past a budget, and at
 * most READER_LIMITS.MAX_OPEN_MEMBERS of them); at most 12 bytes of an escape.
 */
export class ChunkedJsonScanner {
  private readonly tolerant: boolean;
  private readonly unreadTop: ((name: string) => boolean) | undefined;
  /** Line offset of the next byte fed. */
  private seen: number;
  private state = ST_VALUE;
  private error: FormatError | undefined;
  private result: ScannedValue = null;
  private depth = 0;
  private readonly kinds: number[] = [];
  private readonly values: (Map<string, ScannedValue> | ScannedValue[] | null)[] = [];
  private readonly keys: (string | number | undefined)[] = [];
  /** Member names of each open object, with (passed-over objects) each member's compact length: a tolerated duplicate replaces it. */
  private readonly names: (MemberNames | null)[] = [];
  private readonly nameBudget: NameBudget;
  /** Per open object: members read (READER_LIMITS.MAX_OPEN_MEMBERS counts them together), role when built, and whether a stranger is kept. */
  private readonly memberCounts: number[] = [];
  private openMembers = 0;
  private readonly roles: number[] = [];
  private readonly strangerKept: boolean[] = [];
  /** The compact length counted before the current member's name, per passed-over object. */
  private readonly memberStart: number[] = [];
  private skipping = false;
  private skipKind = SKIP_PAYLOAD;
  private skipDepth = 0;
  private compact = 0;
  private byteArray = false;
  // The token in progress.
  private tokStart = 0;
  private strIsKey = false;
  private strBuild = false;
  private strLen = 0;
  private strText = '';
  private strBytes: Buffer[] = [];
  /** STR_*: how the string being built is kept; its UTF-8 length so far (a lone surrogate escape counts 3). */
  private strMode = STR_HELD;
  private strUtf8 = 0;
  private strShape: ReservedIdShape | undefined;
  private strDigest: Hash | undefined;
  private strQuote = '';
  private esc: number[] = [];
  /** Line offset of the escape being read. */
  private tokEsc = 0;
  private numState = N_INT;
  private numText = '';
  /** The number being built passed READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES: only its length is kept. */
  private numLong = false;
  private numDigitsOnly = true;
  private lit: readonly number[] = TRUE;
  private litIndex = 0;

  constructor(options: ChunkedScanOptions) {
    this.tolerant = options.tolerant;
    this.seen = options.startOffset;
    this.unreadTop = options.unreadTopMember;
    this.nameBudget = new NameBudget(options.heldNamesBudget);
  }

  /** Whether a fault has been found (later bytes cannot change it: the caller may stop feeding). */
  get failed(): boolean {
    return this.error !== undefined;
  }

  /** Scans the next bytes of the line. */
  feed(chunk: Buffer): void {
    if (this.error) return;
    const base = this.seen;
    this.seen += chunk.length;
    // A chunk at a time, so that a member no rule reads any more stops being built within a chunk.
    this.run(chunk, 0, chunk.length, base);
    this.passOverIfUnread();
  }

  /**
   * Passes over the rest of the line's member in progress once unreadTopMember says no rule reads it
   * any more — a group frame's members once the line is past the frame limit (parse-group-frame then
   * refuses the line before reading any of them): what was built of it goes. A frame's `entries` of
   * 200 MB of scalars cost 1.6 GB built to the end before.
   */
  private passOverIfUnread(): void {
    if (this.skipping || this.depth < 2 || this.roles[0] !== ROLE_LINE || this.unreadTop === undefined) return;
    const key = this.keys[0];
    if (typeof key !== 'string' || !this.unreadTop(key)) return;
    this.startSkip(SKIP_UNREAD);
    // The member's value is the container at depth 1: it ends as an UnreadValue (completeValue).
    this.skipDepth = 1;
    for (let d = 1; d < this.depth; d++) {
      this.values[d] = null;
      this.memberStart[d] = 0;
    }
  }

  /** Ends the line: the value, or the first fault in byte order (offsets relative to the line). */
  end(): ScanResult {
    if (!this.error) this.atEnd();
    if (this.error) return fail(this.error);
    return ok(this.result);
  }

  private atEnd() {
    const end = this.seen;
    // An escape decided with the bytes missing may leave read-ahead bytes that start another.
    while (this.state === ST_ESCAPE) {
      this.decideEscape(true);
      if (this.error) return;
    }
    if (this.state === ST_NUMBER) {
      // A digit missing where the line ends is charged to the end, as the token toolkit charges it.
      if (this.numState === N_MINUS) return this.fault(CODES.JSON_SYNTAX, end, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.NUMBER_NO_DIGIT]);
      if (this.numState === N_DOT) return this.fault(CODES.JSON_SYNTAX, end, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.FRACTION_NO_DIGIT]);
      if (this.numState === N_E || this.numState === N_E_SIGN) return this.fault(CODES.JSON_SYNTAX, end, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.EXPONENT_NO_DIGIT]);
      this.endNumber(end);
    }
    switch (this.state) {
      case ST_STRING:
        return this.fault(CODES.JSON_SYNTAX, end, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.UNTERMINATED_STRING]);
      case ST_LITERAL:
        return this.fault(CODES.JSON_SYNTAX, this.tokStart, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_LITERAL]);
      case ST_VALUE:
      case ST_VALUE_OR_CLOSE:
        return this.fault(CODES.JSON_SYNTAX, end, 'unexpected end of line');
      case ST_KEY:
      case ST_KEY_OR_CLOSE:
        return this.fault(CODES.JSON_SYNTAX, end, 'expected a member name');
      case ST_COLON:
        return this.fault(CODES.JSON_SYNTAX, end, 'expected ":"');
      default:
        if (this.depth > 0) this.fault(CODES.JSON_SYNTAX, end, this.kinds[this.depth - 1] === KIND_OBJ ? 'expected "," or "}"' : 'expected "," or "]"');
    }
  }

  /** Records the first fault, with the pointer of the containers open at it (as scan-json's failure). */
  private fault(code: string, at: number, message: string): void {
    let pointer = '';
    for (let i = 0; i < this.depth; i++) {
      const k = this.keys[i];
      if (k !== undefined) pointer = appendPointer(pointer, k);
    }
    const member = code === CODES.JSON_DUPLICATE_MEMBER ? (this.keys[this.depth - 1] as string) : undefined;
    this.error = jsonRefusal(code, at, pointer, message, member);
    // Release what was built: only the fault is read from here on.
    this.values.length = 0;
    this.names.length = 0;
    this.strBytes = [];
    this.strShape = undefined;
    this.strDigest = undefined;
  }

  /** buf[i, end) holds line offsets base + i …; runs the state machine over them. */
  private run(buf: Buffer, i: number, end: number, base: number): void {
    while (i < end && !this.error) {
      switch (this.state) {
        case ST_STRING:
          i = this.stringBytes(buf, i, end, base);
          break;
        case ST_ESCAPE:
          this.esc.push(buf[i]!);
          i++;
          this.decideEscape(false);
          break;
        case ST_NUMBER:
          i = this.numberBytes(buf, i, end, base);
          break;
        case ST_LITERAL:
          if (buf[i] !== this.lit[this.litIndex]) {
            this.fault(CODES.JSON_SYNTAX, this.tokStart, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_LITERAL]);
            return;
          }
          i++;
          if (++this.litIndex === this.lit.length) {
            const lit = this.lit;
            if (this.skipping) this.compact += lit.length;
            this.completeValue(lit === TRUE ? true : lit === FALSE ? false : null);
          }
          break;
        default:
          this.structural(buf[i]!, base + i);
          i++;
      }
    }
  }

  /** One byte outside any token. */
  private structural(b: number, at: number) {
    if (isSpace(b)) return;
    switch (this.state) {
      case ST_VALUE_OR_CLOSE:
        if (b === BYTE.RIGHT_BRACKET) return this.closeContainer();
        return this.startValue(b, at);
      case ST_VALUE:
        return this.startValue(b, at);
      case ST_KEY_OR_CLOSE:
      case ST_KEY:
        if (b === BYTE.RIGHT_BRACE && this.state === ST_KEY_OR_CLOSE) return this.closeContainer();
        if (b !== BYTE.QUOTE) return this.fault(CODES.JSON_SYNTAX, at, 'expected a member name');
        if (this.skipping) this.memberStart[this.depth - 1] = this.compact;
        return this.startString(at, true, true);
      case ST_COLON:
        if (b !== BYTE.COLON) return this.fault(CODES.JSON_SYNTAX, at, 'expected ":"');
        this.afterColon();
        return;
      default: {
        // ST_AFTER
        if (this.depth === 0) return this.fault(CODES.JSON_SYNTAX, at, 'bytes after the value');
        const top = this.depth - 1;
        if (this.kinds[top] === KIND_OBJ) {
          if (b === BYTE.COMMA) {
            if (this.skipping) this.compact += 1;
            this.state = ST_KEY;
            return;
          }
          if (b === BYTE.RIGHT_BRACE) return this.closeContainer();
          return this.fault(CODES.JSON_SYNTAX, at, 'expected "," or "}"');
        }
        if (b === BYTE.COMMA) {
          if (this.skipping) this.compact += 1;
          this.keys[top] = (this.keys[top] as number) + 1;
          this.state = ST_VALUE;
          return;
        }
        if (b === BYTE.RIGHT_BRACKET) return this.closeContainer();
        return this.fault(CODES.JSON_SYNTAX, at, 'expected "," or "]"');
      }
    }
  }

  /** After a member's colon: a payload or a member no rule reads is passed over, not built (as scan-json decides). */
  private afterColon(): void {
    this.state = ST_VALUE;
    if (this.skipping) return;
    const depth = this.depth;
    const key = this.keys[depth - 1] as string;
    if (key === 'payload' && (depth === 1 || (depth === 3 && this.kinds[1] === KIND_ARR && this.kinds[0] === KIND_OBJ))) this.startSkip(SKIP_PAYLOAD);
    else if (depth === 1 && this.unreadTop?.(key)) this.startSkip(SKIP_UNREAD);
  }

  private startSkip(kind: number): void {
    this.skipping = true;
    this.skipKind = kind;
    this.skipDepth = this.depth;
    this.compact = 0;
    this.byteArray = false;
  }

  /** Whether the value starting now is an element of the payload's root array (R-J7 byte check). */
  private inPayloadArray(): boolean {
    return this.skipping && this.skipKind === SKIP_PAYLOAD && this.depth === this.skipDepth + 1 && this.kinds[this.skipDepth] === KIND_ARR;
  }

  private startValue(b: number, at: number) {
    if (this.inPayloadArray() && !(b === BYTE.MINUS || (b >= BYTE.ZERO && b <= BYTE.NINE))) this.byteArray = false;
    if (b === BYTE.QUOTE) return this.startString(at, false, !this.skipping);
    if (b === BYTE.LEFT_BRACE || b === BYTE.LEFT_BRACKET) {
      const isObj = b === BYTE.LEFT_BRACE;
      const d = this.depth;
      // JSON-LIMIT-1, R-S2a (spec/journal, Reader limits): every open container costs some bookkeeping.
      if (d >= READER_LIMITS.MAX_DEPTH) return this.fault(CODES.LIMIT_EXCEEDED, at, DEPTH_MESSAGE);
      // The payload itself opening as an array may be a byte array; anything else is not.
      if (this.skipping && this.skipKind === SKIP_PAYLOAD && d === this.skipDepth) this.byteArray = !isObj;
      let role = -1;
      if (!this.skipping) {
        role = this.roleOf(isObj);
        // A container no rule reads the members of: validated and passed over, only its type kept.
        if (role < 0) this.startSkip(SKIP_UNREAD);
      }
      this.kinds[d] = isObj ? KIND_OBJ : KIND_ARR;
      this.values[d] = this.skipping ? null : isObj ? new Map() : [];
      // Every object's names are kept for R-S1; a passed-over payload's under core with each member's length (R-J6).
      this.names[d] = isObj ? new MemberNames(this.nameBudget, this.skipping && this.tolerant) : null;
      this.memberCounts[d] = 0;
      this.roles[d] = role;
      this.strangerKept[d] = false;
      this.keys[d] = isObj ? undefined : 0;
      this.depth = d + 1;
      if (this.skipping) this.compact += 1;
      this.state = isObj ? ST_KEY_OR_CLOSE : ST_VALUE_OR_CLOSE;
      return;
    }
    if (b === BYTE.MINUS || (b >= BYTE.ZERO && b <= BYTE.NINE)) {
      this.tokStart = at;
      this.numState = b === BYTE.MINUS ? N_MINUS : b === BYTE.ZERO ? N_ZERO : N_INT;
      this.numDigitsOnly = b !== BYTE.MINUS;
      this.numLong = false;
      this.numText = String.fromCharCode(b);
      this.state = ST_NUMBER;
      return;
    }
    const lit = b === 0x74 ? TRUE : b === 0x66 ? FALSE : b === 0x6e ? NULL : undefined;
    if (lit === undefined) return this.fault(CODES.JSON_SYNTAX, at, 'unexpected byte');
    this.tokStart = at;
    this.lit = lit;
    this.litIndex = 1;
    this.state = ST_LITERAL;
  }

  /**
   * What the rules read of a container opening at the current depth (a ROLE_*), or -1 when they read
   * only its type: the line object, an entry line's metadata and its link, a frame's entries, each
   * entry object in them, its metadata and link. (A frame's members are read only while the line may
   * be within the frame limit: the caller passes them over past it, by unreadTopMember.)
   */
  private roleOf(isObj: boolean): number {
    const d = this.depth;
    return roleOf(isObj, d === 0 ? undefined : this.roles[d - 1]!, d === 0 ? undefined : this.keys[d - 1]);
  }

  private startString(at: number, isKey: boolean, build: boolean): void {
    this.tokStart = at;
    this.strIsKey = isKey;
    this.strBuild = build;
    this.strLen = 2;
    this.strText = '';
    this.strBytes = [];
    this.strMode = STR_HELD;
    this.strUtf8 = 0;
    this.state = ST_STRING;
  }

  /**
   * The string being built has passed its bound (HELD_NAME_BYTES for a name, HELD_TEXT_BYTES for a
   * value): from here on it is followed, not held — a value for its R-J7 shape, a name for its digest
   * (its first bytes kept to be quoted). What was held so far is fed first, then `run` (raw bytes of
   * the body read now, not copied).
   */
  private goLong(run?: Buffer): void {
    const held = run ? [...this.strBytes, run] : this.strBytes;
    if (this.strIsKey) {
      this.strMode = STR_LONG_NAME;
      const digest = (this.strDigest = startNameDigest());
      // The held text's bytes as they stand in the line (raw runs are already WTF-8), then the raw run after it.
      digest.update(wtf8(this.strText));
      for (const piece of held) digest.update(piece);
      let text = this.strText;
      if (Buffer.byteLength(text, 'utf8') < HELD_NAME_BYTES && held.length > 0) {
        // The quote's end may lie in the raw run: decoded up to a whole character.
        const raw = Buffer.concat(held.map((piece) => piece.subarray(0, HELD_NAME_BYTES + 4)));
        let cut = Math.min(raw.length, HELD_NAME_BYTES);
        while (cut > 0 && cut < raw.length && (raw[cut]! & 0xc0) === 0x80) cut--;
        text += raw.toString('utf8', 0, cut);
      }
      this.strQuote = quoteOf(text, HELD_NAME_BYTES);
    } else {
      this.strMode = STR_LONG_TEXT;
      const shape = (this.strShape = new ReservedIdShape());
      shape.feedText(this.strText);
      for (const piece of held) shape.feedBytes(piece, 0, piece.length);
    }
    this.strText = '';
    this.strBytes = [];
  }

  /** Plain string bytes from buf[i]; returns where it stopped. */
  private stringBytes(buf: Buffer, i: number, end: number, base: number): number {
    const s = i;
    let b = 0;
    while (i < end && ((b = buf[i]!) > 0x5c || (b >= 0x20 && b !== 0x22 && b !== 0x5c))) i++;
    this.strLen += i - s;
    if (this.strBuild && i > s) {
      this.strUtf8 += i - s;
      if (this.strMode === STR_HELD) {
        // Only what stays held is copied: a run that passes the bound is followed from where it lies.
        if (this.strUtf8 > (this.strIsKey ? HELD_NAME_BYTES : HELD_TEXT_BYTES)) this.goLong(buf.subarray(s, i));
        else this.strBytes.push(Buffer.from(buf.subarray(s, i)));
      } else if (this.strMode === STR_LONG_TEXT) this.strShape!.feedBytes(buf, s, i);
      else this.strDigest!.update(buf.subarray(s, i));
    }
    if (i >= end) return i;
    if (b === BYTE.QUOTE) {
      this.endString();
      return i + 1;
    }
    if (b === BYTE.BACKSLASH) {
      this.flushText();
      this.esc = [b];
      this.tokEsc = base + i;
      this.state = ST_ESCAPE;
      return i + 1;
    }
    this.fault(CODES.JSON_SYNTAX, base + i, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.CONTROL_CHARACTER]);
    return i;
  }

  private flushText(): void {
    if (!this.strBuild || this.strMode !== STR_HELD || this.strBytes.length === 0) return;
    // Whole characters only: a backslash or quote never falls inside a UTF-8 sequence.
    this.strText += (this.strBytes.length === 1 ? this.strBytes[0]! : Buffer.concat(this.strBytes)).toString('utf8');
    this.strBytes = [];
  }

  /**
   * Decides the escape held in this.esc when its bytes allow (or at the line's end, `atEnd`, with the
   * bytes missing), by the rules of scan-json's scanStringSlow; bytes read ahead and not part of it
   * are scanned again as string content.
   */
  private decideEscape(atEnd: boolean) {
    const esc = this.esc;
    const at = this.tokEsc;
    if (esc.length < 2) {
      if (atEnd) this.fault(CODES.JSON_SYNTAX, at, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_ESCAPE]);
      return;
    }
    let ch = '';
    let len = 0;
    let used = 2;
    switch (esc[1]) {
      case 0x22: ch = '"'; len = 2; break;
      case 0x5c: ch = '\\'; len = 2; break;
      case 0x2f: ch = '/'; len = 1; break;
      case 0x62: ch = '\b'; len = 2; break;
      case 0x66: ch = '\f'; len = 2; break;
      case 0x6e: ch = '\n'; len = 2; break;
      case 0x72: ch = '\r'; len = 2; break;
      case 0x74: ch = '\t'; len = 2; break;
      case 0x75: {
        // A non-hex digit decides the escape at once; the line ending inside hex digits cuts it off.
        for (let k = 2; k < Math.min(esc.length, 6); k++) if (HEX_VALUE[esc[k]!]! < 0) return this.fault(CODES.JSON_SYNTAX, at, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_UNICODE_ESCAPE]);
        if (esc.length < 6) {
          if (atEnd) this.fault(CODES.JSON_SYNTAX, at, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.TRUNCATED_UNICODE_ESCAPE]);
          return;
        }
        const cu = hex4(esc, 2);
        let paired = false;
        if (cu >= 0xd800 && cu <= 0xdbff) {
          // A high surrogate: is `\u` and a low surrogate next? Up to 6 more bytes decide.
          if (esc.length < 7 && !atEnd) return;
          if (esc.length >= 7 && esc[6] === BYTE.BACKSLASH) {
            if (esc.length < 8 && !atEnd) return;
            if (esc.length >= 8 && esc[7] === 0x75) {
              for (let k = 8; k < Math.min(esc.length, 12); k++) if (HEX_VALUE[esc[k]!]! < 0) return this.fault(CODES.JSON_SYNTAX, at + 6, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_UNICODE_ESCAPE]);
              if (esc.length < 12) {
                // A malformed escape after a high surrogate is a grammar fault first.
                if (atEnd) this.fault(CODES.JSON_SYNTAX, at + 6, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.TRUNCATED_UNICODE_ESCAPE]);
                return;
              }
              const lo = hex4(esc, 8);
              if (lo >= 0xdc00 && lo <= 0xdfff) {
                ch = String.fromCharCode(cu, lo);
                len = 4;
                used = 12;
                paired = true;
              }
            }
          }
        }
        if (!paired) {
          if (cu >= 0xd800 && cu <= 0xdfff && !this.tolerant) {
            // R-S1: an escaped surrogate must be half of a pair.
            return this.fault(CODES.JSON_LONE_SURROGATE, at, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.LONE_SURROGATE]);
          }
          ch = String.fromCharCode(cu);
          len = compactEscapeLength(cu);
          used = 6;
        }
        break;
      }
      default:
        return this.fault(CODES.JSON_SYNTAX, at, TOKEN_FAULT_MESSAGE[TOKEN_FAULT.INVALID_ESCAPE]);
    }
    this.strLen += len;
    if (this.strBuild) {
      this.strUtf8 += utf8LengthOf(ch);
      if (this.strMode === STR_HELD) {
        this.strText += ch;
        if (this.strUtf8 > (this.strIsKey ? HELD_NAME_BYTES : HELD_TEXT_BYTES)) this.goLong();
      } else if (this.strMode === STR_LONG_TEXT) this.strShape!.feedText(ch);
      else this.strDigest!.update(wtf8(ch));
    }
    this.state = ST_STRING;
    const rest = esc.slice(used);
    this.esc = [];
    if (rest.length > 0) this.run(Buffer.from(rest), 0, rest.length, at + used);
  }

  private endString() {
    this.flushText();
    let text: ScannedValue = this.strBuild ? this.strText : null;
    if (this.strMode === STR_LONG_TEXT) text = new LongText(this.strUtf8, this.strShape!.result());
    else if (this.strMode === STR_LONG_NAME) text = displayNameOf(this.strQuote, this.strUtf8, this.strDigest!.digest());
    this.strText = '';
    this.strShape = undefined;
    this.strDigest = undefined;
    if (this.skipping) this.compact += this.strLen + (this.strIsKey ? 1 : 0);
    if (!this.strIsKey) {
      this.completeValue(text);
      return;
    }
    const key = text as string;
    const top = this.depth - 1;
    this.keys[top] = key;
    this.memberCounts[top]!++;
    // JSON-LIMIT-1 (spec/journal, Reader limits): the names R-S1 compares are bounded, as scan-json bounds them.
    if (++this.openMembers > READER_LIMITS.MAX_OPEN_MEMBERS) return this.fault(CODES.LIMIT_EXCEEDED, this.tokStart, OPEN_MEMBERS_MESSAGE);
    // Checked at the name, not when the member is set, so the first fault in byte order is the one reported.
    const dup = this.names[top]!.get(key) !== undefined;
    if (dup && !this.tolerant) return this.fault(CODES.JSON_DUPLICATE_MEMBER, this.tokStart, `duplicate member ${JSON.stringify(key)}`);
    this.state = ST_COLON;
  }

  /** Number bytes from buf[i]; returns where it stopped (the byte ending the number is read as structure). */
  private numberBytes(buf: Buffer, i: number, end: number, base: number): number {
    const s = i;
    let st = this.numState;
    let digitsOnly = this.numDigitsOnly;
    for (; i < end; i++) {
      const b = buf[i]!;
      const digit = b >= BYTE.ZERO && b <= BYTE.NINE;
      if (st === N_INT || st === N_FRAC || st === N_EXP) {
        if (digit) continue;
        if (st !== N_EXP && (b === BYTE.DOT || b === 0x65 || b === 0x45) && !(st === N_FRAC && b === BYTE.DOT)) {
          st = b === BYTE.DOT ? N_DOT : N_E;
          digitsOnly = false;
          continue;
        }
        break;
      }
      if (st === N_MINUS) {
        if (!digit) return this.numberFault(i, base, TOKEN_FAULT.NUMBER_NO_DIGIT);
        st = b === BYTE.ZERO ? N_ZERO : N_INT;
      } else if (st === N_ZERO) {
        if (b === BYTE.DOT) st = N_DOT;
        else if (b === 0x65 || b === 0x45) st = N_E;
        else break;
        digitsOnly = false;
      } else if (st === N_DOT) {
        if (!digit) return this.numberFault(i, base, TOKEN_FAULT.FRACTION_NO_DIGIT);
        st = N_FRAC;
      } else if (st === N_E) {
        if (b === BYTE.PLUS || b === BYTE.MINUS) st = N_E_SIGN;
        else if (digit) st = N_EXP;
        else return this.numberFault(i, base, TOKEN_FAULT.EXPONENT_NO_DIGIT);
      } else {
        // N_E_SIGN
        if (!digit) return this.numberFault(i, base, TOKEN_FAULT.EXPONENT_NO_DIGIT);
        st = N_EXP;
      }
    }
    this.numState = st;
    this.numDigitsOnly = digitsOnly;
    // A built number keeps its lexeme (up to the length an integer rule reads); a passed-over one only
    // its first 4 bytes (the R-J7 byte check).
    if (!this.skipping) {
      if (!this.numLong) {
        this.numText += buf.toString('latin1', s, i);
        if (this.numText.length > READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES) {
          this.numLong = true;
          this.numText = '';
        }
      }
    } else if (this.numText.length < 4) this.numText += buf.toString('latin1', s, Math.min(i, s + 4));
    if (i < end) this.endNumber(base + i);
    return i;
  }

  /** A number fault is charged to the byte where a digit is missing (line offset base + i), as the token toolkit charges it. */
  private numberFault(i: number, base: number, fault: TokenFault): number {
    this.fault(CODES.JSON_SYNTAX, base + i, TOKEN_FAULT_MESSAGE[fault]);
    return i;
  }

  /** The number token ends before line offset `at`. */
  private endNumber(at: number): void {
    const length = at - this.tokStart;
    if (this.skipping) {
      this.compact += length;
      // R-J7: a byte value is `0|[1-9][0-9]{0,2}` of at most 255 (a valid lexeme has no other leading zero).
      if (this.inPayloadArray() && !(this.numDigitsOnly && length <= 3 && Number(this.numText) <= 255)) this.byteArray = false;
      this.numText = '';
      this.completeValue(null);
      return;
    }
    const text = this.numText;
    this.numText = '';
    if (this.numLong) {
      // Only its length is read (read-integers.ts: R-S2 under strict, the reader's limit under core).
      this.completeValue(new LongNumber(length));
      return;
    }
    const small = smallInteger(Buffer.from(text, 'latin1'), 0, text.length);
    this.completeValue(small !== undefined ? small : new JsonNumber(text));
  }

  /** A value is complete at the current depth: attach it to its container. */
  private completeValue(v: ScannedValue): void {
    let value = v;
    if (this.skipping && this.depth === this.skipDepth) {
      value = this.skipKind === SKIP_PAYLOAD ? new StreamedPayload(this.compact, this.byteArray) : UnreadValue.INSTANCE;
      this.skipping = false;
    }
    this.state = ST_AFTER;
    if (this.depth === 0) {
      this.result = value;
      return;
    }
    const top = this.depth - 1;
    const container = this.values[top];
    if (this.kinds[top] === KIND_OBJ) {
      const key = this.keys[top] as string;
      const names = this.names[top]!;
      if (container != null) {
        names.set(key, 0);
        const map = container as Map<string, ScannedValue>;
        // R-J5: of the members the rules do not name, the first decides; the others are only checked.
        if (map.has(key) || ROLE_MEMBERS[this.roles[top]!]!.includes(key)) map.set(key, value);
        else if (!this.strangerKept[top]) {
          this.strangerKept[top] = true;
          map.set(key, value);
        }
        return;
      }
      const memberLength = this.compact - this.memberStart[top]!;
      const earlier = names.get(key);
      // Tolerated duplicate (core): the later member replaces the earlier one and one comma goes.
      if (earlier !== undefined && this.skipKind === SKIP_PAYLOAD) this.compact -= earlier + 1;
      names.set(key, memberLength);
      return;
    }
    if (container == null) return;
    // A group frame's entries: kept while a rule may read them, then counted (as scan-json does).
    if (this.roles[top] === ROLE_ENTRIES) addEntry(container as ScannedValue[], value);
    else (container as ScannedValue[]).push(value);
  }

  private closeContainer(): void {
    if (this.skipping) this.compact += 1;
    this.depth--;
    const container = this.values[this.depth] ?? null;
    this.values[this.depth] = null;
    const names = this.names[this.depth];
    if (names) {
      names.release();
      this.names[this.depth] = null;
      this.openMembers -= this.memberCounts[this.depth]!;
    }
    this.completeValue(container as ScannedValue);
  }
}

function hex4(b: readonly number[], at: number): number {
  return (HEX_VALUE[b[at]!]! << 12) | (HEX_VALUE[b[at + 1]!]! << 8) | (HEX_VALUE[b[at + 2]!]! << 4) | HEX_VALUE[b[at + 3]!]!;
}

/** What a line too long to hold showed, in the order checkLine applies its rules (R-J1, then JSON). */
export interface LongLineFacts {
  /** Line offset of the first CR, or -1. */
  readonly cr: number;
  /** The line opens the file with a byte-order mark. */
  readonly bom: boolean;
  /** Only space and tab after the BOM (if any). */
  readonly blank: boolean;
  /** Line offset of the first byte starting an invalid UTF-8 sequence, or -1. */
  readonly utf8: number;
  /** The JSON scan (read only when none of the above refuses the line). */
  readonly scan: ScanResult;
}

/**
 * A line too long to hold, fed as it is read: tracks CR, BOM, blankness and UTF-8 (which come before
 * any JSON fault) and scans the JSON in chunks, never holding the line.
 */
export class LongLine {
  /** Bytes fed. */
  bytes = 0;
  /** Line offset of the first CR, or -1. */
  cr = -1;
  private bomChecked: boolean;
  private bom = false;
  private head: Buffer[] = [];
  private blank = true;
  private utf8 = -1;
  private carry: Buffer = Buffer.alloc(0);
  private carryAt = 0;
  private scanner: ChunkedJsonScanner | undefined;

  constructor(
    atFileStart: boolean,
    /** The profile enforces R-J1's BOM rule (strict); core passes over a BOM. */
    private readonly bomRefused: boolean,
    private readonly tolerant: boolean,
    private readonly unreadTopMember: (name: string) => boolean,
  ) {
    this.bomChecked = !atFileStart;
    if (!atFileStart) this.startScan(0);
  }

  /** Whether the line's refusal is already certain whatever follows, except a CR or UTF-8 fault (tracked). */
  get decided(): boolean {
    if (this.cr >= 0 || this.utf8 >= 0) return true;
    if (this.bom && this.bomRefused) return true;
    return this.scanner?.failed ?? false;
  }

  /** The next bytes of the line (copied where kept: the caller may reuse its buffer). */
  push(bytes: Buffer): void {
    const at = this.bytes;
    this.bytes += bytes.length;
    if (this.cr < 0) {
      const cr = bytes.indexOf(BYTE.CR);
      if (cr >= 0) this.cr = at + cr;
    }
    this.trackUtf8(bytes);
    if (!this.bomChecked) {
      this.head.push(Buffer.from(bytes));
      const head = Buffer.concat(this.head);
      if (head.length < BOM.length) return;
      this.bomChecked = true;
      this.head = [];
      this.bom = head[0] === BOM[0] && head[1] === BOM[1] && head[2] === BOM[2];
      const start = this.bom ? BOM.length : 0;
      this.startScan(start);
      this.scanBody(head.subarray(start));
      return;
    }
    this.scanBody(bytes);
  }

  /** Ends the line. */
  end(): LongLineFacts {
    if (!this.bomChecked) {
      // Shorter than a BOM: scanned from its start.
      const head = Buffer.concat(this.head);
      this.bomChecked = true;
      this.startScan(0);
      this.scanBody(head);
    }
    if (this.carry.length > 0 && this.utf8 < 0) this.utf8 = this.carryAt;
    const scanner = this.scanner!;
    return { cr: this.cr, bom: this.bom, blank: this.blank, utf8: this.utf8, scan: scanner.end() };
  }

  private startScan(start: number): void {
    this.scanner = new ChunkedJsonScanner({ tolerant: this.tolerant, startOffset: start, unreadTopMember: this.unreadTopMember });
  }

  private scanBody(bytes: Buffer): void {
    if (this.blank) {
      for (let i = 0; i < bytes.length; i++) {
        if (!isSpace(bytes[i]!)) {
          this.blank = false;
          break;
        }
      }
    }
    // Past a CR, a refused BOM or a UTF-8 fault, the JSON is never read: the line's refusal is known.
    if (this.cr >= 0 || this.utf8 >= 0 || (this.bom && this.bomRefused)) return;
    this.scanner!.feed(bytes);
  }

  /** Watches for the first invalid UTF-8 byte, a sequence cut by a chunk's end carried to the next. */
  private trackUtf8(bytes: Buffer): void {
    if (this.utf8 >= 0) return;
    const data = this.carry.length > 0 ? Buffer.concat([this.carry, bytes]) : bytes;
    const bodyEnd = data.length - incompleteUtf8Tail(data, 0, data.length);
    // The native check first: nearly every chunk is well-formed.
    const bad = isUtf8(data.subarray(0, bodyEnd)) ? -1 : firstInvalidUtf8Offset(data, 0, bodyEnd);
    if (bad >= 0) {
      this.utf8 = this.carryAt + bad;
      return;
    }
    this.carry = Buffer.from(data.subarray(bodyEnd));
    this.carryAt += bodyEnd;
  }
}
