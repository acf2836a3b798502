/**
 * The one way MORPH reads a JSON text under a profile: the shared strict reader (R-S1) under
 * `strict`, its tolerant reading under `core` (a byte-order mark passed over, a repeated member's later
 * value kept), as the journal and codegraph readers do.
 */
import { fail, type Profile, type Result } from '../../shared/errors.ts';
import { JSON_CODES, JSON_RULES } from '../../shared/json/constants.ts';
import { parseJson, type ParseOptions } from '../../shared/json/parse-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { RULES } from '../constants.ts';
import { enforces, morphError } from '../refusal.ts';
import { findLoneSurrogate } from './lone-surrogate.ts';

/**
 * Parses `text` with `options` under `profile`. Under `core` R-S1 is not enforced, but a string
 * holding a lone surrogate (which the tolerant reader keeps) is still refused, citing MORPH-C14N-1:
 * it has no UTF-8 form, and every MORPH digest and size counts UTF-8 bytes.
 */
export function parseMorphJson(text: Uint8Array | string, options: ParseOptions, profile: Profile): Result<JsonValue> {
  // R-S1 (strict): a duplicate member, a BOM and a lone surrogate escape are refused by the strict reader.
  if (enforces(profile, JSON_CODES.DUPLICATE_MEMBER, JSON_RULES.STRICT)) return parseJson(text, options);
  // MORPH-C14N-1 (core): a string with no UTF-8 form has no tagged form, so no MORPH value holds one.
  const noUtf8 = (pointer: string) => fail(morphError(JSON_CODES.LONE_SURROGATE, RULES.C14N, 'a string holds a lone surrogate, which has no UTF-8 form', { pointer }));
  if (typeof text === 'string' && !text.isWellFormed()) return noUtf8('');
  const parsed = parseJson(text, { ...options, tolerant: true });
  if (!parsed.ok) return parsed;
  const at = findLoneSurrogate(parsed.value);
  return at === undefined ? parsed : noUtf8(at);
}
