/**
 * Bounded stand-ins for tokens a line may hold at any length: what the journal rules read of a long
 * structural string ({@link LongText}), of a long number lexeme ({@link LongNumber}) and of a long
 * member name ({@link displayNameOf}), and the R-J7 shape of an id followed as it streams
 * ({@link ReservedIdShape}). The chunked scan (scan-long-line.ts) keeps these instead of the token; the
 * whole-line scan (scan-json.ts) keeps member names in the same form, so both paths judge the same.
 */
import { createHash, type Hash } from 'node:crypto';
import { GUEST_PREFIX, HELD_NAME_BYTES, RESERVED_PREFIX, SIDECAR_PREFIX, WORK_PREFIX } from './constants.ts';

/** R-J7's reading of an id: not reserved, or a reserved id by its shape. */
export type ReservedShape = 'plain' | 'unowned' | 'malformed' | 'guest-malformed' | 'owned';

const PREFIXES = [WORK_PREFIX, SIDECAR_PREFIX, GUEST_PREFIX] as const;
const HEAD_UNITS = Math.max(...PREFIXES.map((p) => p.length));
/** Any character outside ASCII: it is no prefix character, no `/` and no sidecar-owner character. */
const OTHER = 0x80;
const SLASH = 0x2f;

/**
 * R-J7's shape of an id, fed in pieces: the namespace prefix from its first characters, then the
 * owner (service, sidecar owner or guest) up to the first `/` after the prefix, and whether a name
 * follows. Keeps a few characters and counters, whatever the id's length.
 */
export class ReservedIdShape {
  private head = '';
  /** The namespace prefix matched (decided once HEAD_UNITS characters are in), or '' for none. */
  private prefix: string | undefined;
  private sidecar = false;
  private ownerUnits = 0;
  private ownerOk = true;
  private slash = false;
  private named = false;

  /** One character, or OTHER for any non-ASCII one (a UTF-8 lead byte, a non-ASCII code unit). */
  feedUnit(c: number): void {
    if (this.prefix === undefined) {
      this.head += String.fromCharCode(c);
      if (this.head.length === HEAD_UNITS) this.decidePrefix();
      return;
    }
    this.feedRest(c);
  }

  /** Every code unit of `text`. */
  feedText(text: string): this {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      this.feedUnit(c < 0x80 ? c : OTHER);
    }
    return this;
  }

  /** Raw UTF-8 bytes of a string body (a multi-byte character counts once, as OTHER). */
  feedBytes(bytes: Uint8Array, start: number, end: number): void {
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      if (b < 0x80) this.feedUnit(b);
      else if (b >= 0xc0) this.feedUnit(OTHER);
    }
  }

  private decidePrefix(): void {
    const head = this.head;
    this.prefix = head.startsWith(RESERVED_PREFIX) ? (PREFIXES.find((p) => head.startsWith(p)) ?? RESERVED_PREFIX) : '';
    this.sidecar = this.prefix === SIDECAR_PREFIX;
    for (let i = this.prefix.length; i < head.length; i++) this.feedRest(head.charCodeAt(i));
  }

  private feedRest(c: number): void {
    if (this.slash) {
      this.named = true;
      return;
    }
    if (c === SLASH) {
      this.slash = true;
      return;
    }
    // Sidecar owners match [a-z][a-z0-9.-]*.
    if (!((c >= 0x61 && c <= 0x7a) || (this.ownerUnits > 0 && ((c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d)))) this.ownerOk = false;
    this.ownerUnits++;
  }

  /** The shape of the id fed so far, taken as whole. */
  result(): ReservedShape {
    if (this.prefix === undefined) this.decidePrefix();
    const prefix = this.prefix!;
    if (prefix === '') return 'plain';
    if (prefix === RESERVED_PREFIX) return 'unowned';
    // The first "/" after the prefix splits owner from name; the name may itself contain "/".
    if (this.slash && this.ownerUnits > 0 && this.named && (!this.sidecar || this.ownerOk)) return 'owned';
    return prefix === GUEST_PREFIX ? 'guest-malformed' : 'malformed';
  }
}

/** R-J7's shape of an id held whole. */
export function reservedShapeOf(id: string): ReservedShape {
  return id.startsWith(RESERVED_PREFIX) ? new ReservedIdShape().feedText(id).result() : 'plain';
}

/**
 * A structural string longer than HELD_TEXT_BYTES of UTF-8, as the chunked scan keeps it: its length
 * and its R-J7 shape. Every rule that reads a structural string is decided by these — `kind` is then
 * neither Transaction nor Record, a `principal` or `request` is past R-J5's 1,024 bytes, an `id` is
 * non-empty with this shape — and elsewhere only its type is read.
 */
export class LongText {
  constructor(
    /** UTF-8 length of the text (a lone surrogate escape counts 3), above HELD_TEXT_BYTES. */
    readonly utf8Bytes: number,
    /** The shape R-J7 gives the text as an id. */
    readonly reservedShape: ReservedShape,
  ) {}
}

/** A number lexeme longer than READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES, as the chunked scan keeps it: its length. */
export class LongNumber {
  constructor(readonly lexemeBytes: number) {}
}

/** UTF-8 length of one character decoded from an escape: a lone surrogate counts 3, as in {@link wtf8}. */
export function utf8LengthOf(ch: string): number {
  const c = ch.charCodeAt(0);
  if (ch.length === 2) return 4;
  return c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
}

/**
 * The bytes a name is digested as: UTF-8, a lone surrogate (core reads one from an escape) encoded as
 * its 3-byte generalized form. A string's raw bytes in a line are already this (they never hold a surrogate).
 */
export function wtf8(text: string): Buffer {
  if (text.isWellFormed()) return Buffer.from(text, 'utf8');
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    let cp = c;
    if (c >= 0xd800 && c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Buffer.from(out);
}

/** The longest prefix of `text` of at most `maxBytes` UTF-8 bytes (a lone surrogate counts 3), never splitting a pair. */
export function quoteOf(text: string, maxBytes: number): string {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const pair = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff;
    const n = pair ? 4 : c < 0x80 ? 1 : c < 0x800 ? 2 : 3;
    if (bytes + n > maxBytes) break;
    bytes += n;
    i += pair ? 2 : 1;
  }
  return text.slice(0, i);
}

/** A new digest of a long member name (fed its {@link wtf8} bytes in order). */
export function startNameDigest(): Hash {
  return createHash('sha256');
}

/**
 * How a member name longer than HELD_NAME_BYTES of UTF-8 is kept, compared and reported, in both
 * paths: its first HELD_NAME_BYTES bytes (whole characters), its length, and SHA-256 of all of it
 * cut to 128 bits. Two such names are taken as the same exactly when their forms are equal: equal
 * forms of different names would need a SHA-256 collision on the first 128 bits, which no known
 * method finds faster than about 2^64 hash evaluations (a birthday search), far beyond what an input
 * author can spend; and a form is never a name held as it is, being longer than HELD_NAME_BYTES.
 */
export function displayNameOf(quote: string, utf8Bytes: number, digest: Buffer): string {
  return `${quote}… (${utf8Bytes} bytes, SHA-256/128 ${digest.subarray(0, 16).toString('hex')})`;
}

/** The form a member name held whole is kept in: itself, or {@link displayNameOf} past HELD_NAME_BYTES. */
export function heldNameOf(name: string, utf8Bytes = Buffer.byteLength(name, 'utf8')): string {
  if (utf8Bytes <= HELD_NAME_BYTES) return name;
  return displayNameOf(quoteOf(name, HELD_NAME_BYTES), utf8Bytes, startNameDigest().update(wtf8(name)).digest());
}
