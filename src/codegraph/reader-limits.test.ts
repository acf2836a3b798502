/**
 * The codegraph reader's limits (JSON-LIMIT-1, spec/codegraph "Reading"): each one at its value is read
 * as without it, one past is LIMIT_EXCEEDED at the byte that passes it, and a model read in small chunks
 * (the long-line path, which drops what it has checked of a line) gives the whole input's result. The
 * three limits whose lines take seconds to build and read (members of the open objects, values built, strings held)
 * are in reader-limits.conformance.test.ts, with the same helpers.
 */
import { describe, expect, it } from 'vitest';
import { READER_LIMITS } from './constants.ts';
import { readModelBytes } from './read-model.ts';
import { model, offsetOf, PROFILES, verdict } from './reader-limits.test-helpers.ts';

describe('the codegraph reader limits (JSON-LIMIT-1), whole and in chunks', () => {
  it(`depth: ${READER_LIMITS.MAX_DEPTH} containers open read, one more refused at its bracket (R-S2a)`, () => {
    // The record's object is depth 1: `extra` opens the others.
    const nested = (n: number) => model('', `,"m":0,"extra":${'['.repeat(n)}${']'.repeat(n)}`);
    for (const profile of PROFILES) {
      expect(verdict(nested(READER_LIMITS.MAX_DEPTH - 1), profile)).toBe('accept');
      const past = nested(READER_LIMITS.MAX_DEPTH);
      expect(verdict(past, profile)).toStrictEqual(['LIMIT_EXCEEDED', offsetOf(past, '"extra":', 1, 8 + READER_LIMITS.MAX_DEPTH - 1)]);
    }
  });

  it(`number lexemes the checks read: ${READER_LIMITS.MAX_NUMBER_LEXEME_BYTES} bytes read by value, one more refused at that byte`, () => {
    const index = (digits: number) => model('', `,"m":1${'0'.repeat(digits - 1)}`);
    const at = index(READER_LIMITS.MAX_NUMBER_LEXEME_BYTES);
    // Read by value: beyond 64 bits (strict, R-C9), no module there (core).
    expect(verdict(at, 'strict')).toStrictEqual(['RECORD_INTEGER_LEXEME', offsetOf(at, '"m":', 1, 4)]);
    expect(verdict(at, 'core')).toStrictEqual(['MODULE_REF_INVALID', offsetOf(at, '"m":', 1, 4)]);
    const past = index(READER_LIMITS.MAX_NUMBER_LEXEME_BYTES + 1);
    for (const profile of PROFILES) expect(verdict(past, profile)).toStrictEqual(['LIMIT_EXCEEDED', offsetOf(past, '"m":', 1, 4 + READER_LIMITS.MAX_NUMBER_LEXEME_BYTES)]);
    // A number no check reads is not held: any length passes.
    const unread = model('', `,"m":0,"extra":1${'0'.repeat(5000)}`);
    for (const profile of PROFILES) expect(verdict(unread, profile)).toBe('accept');
    // Nor when an observation builds it (codegraph.read): the limit follows the checks, not the builder.
    for (const profile of PROFILES) expect(readModelBytes(unread, profile, () => {}).ok).toBe(true);
  });
});
