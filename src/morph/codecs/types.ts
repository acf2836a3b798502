/** The codec contract: applicability, encode, fail-closed decode and closed layout-metadata validation. */
import type { Profile, Result } from '../../shared/errors.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import type { InputKind } from '../constants.ts';
import type { Ir } from '../ir/types.ts';

/**
 * Plan options (R-M11b): `{delimiter: <the character>}` for rows-delimited and toon, `{}` for every
 * other codec. Plain objects; use `parseCodecOptions` (registry.ts) to read them from a JSON plan.
 */
export interface CodecOptions {
  readonly delimiter?: string;
}

/** What the encoder needs besides the IR: the kind of input written into layout metadata. */
export interface EncodeContext {
  readonly inputKind: InputKind;
  /** The rules applicability is judged by: `strict` (the default) or `core`. */
  readonly profile?: Profile;
}

/**
 * The identity the surrounding bundle or artifact declares. Decoders check the layout metadata's
 * `inputKind`/`semanticDigest` against it and the digest recomputed from the decoded IR (R-M6a).
 * Without `inputSemanticDigest` only the layout metadata's own digest is checked (toon then checks none).
 */
export interface DecodeContext {
  readonly inputKind: InputKind;
  readonly inputSemanticDigest?: string;
  /** The rules the decoder enforces: `strict` (the default) or `core` (the format document's only). */
  readonly profile?: Profile;
}

/** An encoded section: the payload text and its layout metadata (a JSON object in display order). */
export interface EncodedSection {
  readonly payload: string;
  readonly layoutMetadata: JsonObject;
}

/** One registered codec (`<encoding>@<formatVersion>`, R-M1). */
export interface Codec {
  readonly encoding: string;
  readonly formatVersion: string;
  /** `<encoding>@<formatVersion>`. */
  readonly id: string;
  /** The plan options this codec is tried with, in R-M15 candidate order. */
  readonly optionVariants: readonly CodecOptions[];
  /** Checks a plan's options (closed shape, R-M11b; under `core` only what the codec uses); returns them normalized. */
  validateOptions(options: CodecOptions, profile?: Profile): Result<CodecOptions>;
  /** Whether the IR can be encoded with these options unchanged; an inapplicable IR is refused, never altered. */
  supports(ir: Ir, options: CodecOptions): Result<void>;
  /** Encodes an applicable IR; refuses (with the `supports` error) an inapplicable one. */
  encode(ir: Ir, options: CodecOptions, context?: EncodeContext): Result<EncodedSection>;
  /** Decodes a payload with its layout metadata; never throws on any input. */
  decode(payload: string, layoutMetadata: JsonValue, context: DecodeContext): Result<Ir>;
  /** Closed validation of this codec's layout metadata (shared native members and its own). */
  validateLayoutMetadata(layoutMetadata: JsonValue): Result<JsonObject>;
}
