/** rows-delimited stage 2: one cell is exactly one JSON scalar token (R-M12). */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import { isPrimitive } from './ir-kinds.ts';
import { enforces, morphError } from '../refusal.ts';

const EDGE_WHITESPACE = /^[ \t\n\r]|[ \t\n\r]$/;

/**
 * Parses a cell with the strict scalar parser: no surrounding whitespace (strict; under `core` JSON
 * whitespace around the token is read as JSON reads it), no container, no empty cell.
 */
export function parseScalarCell(text: string, line: number, field: string, profile: Profile = 'strict'): Result<JsonValue> {
  const where = { line, member: field };
  // R-M12: a cell is the token alone (whitespace around it is a strict-profile refusal).
  if (EDGE_WHITESPACE.test(text) && enforces(profile, MORPH_CODES.INVALID_CELL, RULES.ROWS_CELL)) {
    return fail(morphError(MORPH_CODES.INVALID_CELL, RULES.ROWS_CELL, 'whitespace around a cell', where));
  }
  // The JSON reader allows whitespace around the value, so a cell of whitespace alone is still no token.
  const parsed = parseJson(text, { maxDepth: 0, maxNodes: 1 });
  if (!parsed.ok || !isPrimitive(parsed.value)) {
    return fail(morphError(MORPH_CODES.INVALID_CELL, RULES.ROWS_GRAMMAR, `cell is not one JSON scalar token`, where));
  }
  return ok(parsed.value);
}
