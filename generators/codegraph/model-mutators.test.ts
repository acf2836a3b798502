import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModel } from '../../src/codegraph/read-observation.ts';
import { CG_CODE_NAMES, JSON_LAYER_CODE_NAMES, codeInfo } from '../../src/codegraph/constants.ts';
import { codegraphModelFile } from './codegraph-model-file.ts';
import { MODEL_MUTATORS } from './model-mutators.ts';

const models = fc.sample(codegraphModelFile({ maxMembers: 8, maxEdges: 8, maxFanOut: 6 }), { seed: 7, numRuns: 40 });

describe('model mutators', () => {
  it('have unique names and declare registered codes with the code’s own profile', () => {
    const names = MODEL_MUTATORS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of MODEL_MUTATORS) {
      expect([...CG_CODE_NAMES, ...JSON_LAYER_CODE_NAMES] as string[], m.name).toContain(m.code);
      expect(codeInfo(m.code).profile, m.name).toBe(m.profile);
    }
  });

  for (const mutator of MODEL_MUTATORS) {
    it(`${mutator.name}: refused with ${mutator.code}`, () => {
      let applied = 0;
      models.forEach((model, n) => {
        const bad = mutator.apply(model, n * 31 + 5);
        if (bad === undefined) return;
        applied++;
        const result = readModel(bad, 'strict');
        expect(result.ok ? 'accepted' : result.error.code, `${mutator.name} on sample ${n}`).toBe(mutator.code);
        if (mutator.profile === 'strict' && !result.ok) {
          // The core profile must not refuse on this strict rule.
          const core = readModel(bad, 'core');
          expect(core.ok ? 'accepted' : core.error.code).not.toBe(mutator.code);
        }
      });
      expect(applied, 'the mutator found a site in enough models').toBeGreaterThanOrEqual(10);
    });
  }
});
