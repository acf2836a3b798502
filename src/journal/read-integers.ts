/**
 * Integer members by lexeme (R-S2): unsigned = `0|[1-9][0-9]*` within 64 bits; signed = i64, `-0`
 * refused. Under the core profile (which R-S2 does not bind) a number is read by its value when that
 * value is whole (`1.0`, `1e3`, `-0`, any size); a number with a fractional part or a non-number is
 * WRONG_TYPE in both profiles. Values are {@link Int}: a JS number when the value is a safe integer,
 * a bigint otherwise (never both for one value), so `===` compares values and `<`/`>` work across the two.
 */
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { integralValue, isIntegerLexeme } from '../shared/json/number-lexeme.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { I64_MAX, I64_MIN, READER_LIMITS, U64_MAX } from './constants.ts';
import { LongNumber } from './long-values.ts';
import { enforces, refuse, RULES, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';

/** An exact integer: number when safe, bigint beyond ±(2^53 − 1). */
export type Int = number | bigint;

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

/** Where an integer member stands, for its refusal: the read's profile, line, pointer, member and what it must be. */
export interface IntegerSite {
  readonly profile: Profile;
  readonly at: LineContext | undefined;
  readonly pointer: string;
  readonly member: string;
  /** e.g. "position must be an unsigned integer". */
  readonly message: string;
}

/** The site of a top-level unsigned member `name` of a header or frame line. */
export function unsignedSite(profile: Profile, at: LineContext, name: string): IntegerSite {
  return { profile, at, pointer: `/${name}`, member: name, message: `${name} must be an unsigned integer` };
}

/** The site of an integer member at `pointer`. */
export function integerSite(profile: Profile, at: LineContext, pointer: string, member: string, message: string): IntegerSite {
  return { profile, at, pointer, member, message };
}

/**
 * Reads an unsigned 64-bit integer member value. A JS number here is one the journal scanner made from
 * a canonical integer lexeme with a safe value.
 */
export function readUnsigned(v: ScannedValue | undefined, site: IntegerSite): Result<Int> {
  if (typeof v === 'number') return v >= 0 ? ok(v) : outOfRange(v, site);
  if (!(v instanceof JsonNumber)) return v instanceof LongNumber ? longLexeme(site) : fail(refuse(RULES.INTEGER_WRONG_TYPE, site.message, site.at, site.pointer, site.member));
  const s = v.lexeme;
  if (s.length > READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES) return longLexeme(site);
  if (s.charCodeAt(0) !== 0x2d && isIntegerLexeme(s)) {
    if (s.length < 16) return ok(Number(s));
    // R-S2: past 20 digits no lexeme is within 64 bits, and its value need not be computed to say so.
    if (s.length > 20 && enforces(site.profile, RULES.INVALID_INTEGER)) return fail(refuse(RULES.INVALID_INTEGER, site.message, site.at, site.pointer, site.member));
    const n = BigInt(s);
    return n > U64_MAX ? outOfRange(n, site) : ok(toInt(n));
  }
  return notALexeme(s, site);
}

/** Reads a signed 64-bit integer member value (`-0` is refused). */
export function readSigned64(v: ScannedValue | undefined, site: IntegerSite): Result<Int> {
  if (typeof v === 'number') return ok(v);
  if (!(v instanceof JsonNumber)) return v instanceof LongNumber ? longLexeme(site) : fail(refuse(RULES.INTEGER_WRONG_TYPE, site.message, site.at, site.pointer, site.member));
  const s = v.lexeme;
  if (s.length > READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES) return longLexeme(site);
  if (s !== '-0' && isIntegerLexeme(s)) {
    if (s.length < 16) return ok(Number(s));
    // R-S2: past 20 bytes (a sign and 19 digits) no lexeme is within i64.
    if (s.length > 20 && enforces(site.profile, RULES.INVALID_INTEGER)) return fail(refuse(RULES.INVALID_INTEGER, site.message, site.at, site.pointer, site.member));
    const n = BigInt(s);
    return n < I64_MIN || n > I64_MAX ? outOfRange(n, site) : ok(toInt(n));
  }
  return notALexeme(s, site);
}

/**
 * A number lexeme longer than READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES in an integer member: R-S2
 * refuses it (strict) whatever it spells, an integer past 20 digits or not an integer lexeme at all;
 * core, which would read its value, refuses it as past the reader's limit (JSON-LIMIT-1).
 */
function longLexeme(site: IntegerSite): Result<Int> {
  if (enforces(site.profile, RULES.INVALID_INTEGER)) return fail(refuse(RULES.INVALID_INTEGER, site.message, site.at, site.pointer, site.member));
  const limit = READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES;
  return fail(refuse(RULES.INTEGER_LIMIT, `${site.message}: its lexeme passes this reader's ${limit}-byte limit (JSON-LIMIT-1)`, site.at, site.pointer, site.member));
}

/** R-S2: an integer lexeme outside the member's range (strict); core keeps the value. */
function outOfRange(value: Int, site: IntegerSite): Result<Int> {
  if (enforces(site.profile, RULES.INVALID_INTEGER)) return fail(refuse(RULES.INVALID_INTEGER, site.message, site.at, site.pointer, site.member));
  return ok(typeof value === 'bigint' ? toInt(value) : value);
}

/** R-S2: a number that is not an integer lexeme (strict); core reads a whole value and refuses a fraction by type. */
function notALexeme(lexeme: string, site: IntegerSite): Result<Int> {
  if (enforces(site.profile, RULES.INVALID_INTEGER)) return fail(refuse(RULES.INVALID_INTEGER, site.message, site.at, site.pointer, site.member));
  const value = integralValue(lexeme);
  if (value === undefined) return fail(refuse(RULES.INTEGER_WRONG_TYPE, `${site.message} (${lexeme} is not a whole number)`, site.at, site.pointer, site.member));
  return ok(toInt(value));
}
