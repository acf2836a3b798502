/**
 * The golden sweep of MORPH refusal profiles (conformance tier: generating every morph case takes
 * seconds): the oracle's refusal of every golden case carries the profile the case declares, and that
 * is the registry's for the code and rule it cites, so a call site citing the wrong rule, or a case
 * labelled with another profile than its rule's, fails here.
 */
import { describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/morph/golden-cases.ts';
import { profileFor } from '../shared/refusals.ts';
import { ops } from './ops.ts';

describe('MORPH refusal profiles over the golden cases', () => {
  it("every golden refusal carries its case's declared profile, and that is the registry's for its code and rule", async () => {
    // Inputs past 64 KiB (the size-limit cases) are left to golden check: they would make this slow.
    const rejects = goldenCases().filter((c) => c.expect.verdict === 'reject' && c.input.length < 1 << 16);
    expect(rejects.filter((c) => c.profile === 'strict').length).toBeGreaterThan(100);
    expect(rejects.filter((c) => c.profile === 'core').length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const c of rejects) {
      const o = await ops[c.op]!(typeof c.input === 'string' ? Buffer.from(c.input, 'utf8') : c.input);
      if ('skipped' in o || o.accept) {
        wrong.push(`${c.name}: not refused`);
        continue;
      }
      const e = o.error;
      if (e.profile !== c.profile || e.profile !== profileFor('morph', e.code, e.requirement)) {
        wrong.push(`${c.name}: ${e.code} cites ${e.requirement} (${e.profile}), the case says ${c.profile}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
