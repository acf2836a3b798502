/** Checks every decoder runs on the raw payload text before reading it. */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { JSON_CODES, JSON_RULES } from '../../shared/json/constants.ts';
import { utf8Length } from '../../shared/text.ts';
import { hasLoneSurrogate } from '../ir/lone-surrogate.ts';
import { CHARS, LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { enforces, morphError } from '../refusal.ts';

/**
 * R-M2 size limit (16 MiB of UTF-8), no lone surrogate (R-S1: the text must have a UTF-8 form),
 * and R-M11a: no CR anywhere (`crRequirement` names the codec's own grammar rule where the seed forbids CR for it).
 * Under `core` a CR is refused only where that rule is core (json-lines, rows-delimited); elsewhere the
 * codec reads it as its grammar does (JSON whitespace, or a byte the toon re-encoding must give back).
 */
export function checkPayloadText(payload: string, crRequirement: string = RULES.NO_CR, profile: Profile = 'strict'): Result<void> {
  if (typeof payload !== 'string') throw new TypeError('payload must be a string');
  // A quick bound first: UTF-8 never uses fewer bytes than UTF-16 code units.
  if (payload.length > LIMITS.MAX_BYTES || utf8Length(payload) > LIMITS.MAX_BYTES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `payload over ${LIMITS.MAX_BYTES} bytes`));
  }
  if (hasLoneSurrogate(payload)) {
    return fail(morphError(JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT, 'payload holds a lone surrogate', {}));
  }
  const cr = payload.indexOf(CHARS.CR);
  if (cr >= 0 && enforces(profile, MORPH_CODES.PAYLOAD_CARRIAGE_RETURN, crRequirement)) {
    return fail(morphError(MORPH_CODES.PAYLOAD_CARRIAGE_RETURN, crRequirement, 'payload contains a carriage return', { byteOffset: utf8Length(payload.slice(0, cr)) }));
  }
  return ok(undefined);
}
