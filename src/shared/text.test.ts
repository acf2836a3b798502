import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareCodePoints, compareUtf16, firstInvalidUtf8Offset, isWellFormedUtf8 } from './text.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

describe('string orders', () => {
  it('code-point order equals UTF-8 byte order', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(compareCodePoints(a, b)).toBe(Math.sign(Buffer.compare(Buffer.from(a), Buffer.from(b))));
      }),
      { seed: 7, numRuns: 1000 },
    );
  });
  it('UTF-16 order differs from code-point order above U+FFFF', () => {
    expect(compareUtf16('\u{1F600}', '\uFB33')).toBe(-1);
    expect(compareCodePoints('\u{1F600}', '\uFB33')).toBe(1);
  });
});

describe('UTF-8 validation', () => {
  it('finds the first invalid byte exactly where the native check fails', () => {
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 32 }), (bytes) => {
        expect(firstInvalidUtf8Offset(bytes) === -1).toBe(isWellFormedUtf8(bytes));
      }),
      { seed: 7, numRuns: 3000 },
    );
    expect(firstInvalidUtf8Offset(Buffer.from([0x61, 0xed, 0xa0, 0x80]))).toBe(1);
    expect(firstInvalidUtf8Offset(Buffer.from([0x61, 0xe2, 0x82]))).toBe(1);
  });
});
