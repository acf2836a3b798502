import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../test-support/assert-property.ts';
import { piecesInclude, sha256OfPieces, updateHashWithText } from './hash-text.ts';

const whole = (text: string) => createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');

describe('hashing texts a slice at a time', () => {
  it('a long text hashes as its whole UTF-8, with a surrogate pair across every slice edge', () => {
    // 65,535 units then a pair: the first slice would end between its halves.
    for (const text of ['x'.repeat(65_535) + '😀'.repeat(40_000), 'é'.repeat(200_000), '\ud800'.repeat(70_000) + 'a' + '\udc00'.repeat(3)]) {
      const h = createHash('sha256');
      updateHashWithText(h, text);
      expect(h.digest('hex')).toBe(whole(text));
    }
  });

  it('property: pieces hash as their concatenation, and a needle is found across pieces', () => {
    assertProperty(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '<', ':', 'é', '😀') }), { maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b', '<', ':'), minLength: 1, maxLength: 5 }), (pieces, needle) => {
        expect(sha256OfPieces(pieces)).toBe(whole(pieces.join('')));
        expect(piecesInclude(pieces, needle)).toBe(pieces.join('').includes(needle));
      }),
      { seed: 8021, numRuns: 300 },
    );
  });
});
