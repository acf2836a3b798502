/** Integer members by lexeme (R-S2): unsigned = `0|[1-9][0-9]*` within 64 bits; signed = i64, `-0` refused. */
import { JsonNumber } from '../shared/json/value.ts';
import { CODES, I64_MAX, I64_MIN, U64_MAX } from './constants.ts';

/** Why a value is not the integer asked for, or the integer. */
export type IntegerRead = bigint | typeof CODES.WRONG_TYPE | typeof CODES.INVALID_INTEGER;

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

/** Reads an unsigned 64-bit integer member value. */
export function readUnsigned(v: unknown): IntegerRead {
  if (!(v instanceof JsonNumber)) return CODES.WRONG_TYPE;
  const s = v.lexeme;
  if (!isDigitRun(s, 0)) return CODES.INVALID_INTEGER;
  if (s.length < 16) return BigInt(Number(s));
  const n = BigInt(s);
  return n > U64_MAX ? CODES.INVALID_INTEGER : n;
}

/** Reads a signed 64-bit integer member value (`-0` is refused). */
export function readSigned64(v: unknown): IntegerRead {
  if (!(v instanceof JsonNumber)) return CODES.WRONG_TYPE;
  const s = v.lexeme;
  const neg = s.charCodeAt(0) === 0x2d;
  if (!isDigitRun(s, neg ? 1 : 0) || s === '-0') return CODES.INVALID_INTEGER;
  if (s.length < 16) return BigInt(Number(s));
  const n = BigInt(s);
  return n < I64_MIN || n > I64_MAX ? CODES.INVALID_INTEGER : n;
}
