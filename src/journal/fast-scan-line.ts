/**
 * Stage (fast path of validation): proves a compact, canonically ordered line valid without building
 * it, or gives up. A writer emits exactly this form (R-J8), so nearly every line of a real journal
 * takes this path; any other spelling — other member order, whitespace, escapes in a metadata
 * string, integers beyond 2^53, reserved ids, or any fault at all — returns undefined and the line
 * goes through the full stages (scan-json → parse-group-frame | parse-entry), which decide the
 * verdict and the code. So the fast path never decides a refusal, and accepts only what the full
 * stages accept (a property test holds the two to the same verdict on every line). Each
 * {@link FastLineScanner} holds its own cursor, so scanners never share state.
 */
import { scanStringBody, STRING_ESCAPED, TOKEN_FAILED, TokenScan } from '../shared/json/scan-tokens.ts';
import { BYTE, LIMITS } from './constants.ts';
import { JsonLineScanner, type Around, type PayloadSpan } from './scan-json.ts';

/** Positions of a line the fast path proved valid. */
export interface FastLine {
  readonly first: number;
  readonly last: number;
  readonly isGroup: boolean;
}

const bytesOf = (s: string) => Uint8Array.from(Buffer.from(s, 'latin1'));
const T_FRAME = bytesOf('{"group":1,"first":');
const T_FRONTIER = bytesOf(',"frontier":');
const T_ENTRIES = bytesOf(',"entries":[');
const T_POSITION = bytesOf('{"position":');
const T_KIND = bytesOf(',"kind":');
const T_TRANSACTION = bytesOf('"Transaction"');
const T_RECORD = bytesOf('"Record"');
const T_ID = bytesOf(',"id":');
const T_VERSION = bytesOf(',"version":');
const T_METADATA = bytesOf(',"metadata":{"principal":');
const T_CORRELATION = bytesOf(',"correlation":');
const T_CAUSATION = bytesOf(',"causation":');
const T_REQUEST = bytesOf(',"request":');
const T_LINK = bytesOf(',"link":');
const T_UNDO = bytesOf('{"UndoOf":');
const T_REDO = bytesOf('{"RedoOf":');
const T_AT_US = bytesOf(',"at_us":');
const T_PAYLOAD = bytesOf('},"payload":');
const T_NULL = bytesOf('null');
const T_RESERVED = bytesOf('harmos:');
const T_WORK = bytesOf('harmos:work/');
const T_SIDECAR = bytesOf('harmos:sidecar/');
const T_GUEST = bytesOf('harmos:guest/');

/** What is open around a payload: a standalone entry line's object, or a frame, its entries and the entry. */
const STANDALONE: Around = { members: 6, depth: 1 };
const IN_FRAME: Around = { members: 10, depth: 3 };

/** The fast path's cursor over one line, and the entry just read (reused from line to line). */
export class FastLineScanner {
  private buf: Buffer = Buffer.alloc(0);
  private end = 0;
  private p = 0;
  private strStart = 0;
  private strEnd = 0;
  private ePosition = 0;
  private eIsTransaction = false;
  private ePrincipalStart = -1;
  private ePrincipalEnd = -1;
  private eCorrelation = 0;
  private eCausation = -1;
  private eRequestNull = true;
  private eLinkNull = true;
  private eAtUs = 0;
  private ePayloadBytes = 0;
  /** The entry being read is inside a group frame. */
  private inFrame = false;
  /** The token toolkit's registers for this scanner's string scans. */
  private readonly tokens = new TokenScan();
  /** Strict: the fast path accepts only what every profile accepts. */
  private readonly payloadScanner = new JsonLineScanner();

  private lit(t: Uint8Array): boolean {
    const n = t.length;
    if (this.p + n > this.end) return false;
    for (let i = 0; i < n; i++) if (this.buf[this.p + i] !== t[i]) return false;
    this.p += n;
    return true;
  }

  /** A canonical unsigned integer lexeme with a safe value, or -1. */
  private uint(): number {
    if (this.p >= this.end) return -1;
    let b = this.buf[this.p]!;
    if (b === BYTE.ZERO) {
      this.p++;
      return 0;
    }
    if (b < 0x31 || b > BYTE.NINE) return -1;
    const start = this.p;
    let v = 0;
    while (this.p < this.end && (b = this.buf[this.p]!) >= BYTE.ZERO && b <= BYTE.NINE) {
      v = v * 10 + (b - BYTE.ZERO);
      this.p++;
    }
    return this.p - start > 16 || v > Number.MAX_SAFE_INTEGER ? -1 : v;
  }

  /** A canonical signed integer lexeme with a safe value, or NaN (`-0` included). */
  private sint(): number {
    if (this.buf[this.p] === BYTE.MINUS) {
      this.p++;
      if (this.buf[this.p] === BYTE.ZERO) return NaN;
      const v = this.uint();
      return v < 0 ? NaN : -v;
    }
    const v = this.uint();
    return v < 0 ? NaN : v;
  }

  /** A string without escapes (scanned by the token toolkit); sets this.strStart/this.strEnd to its content. */
  private plainString(): boolean {
    if (this.buf[this.p] !== BYTE.QUOTE) return false;
    // Any fault, and any escape, leaves the line to the full stages.
    const i = scanStringBody(this.buf, this.p + 1, this.end, this.tokens, false);
    if (i === TOKEN_FAILED || (this.tokens.flags & STRING_ESCAPED) !== 0) return false;
    this.strStart = this.p + 1;
    this.strEnd = i;
    this.p = i + 1;
    return true;
  }

  private startsWith(start: number, stop: number, t: Uint8Array): boolean {
    if (stop - start < t.length) return false;
    for (let i = 0; i < t.length; i++) if (this.buf[start + i] !== t[i]) return false;
    return true;
  }

  /** R-J7 shape of a reserved fact id in [start, stop): owner/service/guest, "/", non-empty name. */
  private reservedIdOk(start: number, stop: number): boolean {
    const sidecar = this.startsWith(start, stop, T_SIDECAR);
    const prefix = this.startsWith(start, stop, T_WORK) ? T_WORK.length : sidecar ? T_SIDECAR.length : this.startsWith(start, stop, T_GUEST) ? T_GUEST.length : -1;
    if (prefix < 0) return false;
    let i = start + prefix;
    const ownerStart = i;
    while (i < stop && this.buf[i] !== 0x2f) {
      const b = this.buf[i]!;
      // Sidecar owners match [a-z][a-z0-9.-]*.
      if (sidecar && !((b >= 0x61 && b <= 0x7a) || (i > ownerStart && ((b >= 0x30 && b <= 0x39) || b === 0x2e || b === 0x2d)))) return false;
      i++;
    }
    return i > ownerStart && i < stop - 1;
  }

  /** A compact array of canonical byte values (R-J7 payload); sets its this.end at this.p. */
  private byteArray(): boolean {
    if (this.buf[this.p] !== BYTE.LEFT_BRACKET) return false;
    this.p++;
    if (this.buf[this.p] === BYTE.RIGHT_BRACKET) {
      this.p++;
      return true;
    }
    for (;;) {
      const v = this.uint();
      if (v < 0 || v > 255) return false;
      if (this.buf[this.p] === BYTE.COMMA) this.p++;
      else if (this.buf[this.p] === BYTE.RIGHT_BRACKET) {
        this.p++;
        return true;
      } else return false;
    }
  }

  /** One canonical this.entry at this.p with every R-J5 range, JRN-* type and length rule checked. */
  private entry(): boolean {
    if (!this.lit(T_POSITION)) return false;
    const position = this.uint();
    if (position < 1 || !this.lit(T_KIND)) return false;
    if (this.lit(T_TRANSACTION)) this.eIsTransaction = true;
    else if (this.lit(T_RECORD)) this.eIsTransaction = false;
    else return false;
    if (!this.lit(T_ID) || !this.plainString() || this.strEnd === this.strStart) return false;
    // R-J7: a reserved id must be a well-formed fact id on a Record with a byte-array payload.
    const reserved = this.startsWith(this.strStart, this.strEnd, T_RESERVED);
    if (reserved && (this.eIsTransaction || !this.reservedIdOk(this.strStart, this.strEnd))) return false;
    if (!this.lit(T_VERSION) || this.uint() < 0 || !this.lit(T_METADATA)) return false;
    if (this.lit(T_NULL)) this.ePrincipalStart = this.ePrincipalEnd = -1;
    else if (this.plainString() && this.strEnd - this.strStart <= LIMITS.MAX_PRINCIPAL_BYTES) {
      this.ePrincipalStart = this.strStart;
      this.ePrincipalEnd = this.strEnd;
    } else return false;
    if (!this.lit(T_CORRELATION)) return false;
    const correlation = this.uint();
    if (correlation < 1 || correlation > position || !this.lit(T_CAUSATION)) return false;
    let causation = -1;
    if (!this.lit(T_NULL)) {
      causation = this.uint();
      if (causation < 1 || causation >= position) return false;
    }
    if (!this.lit(T_REQUEST)) return false;
    if (this.lit(T_NULL)) this.eRequestNull = true;
    else if (this.plainString() && this.strEnd - this.strStart <= LIMITS.MAX_REQUEST_BYTES) this.eRequestNull = false;
    else return false;
    if (!this.lit(T_LINK)) return false;
    if (this.lit(T_NULL)) this.eLinkNull = true;
    else if (this.lit(T_UNDO) || this.lit(T_REDO)) {
      const target = this.uint();
      if (target < 1 || target >= position || this.buf[this.p] !== BYTE.RIGHT_BRACE) return false;
      this.p++;
      this.eLinkNull = false;
    } else return false;
    if (!this.lit(T_AT_US)) return false;
    const atUs = this.sint();
    if (Number.isNaN(atUs) || !this.lit(T_PAYLOAD)) return false;
    let payloadBytes: number;
    if (reserved) {
      const start = this.p;
      if (!this.byteArray() || this.buf[this.p] !== BYTE.RIGHT_BRACE) return false;
      payloadBytes = this.p - start;
      this.p++;
    } else {
      // Around a payload: its entry's six members (and a frame's four, its entries array), for the line's limits.
      const payload = this.payloadScanner.scan(this.buf, this.p, this.end, false, true, this.inFrame ? IN_FRAME : STANDALONE);
      if (!payload.ok) return false;
      const span = payload.value as PayloadSpan;
      if (span.end === this.p || this.buf[span.end] !== BYTE.RIGHT_BRACE) return false;
      payloadBytes = span.compactLength;
      this.p = span.end + 1;
    }
    this.ePosition = position;
    this.eCorrelation = correlation;
    this.eCausation = causation;
    this.eAtUs = atUs;
    this.ePayloadBytes = payloadBytes;
    return true;
  }

  private samePrincipal(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
    if (aStart < 0 || bStart < 0) return aStart === bStart;
    if (aEnd - aStart !== bEnd - bStart) return false;
    for (let i = 0; i < aEnd - aStart; i++) if (this.buf[aStart + i] !== this.buf[bStart + i]) return false;
    return true;
  }

  /**
   * Proves `line` (LF excluded, UTF-8 already checked) a valid group frame (when `framesAllowed`) or
   * standalone entry, or returns undefined.
   */
  scanLine(line: Buffer, framesAllowed: boolean): FastLine | undefined {
    this.buf = line;
    this.end = line.length;
    this.p = 0;
    this.inFrame = false;
    if (!this.lit(T_FRAME)) {
      this.p = 0;
      if (!this.entry() || this.p !== this.end) return undefined;
      return { first: this.ePosition, last: this.ePosition, isGroup: false };
    }
    if (!framesAllowed || this.end > LIMITS.MAX_FRAME_LINE_BYTES) return undefined;
    this.inFrame = true;
    const first = this.uint();
    if (first < 1 || !this.lit(T_FRONTIER)) return undefined;
    const frontier = this.uint();
    if (frontier < first || !this.lit(T_ENTRIES)) return undefined;
    // R-J6: the transaction first, its witness metadata shared by every record.
    if (!this.entry() || !this.eIsTransaction || this.ePosition !== first) return undefined;
    const txPosition = this.ePosition;
    const txPrincipalStart = this.ePrincipalStart;
    const txPrincipalEnd = this.ePrincipalEnd;
    const txCorrelation = this.eCorrelation;
    const txAtUs = this.eAtUs;
    let budget = this.ePayloadBytes;
    let last = txPosition;
    let count = 1;
    while (this.buf[this.p] === BYTE.COMMA) {
      this.p++;
      if (++count > LIMITS.MAX_RECORDS_PER_GROUP + 1) return undefined;
      if (!this.entry() || this.eIsTransaction || this.ePosition !== last + 1) return undefined;
      if (!this.samePrincipal(this.ePrincipalStart, this.ePrincipalEnd, txPrincipalStart, txPrincipalEnd)) return undefined;
      if (this.eCorrelation !== txCorrelation || this.eCausation !== txPosition || !this.eRequestNull || !this.eLinkNull || this.eAtUs !== txAtUs) return undefined;
      budget += this.ePayloadBytes;
      last = this.ePosition;
    }
    if (this.buf[this.p] !== BYTE.RIGHT_BRACKET || this.buf[this.p + 1] !== BYTE.RIGHT_BRACE || this.p + 2 !== this.end) return undefined;
    if (last !== frontier || budget > LIMITS.MAX_GROUP_PAYLOAD_BYTES) return undefined;
    return { first, last, isGroup: true };
  }
}
