/** Plan-option checks (R-M11b): `{}` for most codecs, `{delimiter}` for rows-delimited and toon. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import type { CodecOptions } from './types.ts';
import { morphError } from '../refusal.ts';

function optionError(message: string, member?: string): Result<never> {
  return fail(morphError(MORPH_CODES.INVALID_CODEC_OPTIONS, RULES.OPTIONS, message, member === undefined ? {} : { member }));
}

/** R-M11b: options must be the empty object. */
export function checkNoOptions(options: CodecOptions): Result<CodecOptions> {
  if (options === null || typeof options !== 'object') return optionError('options must be an object');
  const keys = Object.keys(options);
  if (keys.length > 0) return optionError(`unknown option ${JSON.stringify(keys[0])}`, keys[0]);
  return ok({});
}

/** R-M11b: options must be exactly `{delimiter}` with one of `allowed`. */
export function checkDelimiterOption(options: CodecOptions, allowed: readonly string[]): Result<CodecOptions> {
  if (options === null || typeof options !== 'object') return optionError('options must be an object');
  for (const k of Object.keys(options)) if (k !== 'delimiter') return optionError(`unknown option ${JSON.stringify(k)}`, k);
  const d = options.delimiter;
  if (typeof d !== 'string' || !allowed.includes(d)) return optionError(`delimiter must be one of ${JSON.stringify(allowed)}`, 'delimiter');
  return ok({ delimiter: d });
}
