import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ops } from '../../src/morph/ops.ts';
import type { OpHandler, OpOutcome } from '../../src/shared/ops.ts';
import { decodeFuzzSources, importFuzzSources } from './fuzz-sources.ts';

async function verdict(op: 'morph.decode' | 'morph.import', input: Uint8Array): Promise<string> {
  const outcome: OpOutcome = await (ops[op] as OpHandler)(input);
  if ('skipped' in outcome) return 'skipped';
  return outcome.accept ? 'accept' : outcome.error.code;
}

describe('morph fuzz sources at the limits', () => {
  it('morph.decode and morph.import: generated inputs land on both sides of the depth and node limits', async () => {
    for (const [op, sources] of [['morph.decode', decodeFuzzSources], ['morph.import', importFuzzSources]] as const) {
      const seen = new Set<string>();
      let nodeLimitInputs = 0;
      for (const input of fc.sample(sources().valid!, { seed: 3, numRuns: 120 })) {
        seen.add(await verdict(op, input));
        // A section of 250,000 or 250,001 json-lines nodes is at least two bytes per node.
        if (input.length > 2 * 249_999) nodeLimitInputs++;
      }
      // Mostly accepted; depth 65 (one container past R-M2's 64) or 250,001 nodes refused as such.
      expect(seen).toContain('accept');
      expect(seen).toContain('LIMIT_EXCEEDED');
      expect(nodeLimitInputs).toBeGreaterThan(0);
    }
  }, 120_000);
});
