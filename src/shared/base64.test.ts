import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../test-support/assert-property.ts';
import { decodeCanonicalBase64 } from './base64.ts';

/** RFC 4648 §4 padded base64, as a pattern: the reference for short texts (it overflows V8's stack on long ones). */
const CANONICAL_SHAPE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

describe('decodeCanonicalBase64', () => {
  it('decodes canonical text and refuses every other spelling', () => {
    expect(decodeCanonicalBase64('YQ==')).toEqual(new Uint8Array([0x61]));
    expect(decodeCanonicalBase64('')).toEqual(new Uint8Array([]));
    for (const bad of ['YQ', 'YR==', 'Y Q==', 'YQ==\n', '-_8=', 'YQ=', 'Y===', '=YQ=']) expect(decodeCanonicalBase64(bad), bad).toBeUndefined();
  });

  it('agrees with the RFC 4648 pattern and the bytes on any short text', () => {
    const alphabet = fc.constantFrom(...'ABCYQRab09+/=-_ \n'.split(''));
    assertProperty(
      fc.property(fc.oneof(fc.string({ unit: alphabet, maxLength: 12 }), fc.uint8Array({ maxLength: 9 }).map((b) => Buffer.from(b).toString('base64'))), (text) => {
        const decoded = decodeCanonicalBase64(text);
        const canonical = CANONICAL_SHAPE.test(text) && Buffer.from(text, 'base64').toString('base64') === text;
        expect(decoded !== undefined).toBe(canonical);
        if (decoded) expect(Buffer.from(decoded).toString('base64')).toBe(text);
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('judges 12 MiB of text without throwing (the group-counting pattern overflows there)', () => {
    const text = 'QUJD'.repeat(3 << 20);
    expect(() => CANONICAL_SHAPE.test(text)).toThrow(RangeError);
    expect(decodeCanonicalBase64(text)?.length).toBe(9 << 20);
    expect(decodeCanonicalBase64(`${text}=`)).toBeUndefined();
  });
});
