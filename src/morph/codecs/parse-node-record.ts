/** path-value stage: one record line → a typed node record (MORPH-PV-2). */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { isJsonArray, isJsonNumber, JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import { LIMITS, MORPH_CODES, NODE_TAGS, RULES, type NodeTag } from '../constants.ts';
import { enforces, morphError } from '../refusal.ts';

/** One decoded record: a scalar's value, or a container with its declared item count. */
export type NodeRecord =
  | { readonly path: string; readonly tag: 'object' }
  | { readonly path: string; readonly tag: 'array'; readonly itemCount: number }
  | { readonly path: string; readonly tag: 'string' | 'number' | 'boolean' | 'null'; readonly value: JsonValue };

const NUMBER_LEXEME = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;
const UNSIGNED = /^(0|[1-9][0-9]*)$/;
const ARITY: Record<NodeTag, number> = { object: 2, array: 3, string: 3, number: 3, boolean: 3, null: 2 };

function invalid(line: number, message: string, code: string = MORPH_CODES.INVALID_RECORD, requirement: string = RULES.PATH_VALUE_RECORD): Result<never> {
  return fail(morphError(code, requirement, message, { line }));
}

/**
 * Parses and checks one record line: arity, tag, value type, number lexeme, count bound, compactness
 * (strict; under `core` a record line may hold insignificant JSON whitespace).
 */
export function parseNodeRecord(text: string, line: number, profile: Profile = 'strict'): Result<NodeRecord> {
  // The line is read whole, not cut at a flat array: a container where a record's value belongs, however
  // deep, is a wrong-typed value, checked after the compact form (MORPH-ORDER-1: shape, tag, arity,
  // compact form, value), so a spaced line holding one is PAYLOAD_NOT_CANONICAL under strict. The
  // parser and writer hold any depth without recursion; R-M2's node limit bounds what a line may build
  // (16 MiB of `0,` would be millions of values), and a line past it is no record.
  const parsed = parseJson(text, { maxNodes: LIMITS.MAX_NODES });
  if (!parsed.ok) return invalid(line, 'line is not a JSON record array');
  const rec = parsed.value;
  if (!isJsonArray(rec) || rec.length < 2 || typeof rec[0] !== 'string' || typeof rec[1] !== 'string') {
    return invalid(line, 'a record is [path, tag, value?]');
  }
  const [path, tag] = rec as [string, string];
  if (!(NODE_TAGS as readonly string[]).includes(tag)) return invalid(line, `unknown node tag ${JSON.stringify(tag)}`, MORPH_CODES.UNKNOWN_NODE_TAG);
  if (rec.length !== ARITY[tag as NodeTag]) return invalid(line, `a ${tag} record has ${ARITY[tag as NodeTag]} items`);
  // R-M11a: record lines are compact (strict profile).
  if (enforces(profile, MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.NO_CR) && writeJson(rec) !== text) {
    return fail(morphError(MORPH_CODES.PAYLOAD_NOT_CANONICAL, RULES.NO_CR, `record line ${line} is not compact`, { line }));
  }
  const value = rec[2];
  switch (tag as NodeTag) {
    case 'object':
      return ok({ path, tag: 'object' });
    case 'null':
      return ok({ path, tag: 'null', value: null });
    case 'array': {
      if (!isJsonNumber(value) || !UNSIGNED.test(value.lexeme)) return invalid(line, 'an array record needs an unsigned integer item count');
      // R-M11a: a declared count beyond the node limit is refused before allocation; the array itself is one more node.
      if (value.lexeme.length > 7 || 1 + Number(value.lexeme) > LIMITS.MAX_NODES) {
        return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.DECLARED_COUNTS, `item count ${value.lexeme} exceeds the node limit`, { line, pointer: path }));
      }
      return ok({ path, tag: 'array', itemCount: Number(value.lexeme) });
    }
    case 'string':
      if (typeof value !== 'string') return invalid(line, 'a string record needs a string value');
      return ok({ path, tag: 'string', value });
    case 'boolean':
      if (typeof value !== 'boolean') return invalid(line, 'a boolean record needs true or false');
      return ok({ path, tag: 'boolean', value });
    case 'number':
      // MORPH-PV-2: an item of the wrong type is INVALID_RECORD; only a string that is no lexeme is INVALID_NUMBER_LEXEME.
      if (typeof value !== 'string') return invalid(line, 'a number record holds its lexeme as a string');
      if (!NUMBER_LEXEME.test(value)) return invalid(line, 'a number record needs a JSON number lexeme', MORPH_CODES.INVALID_NUMBER_LEXEME);
      return ok({ path, tag: 'number', value: new JsonNumber(value) });
  }
}
