/**
 * What every stage of the reader shares: the profile, the current line's position, and the refusals
 * of the read. Refusals are values: a stage returns `Result`s, and a rule's code, requirement and
 * profile come from the spec registries (`codeInfo`, src/shared/refusals.ts). Nothing here throws on
 * bad input.
 */
import type { Hash } from 'node:crypto';
import { fail, formatError, ok, type FormatError, type Profile, type Result } from '../shared/errors.ts';
import { isEnforced } from '../shared/refusals.ts';
import { escapePointerToken } from '../shared/json/pointer.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { codeInfo, UINT64_MAX, type ReaderCode } from './constants.ts';
import type { Lite } from './scan-json.ts';

/** Where inside the current line a problem sits. */
export interface Where {
  /** Byte offset inside the line buffer (absolute in the buffer, converted by the context). */
  readonly at?: number;
  readonly pointer?: string;
  readonly member?: string;
}

/** An unsigned integer: a JS number when exact (≤ 2^53 − 1), else a bigint. */
export type UInt = number | bigint;

/** A refused read: the failed side of a {@link Result}. */
export type Refused = { readonly ok: false; readonly error: FormatError };

/** What a check gives: the shared OK, or the first refusal. */
export type Checked = Result<undefined>;

/**
 * Bytes dropped from a long line's buffer: from buffer offset `at` on, file offsets are `length` further.
 * A gap that dropped the first items of an array no check reads says how many (`items`), so that the
 * items left keep their indices in a refusal's pointer; `at` is then where the array's first item began.
 * One that dropped an object's first members keeps their names instead (strict: R-S1 duplicates).
 */
export interface LineGap {
  readonly at: number;
  length: number;
  readonly items?: number;
  /** Of an object's first members dropped (strict profile): their names, for R-S1's duplicate check. */
  readonly names?: Set<string> | undefined;
  /** Of an object's first members dropped: how many (JSON-LIMIT-1 counts them among the open members). */
  readonly members?: number;
  /**
   * Of a long member name's dropped middle (`at` is inside its body): the SHA-256 fed every code unit of
   * the name up to the gap's end, and how many of them the buffer still holds before `at`.
   */
  readonly hash?: Hash;
  readonly keptUnits?: number;
}

/** No bytes dropped. */
export const NO_GAPS: readonly LineGap[] = [];

/** How far file offsets lie past buffer offset `at`: the lengths of the gaps at or before it. */
export function gapShift(gaps: readonly LineGap[], at: number): number {
  let shift = 0;
  for (const g of gaps) if (at >= g.at) shift += g.length;
  return shift;
}

/** The shared state of one read: profile and the line being checked. */
export class CheckContext {
  /** 1-based number of the current line. */
  line = 0;
  /** File offset of the first byte of the buffer the current line lives in. */
  bufferFileOffset = 0;
  /** Offset of the current line's first byte inside its buffer. */
  lineStart = 0;
  /** The buffer the current line lives in. */
  lineBuffer: Buffer = Buffer.alloc(0);
  /** The current line's top-level members (to place an error at its member's value). */
  lineMembers: { readonly count: number; readonly names: readonly string[]; readonly starts: readonly number[] } | undefined;
  /**
   * Bytes of the current line that are no longer in its buffer (the long-line path dropped the checked
   * middles of strings and the checked items of arrays nobody reads), in buffer order: from each gap's buffer offset `at` on, file
   * offsets are its `length` further (the gaps before it add up). Empty when nothing was dropped.
   */
  gaps: readonly LineGap[] = NO_GAPS;
  constructor(readonly profile: Profile) {}

  /** True when this read enforces the rule of `code`: core rules always, strict ones under strict only. */
  enforces(code: ReaderCode): boolean {
    return isEnforced(this.profile, codeInfo(code).profile);
  }

  /**
   * The refusal of `code` at `where` in the current line, as a failed Result. A strict rule is refused
   * only where the caller has asked {@link enforces} first (the core profile goes on with the tolerant
   * reading); refusing one the profile does not enforce is a bug in the reader, and throws.
   */
  refusal(code: ReaderCode, message: string, where: Where = {}): Refused {
    return fail(this.errorOf(code, message, where));
  }

  /** The FormatError of `code` at `where` in the current line (see {@link refusal}). */
  errorOf(code: ReaderCode, message: string, where: Where = {}): FormatError {
    const info = codeInfo(code);
    if (!isEnforced(this.profile, info.profile)) throw new Error(`reader bug: ${code} (strict) refused under the core profile`);
    return formatError(code, info.requirement, message, this.locate(where), info.profile);
  }

  /**
   * A scanner refusal (byte offset absolute in the line's buffer, pointer into the line's value) placed
   * at the current line: line, file offset and column.
   */
  placeScanRefusal(error: FormatError): Refused {
    const at = error.location.byteOffset ?? this.lineStart;
    return fail({ ...error, location: { ...this.locate({ at }), ...(error.location.pointer !== undefined ? { pointer: error.location.pointer } : {}) } });
  }

  private locate(where: Where) {
    const at = where.at ?? this.memberStart(where) ?? this.lineStart;
    const shift = gapShift(this.gaps, at);
    const location: { line: number; byteOffset: number; column: number; pointer?: string; member?: string } = {
      line: this.line,
      byteOffset: this.bufferFileOffset + at + shift,
      column: at - this.lineStart + 1 + shift,
    };
    if (where.pointer !== undefined) location.pointer = where.pointer;
    if (where.member !== undefined) location.member = where.member;
    return location;
  }

  /** Where the value of the member a pointer or member name designates starts, in the current line. */
  private memberStart(where: Where): number | undefined {
    const members = this.lineMembers;
    if (members === undefined) return undefined;
    const name = where.pointer !== undefined && where.pointer !== '' ? where.pointer.split('/')[1]!.replace(/~1/g, '/').replace(/~0/g, '~') : where.member;
    for (let j = 0; j < members.count; j++) if (members.names[j] === name) return members.starts[j];
    return undefined;
  }

  /**
   * R-C9 / R-S2: reads an unsigned integer member. A non-number, a negative or a fractional value
   * breaks the record's schema (core); an integral value written otherwise than `0|[1-9][0-9]*`
   * (`1.0`, `1e3`, `-0`) or beyond 64 bits is refused by R-C9 (strict) and read by value in core.
   */
  readUInt(v: Lite | undefined, where: Where): Result<UInt> {
    if (typeof v === 'number') return ok(v);
    if (!(v instanceof JsonNumber)) return this.refusal('RECORD_MEMBER_TYPE', 'expected an unsigned integer', where);
    const lexeme = v.lexeme;
    if (/^(0|[1-9][0-9]*)$/.test(lexeme)) {
      const big = BigInt(lexeme);
      if (big > UINT64_MAX && this.enforces('RECORD_INTEGER_LEXEME')) return this.refusal('RECORD_INTEGER_LEXEME', `${lexeme} does not fit in 64 bits`, where);
      return ok(big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big);
    }
    const value = integralValueOf(lexeme);
    if (value === undefined) return this.refusal('RECORD_MEMBER_TYPE', `${lexeme} is not an unsigned integer`, where);
    if (this.enforces('RECORD_INTEGER_LEXEME')) return this.refusal('RECORD_INTEGER_LEXEME', `${lexeme} is an integer value but not an integer lexeme`, where);
    return ok(value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value);
  }

  /** Reads an index (a dictionary, file or entity reference, or an own index): huge values become Infinity. */
  readIndex(v: Lite | undefined, where: Where): Result<number> {
    const n = this.readUInt(v, where);
    if (!n.ok || typeof n.value === 'number') return n as Result<number>;
    return ok(Infinity);
  }
}

/** The pointer of a top-level member. */
export function memberPointer(name: string): string {
  return '/' + escapePointerToken(name);
}

/**
 * The exact value of a JSON number lexeme when it is a non-negative integer (`1.0` → 1n, `1e3` →
 * 1000n, `-0` → 0n), else undefined. Values beyond 2^70 are clamped (they are refused as indices
 * and compare as huge line numbers).
 */
export function integralValueOf(lexeme: string): bigint | undefined {
  const m = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/.exec(lexeme);
  if (!m) return undefined;
  const digits = (m[2]! + (m[3] ?? '')).replace(/^0+/, '');
  if (digits === '') return 0n;
  if (m[1] === '-') return undefined;
  let exp = Number(m[4] ?? '0') - (m[3]?.length ?? 0);
  let mantissa = digits;
  // Drop trailing zeros into the exponent so `1.000e0` is seen as integral.
  while (exp < 0 && mantissa.endsWith('0')) {
    mantissa = mantissa.slice(0, -1);
    exp++;
  }
  if (exp < 0) return undefined;
  if (mantissa.length + exp > 22) return 1n << 70n;
  return BigInt(mantissa) * 10n ** BigInt(exp);
}

/** Compares two unsigned integers of either representation. */
export function compareUInt(a: UInt, b: UInt): number {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
