/** Builds an IR from JSON text (inputKind `json-text`): strict RFC 8259, lexemes kept, R-M2 limits. */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { utf8Length } from '../../shared/text.ts';
import { LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { checkIrLimits } from './measure-ir.ts';
import { parseMorphJson } from './parse-morph-json.ts';
import type { Ir } from './types.ts';
import { citing, morphError } from '../refusal.ts';

/**
 * Parses `input` (a string is taken as its UTF-8 bytes) into an IR. Whitespace around the value
 * is allowed (R-M11a); anything R-S1 refuses is refused with the JSON core's code; a size, depth
 * or node count over R-M2 gives `LIMIT_EXCEEDED`. Under `core` the JSON is read as
 * {@link parseMorphJson} reads it (R-S1 not enforced).
 */
export function irFromJsonText(input: Uint8Array | string, profile: Profile = 'strict'): Result<Ir> {
  // A string goes to the parser as is: it refuses lone surrogates, which an encoder would silently replace.
  const size = typeof input === 'string' ? utf8Length(input) : input.length;
  // R-M2: the size limit is checked before parsing so no allocation depends on the input's size.
  if (size > LIMITS.MAX_BYTES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `input is ${size} bytes, over ${LIMITS.MAX_BYTES}`, { byteOffset: LIMITS.MAX_BYTES }));
  }
  const parsed = parseMorphJson(input, { maxBytes: LIMITS.MAX_BYTES, maxDepth: LIMITS.MAX_DEPTH, maxNodes: LIMITS.MAX_NODES }, profile);
  if (!parsed.ok) {
    // R-M2: the parser's limit refusal is this format's limit rule.
    if (parsed.error.code === MORPH_CODES.LIMIT_EXCEEDED) {
      return fail(citing(parsed.error, RULES.LIMITS));
    }
    return parsed;
  }
  const limited = checkIrLimits(parsed.value);
  return limited.ok ? ok(parsed.value) : limited;
}
