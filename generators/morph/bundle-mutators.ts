/**
 * Mutators for MORPH-CONTEXT/1 bundles: each turns a valid bundle into an invalid one and names the
 * rule it breaks, the code the decoder must answer with, and the profile of that rule. They cover
 * every marker, every section, every metadata member, the digests and the layout (R-M6).
 */
import { bundleMarkers, markersInOrder } from '../../src/morph/bundle/bundle-markers.ts';
import { BUNDLE, CONTEXT_CODES, CONTEXT_RULES } from '../../src/morph/bundle/constants.ts';
import { requirementProfile } from '../../src/shared/refusals.ts';
import type { EncodedBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { writeBundle, type BundleParts } from '../../src/morph/bundle/frame-bundle.ts';
import { METADATA_MEMBERS } from '../../src/morph/bundle/parse-bundle-metadata.ts';
import { MORPH_CODES } from '../../src/morph/constants.ts';
import type { Profile } from '../../src/shared/errors.ts';
import { JSON_CODES } from '../../src/shared/json/constants.ts';
import { canonicalJson } from '../../src/shared/json/jcs.ts';
import { parseJson } from '../../src/shared/json/parse-value.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { jsonNumber, type JsonObject, type JsonValue } from '../../src/shared/json/value.ts';

/** One bundle mutation and the refusal it must cause. */
export interface BundleMutator {
  readonly name: string;
  readonly requirement: string;
  readonly code: string;
  readonly profile: Profile;
  /** From a valid bundle to the bytes (or text) of an invalid one. */
  readonly mutate: (bundle: EncodedBundle) => Uint8Array | string;
}

const ZERO_DIGEST = '0'.repeat(64);

/** A mutator; the profile is its requirement's (given explicitly for rules of the codec layer's registry). */
function m(name: string, requirement: string, code: string, mutate: (b: EncodedBundle) => Uint8Array | string, profile: Profile = requirementProfile(requirement)): BundleMutator {
  return { name, requirement, code, profile, mutate };
}

/** The bundle with some parts replaced, framed with its own boundary. */
function withParts(b: EncodedBundle, parts: Partial<BundleParts>): string {
  return writeBundle({ ...b.parts, ...parts }, b.boundary);
}

function metadataOf(b: EncodedBundle): JsonObject {
  const v = parseJson(b.parts.metadata);
  if (!v.ok) throw new Error('bundle metadata does not parse');
  return v.value as JsonObject;
}

/** The bundle with its metadata edited and written back as JCS (so only the edit is a fault). */
function withMetadata(b: EncodedBundle, edit: (meta: JsonObject) => JsonValue): string {
  const text = canonicalJson(edit(new Map(metadataOf(b))));
  if (!text.ok) throw new Error(text.error.code);
  return withParts(b, { metadata: text.value });
}

/** Edit: set one metadata member. */
const set = (k: string, v: JsonValue) => (meta: JsonObject) => meta.set(k, v);
/** Edit: remove one metadata member. */
const without = (k: string) => (meta: JsonObject) => {
  meta.delete(k);
  return meta;
};

/** Every bundle mutator. */
export function bundleMutators(): BundleMutator[] {
  const R = CONTEXT_RULES;
  const C = CONTEXT_CODES;
  const out: BundleMutator[] = [
    m('invalid-utf8', R.BUNDLE_TEXT, C.BUNDLE_INVALID_UTF8, (b) => {
      const bytes = Buffer.from(b.text, 'utf8');
      return Buffer.concat([bytes.subarray(0, bytes.length - 3), Buffer.from([0xc3]), bytes.subarray(bytes.length - 3)]);
    }),
    m('encoded-surrogate', R.BUNDLE_TEXT, C.BUNDLE_INVALID_UTF8, (b) => Buffer.concat([Buffer.from(b.text, 'utf8'), Buffer.from([0xed, 0xa0, 0x80])])),
    m('byte-order-mark', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => `\ufeff${b.text}`),
    m('header-version-2', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.replace('MORPH-CONTEXT/1', 'MORPH-CONTEXT/2')),
    m('header-boundary-uppercase', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.replace(`/1 ${b.boundary}`, `/1 ${b.boundary.toUpperCase().replace(/[0-9]/g, 'A')}`)),
    m('header-boundary-23-digits', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.replace(`/1 ${b.boundary}`, `/1 ${b.boundary.slice(1)}`)),
    m('header-boundary-25-digits', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.replace(`/1 ${b.boundary}`, `/1 ${b.boundary}0`)),
    m('header-two-spaces', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.replace('MORPH-CONTEXT/1 ', 'MORPH-CONTEXT/1  ')),
    m('header-line-missing', R.BUNDLE_HEADER, C.BUNDLE_HEADER, (b) => b.text.slice(b.text.indexOf('\n') + 1)),
    m('header-boundary-other', R.BUNDLE_MARKERS, C.BUNDLE_MARKER_MISSING, (b) => b.text.replace(`/1 ${b.boundary}`, `/1 ${'f'.repeat(24)}`)),
    m('empty-file', R.BUNDLE_HEADER, C.BUNDLE_HEADER, () => ''),
    m('trailing-text', R.BUNDLE_FINAL, C.BUNDLE_TRAILING_DATA, (b) => `${b.text}x`),
    m('trailing-lf', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => `${b.text}\n`),
    m('trailing-crlf', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => `${b.text}\r\n`),
    m('trailing-two-lf', R.BUNDLE_FINAL, C.BUNDLE_TRAILING_DATA, (b) => `${b.text}\n\n`),
    m('crlf-line-ends', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replaceAll('\n', '\r\n')),
    m('blank-line-between-sections', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(`${bundleMarkers(b.boundary).end.GUIDE}\n`, `${bundleMarkers(b.boundary).end.GUIDE}\n\n`)),
    m('text-before-final-marker', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(bundleMarkers(b.boundary).final, `note\n${bundleMarkers(b.boundary).final}`)),
    m('text-before-first-section', R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(`\n${bundleMarkers(b.boundary).begin.GUIDE}`, `\n\n${bundleMarkers(b.boundary).begin.GUIDE}`)),
    m('guide-holds-final-marker', R.BUNDLE_MARKERS, C.BUNDLE_MARKER_DUPLICATE, (b) => withParts(b, { guide: `${b.parts.guide}\n${bundleMarkers(b.boundary).final}` })),
  ];
  // Every one of the nine markers: removed, repeated, corrupted.
  markersInOrder(bundleMarkers('B')).forEach((_, i) => {
    const name = (b: EncodedBundle) => markersInOrder(bundleMarkers(b.boundary))[i]!;
    const label = ['begin-guide', 'end-guide', 'begin-metadata', 'end-metadata', 'begin-schema', 'end-schema', 'begin-payload', 'end-payload', 'final'][i]!;
    out.push(m(`marker-${label}-missing`, R.BUNDLE_MARKERS, C.BUNDLE_MARKER_MISSING, (b) => b.text.replace(name(b), '')));
    out.push(m(`marker-${label}-misspelt`, R.BUNDLE_MARKERS, C.BUNDLE_MARKER_MISSING, (b) => b.text.replace(name(b), name(b).replace('>>>', '>>'))));
    out.push(m(`marker-${label}-duplicated`, R.BUNDLE_MARKERS, C.BUNDLE_MARKER_DUPLICATE, (b) => (i === 8 ? `${b.text}\n${name(b)}` : b.text.replace(name(b), `${name(b)}\n${name(b)}`))));
  });
  // Every section: the LF after BEGIN and before END dropped; adjacent sections swapped.
  BUNDLE.SECTIONS.forEach((s, i) => {
    out.push(m(`section-${s.toLowerCase()}-no-lf-after-begin`, R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(`${bundleMarkers(b.boundary).begin[s]}\n`, bundleMarkers(b.boundary).begin[s])));
    out.push(m(`section-${s.toLowerCase()}-no-lf-before-end`, R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(`\n${bundleMarkers(b.boundary).end[s]}`, bundleMarkers(b.boundary).end[s])));
    out.push(m(`section-${s.toLowerCase()}-no-lf-after-end`, R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => b.text.replace(`${bundleMarkers(b.boundary).end[s]}\n`, bundleMarkers(b.boundary).end[s])));
    const next = BUNDLE.SECTIONS[i + 1];
    if (next !== undefined) {
      out.push(m(`sections-${s.toLowerCase()}-${next.toLowerCase()}-swapped`, R.BUNDLE_LAYOUT, C.BUNDLE_LAYOUT, (b) => {
        const mk = bundleMarkers(b.boundary);
        const block = (x: typeof s) => `${mk.begin[x]}\n${{ GUIDE: b.parts.guide, METADATA: b.parts.metadata, SCHEMA: b.parts.schema, PAYLOAD: b.parts.payload }[x]}\n${mk.end[x]}\n`;
        return b.text.replace(block(s) + block(next), block(next) + block(s));
      }));
    }
  });
  // Metadata: JSON, shape, every member missing and mistyped, values, canonical form.
  out.push(
    m('metadata-not-json', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withParts(b, { metadata: b.parts.metadata.slice(0, -1) })),
    m('metadata-duplicate-member', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withParts(b, { metadata: b.parts.metadata.replace('{', '{"encoding":"x",') })),
    m('metadata-array', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, (meta) => [meta])),
    m('metadata-unknown-member', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, set('schemaDigest', ZERO_DIGEST))),
    m('metadata-input-kind-unknown', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, set('inputKind', 'yaml-text'))),
    m('metadata-digest-uppercase', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, set('inputSemanticDigest', b.metadata.inputSemanticDigest.toUpperCase().replace(/[0-9]/g, 'F')))),
    m('metadata-digest-short', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, set('inputSemanticDigest', 'abc'))),
    m('metadata-pretty-printed', R.BUNDLE_CANONICAL, C.BUNDLE_METADATA_NOT_CANONICAL, (b) => withParts(b, { metadata: writeJson(metadataOf(b), { indent: 2 }) })),
    m('metadata-members-reversed', R.BUNDLE_CANONICAL, C.BUNDLE_METADATA_NOT_CANONICAL, (b) => withParts(b, { metadata: writeJson(new Map([...metadataOf(b)].reverse())) })),
    m('metadata-escaped-letter', R.BUNDLE_CANONICAL, C.BUNDLE_METADATA_NOT_CANONICAL, (b) => withParts(b, { metadata: b.parts.metadata.replace('"encoding"', '"\\u0065ncoding"') })),
    m('metadata-space-before', R.BUNDLE_CANONICAL, C.BUNDLE_METADATA_NOT_CANONICAL, (b) => withParts(b, { metadata: ` ${b.parts.metadata}` })),
    m('metadata-number-out-of-range', R.BUNDLE_CANONICAL, JSON_CODES.JCS_NUMBER_RANGE, (b) => withParts(b, { metadata: b.parts.metadata.replace('"layoutMetadata":{', '"layoutMetadata":{"big":1E400,') })),
  );
  for (const k of METADATA_MEMBERS) {
    out.push(m(`metadata-${k}-missing`, R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, without(k))));
    out.push(m(`metadata-${k}-mistyped`, R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, (meta) => meta.set(k, k === 'layoutMetadata' ? 'none' : jsonNumber(1)))));
  }
  // Schema section.
  out.push(
    m('schema-not-json', R.BUNDLE_SCHEMA, C.BUNDLE_SCHEMA_INVALID, (b) => withParts(b, { schema: 'nul' })),
    m('schema-empty', R.BUNDLE_SCHEMA, C.BUNDLE_SCHEMA_INVALID, (b) => withParts(b, { schema: '' })),
    m('schema-two-values', R.BUNDLE_SCHEMA, C.BUNDLE_SCHEMA_INVALID, (b) => withParts(b, { schema: 'null null' })),
    m('schema-members-unsorted', R.BUNDLE_CANONICAL, C.BUNDLE_SCHEMA_NOT_CANONICAL, (b) => withParts(b, { schema: '{"type":"object","$id":"x"}' })),
    m('schema-number-not-jcs', R.BUNDLE_CANONICAL, C.BUNDLE_SCHEMA_NOT_CANONICAL, (b) => withParts(b, { schema: '{"maximum":1.0}' })),
    m('schema-space-after', R.BUNDLE_CANONICAL, C.BUNDLE_SCHEMA_NOT_CANONICAL, (b) => withParts(b, { schema: 'null ' })),
    m('schema-number-out-of-range', R.BUNDLE_CANONICAL, JSON_CODES.JCS_NUMBER_RANGE, (b) => withParts(b, { schema: '1E400' })),
  );
  // Codec lookup, then identity and layout, which the codec's decoder checks (README.md: MORPH-ID-1, MORPH-LAYOUT-1).
  out.push(
    m('encoding-unregistered', R.BUNDLE_CODEC, MORPH_CODES.UNSUPPORTED_ENCODING, (b) => withMetadata(b, set('encoding', 'yaml'))),
    m('format-version-unregistered', R.BUNDLE_CODEC, MORPH_CODES.UNSUPPORTED_ENCODING, (b) => withMetadata(b, set('formatVersion', '99'))),
    m('input-digest-changed', 'MORPH-ID-1', MORPH_CODES.DIGEST_MISMATCH, (b) => withMetadata(b, set('inputSemanticDigest', ZERO_DIGEST)), 'core'),
    m('input-kind-changed', 'MORPH-ID-1', MORPH_CODES.INPUT_KIND_MISMATCH, (b) => withMetadata(b, set('inputKind', b.metadata.inputKind === 'js-value' ? 'json-text' : 'js-value')), 'core'),
    m('layout-unknown-member', 'MORPH-LAYOUT-1', MORPH_CODES.LAYOUT_UNKNOWN_MEMBER, (b) => withMetadata(b, (meta) => meta.set('layoutMetadata', new Map([...(meta.get('layoutMetadata') as JsonObject), ['extra', null]]))), 'core'),
    m('layout-not-object', R.BUNDLE_METADATA, C.BUNDLE_METADATA_INVALID, (b) => withMetadata(b, set('layoutMetadata', []))),
  );
  return out;
}
