/**
 * What every stage of the reader shares: the profile, the current line's position, and `refuse`,
 * which stops the read with a FormatError unless the rule is strict-only and the profile is core.
 */
import { formatError, type FormatError, type Profile } from '../shared/errors.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { codeInfo, UINT64_MAX, type ReaderCode } from './constants.ts';
import type { Lite } from './scan-json.ts';

/** Thrown inside the reader to stop at the first enforced error; caught by the pipeline driver. */
export class Refusal {
  constructor(readonly error: FormatError) {}
}

/** Where inside the current line a problem sits. */
export interface Where {
  /** Byte offset inside the line buffer (absolute in the buffer, converted by the context). */
  readonly at?: number;
  readonly pointer?: string;
  readonly member?: string;
}

/** An unsigned integer: a JS number when exact (≤ 2^53 − 1), else a bigint. */
export type UInt = number | bigint;

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

  constructor(readonly profile: Profile) {}

  /** True when rules of this profile are enforced. */
  enforces(profile: Profile): boolean {
    return profile === 'core' || this.profile === 'strict';
  }

  /**
   * Stops the read with `code` — or returns, when the code's rule is strict and the profile is core
   * (the caller then goes on with the tolerant reading).
   */
  refuse(code: ReaderCode, message: string, where: Where = {}): void {
    const info = codeInfo(code);
    if (!this.enforces(info.profile)) return;
    throw new Refusal(this.errorOf(code, message, where));
  }

  /** Like {@link refuse} for core rules: never returns. */
  reject(code: ReaderCode, message: string, where: Where = {}): never {
    const info = codeInfo(code);
    // A strict rule must go through refuse(), or the core profile would enforce it.
    if (info.profile !== 'core') throw new Error(`reject() used for strict code ${code}`);
    throw new Refusal(formatError(code, info.requirement, message, this.locate(where), info.profile));
  }

  /** Builds the error without throwing (for errors found outside a line, e.g. at end of input). */
  errorOf(code: ReaderCode, message: string, where: Where = {}): FormatError {
    const info = codeInfo(code);
    return formatError(code, info.requirement, message, this.locate(where), info.profile);
  }

  private locate(where: Where) {
    const at = where.at ?? this.memberStart(where) ?? this.lineStart;
    const location: { line: number; byteOffset: number; column: number; pointer?: string; member?: string } = {
      line: this.line,
      byteOffset: this.bufferFileOffset + at,
      column: at - this.lineStart + 1,
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
  readUInt(v: Lite | undefined, where: Where): UInt {
    if (typeof v === 'number') return v;
    if (!(v instanceof JsonNumber)) this.reject('RECORD_MEMBER_TYPE', 'expected an unsigned integer', where);
    const lexeme = v.lexeme;
    if (/^(0|[1-9][0-9]*)$/.test(lexeme)) {
      const big = BigInt(lexeme);
      if (big > UINT64_MAX) this.refuse('RECORD_INTEGER_LEXEME', `${lexeme} does not fit in 64 bits`, where);
      return big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    }
    const value = integralValueOf(lexeme);
    if (value === undefined) this.reject('RECORD_MEMBER_TYPE', `${lexeme} is not an unsigned integer`, where);
    this.refuse('RECORD_INTEGER_LEXEME', `${lexeme} is an integer value but not an integer lexeme`, where);
    return value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : value;
  }

  /** Reads an index (a dictionary, file or entity reference, or an own index): huge values become Infinity. */
  readIndex(v: Lite | undefined, where: Where): number {
    const n = this.readUInt(v, where);
    return typeof n === 'bigint' ? Infinity : n;
  }
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
