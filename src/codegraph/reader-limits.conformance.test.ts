/**
 * The four codegraph reader limits whose lines take seconds to build and read (about half a million
 * members or built values, 8 MiB of held strings, 4 MiB built; whole and in chunks, in both profiles):
 * at the limit read as without it, one past LIMIT_EXCEEDED at the member, value or byte that passes it
 * (see reader-limits.test.ts for the others).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../test-support/assert-property.ts';
import { COMPARED_STRING_MAX_BYTES, READER_LIMITS } from './constants.ts';
import { model, offsetOf, PROFILES, verdict } from './reader-limits.test-helpers.ts';

/** The record's own members open around `extra`'s: t, i, k, tr, s, m, extra. */
const ENTITY_MEMBERS = 7;

describe('the codegraph reader limits on half a million members or values and on 8 MiB of strings, whole and in chunks', () => {
  it(`open members: ${READER_LIMITS.MAX_OPEN_MEMBERS} read (the record's own included), one more refused at its name`, () => {
    const members = (n: number) => Array.from({ length: n }, (_, j) => `"${j}":0`).join(',');
    const object = (n: number) => model('', `,"m":0,"extra":{${members(n)}}`);
    for (const profile of PROFILES) {
      expect(verdict(object(READER_LIMITS.MAX_OPEN_MEMBERS - ENTITY_MEMBERS), profile)).toBe('accept');
      const past = object(READER_LIMITS.MAX_OPEN_MEMBERS - ENTITY_MEMBERS + 1);
      const last = READER_LIMITS.MAX_OPEN_MEMBERS - ENTITY_MEMBERS;
      expect(verdict(past, profile)).toStrictEqual(['LIMIT_EXCEEDED', offsetOf(past, `,"${last}":`, 1, 1)]);
    }
  }, 60_000);

  it(`built values: ${READER_LIMITS.MAX_BUILT_VALUES} read in one line, one more refused at its first byte`, () => {
    // tr's 0, then a Literal array whose first item is an empty array Literal, then m null Literals:
    // 6 + 2m values (tr's item; k and items; the first item, its k and items; each other item and its k).
    const items = (m: number) => model('0', `,"m":0,"value":{"k":"array","items":[{"k":"array","items":[]}${',{"k":"null"}'.repeat(m)}]}`);
    const n = (READER_LIMITS.MAX_BUILT_VALUES - 6) / 2;
    for (const profile of PROFILES) {
      // 6 + 2n = MAX_BUILT_VALUES; one more item is one value too many, refused at its brace.
      // 64 KiB chunks: a line the reader builds is held whole, and each chunk rescans it.
      expect(verdict(items(n), profile, 1 << 16)).toBe('accept');
      const past = items(n + 1);
      expect(verdict(past, profile, 1 << 16)).toStrictEqual(['LIMIT_EXCEEDED', offsetOf(past, '{"k":"null"}', n + 1)]);
    }
  }, 60_000);
  it(`strings held: ${READER_LIMITS.MAX_HELD_STRING_BYTES} bytes of them in one line read, one more refused at that byte`, () => {
    // Held whole by the checks: `t` and `schemaVersion` (11 bytes), the dictionaries' "p", "TWithValue",
    // "access", "declared" (25); the strings read for their start (lang, root, the extractor's) are not.
    const base = 36;
    const header = (extra: number) => {
      const fill = READER_LIMITS.MAX_HELD_STRING_BYTES - base + extra;
      const entries: string[] = [];
      for (let left = fill; left > 0; left -= COMPARED_STRING_MAX_BYTES) entries.push(`"${'k'.repeat(Math.min(left, COMPARED_STRING_MAX_BYTES))}"`);
      const text = `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p",${entries.join(',')}],"traits":["TWithValue"],"edges":["access"],"provenance":["declared"]}}\n{"t":"eof","counts":{"files":0,"entities":0,"edges":0}}\n`;
      return Buffer.from(text);
    };
    for (const profile of PROFILES) {
      const at = verdict(header(0), profile, 1 << 16);
      expect(at === 'accept' || at[0] !== 'LIMIT_EXCEEDED').toBe(true);
      // One byte more: refused at the line's last held byte (the last of "declared"), before the dictionaries are looked at.
      const past = header(1);
      expect(verdict(past, profile, 1 << 16)).toStrictEqual(['LIMIT_EXCEEDED', past.indexOf('declared"]}}') + 'declared'.length - 1]);
    }
    // Member names and the strings read for their start are not held: a long `lang` and a long unknown name pass the budget.
    const long = 'x'.repeat(READER_LIMITS.MAX_HELD_STRING_BYTES);
    const unheld = Buffer.from(`{"t":"header","schemaVersion":"1.0.0","lang":"${long}","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":["access"],"provenance":["declared"]},"${long}":0}\n{"t":"eof","counts":{"files":0,"entities":0,"edges":0}}\n`);
    for (const profile of PROFILES) {
      const at = verdict(unheld, profile, 1 << 16);
      expect(at === 'accept' || at[0] !== 'LIMIT_EXCEEDED').toBe(true);
    }
  }, 60_000);

  it(`built bytes: ${READER_LIMITS.MAX_BUILT_BYTES} bytes of the containers the checks build in one line read, one more refused at the member's value`, () => {
    // The entity's Literal (a container the checks build): 3,000 number Literals of 1,000-digit lexemes,
    // then whitespace up to `bytes` bytes in all, which a chunked read drops at the buffer's end.
    const head = `{"k":"array","items":[${Array.from({ length: 3000 }, () => `{"k":"number","value":1${'0'.repeat(999)}}`).join(',')}`;
    const literal = (bytes: number) => `${head}${' '.repeat(bytes - head.length - 2)}]}`;
    // tr's `[0]` is built too: 3 bytes.
    const line = (bytes: number) => model('0', `,"m":0,"value":${literal(bytes - 3)}`);
    for (const profile of PROFILES) {
      expect(verdict(line(READER_LIMITS.MAX_BUILT_BYTES), profile, 1 << 18)).toBe('accept');
      const past = line(READER_LIMITS.MAX_BUILT_BYTES + 1);
      expect(verdict(past, profile, 1 << 18)).toStrictEqual(['LIMIT_EXCEEDED', offsetOf(past, '"value":', 1, 8)]);
    }
    // A string read for its first character only counts by it: a Literal string of twice the limit, and
    // 9,000 of a kilobyte each (complete in a buffer, their middles dropped all the same), pass.
    const string = model('0', `,"m":0,"value":{"k":"string","value":"${'v'.repeat(2 * READER_LIMITS.MAX_BUILT_BYTES)}"}`);
    const strings = model('0', `,"m":0,"value":{"k":"array","items":[${Array.from({ length: 9000 }, () => `{"k":"string","value":"${'v'.repeat(1000)}"}`).join(',')}]}`);
    for (const profile of PROFILES) {
      expect(verdict(string, profile, 1 << 18)).toBe('accept');
      expect(verdict(strings, profile, 1 << 18)).toBe('accept');
    }
  }, 120_000);

  it('built bytes, property: a Literal of strings, numbers and whitespace around the limit is accepted exactly when its bytes less its strings but their first character fit, whole and in any chunking', async () => {
    // One item of the entity's array Literal: a string Literal (its value read for its first character
    // only, so only that counts; the long ones span chunks and are cut), a number Literal, a null one.
    const item = fc.oneof(
      fc.oneof(fc.nat(2000), fc.integer({ min: 200_000, max: 1_500_000 })).map((n) => ({ text: `{"k":"string","value":"${'v'.repeat(n)}"}`, uncounted: Math.max(0, n - 1) })),
      // A long one, more often: longer than a chunk, it is cut while read.
      fc.integer({ min: 300_000, max: 3_000_000 }).map((n) => ({ text: `{"k":"string","value":"${'v'.repeat(n)}"}`, uncounted: n - 1 })),
      fc.integer({ min: 1, max: 1000 }).map((n) => ({ text: `{"k":"number","value":1${'0'.repeat(n - 1)}}`, uncounted: 0 })),
      fc.constant({ text: '{"k":"null"}', uncounted: 0 }),
    );
    // Whitespace after each item (a long run is dropped at a buffer's end but its first byte).
    const space = fc.oneof(fc.nat(8), fc.integer({ min: 100_000, max: 800_000 }));
    const line = fc.record({
      items: fc.array(fc.tuple(item, space), { minLength: 1, maxLength: 12 }),
      /** Counted bytes past (or short of) the limit, made up by the padding before the closing bracket. */
      over: fc.integer({ min: -3, max: 3 }),
      chunk: fc.constantFrom(1 << 16, 1 << 18, 1 << 20),
    });
    await assertProperty(
      fc.asyncProperty(line, async ({ items, over, chunk }) => {
        const head = `{"k":"array","items":[${items.map(([i, n]) => i.text + ' '.repeat(n)).join(',')}`;
        const uncounted = items.reduce((sum, [i]) => sum + i.uncounted, 0);
        // tr's `[0]` (3 bytes) and the Literal, less what is not counted, come to the limit plus `over`.
        const padding = READER_LIMITS.MAX_BUILT_BYTES + over - 3 - (head.length + 2 - uncounted);
        fc.pre(padding >= 0);
        const bytes = model('0', `,"m":0,"value":${head}${' '.repeat(padding)}]}`);
        const expected = over <= 0 ? 'accept' : ['LIMIT_EXCEEDED', offsetOf(bytes, '"value":', 1, 8)];
        for (const profile of PROFILES) expect(verdict(bytes, profile, chunk)).toStrictEqual(expected);
      }),
      { seed: 20261206, numRuns: 10 },
    );
  }, 600_000);
});
