/** No-regression: what the MORPH arbitraries produce at seed 42 is frozen (a change here changes golden vectors). */
import { describe, expect, it } from 'vitest';
import { renderSamples } from '../../test-support/sample-snapshot.ts';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { jsonTextIr } from './json-text-ir.ts';
import { jsonText } from './json-text.ts';
import { nearLimitJsonText } from './near-limit-json-text.ts';
import { recordArrayIr } from './record-array-ir.ts';

const snapshot = (name: string) => `./__snapshots__/${name}.txt`;

describe('MORPH generators at seed 42', () => {
  it('jsonTextIr', async () => {
    await expect(renderSamples(jsonTextIr(), (v) => writeJson(v), { numRuns: 25 })).toMatchFileSnapshot(snapshot('json-text-ir'));
  });
  it('jsonTextIr js-safe', async () => {
    await expect(renderSamples(jsonTextIr({ numbers: 'js-safe' }), (v) => writeJson(v), { numRuns: 25 })).toMatchFileSnapshot(snapshot('json-text-ir-js-safe'));
  });
  it('jsonText', async () => {
    await expect(renderSamples(jsonText(), (v) => v.text, { numRuns: 25 })).toMatchFileSnapshot(snapshot('json-text'));
  });
  it('recordArrayIr', async () => {
    await expect(renderSamples(recordArrayIr(), (v) => writeJson(v), { numRuns: 25 })).toMatchFileSnapshot(snapshot('record-array-ir'));
  });
  it('nearLimitJsonText', async () => {
    const show = (v: { limit: string; accept: boolean; text: string }) => `${v.limit} ${v.accept ? 'accept' : 'refuse'} ${v.text}`;
    await expect(renderSamples(nearLimitJsonText(), show, { numRuns: 8 })).toMatchFileSnapshot(snapshot('near-limit-json-text'));
  });
});
