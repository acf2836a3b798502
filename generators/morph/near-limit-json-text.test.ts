import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import { measureIr } from '../../src/morph/ir/measure-ir.ts';
import { nearLimitJsonText } from './near-limit-json-text.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

describe('nearLimitJsonText', () => {
  it('produces texts R-M2 accepts or refuses with LIMIT_EXCEEDED as declared', () => {
    assertProperty(
      fc.property(nearLimitJsonText(), ({ text, accept, limit }) => {
        const r = irFromJsonText(text);
        expect(r.ok ? 'accept' : r.error.code).toBe(accept ? 'accept' : 'LIMIT_EXCEEDED');
        if (r.ok) {
          const m = measureIr(r.value);
          if (limit === 'depth') expect(m.depth).toBe(64);
          else expect(m.nodes).toBe(250_000);
        }
      }),
      // Each node-limit text holds 250,000 values: a dozen runs per seed cover both limits on both sides.
      { seed: 5, numRuns: 12 },
    );
  });
});
