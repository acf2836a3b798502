/**
 * Reads a MORPH-CONTEXT/1 bundle back to its IR: size bound, UTF-8, frame, metadata, schema, then the
 * registered codec, which checks the declared identity and the recomputed semantic digest (R-M6a).
 */
import { isUtf8 } from 'node:buffer';
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { firstInvalidUtf8Offset } from '../../shared/text.ts';
import { lookupCodec } from '../codecs/registry.ts';
import { MORPH_CODES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import { BUNDLE, CONTEXT_CODES, CONTEXT_RULES } from './constants.ts';
import { parseBundleFrame, type BundleFrame } from './parse-bundle-frame.ts';
import { parseBundleMetadata, parseBundleSchema, type BundleMetadata } from './parse-bundle-metadata.ts';
import { morphError } from '../refusal.ts';

/** Everything a bundle holds once read and checked. */
export interface DecodedBundle {
  readonly frame: BundleFrame;
  readonly metadata: BundleMetadata;
  readonly schema: JsonValue;
  readonly ir: Ir;
}

/** Matches an unpaired surrogate only: in a `u` pattern a well-formed pair is one code point. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Reads the bundle's bytes as text: the 16 MiB bound first, then well-formed UTF-8. */
export function readBundleText(input: Uint8Array | string): Result<string> {
  if (typeof input === 'string' && LONE_SURROGATE.test(input)) {
    return fail(morphError(CONTEXT_CODES.BUNDLE_INVALID_UTF8, CONTEXT_RULES.BUNDLE_TEXT, 'the text holds a lone surrogate'));
  }
  // Seed 001: the bundle allocation limit is checked before anything is decoded (a text is measured, not copied).
  const size = typeof input === 'string' ? Buffer.byteLength(input, 'utf8') : input.length;
  if (size > BUNDLE.MAX_BYTES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, CONTEXT_RULES.BUNDLE_SIZE, `bundle is ${size} bytes, over ${BUNDLE.MAX_BYTES}`, { byteOffset: BUNDLE.MAX_BYTES }));
  }
  if (typeof input === 'string') return ok(input);
  const bytes = input;
  if (!isUtf8(bytes)) {
    return fail(morphError(CONTEXT_CODES.BUNDLE_INVALID_UTF8, CONTEXT_RULES.BUNDLE_TEXT, 'the bundle is not well-formed UTF-8', { byteOffset: firstInvalidUtf8Offset(bytes) }));
  }
  return ok(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
}

/**
 * Decodes a bundle completely under `profile` (strict when not given: every rule; core: the format
 * document's rules only, each strict rule's check replaced by its documented core reading); never
 * throws on any input.
 */
export function decodeBundle(input: Uint8Array | string, profile: Profile = 'strict'): Result<DecodedBundle> {
  const text = readBundleText(input);
  if (!text.ok) return text;
  const frame = parseBundleFrame(text.value, profile);
  if (!frame.ok) return frame;
  const metadata = parseBundleMetadata(frame.value.metadata, profile);
  if (!metadata.ok) return metadata;
  const schema = parseBundleSchema(frame.value.schema, profile);
  if (!schema.ok) return schema;
  const m = metadata.value;
  // Seed 001: an encoding or version with no registered codec fails closed (UNSUPPORTED_ENCODING).
  const codec = lookupCodec(m.encoding, m.formatVersion);
  if (!codec.ok) return codec;
  const ir = codec.value.decode(frame.value.payload, m.layoutMetadata, { inputKind: m.inputKind, inputSemanticDigest: m.inputSemanticDigest, profile });
  if (!ir.ok) return ir;
  return ok({ frame: frame.value, metadata: m, schema: schema.value, ir: ir.value });
}
