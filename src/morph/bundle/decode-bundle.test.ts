import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleInputValue } from '../../../generators/morph/bundle-input-value.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import { jsonEqual } from '../../shared/json/equal.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import { jsonNumber, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { MORPH_CODES } from '../constants.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { CONTEXT_CODES } from './constants.ts';
import { decodeBundle } from './decode-bundle.ts';
import { encodeBundle, type EncodeBundleRequest } from './encode-bundle.ts';
import { writeBundle } from './frame-bundle.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const guide = { id: 'morph-guide/json-compact', version: '1', text: 'Read the payload as one JSON value.' };

function request(ir: JsonValue, extra: Partial<EncodeBundleRequest> = {}): EncodeBundleRequest {
  return { ir, inputKind: 'json-text', plan: { encoding: 'json-compact', formatVersion: '1', options: {} }, guide, ...extra };
}

function encoded(ir: JsonValue, extra: Partial<EncodeBundleRequest> = {}) {
  const r = encodeBundle(request(ir, extra));
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function value(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

/** Rewrites the metadata section of a bundle (keeping its boundary) and returns the new text. */
function withMetadata(ir: JsonValue, edit: (m: JsonObject) => JsonValue, write: (v: JsonValue) => string = (v) => (canonicalJson(v) as { value: string }).value): string {
  const b = encoded(ir);
  const m = value(b.parts.metadata) as JsonObject;
  return writeBundle({ ...b.parts, metadata: write(edit(m)) }, b.boundary);
}

function codeOf(input: string | Uint8Array) {
  const r = decodeBundle(input);
  return r.ok ? 'accepted' : r.error.code;
}

describe('decodeBundle (MORPH-CONTEXT/1)', () => {
  const ir = value('{"b":[1,2.50,"x\\u0000😀"],"a":null}');

  it('property: decode(encode(x)) = x with the digest rechecked, for json-compact', () => {
    assertProperty(
      fc.property(bundleInputValue(), (x) => {
        const b = encodeBundle(request(x));
        expect(b.ok).toBe(true);
        if (!b.ok) return;
        const d = decodeBundle(b.value.text);
        expect(d.ok).toBe(true);
        if (!d.ok) return;
        expect(jsonEqual(d.value.ir, x)).toBe(true);
        expect(writeJson(d.value.ir)).toBe(writeJson(x));
        expect(d.value.metadata.inputSemanticDigest).toBe(semanticDigest(x));
      }),
      { seed: 4410, numRuns: 200 },
    );
  });

  it('writes metadata in JCS form with exactly seven members and schema null by default (R-M6a)', () => {
    const b = encoded(ir);
    const m = value(b.parts.metadata) as JsonObject;
    expect([...m.keys()]).toEqual(['encoding', 'formatVersion', 'inputKind', 'inputSemanticDigest', 'interpretationGuideId', 'interpretationGuideVersion', 'layoutMetadata']);
    expect(canonicalJson(m)).toEqual({ ok: true, value: b.parts.metadata });
    expect(b.parts.schema).toBe('null');
    expect(b.parts.guide).toBe(guide.text);
  });

  it('carries a caller schema as JCS text', () => {
    const b = encoded(ir, { schema: value('{"type":"object","a":1.0}') });
    expect(b.parts.schema).toBe('{"a":1,"type":"object"}');
    expect(decodeBundle(b.text)).toMatchObject({ ok: true, value: { schema: expect.any(Map) } });
  });

  it('refuses metadata that is not JSON, not an object, open, incomplete or mistyped (core)', () => {
    const b = encoded(ir);
    expect(codeOf(writeBundle({ ...b.parts, metadata: '{' }, b.boundary))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    expect(codeOf(withMetadata(ir, () => value('[]')))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['extra', jsonNumber(1)]])))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    for (const k of m7) {
      expect(codeOf(withMetadata(ir, (m) => new Map([...m].filter(([key]) => key !== k))))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
      expect(codeOf(withMetadata(ir, (m) => new Map([...m].map(([key, v]) => [key, key === k ? (k === 'layoutMetadata' ? 'x' : null) : v]))))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    }
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['inputKind', 'yaml-text']])))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['inputSemanticDigest', (m.get('inputSemanticDigest') as string).toUpperCase()]])))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
  });

  it('refuses metadata that is valid but not its JCS text (strict)', () => {
    const spaced = withMetadata(ir, (m) => m, (v) => writeJson(v, { indent: 2 }));
    expect(decodeBundle(spaced)).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.BUNDLE_METADATA_NOT_CANONICAL, profile: 'strict' } });
    const reordered = withMetadata(ir, (m) => new Map([...m].reverse()), writeJson);
    expect(codeOf(reordered)).toBe(CONTEXT_CODES.BUNDLE_METADATA_NOT_CANONICAL);
  });

  it('refuses a schema that is not JSON (core) or not JCS (strict)', () => {
    const b = encoded(ir);
    expect(codeOf(writeBundle({ ...b.parts, schema: 'nul' }, b.boundary))).toBe(CONTEXT_CODES.BUNDLE_SCHEMA_INVALID);
    expect(codeOf(writeBundle({ ...b.parts, schema: '' }, b.boundary))).toBe(CONTEXT_CODES.BUNDLE_SCHEMA_INVALID);
    expect(codeOf(writeBundle({ ...b.parts, schema: '{"b":1,"a":2}' }, b.boundary))).toBe(CONTEXT_CODES.BUNDLE_SCHEMA_NOT_CANONICAL);
    expect(codeOf(writeBundle({ ...b.parts, schema: ' null' }, b.boundary))).toBe(CONTEXT_CODES.BUNDLE_SCHEMA_NOT_CANONICAL);
  });

  it('refuses an unregistered codec, a payload that does not match, and identity mismatches', () => {
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['encoding', 'yaml']])))).toBe(MORPH_CODES.UNSUPPORTED_ENCODING);
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['formatVersion', '2']])))).toBe(MORPH_CODES.UNSUPPORTED_ENCODING);
    const b = encoded(ir);
    expect(codeOf(writeBundle({ ...b.parts, payload: '{"b":[1,2.5,"x\\u0000😀"],"a":null}' }, b.boundary))).toBe(MORPH_CODES.DIGEST_MISMATCH);
    const otherDigest = semanticDigest(value('1'));
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['inputSemanticDigest', otherDigest]])))).toBe(MORPH_CODES.DIGEST_MISMATCH);
    expect(codeOf(withMetadata(ir, (m) => new Map([...m, ['inputKind', 'js-value']])))).toBe(MORPH_CODES.INPUT_KIND_MISMATCH);
  });

  it('refuses invalid UTF-8, lone surrogates and oversized input before framing', () => {
    const bytes = Buffer.from(encoded(ir).text, 'utf8');
    const broken = Buffer.concat([bytes.subarray(0, 60), Buffer.from([0xff]), bytes.subarray(60)]);
    expect(codeOf(broken)).toBe(CONTEXT_CODES.BUNDLE_INVALID_UTF8);
    expect(codeOf(`MORPH-CONTEXT/1 \ud800`)).toBe(CONTEXT_CODES.BUNDLE_INVALID_UTF8);
    expect(codeOf(new Uint8Array(16 * 1024 * 1024 + 1))).toBe(MORPH_CODES.LIMIT_EXCEEDED);
    expect(codeOf(bytes)).toBe('accepted');
  });

  it('property: never throws on arbitrary bytes', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        expect(typeof decodeBundle(bytes).ok).toBe('boolean');
      }),
      { seed: 4411, numRuns: 300 },
    );
  });
});

const m7 = ['encoding', 'formatVersion', 'inputKind', 'inputSemanticDigest', 'interpretationGuideId', 'interpretationGuideVersion', 'layoutMetadata'];

describe('decodeBundle never throws on edited bundles', () => {
  it('property: random single edits of valid bundles of every codec give a Result', async () => {
    const { CANDIDATE_PLANS } = await import('../codecs/registry.ts');
    const rows = value('[{"a":"x","b":1},{"a":"y\\n","b":2}]');
    const texts = CANDIDATE_PLANS.map((plan) => {
      const b = encodeBundle({ ...request(rows), plan });
      if (!b.ok) throw new Error(b.error.code);
      return b.value.text;
    });
    const edit = fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.nat({ max: 3 }), fc.string({ unit: 'binary', maxLength: 3 })).map(([t, at, del, ins]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + ins + t.slice(i + del);
    });
    assertProperty(
      fc.property(edit, (text) => {
        const r = decodeBundle(text);
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }),
      { seed: 4412, numRuns: 500 },
    );
  });
});
