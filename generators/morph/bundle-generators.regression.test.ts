/** No-regression: what the bundle arbitraries produce at seed 42 is frozen (a change here changes golden vectors). */
import { describe, expect, it } from 'vitest';
import { renderSamples } from '../../test-support/sample-snapshot.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { bundleInputValue } from './bundle-input-value.ts';
import { bundleParts } from './bundle-parts.ts';

describe('bundle generators at seed 42 (no-regression)', () => {
  it('bundleInputValue()', async () => {
    await expect(renderSamples(bundleInputValue(), (v) => writeJson(v))).toMatchFileSnapshot('./__snapshots__/bundle-input-value.txt');
  });
  it('bundleParts()', async () => {
    await expect(renderSamples(bundleParts(), (p) => JSON.stringify(p))).toMatchFileSnapshot('./__snapshots__/bundle-parts.txt');
  });
});
