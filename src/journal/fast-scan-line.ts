/**
 * Stage (fast path of validation): proves a compact, canonically ordered line valid without building
 * it, or gives up. A writer emits exactly this form (R-J8), so nearly every line of a real journal
 * takes this path; any other spelling — other member order, whitespace, escapes in a metadata
 * string, integers beyond 2^53, reserved ids, or any fault at all — returns undefined and the line
 * goes through the full stages (scan-json → parse-group-frame | parse-entry), which decide the
 * verdict and the code. So the fast path never decides a refusal, and accepts only what the full
 * stages accept (a property test holds the two to the same verdict on every line).
 */
import { BYTE, LIMITS } from './constants.ts';
import { PayloadSpan, scanJson } from './scan-json.ts';

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

// Cursor registers (the fast path never re-enters itself).
let buf: Buffer = Buffer.alloc(0);
let end = 0;
let p = 0;
let strStart = 0;
let strEnd = 0;

// The entry just read.
let ePosition = 0;
let eIsTransaction = false;
let ePrincipalStart = -1;
let ePrincipalEnd = -1;
let eCorrelation = 0;
let eCausation = -1;
let eRequestNull = true;
let eLinkNull = true;
let eAtUs = 0;
let ePayloadBytes = 0;

function lit(t: Uint8Array): boolean {
  const n = t.length;
  if (p + n > end) return false;
  for (let i = 0; i < n; i++) if (buf[p + i] !== t[i]) return false;
  p += n;
  return true;
}

/** A canonical unsigned integer lexeme with a safe value, or -1. */
function uint(): number {
  if (p >= end) return -1;
  let b = buf[p]!;
  if (b === BYTE.ZERO) {
    p++;
    return 0;
  }
  if (b < 0x31 || b > BYTE.NINE) return -1;
  const start = p;
  let v = 0;
  while (p < end && (b = buf[p]!) >= BYTE.ZERO && b <= BYTE.NINE) {
    v = v * 10 + (b - BYTE.ZERO);
    p++;
  }
  return p - start > 16 || v > Number.MAX_SAFE_INTEGER ? -1 : v;
}

/** A canonical signed integer lexeme with a safe value, or NaN (`-0` included). */
function sint(): number {
  if (buf[p] === BYTE.MINUS) {
    p++;
    if (buf[p] === BYTE.ZERO) return NaN;
    const v = uint();
    return v < 0 ? NaN : -v;
  }
  const v = uint();
  return v < 0 ? NaN : v;
}

/** A string without escapes or control bytes; sets strStart/strEnd to its content. */
function plainString(): boolean {
  if (buf[p] !== BYTE.QUOTE) return false;
  let i = p + 1;
  let b = 0;
  while (i < end && ((b = buf[i]!) > 0x5c || (b >= 0x20 && b !== 0x22 && b !== 0x5c))) i++;
  if (i >= end || b !== BYTE.QUOTE) return false;
  strStart = p + 1;
  strEnd = i;
  p = i + 1;
  return true;
}

function startsWith(start: number, stop: number, t: Uint8Array): boolean {
  if (stop - start < t.length) return false;
  for (let i = 0; i < t.length; i++) if (buf[start + i] !== t[i]) return false;
  return true;
}

/** R-J7 shape of a reserved fact id in [start, stop): owner/service/guest, "/", non-empty name. */
function reservedIdOk(start: number, stop: number): boolean {
  const sidecar = startsWith(start, stop, T_SIDECAR);
  const prefix = startsWith(start, stop, T_WORK) ? T_WORK.length : sidecar ? T_SIDECAR.length : startsWith(start, stop, T_GUEST) ? T_GUEST.length : -1;
  if (prefix < 0) return false;
  let i = start + prefix;
  const ownerStart = i;
  while (i < stop && buf[i] !== 0x2f) {
    const b = buf[i]!;
    // Sidecar owners match [a-z][a-z0-9.-]*.
    if (sidecar && !((b >= 0x61 && b <= 0x7a) || (i > ownerStart && ((b >= 0x30 && b <= 0x39) || b === 0x2e || b === 0x2d)))) return false;
    i++;
  }
  return i > ownerStart && i < stop - 1;
}

/** A compact array of canonical byte values (R-J7 payload); sets its end at p. */
function byteArray(): boolean {
  if (buf[p] !== BYTE.LEFT_BRACKET) return false;
  p++;
  if (buf[p] === BYTE.RIGHT_BRACKET) {
    p++;
    return true;
  }
  for (;;) {
    const v = uint();
    if (v < 0 || v > 255) return false;
    if (buf[p] === BYTE.COMMA) p++;
    else if (buf[p] === BYTE.RIGHT_BRACKET) {
      p++;
      return true;
    } else return false;
  }
}

/** One canonical entry at p with every R-J5 range, JRN-* type and length rule checked. */
function entry(): boolean {
  if (!lit(T_POSITION)) return false;
  const position = uint();
  if (position < 1 || !lit(T_KIND)) return false;
  if (lit(T_TRANSACTION)) eIsTransaction = true;
  else if (lit(T_RECORD)) eIsTransaction = false;
  else return false;
  if (!lit(T_ID) || !plainString() || strEnd === strStart) return false;
  // R-J7: a reserved id must be a well-formed fact id on a Record with a byte-array payload.
  const reserved = startsWith(strStart, strEnd, T_RESERVED);
  if (reserved && (eIsTransaction || !reservedIdOk(strStart, strEnd))) return false;
  if (!lit(T_VERSION) || uint() < 0 || !lit(T_METADATA)) return false;
  if (lit(T_NULL)) ePrincipalStart = ePrincipalEnd = -1;
  else if (plainString() && strEnd - strStart <= LIMITS.MAX_PRINCIPAL_BYTES) {
    ePrincipalStart = strStart;
    ePrincipalEnd = strEnd;
  } else return false;
  if (!lit(T_CORRELATION)) return false;
  const correlation = uint();
  if (correlation < 1 || correlation > position || !lit(T_CAUSATION)) return false;
  let causation = -1;
  if (!lit(T_NULL)) {
    causation = uint();
    if (causation < 1 || causation >= position) return false;
  }
  if (!lit(T_REQUEST)) return false;
  if (lit(T_NULL)) eRequestNull = true;
  else if (plainString() && strEnd - strStart <= LIMITS.MAX_REQUEST_BYTES) eRequestNull = false;
  else return false;
  if (!lit(T_LINK)) return false;
  if (lit(T_NULL)) eLinkNull = true;
  else if (lit(T_UNDO) || lit(T_REDO)) {
    const target = uint();
    if (target < 1 || target >= position || buf[p] !== BYTE.RIGHT_BRACE) return false;
    p++;
    eLinkNull = false;
  } else return false;
  if (!lit(T_AT_US)) return false;
  const atUs = sint();
  if (Number.isNaN(atUs) || !lit(T_PAYLOAD)) return false;
  let payloadBytes: number;
  if (reserved) {
    const start = p;
    if (!byteArray() || buf[p] !== BYTE.RIGHT_BRACE) return false;
    payloadBytes = p - start;
    p++;
  } else {
    const payload = scanJson(buf, p, end, false, true);
    if (!payload.ok) return false;
    const span = payload.value as PayloadSpan;
    if (span.end === p || buf[span.end] !== BYTE.RIGHT_BRACE) return false;
    payloadBytes = span.compactLength;
    p = span.end + 1;
  }
  ePosition = position;
  eCorrelation = correlation;
  eCausation = causation;
  eAtUs = atUs;
  ePayloadBytes = payloadBytes;
  return true;
}

function samePrincipal(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aStart < 0 || bStart < 0) return aStart === bStart;
  if (aEnd - aStart !== bEnd - bStart) return false;
  for (let i = 0; i < aEnd - aStart; i++) if (buf[aStart + i] !== buf[bStart + i]) return false;
  return true;
}

/**
 * Proves `line` (LF excluded, UTF-8 already checked) a valid group frame (when `framesAllowed`) or
 * standalone entry, or returns undefined.
 */
export function fastScanLine(line: Buffer, framesAllowed: boolean): FastLine | undefined {
  buf = line;
  end = line.length;
  p = 0;
  if (!lit(T_FRAME)) {
    p = 0;
    if (!entry() || p !== end) return undefined;
    return { first: ePosition, last: ePosition, isGroup: false };
  }
  if (!framesAllowed || end > LIMITS.MAX_FRAME_LINE_BYTES) return undefined;
  const first = uint();
  if (first < 1 || !lit(T_FRONTIER)) return undefined;
  const frontier = uint();
  if (frontier < first || !lit(T_ENTRIES)) return undefined;
  // R-J6: the transaction first, its witness metadata shared by every record.
  if (!entry() || !eIsTransaction || ePosition !== first) return undefined;
  const txPosition = ePosition;
  const txPrincipalStart = ePrincipalStart;
  const txPrincipalEnd = ePrincipalEnd;
  const txCorrelation = eCorrelation;
  const txAtUs = eAtUs;
  let budget = ePayloadBytes;
  let last = txPosition;
  let count = 1;
  while (buf[p] === BYTE.COMMA) {
    p++;
    if (++count > LIMITS.MAX_RECORDS_PER_GROUP + 1) return undefined;
    if (!entry() || eIsTransaction || ePosition !== last + 1) return undefined;
    if (!samePrincipal(ePrincipalStart, ePrincipalEnd, txPrincipalStart, txPrincipalEnd)) return undefined;
    if (eCorrelation !== txCorrelation || eCausation !== txPosition || !eRequestNull || !eLinkNull || eAtUs !== txAtUs) return undefined;
    budget += ePayloadBytes;
    last = ePosition;
  }
  if (buf[p] !== BYTE.RIGHT_BRACKET || buf[p + 1] !== BYTE.RIGHT_BRACE || p + 2 !== end) return undefined;
  if (last !== frontier || budget > LIMITS.MAX_GROUP_PAYLOAD_BYTES) return undefined;
  return { first, last, isGroup: true };
}
