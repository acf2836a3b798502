/** Writes an IR as a MORPH-CONTEXT/1 bundle with one registered codec (seed 001, R-M4, R-M6a). */
import { ok, type Profile, type Result } from '../../shared/errors.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { lookupCodec } from '../codecs/registry.ts';
import type { CodecOptions, EncodedSection } from '../codecs/types.ts';
import type { InputKind } from '../constants.ts';
import type { InterpretationGuide } from '../guides/index.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import type { Ir } from '../ir/types.ts';
import { frameBundle, type BundleParts } from './frame-bundle.ts';
import { metadataValue, type BundleMetadata } from './parse-bundle-metadata.ts';

/** A physical plan: which codec, which options (R-M11b). */
export interface BundlePlan {
  readonly encoding: string;
  readonly formatVersion: string;
  readonly options: CodecOptions;
}


/** What to encode. `schema` absent or null writes `null` (R-M6a). */
export interface EncodeBundleRequest {
  readonly ir: Ir;
  readonly inputKind: InputKind;
  readonly plan: BundlePlan;
  readonly guide: InterpretationGuide;
  readonly schema?: JsonValue;
  /** The rules options and applicability are judged by: `strict` (the default) or `core`. */
  readonly profile?: Profile;
}

/** A written bundle with everything an artifact or a prompt needs from it. */
export interface EncodedBundle {
  readonly text: string;
  readonly boundary: string;
  readonly parts: BundleParts;
  readonly metadata: BundleMetadata;
  readonly section: EncodedSection;
  readonly options: CodecOptions;
}

/** The `semanticDigest` a native codec's layout metadata declares, or undefined (toon declares none). */
function nativeDigest(layout: JsonObject): string | undefined {
  const digest = layout.get('semanticDigest');
  return typeof digest === 'string' ? digest : undefined;
}

/** Encodes, frames and returns the bundle; refuses an unknown codec, bad options or an inapplicable IR. */
export function encodeBundle(request: EncodeBundleRequest): Result<EncodedBundle> {
  const { plan } = request;
  const found = lookupCodec(plan.encoding, plan.formatVersion);
  if (!found.ok) return found;
  const codec = found.value;
  const options = codec.validateOptions(plan.options, request.profile);
  if (!options.ok) return options;
  const section = codec.encode(request.ir, options.value, { inputKind: request.inputKind, profile: request.profile ?? 'strict' });
  if (!section.ok) return section;
  const metadata: BundleMetadata = {
    encoding: codec.encoding,
    formatVersion: codec.formatVersion,
    inputKind: request.inputKind,
    // A native codec's layout already holds the digest of this IR (seed 001): it is not computed twice.
    inputSemanticDigest: nativeDigest(section.value.layoutMetadata) ?? semanticDigest(request.ir),
    interpretationGuideId: request.guide.id,
    interpretationGuideVersion: request.guide.version,
    layoutMetadata: section.value.layoutMetadata,
  };
  const metadataText = canonicalJson(metadataValue(metadata));
  if (!metadataText.ok) return metadataText;
  const schemaText = canonicalJson(request.schema ?? null);
  if (!schemaText.ok) return schemaText;
  const parts: BundleParts = { guide: request.guide.text, metadata: metadataText.value, schema: schemaText.value, payload: section.value.payload };
  const framed = frameBundle(parts);
  if (!framed.ok) return framed;
  return ok({ ...framed.value, parts, metadata, section: section.value, options: options.value });
}
