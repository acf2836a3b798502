/**
 * The golden cases (golden-cases.ts) as a vitest file, for mutation runs with the vitest runner
 * (FORMCERT_MUTATION_PROPERTIES=1, which adds the format's own unit and property tests; see
 * scripts/mutation/README.md). The default runs use the in-process runner golden-runner.mjs instead.
 */
import { describe, expect, it } from 'vitest';
import { loadGoldenCases } from './golden-cases.ts';

const format = process.env.FORMCERT_MUTATION_FORMAT ?? 'journal';
const cases = await loadGoldenCases(format);

describe(`golden vectors through the ${format} oracle`, () => {
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });
  for (const c of cases) {
    it(c.name, async () => {
      expect(await c.run()).toEqual([]);
    });
  }
});
