/** Plan-option checks (R-M11b): `{}` for most codecs, `{delimiter}` for rows-delimited and toon. */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import type { CodecOptions } from './types.ts';
import { enforces, morphError } from '../refusal.ts';

function optionError(message: string, member?: string, requirement: string = RULES.OPTIONS): Result<never> {
  return fail(morphError(MORPH_CODES.INVALID_CODEC_OPTIONS, requirement, message, member === undefined ? {} : { member }));
}

/** Whether R-M11b's closed option shapes are enforced under `profile` (strict only). */
function optionsClosed(profile: Profile): boolean {
  return enforces(profile, MORPH_CODES.INVALID_CODEC_OPTIONS, RULES.OPTIONS);
}

/** R-M11b: options must be the empty object (under `core` they are not read: the codec takes none). */
export function checkNoOptions(options: CodecOptions, profile: Profile = 'strict'): Result<CodecOptions> {
  // R-M11b (strict): a codec without options takes exactly {}; core ignores what it does not use.
  if (!optionsClosed(profile)) return ok({});
  if (options === null || typeof options !== 'object') return optionError('options must be an object');
  const keys = Object.keys(options);
  if (keys.length > 0) return optionError(`unknown option ${JSON.stringify(keys[0])}`, keys[0]);
  return ok({});
}

/**
 * R-M11b: options must be exactly `{delimiter}` with one of `allowed`. Under `core` other members are
 * ignored, but the delimiter is still one of `allowed`: the codec's layout names the character it
 * uses (`layoutRule`, core), so a plan naming none or another has no layout to write.
 */
export function checkDelimiterOption(options: CodecOptions, allowed: readonly string[], profile: Profile = 'strict', layoutRule: string = RULES.OPTIONS): Result<CodecOptions> {
  const closed = optionsClosed(profile);
  const rule = closed ? RULES.OPTIONS : layoutRule;
  if (options === null || typeof options !== 'object') return optionError('options must be an object', undefined, rule);
  // R-M11b (strict): no option but the delimiter.
  if (closed) for (const k of Object.keys(options)) if (k !== 'delimiter') return optionError(`unknown option ${JSON.stringify(k)}`, k);
  const d = options.delimiter;
  if (typeof d !== 'string' || !allowed.includes(d)) return optionError(`delimiter must be one of ${JSON.stringify(allowed)}`, 'delimiter', rule);
  return ok({ delimiter: d });
}
