/**
 * `formcert golden check` inside the test suite (CI runs `npm test`): regenerating in memory from every
 * generators/*\/golden-cases.ts must reproduce the committed golden/ and spec/coverage.md byte for byte.
 */
import { describe, expect, it } from 'vitest';
import { findGoldenDrift, prepareGolden, regenerationFailures } from './regenerate-golden.ts';

const run = await prepareGolden();

describe('golden check', () => {
  it('every declared case agrees with the oracle and is well formed', () => {
    expect(regenerationFailures(run).map((p) => `${p.module}: ${p.name} [${p.op}]: ${p.problem}`)).toEqual([]);
  });

  it('the committed golden/ and spec/coverage.md are what regeneration writes (run `formcert golden regenerate`)', () => {
    expect(findGoldenDrift(run).map((d) => `${d.path}: ${d.problem}`)).toEqual([]);
  });
});
