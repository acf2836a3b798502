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
  it('jsonTextIr', () => expect(fingerprint(jsonTextIr(), (v) => writeJson(v))).toBe('a4a95cd6aa5ac2fbf21047f73104e069781c700c788cafdf5d4016cb809e8dda'));
  it('jsonTextIr js-safe', () => expect(fingerprint(jsonTextIr({ numbers: 'js-safe' }), (v) => writeJson(v))).toBe('e48f383ef633c53d82ab6f91c1d82a7f2c983020a11fdf5a8ab8ab30ebcf0b41'));
  it('jsonText', () => expect(fingerprint(jsonText(), (v) => v.text)).toBe('85940822186490798f1fbaa28481d856777acf45b3146a78c53718929e9c44d1'));
  it('recordArrayIr', () => expect(fingerprint(recordArrayIr(), (v) => writeJson(v))).toBe('34dae1e3ea65b918f41f4147785a4bb6a14eee2bdd4f43d89b5778d21208777e'));
  it('nearLimitJsonText', () => expect(fingerprint(nearLimitJsonText(), (v) => `${v.limit}:${v.accept}:${v.text}`, 8)).toBe('d70ff146f1e9a27e1ede5ce79cb52772315a67647b7727d26f3d3f627e04bd37'));
});
