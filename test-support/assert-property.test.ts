import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { assertProperty, FRESH_SEED_VARIABLE } from './assert-property.ts';

const saved = process.env[FRESH_SEED_VARIABLE];
afterEach(() => {
  if (saved === undefined) delete process.env[FRESH_SEED_VARIABLE];
  else process.env[FRESH_SEED_VARIABLE] = saved;
});

describe('assertProperty', () => {
  it('runs the fixed seed, then half as many attempts with the fresh seed', () => {
    process.env[FRESH_SEED_VARIABLE] = '12345';
    const seen: number[] = [];
    assertProperty(fc.property(fc.integer(), (n) => void seen.push(n)), { seed: 1, numRuns: 10 });
    expect(seen).toHaveLength(15);
    expect(seen.slice(10)).toEqual(fc.sample(fc.integer(), { seed: 12345, numRuns: 5 }));
  });

  it('names the fresh seed and how to replay it when only the fresh run fails', () => {
    process.env[FRESH_SEED_VARIABLE] = '777';
    let calls = 0;
    // Passes for the fixed run's 4 attempts, fails from then on: only the fresh run can fail.
    const property = fc.property(fc.nat(), () => ++calls <= 4);
    expect(() => assertProperty(property, { seed: 1, numRuns: 4 })).toThrow(/fresh seed 777 .*replay with FORMCERT_SEED=777/);
  });

  it('refuses a seed variable that is not an integer', () => {
    process.env[FRESH_SEED_VARIABLE] = 'soon';
    expect(() => assertProperty(fc.property(fc.nat(), () => true), { seed: 1, numRuns: 1 })).toThrow(/not an integer seed/);
  });
});
