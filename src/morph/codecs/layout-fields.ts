/** Closed-object checks used by every codec's layout-metadata validator. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { isJsonArray, isJsonNumber, isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { INPUT_KINDS, LIMITS, MORPH_CODES, RULES, type InputKind } from '../constants.ts';
import { morphError } from '../refusal.ts';

/** Refusal of one layout-metadata member. */
export function invalidMember(member: string, message: string, requirement: string): Result<never> {
  return fail(morphError(MORPH_CODES.LAYOUT_INVALID_VALUE, requirement, message, { member, pointer: `/${member}` }));
}

/** Requires a JSON object whose member names are exactly `members` (no unknown, none missing). */
export function checkClosedObject(meta: JsonValue, members: readonly string[], requirement: string): Result<JsonObject> {
  if (!isJsonObject(meta)) return fail(morphError(MORPH_CODES.LAYOUT_NOT_OBJECT, requirement, 'layout metadata is not a JSON object'));
  for (const key of meta.keys()) {
    if (!members.includes(key)) {
      return fail(morphError(MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, requirement, `unknown layout member ${JSON.stringify(key)}`, { member: key }));
    }
  }
  for (const m of members) {
    if (!meta.has(m)) return fail(morphError(MORPH_CODES.LAYOUT_MISSING_MEMBER, requirement, `missing layout member ${JSON.stringify(m)}`, { member: m }));
  }
  return ok(meta);
}

/** Requires member `name` to be the exact string `expected`. */
export function checkConstString(meta: JsonObject, name: string, expected: string, requirement: string): Result<void> {
  const v = meta.get(name);
  if (v !== expected) return invalidMember(name, `${name} must be ${JSON.stringify(expected)}`, requirement);
  return ok(undefined);
}

/** Requires member `name` to be one of the strings in `allowed`. */
export function checkStringIn(meta: JsonObject, name: string, allowed: readonly string[], requirement: string): Result<string> {
  const v = meta.get(name);
  if (typeof v !== 'string' || !allowed.includes(v)) return invalidMember(name, `${name} must be one of ${JSON.stringify(allowed)}`, requirement);
  return ok(v);
}

/** Reads the `inputKind` member (json-text or js-value). */
export function readInputKind(meta: JsonObject, requirement: string): Result<InputKind> {
  return checkStringIn(meta, 'inputKind', INPUT_KINDS, requirement) as Result<InputKind>;
}

/**
 * Reads a declared count: an unsigned integer lexeme (`1.0`, `1e2` refused, R-S2) at least `min`.
 * R-M11a: a count that would exceed the node limit is refused with LIMIT_EXCEEDED before any
 * allocation depends on it; `impliedNodes` are the nodes the count implies beside the ones it counts
 * (elementCount's root array). `minRequirement` is the rule of the minimum when it is not `requirement`'s.
 */
export function readCount(meta: JsonObject, name: string, min: number, requirement: string, minRequirement?: string, impliedNodes = 0): Result<number> {
  const v = meta.get(name);
  if (!isJsonNumber(v) || !/^(0|[1-9][0-9]*)$/.test(v.lexeme)) {
    return invalidMember(name, `${name} must be an unsigned integer`, requirement);
  }
  if (v.lexeme.length > 7 || impliedNodes + Number(v.lexeme) > LIMITS.MAX_NODES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.DECLARED_COUNTS, `${name} ${v.lexeme} exceeds the node limit`, { member: name, pointer: `/${name}` }));
  }
  const n = Number(v.lexeme);
  if (n < min) return invalidMember(name, `${name} must be at least ${min}`, minRequirement ?? requirement);
  return ok(n);
}

/** Reads `fields`: a non-empty array of unique strings (DUPLICATE_FIELD for a repeat). */
export function readFields(meta: JsonObject, requirement: string): Result<string[]> {
  const v = meta.get('fields');
  if (!isJsonArray(v) || v.length === 0 || !v.every((f) => typeof f === 'string')) {
    return invalidMember('fields', 'fields must be a non-empty array of strings', requirement);
  }
  if (v.length > LIMITS.MAX_NODES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.DECLARED_COUNTS, 'more fields than the node limit', { member: 'fields' }));
  }
  const seen = new Set<string>();
  for (let i = 0; i < v.length; i++) {
    const f = v[i] as string;
    if (seen.has(f)) return fail(morphError(MORPH_CODES.DUPLICATE_FIELD, requirement, `field ${JSON.stringify(f)} repeats`, { member: 'fields', pointer: `/fields/${i}` }));
    seen.add(f);
  }
  return ok(v as string[]);
}
