/** The streaming codegraph.read (testee exec) against the in-memory one over every golden case (long: conformance tier). */
import { describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/codegraph/golden-cases.ts';
import { ops } from './ops.ts';

describe('codegraph.read over a stream', () => {
  it('(testee exec) answers every golden case as over bytes', async () => {
    const read = ops['codegraph.read']!;
    for (const [n, c] of goldenCases().entries()) {
      const bytes = typeof c.input === 'string' ? Buffer.from(c.input) : c.input;
      let at = 0;
      const streamed = read.stream!((buf, offset, length) => {
        // Short reads of varying size, as from a pipe.
        const take = Math.min(length, 1 + ((n * 7 + at) % 4093), bytes.length - at);
        buf.set(bytes.subarray(at, at + take), offset);
        at += take;
        return take;
      });
      expect(streamed, c.name).toStrictEqual(await read(bytes));
    }
  });
});
