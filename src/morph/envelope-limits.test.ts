/**
 * JSON-LIMIT-1 on the JSON texts MORPH reads around an input or a payload (ENVELOPE_JSON_LIMITS): an
 * artifact, an encode request, a bundle's METADATA and SCHEMA sections. Each is refused with
 * LIMIT_EXCEEDED one value or one level past R-M2's limits, at the byte where the limit is crossed,
 * and read as before up to them.
 */
import { describe, expect, it } from 'vitest';
import type { Profile, Result } from '../shared/errors.ts';
import { JSON_RULES } from '../shared/json/constants.ts';
import { importArtifact } from './artifact/import-artifact.ts';
import { CONTEXT_CODES } from './bundle/constants.ts';
import { decodeBundle } from './bundle/decode-bundle.ts';
import { encodeBundle } from './bundle/encode-bundle.ts';
import { writeBundle } from './bundle/frame-bundle.ts';
import { parseEncodeRequest } from './bundle/parse-encode-request.ts';
import { LIMITS, MORPH_CODES } from './constants.ts';

/** `depth` nested arrays: `[[…]]`. */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** One array holding `items` zeros: items + 1 values. */
const zeros = (items: number) => `[${new Array<string>(items).fill('0').join(',')}]`;

function outcome(r: Result<unknown>): string {
  if (r.ok) return 'accepted';
  return r.error.code === MORPH_CODES.LIMIT_EXCEEDED ? `${r.error.code} ${r.error.requirement} @${r.error.location.byteOffset}` : r.error.code;
}

const limitAt = (byte: number) => `LIMIT_EXCEEDED ${JSON_RULES.LIMITS} @${byte}`;
/** Where the value one past the limit starts in `zeros(LIMITS.MAX_NODES)`: after `[` and that many `0,`. */
const pastNodes = 1 + 2 * (LIMITS.MAX_NODES - 1);

describe('ENVELOPE_JSON_LIMITS (JSON-LIMIT-1 at R-M2\'s depth and value limits)', () => {
  const readers: ReadonlyArray<[string, (text: string, profile: Profile) => Result<unknown>, string]> = [
    ['morph.import (artifact)', (t, p) => importArtifact(t, p), CONTEXT_CODES.ARTIFACT_NOT_OBJECT],
    ['morph.encode (request)', (t, p) => parseEncodeRequest(t, p), CONTEXT_CODES.ENCODE_REQUEST_INVALID],
  ];
  for (const [name, read, shapeCode] of readers) {
    for (const profile of ['strict', 'core'] as const) {
      it(`${name}, ${profile}: depth ${LIMITS.MAX_DEPTH} is read, one level more is refused where it opens`, () => {
        expect(outcome(read(nested(LIMITS.MAX_DEPTH), profile))).toBe(shapeCode);
        expect(outcome(read(nested(LIMITS.MAX_DEPTH + 1), profile))).toBe(limitAt(LIMITS.MAX_DEPTH));
        // An unclosed run of `[` is refused at the limit, not read to its end for the syntax fault.
        expect(outcome(read('['.repeat(1 << 20), profile))).toBe(limitAt(LIMITS.MAX_DEPTH));
      });
      it(`${name}, ${profile}: ${LIMITS.MAX_NODES} values are read, one more is refused where it starts`, () => {
        expect(outcome(read(zeros(LIMITS.MAX_NODES - 1), profile))).toBe(shapeCode);
        expect(outcome(read(zeros(LIMITS.MAX_NODES), profile))).toBe(limitAt(pastNodes));
      });
    }
  }

  it('morph.encode (request), core: a passed-over member is still held to the limits', () => {
    const request = (extra: string) => `{"input":"[]","plan":{"encoding":"json-compact","formatVersion":"1"},"x":${extra}}`;
    expect(outcome(parseEncodeRequest(request(nested(LIMITS.MAX_DEPTH - 1)), 'core'))).toBe('accepted');
    expect(outcome(parseEncodeRequest(request(nested(LIMITS.MAX_DEPTH)), 'core'))).toMatch(/^LIMIT_EXCEEDED /);
  });

  describe('a bundle\'s METADATA and SCHEMA sections', () => {
    const encoded = encodeBundle({ ir: new Map(), inputKind: 'json-text', plan: { encoding: 'json-compact', formatVersion: '1', options: {} }, guide: { id: 'morph-guide/json-compact', version: '1', text: 'g' } });
    if (!encoded.ok) throw new Error(encoded.error.code);
    const { parts, boundary } = encoded.value;
    const withSection = (section: 'metadata' | 'schema', text: string) => writeBundle({ ...parts, [section]: text }, boundary);
    /** The bundle's outcome with `section` replaced (a section's fault is located within the section). */
    const sectionOutcome = (section: 'metadata' | 'schema', text: string) => outcome(decodeBundle(withSection(section, text)));

    it('are read up to the limits as before (SCHEMA holds any JSON value, METADATA only its object)', () => {
      expect(sectionOutcome('schema', nested(LIMITS.MAX_DEPTH))).toBe('accepted');
      expect(sectionOutcome('schema', zeros(LIMITS.MAX_NODES - 1))).toBe('accepted');
      expect(sectionOutcome('metadata', nested(LIMITS.MAX_DEPTH))).toBe(CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    });

    for (const section of ['metadata', 'schema'] as const) {
      it(`${section}: one level or one value past the limits is LIMIT_EXCEEDED (JSON-LIMIT-1), not a malformed section`, () => {
        expect(sectionOutcome(section, nested(LIMITS.MAX_DEPTH + 1))).toBe(limitAt(LIMITS.MAX_DEPTH));
        expect(sectionOutcome(section, '['.repeat(1 << 20))).toBe(limitAt(LIMITS.MAX_DEPTH));
        expect(sectionOutcome(section, zeros(LIMITS.MAX_NODES))).toBe(limitAt(pastNodes));
      });
    }
  });
});
