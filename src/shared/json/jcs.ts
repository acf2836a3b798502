/** RFC 8785 canonical JSON (JCS, R-S4) over lexeme-keeping values. */
import { fail, formatError, ok, type Result } from '../errors.ts';
import { profileFor } from '../refusals.ts';
import { compareUtf16 } from '../text.ts';
import { JSON_CODES, JSON_RULES } from './constants.ts';
import { serializeJson } from './write-value.ts';
import type { JsonNumber, JsonValue } from './value.ts';

/**
 * JCS numbers are the ECMAScript rendering of the nearest double, so `1.0` and `1` canonicalize alike.
 * A lexeme beyond the double range has no such rendering and is refused (R-M11a).
 */
function jcsNumber(n: JsonNumber): string | undefined {
  const d = Number(n.lexeme);
  return Number.isFinite(d) ? JSON.stringify(d) : undefined;
}

/**
 * Canonical text of a value: members sorted by UTF-16 code units, no whitespace, ES number form.
 * String escaping is the writer's minimal form, which is exactly JCS's (RFC 8785 §3.2.2.2).
 */
export function canonicalJson(value: JsonValue): Result<string> {
  let refused: string | undefined;
  const text = serializeJson(value, {
    sortKeys: compareUtf16,
    numberText: (n) => {
      const t = jcsNumber(n);
      if (t === undefined) refused = n.lexeme;
      return t;
    },
  });
  if (text === undefined) {
    return fail(formatError(JSON_CODES.JCS_NUMBER_RANGE, JSON_RULES.CANONICAL, `number ${refused} is outside the double range`, {}, profileFor('shared', JSON_CODES.JCS_NUMBER_RANGE, JSON_RULES.CANONICAL)));
  }
  return ok(text);
}
