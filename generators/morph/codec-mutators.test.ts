import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CANDIDATE_PLANS, getCodec } from '../../src/morph/codecs/registry.ts';
import { semanticDigest } from '../../src/morph/digest/semantic-digest.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import { CODEC_MUTATORS } from './codec-mutators.ts';
import { jsonTextIr } from './json-text-ir.ts';
import { recordArrayIr } from './record-array-ir.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const inputs = fc.oneof(jsonTextIr(), recordArrayIr(), jsonTextIr({ numbers: 'js-safe' }), recordArrayIr({ numbers: 'js-safe' }));

describe('codec mutators', () => {
  it('every mutated section is refused with the code the mutator declares', () => {
    const fired = new Map<string, number>();
    assertProperty(
      fc.property(inputs, (ir: Ir) => {
        const digest = semanticDigest(ir);
        for (const plan of CANDIDATE_PLANS) {
          const codec = getCodec(plan.encoding, plan.formatVersion)!;
          const enc = codec.encode(ir, plan.options);
          if (!enc.ok) continue;
          for (const m of CODEC_MUTATORS) {
            if (!m.codecs.includes(codec.id)) continue;
            const bad = m.mutate(enc.value, ir);
            if (bad === undefined) continue;
            const r = codec.decode(bad.payload, bad.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: digest });
            expect(r.ok, `${m.name} on ${codec.id}`).toBe(false);
            if (!r.ok) {
              const got = { mutator: m.name, codec: codec.id, code: r.error.code, requirement: r.error.requirement, profile: r.error.profile };
              expect(got).toEqual({ mutator: m.name, codec: codec.id, code: m.code, requirement: m.requirement, profile: m.profile });
            }
            fired.set(m.name, (fired.get(m.name) ?? 0) + 1);
          }
        }
      }),
      { seed: 42, numRuns: 150 },
    );
    const never = CODEC_MUTATORS.filter((m) => !fired.has(m.name)).map((m) => m.name);
    expect(never).toEqual([]);
  });

  it('mutator names are unique', () => {
    expect(new Set(CODEC_MUTATORS.map((m) => m.name)).size).toBe(CODEC_MUTATORS.length);
  });
});
