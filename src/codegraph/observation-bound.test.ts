/**
 * A streamed `codegraph.read` builds a bounded number of values under the members no check reads
 * (READ_OBSERVATION_MAX_VALUES): within it the observation is made, past it the observer is let go
 * and the valid model answered `skipped` (2 MiB of `{}` in an unknown member cost 365 MiB observed);
 * a refusal is the same either way, and so is the validator's verdict.
 */
import { describe, expect, it } from 'vitest';
import type { ReadChunk } from '../shared/ops.ts';
import { READ_OBSERVATION_MAX_VALUES } from './constants.ts';
import { ops } from './ops.ts';

const HEADER = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}';
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
/** A model whose one entity has an unknown member of `n` empty objects, and `tail` after it. */
const model = (n: number, tail = '') => Buffer.from(`${HEADER}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","zz":[${Array<string>(n).fill('{}').join(',')}]${tail}}\n${EOF}\n`);

function streamed(bytes: Buffer) {
  let at = 0;
  const read: ReadChunk = (buf, offset, length) => {
    const n = Math.min(length, bytes.length - at);
    buf.set(bytes.subarray(at, at + n), offset);
    at += n;
    return n;
  };
  return ops['codegraph.read']!.stream!(read);
}

describe('codegraph.read over a stream, past its bound of values no check reads', () => {
  it('observes a model within the bound, and answers one past it skipped', () => {
    const within = streamed(model(READ_OBSERVATION_MAX_VALUES));
    expect('accept' in within && within.accept).toBe(true);
    const past = streamed(model(READ_OBSERVATION_MAX_VALUES + 1));
    expect(past).toStrictEqual({ skipped: expect.stringContaining(`${READ_OBSERVATION_MAX_VALUES} values`) });
  });

  it('refuses an invalid model past the bound as the validator does', () => {
    // A repeated member (R-S1) after the bound is passed: still refused, at that member.
    const past = streamed(model(READ_OBSERVATION_MAX_VALUES + 1, ',"zz":0'));
    expect('accept' in past && !past.accept && past.error.code).toBe('JSON_DUPLICATE_MEMBER');
  });
});
