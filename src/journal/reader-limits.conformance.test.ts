/**
 * READER_LIMITS.MAX_OPEN_MEMBERS at its value (a few seconds: about half a million names, twice): the
 * same verdict and place at the limit and one past it, from the whole-line scan and the chunked one.
 * The fast tier tests the chunked scan's names (digests, budgets) on small objects.
 */
import { describe, expect, it } from 'vitest';
import { CODES, READER_LIMITS } from './constants.ts';
import { JsonLineScanner } from './scan-json.ts';
import { ChunkedJsonScanner } from './scan-long-line.ts';

describe('reader limits (JSON-LIMIT-1), members open at once', () => {
  /** A payload whose objects open one inside another hold `total` members together. */
  const openMembers = (total: number) => {
    const per = 4096;
    let text = '';
    let left = total;
    let close = '';
    while (left > 0) {
      const here = Math.min(per, left);
      left -= here;
      const names = Array.from({ length: here }, (_, i) => `"m${i}":0`);
      if (left > 0) names[here - 1] = `"m${here - 1}":`;
      text += `{${names.join(',')}`;
      close += '}';
    }
    return text + (total % 4096 === 0 ? '0' : '') + close;
  };

  it('members open at once: READER_LIMITS.MAX_OPEN_MEMBERS read, one more refused', () => {
    const max = READER_LIMITS.MAX_OPEN_MEMBERS;
    // The line object's six members are open around its payload.
    for (const [payloadMembers, want] of [[max - 6, 'accept'], [max - 5, CODES.LIMIT_EXCEEDED]] as const) {
      const line = Buffer.from(`{"position":1,"kind":"Record","id":"x","version":0,"metadata":null,"payload":${openMembers(payloadMembers)}}`);
      const whole = new JsonLineScanner().scan(line, 0, line.length, true);
      const inChunks = new ChunkedJsonScanner({ tolerant: false, startOffset: 0, heldNamesBudget: Number.POSITIVE_INFINITY });
      for (let at = 0; at < line.length; at += 1 << 20) inChunks.feed(line.subarray(at, at + (1 << 20)));
      const got = inChunks.end();
      expect([got.ok ? 'accept' : got.error.code, whole.ok ? 'accept' : whole.error.code]).toEqual([want, want]);
      if (!got.ok && !whole.ok) expect(got.error.location).toEqual(whole.error.location);
    }
  });

});
