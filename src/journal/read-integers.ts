/**
 * Integer members by lexeme (R-S2): unsigned = `0|[1-9][0-9]*` within 64 bits; signed = i64, `-0`
 * refused. Values are {@link Int}: a JS number when the value is a safe integer, a bigint otherwise
 * (never both for one value), so `===` compares values and `<`/`>` work across the two.
 */
import { JsonNumber } from '../shared/json/value.ts';
import { CODES, I64_MAX, I64_MIN, U64_MAX } from './constants.ts';

/** An exact integer: number when safe, bigint beyond ±(2^53 − 1). */
export type Int = number | bigint;

/** Why a value is not the integer asked for, or the integer. */
export type IntegerRead = Int | typeof CODES.WRONG_TYPE | typeof CODES.INVALID_INTEGER;

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The normalized {@link Int} of a bigint. */
export function toInt(n: bigint): Int {
  return n <= MAX_SAFE && n >= -MAX_SAFE ? Number(n) : n;
}

/** a + k, normalized. */
export function intAdd(a: Int, k: number): Int {
  if (typeof a === 'number') {
    const r = a + k;
    return Number.isSafeInteger(r) ? r : toInt(BigInt(a) + BigInt(k));
  }
  return toInt(a + BigInt(k));
}

/** The exact bigint of an Int. */
export function toBig(a: Int): bigint {
  return typeof a === 'bigint' ? a : BigInt(a);
}

function isDigitRun(s: string, from: number): boolean {
  if (from >= s.length) return false;
  const c0 = s.charCodeAt(from);
  if (c0 === 0x30) return s.length === from + 1;
  if (c0 < 0x31 || c0 > 0x39) return false;
  for (let i = from + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/**
 * Reads an unsigned 64-bit integer member value. A JS number here is one the journal scanner made from
 * a canonical integer lexeme with a safe value.
 */
export function readUnsigned(v: unknown): IntegerRead {
  if (typeof v === 'number') return v >= 0 ? v : CODES.INVALID_INTEGER;
  if (!(v instanceof JsonNumber)) return CODES.WRONG_TYPE;
  const s = v.lexeme;
  if (!isDigitRun(s, 0)) return CODES.INVALID_INTEGER;
  if (s.length < 16) return Number(s);
  const n = BigInt(s);
  return n > U64_MAX ? CODES.INVALID_INTEGER : toInt(n);
}

/** Reads a signed 64-bit integer member value (`-0` is refused). */
export function readSigned64(v: unknown): IntegerRead {
  if (typeof v === 'number') return v;
  if (!(v instanceof JsonNumber)) return CODES.WRONG_TYPE;
  const s = v.lexeme;
  const neg = s.charCodeAt(0) === 0x2d;
  if (!isDigitRun(s, neg ? 1 : 0) || s === '-0') return CODES.INVALID_INTEGER;
  if (s.length < 16) return Number(s);
  const n = BigInt(s);
  return n < I64_MIN || n > I64_MAX ? CODES.INVALID_INTEGER : toInt(n);
}

/** True when a read failed (its value is a code). */
export function isIntegerError(r: IntegerRead): r is typeof CODES.WRONG_TYPE | typeof CODES.INVALID_INTEGER {
  return typeof r === 'string';
}
