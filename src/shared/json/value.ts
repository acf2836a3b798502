/**
 * The value model of the strict JSON core. Numbers keep their lexeme (R-S2) and
 * objects keep member order (a Map: plain objects would reorder integer-like keys).
 */

/** A JSON number, kept as the exact characters it was written with. */
export class JsonNumber {
  constructor(readonly lexeme: string) {}
  /** The nearest double (lossy above 2^53; for convenience only, never for comparison). */
  toNumber(): number {
    return Number(this.lexeme);
  }
  /** Exact integer value, or undefined when the lexeme is not an integer lexeme. */
  toBigInt(): bigint | undefined {
    return /^-?(0|[1-9][0-9]*)$/.test(this.lexeme) ? BigInt(this.lexeme) : undefined;
  }
  toJSON(): number {
    return Number(this.lexeme);
  }
}

/** A JSON object: member names in document order. */
export type JsonObject = Map<string, JsonValue>;
/** A JSON array. */
export type JsonArray = JsonValue[];
/** Any JSON value of the strict core. */
export type JsonValue = null | boolean | string | JsonNumber | JsonArray | JsonObject;

/** True for a JSON object. */
export function isJsonObject(v: JsonValue | undefined): v is JsonObject {
  return v instanceof Map;
}
/** True for a JSON array. */
export function isJsonArray(v: JsonValue | undefined): v is JsonArray {
  return Array.isArray(v);
}
/** True for a JSON number. */
export function isJsonNumber(v: JsonValue | undefined): v is JsonNumber {
  return v instanceof JsonNumber;
}

/** Shorthand constructor for a number from a lexeme, a safe integer or a bigint. */
export function jsonNumber(n: string | number | bigint): JsonNumber {
  if (typeof n === 'number') {
    if (!Number.isFinite(n)) throw new TypeError(`not a finite number: ${n}`);
    return new JsonNumber(Object.is(n, -0) ? '0' : JSON.stringify(n));
  }
  return new JsonNumber(String(n));
}

/**
 * Converts a plain JS value (from JSON.parse or a literal) into a JsonValue.
 * Programmer-facing: throws on values JSON cannot hold. Numbers become JSON.stringify lexemes.
 */
export function fromPlain(v: unknown): JsonValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
  if (typeof v === 'number') return jsonNumber(v);
  if (typeof v === 'bigint') return new JsonNumber(v.toString());
  if (v instanceof JsonNumber) return v;
  if (Array.isArray(v)) return v.map(fromPlain);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [String(k), fromPlain(x)]));
  if (typeof v === 'object') {
    return new Map(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, fromPlain(x)]));
  }
  throw new TypeError(`not representable as JSON: ${typeof v}`);
}

/**
 * Converts a JsonValue into plain JS (objects, arrays, numbers). Lossy for lexemes
 * (use only for display or where R-S2 does not matter).
 */
export function toPlain(v: JsonValue): unknown {
  if (v instanceof JsonNumber) return v.toNumber();
  if (Array.isArray(v)) return v.map(toPlain);
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    // defineProperty, not assignment: a member named "__proto__" must become an own property, as JSON.parse makes it.
    for (const [k, x] of v) Object.defineProperty(o, k, { value: toPlain(x), enumerable: true, writable: true, configurable: true });
    return o;
  }
  return v;
}
