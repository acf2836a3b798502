/** No-regression: what the MORPH arbitraries produce at seed 42 is frozen (a change here changes golden vectors). */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeJson } from '../../src/shared/json/write-value.ts';
import { jsonTextIr } from './json-text-ir.ts';
import { jsonText } from './json-text.ts';
import { nearLimitJsonText } from './near-limit-json-text.ts';
import { recordArrayIr } from './record-array-ir.ts';

function fingerprint<T>(arb: fc.Arbitrary<T>, show: (v: T) => string, numRuns = 25): string {
  const h = createHash('sha256');
  for (const v of fc.sample(arb, { seed: 42, numRuns })) h.update(show(v)).update('\0');
  return h.digest('hex');
}

describe('MORPH generators at seed 42', () => {
  it('jsonTextIr', () => expect(fingerprint(jsonTextIr(), (v) => writeJson(v))).toBe('521504e206fa7e8ef7485ba481ea2efce9b64d9c4c717ad470d4d8ccb0c09267'));
  it('jsonTextIr js-safe', () => expect(fingerprint(jsonTextIr({ numbers: 'js-safe' }), (v) => writeJson(v))).toBe('31283e439d7a14e101f784bda1554fef96821673f5e48001e5713d754c40bce8'));
  it('jsonText', () => expect(fingerprint(jsonText(), (v) => v.text)).toBe('9c72eea164d264df5a09ae5ef738804e02979db31a1fd7e8299a1552a30e8097'));
  it('recordArrayIr', () => expect(fingerprint(recordArrayIr(), (v) => writeJson(v))).toBe('5cd42c51e548513a31b7aa347a3164a4080a67f38975b76458b8afacb91f78e7'));
  it('nearLimitJsonText', () => expect(fingerprint(nearLimitJsonText(), (v) => `${v.limit}:${v.accept}:${v.text}`, 8)).toBe('d70ff146f1e9a27e1ede5ce79cb52772315a67647b7727d26f3d3f627e04bd37'));
});
