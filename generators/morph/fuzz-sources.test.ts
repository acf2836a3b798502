import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ops } from '../../src/morph/ops.ts';
import type { OpHandler, OpOutcome } from '../../src/shared/ops.ts';
import type { FormatSources } from '../../src/shared/format-registry.ts';
import { assertProperty } from '../../test-support/assert-property.ts';
import { decodeFuzzSources, encodeFuzzSources, importFuzzSources } from './fuzz-sources.ts';

// Small samples here; the limit cases (up to 250,001 nodes) are in fuzz-sources.conformance.test.ts.
const SOURCES = { 'morph.decode': decodeFuzzSources, 'morph.import': importFuzzSources, 'morph.encode': encodeFuzzSources } as const;

async function verdict(op: keyof typeof SOURCES, input: Uint8Array): Promise<string> {
  const outcome: OpOutcome = await (ops[op] as OpHandler)(input);
  if ('skipped' in outcome) return 'skipped';
  return outcome.accept ? 'accept' : outcome.error.code;
}

describe('morph fuzz sources', () => {
  for (const [op, sources] of Object.entries(SOURCES) as Array<[keyof typeof SOURCES, () => FormatSources]>) {
    it(`${op}: every output of the format's own mutators is refused by the oracle`, async () => {
      await assertProperty(
        fc.asyncProperty(sources().invalid!, async (input) => {
          expect(await verdict(op, input)).not.toBe('accept');
        }),
        { seed: 11, numRuns: 15 },
      );
    });
  }
});
