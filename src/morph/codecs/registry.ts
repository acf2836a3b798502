/**
 * The codec registry (R-M1): every registered `<encoding>@<formatVersion>`, lookup that fails closed
 * with UNSUPPORTED_ENCODING, plan-option parsing, and the R-M15 candidate plan order.
 */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import { isJsonObject, type JsonValue } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import { columnsJsonCodec } from './columns-json.ts';
import { jsonCompactCodec } from './json-compact.ts';
import { jsonLinesCodec } from './json-lines.ts';
import { pathValueCodec } from './path-value.ts';
import { rowsDelimitedCodec } from './rows-delimited.ts';
import { toonCodec } from './toon.ts';
import type { Codec, CodecOptions } from './types.ts';
import { enforces, morphError } from '../refusal.ts';

export type { Codec, CodecOptions, DecodeContext, EncodeContext, EncodedSection } from './types.ts';

/** Registered codecs in R-M15 candidate order. */
export const CODECS: readonly Codec[] = [jsonCompactCodec, jsonLinesCodec, rowsDelimitedCodec, columnsJsonCodec, pathValueCodec, toonCodec];

/** Every registered codec id (`<encoding>@<formatVersion>`), in candidate order. */
export const CODEC_IDS: readonly string[] = CODECS.map((c) => c.id);

/** One candidate plan: a codec and one of its option variants. */
export interface CandidatePlan {
  readonly encoding: string;
  readonly formatVersion: string;
  readonly options: CodecOptions;
}

/** R-M15 candidate order: json-compact, json-lines, rows-delimited (tab, comma, pipe, semicolon), columns-json, path-value, toon (comma, tab, pipe). */
export const CANDIDATE_PLANS: readonly CandidatePlan[] = CODECS.flatMap((c) =>
  c.optionVariants.map((options) => ({ encoding: c.encoding, formatVersion: c.formatVersion, options })),
);

/** The codec registered under this exact encoding and format version, or undefined (never guessed). */
export function getCodec(encoding: string, formatVersion: string): Codec | undefined {
  return CODECS.find((c) => c.encoding === encoding && c.formatVersion === formatVersion);
}

/** {@link getCodec} as a Result: anything unregistered is refused with UNSUPPORTED_ENCODING (fail closed). */
export function lookupCodec(encoding: string, formatVersion: string): Result<Codec> {
  const codec = getCodec(encoding, formatVersion);
  if (!codec) {
    return fail(morphError(MORPH_CODES.UNSUPPORTED_ENCODING, RULES.ENCODINGS, `no registered codec ${JSON.stringify(`${encoding}@${formatVersion}`)}`, { member: 'encoding' }));
  }
  return ok(codec);
}

/**
 * Reads plan options from JSON (an artifact's `plan.options`) and checks them against the codec
 * (R-M11b): a closed object whose members are strings. Under `core` (R-M11b not enforced) only what
 * the codec uses is read: a value that is no object reads as `{}`.
 */
export function parseCodecOptions(codec: Codec, options: JsonValue, profile: Profile = 'strict'): Result<CodecOptions> {
  // R-M11b (strict): plan options are a JSON object.
  if (!isJsonObject(options) && !enforces(profile, MORPH_CODES.INVALID_CODEC_OPTIONS, RULES.OPTIONS)) return codec.validateOptions({}, profile);
  if (!isJsonObject(options)) {
    return fail(morphError(MORPH_CODES.INVALID_CODEC_OPTIONS, RULES.OPTIONS, 'plan options must be a JSON object', {}));
  }
  const plain: Record<string, unknown> = {};
  for (const [k, v] of options) Object.defineProperty(plain, k, { value: v, enumerable: true, configurable: true, writable: true });
  return codec.validateOptions(plain as CodecOptions, profile);
}

/** Options as a JSON object (for writing a plan). */
export function codecOptionsToJson(options: CodecOptions): Map<string, JsonValue> {
  return new Map(options.delimiter === undefined ? [] : [['delimiter', options.delimiter]]);
}
