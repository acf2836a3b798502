/**
 * The reply splitter of persistent mode: lines come out whole and exact however the stream is cut
 * into chunks, also when the buffer that joins a line of several chunks is reused for the next one.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../test-support/assert-property.ts';
import { ReplyLineSplitter } from './reply-line-splitter.ts';

/** Feeds `stream` cut at `cuts` and returns copies of the lines, as a handler that keeps them must take. */
function split(stream: Buffer, cuts: readonly number[], maxLine = 1 << 20): { lines: string[]; overflows: number } {
  const lines: string[] = [];
  let overflows = 0;
  const splitter = new ReplyLineSplitter(
    maxLine,
    (line) => lines.push(line.toString('latin1')),
    () => overflows++,
  );
  const points = [...new Set(cuts.map((c) => c % (stream.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const at of [...points, stream.length]) {
    if (at > from) splitter.push(stream.subarray(from, at));
    from = at;
  }
  return { lines, overflows };
}

describe('ReplyLineSplitter', () => {
  it('gives every line exactly, whatever the chunks, with one buffer reused for multi-chunk lines', () => {
    assertProperty(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '{', '"', 'é', ' '), maxLength: 300 }), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 40 }),
        (texts, cuts) => {
          const stream = Buffer.from(texts.map((t) => `${t}\n`).join(''), 'latin1');
          const { lines, overflows } = split(stream, cuts);
          expect(overflows).toBe(0);
          expect(lines).toEqual(texts);
        },
      ),
      { seed: 14, numRuns: 300 },
    );
  });

  it('keeps a long line whole after shorter multi-chunk lines shared the join buffer, and the next one too', () => {
    const long = 'x'.repeat(200_000);
    const texts = ['ab'.repeat(1000), long, 'cd'.repeat(500), long.replace(/x/g, 'y')];
    const stream = Buffer.from(texts.map((t) => `${t}\n`).join(''), 'latin1');
    const cuts = Array.from({ length: 60 }, (_, i) => i * 7919);
    expect(split(stream, cuts).lines).toEqual(texts);
  });

  it('reports a line over the bound once and stops', () => {
    const stream = Buffer.from(`ok\n${'z'.repeat(100)}\nnever\n`, 'latin1');
    const { lines, overflows } = split(stream, [5, 50], 64);
    expect(lines).toEqual(['ok']);
    expect(overflows).toBe(1);
  });
});
