import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../src/shared/digest.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { bundleInputValue } from './bundle-input-value.ts';
import { bundleParts } from './bundle-parts.ts';

/** Fingerprints of what fixed seeds generate: a change here changes golden vectors, so it must be deliberate. */
const fingerprint = (items: string[]) => sha256Hex(items.join('\u0000'));

describe('part-2 generators at fixed seeds (no-regression)', () => {
  it('bundleInputValue() at seed 42', () => {
    expect(fingerprint(fc.sample(bundleInputValue(), { seed: 42, numRuns: 20 }).map((v) => writeJson(v)))).toBe(FROZEN.inputValue);
  });
  it('bundleParts() at seed 42', () => {
    expect(fingerprint(fc.sample(bundleParts(), { seed: 42, numRuns: 20 }).map((p) => JSON.stringify(p)))).toBe(FROZEN.parts);
  });
});

const FROZEN = {
  inputValue: '755c35e47fe2ffab98daf3489b75638d1109cb6339a65f1a6ffa3604193d8270',
  parts: 'a1e4950aaf1b7da00846d378796a92afb0c8b86950f54d004a16e78818021b9f',
};
