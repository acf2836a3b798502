/**
 * A group frame's entries past those a rule reads (its transaction, MAX_RECORDS_PER_GROUP records and
 * one more, which refuses the group) are counted, not kept, by both scans: GROUP_TOO_LARGE still names
 * how many records the frame holds, and a line of millions of tiny entries holds 258 of them (a 15 MiB
 * one cost 307 MiB before, a 126 MB one 1.6 GB). And a container no rule reads is passed over by the
 * whole-line scan as by the chunked one (a 15 MiB unknown array cost 316 MiB built).
 */
import { describe, expect, it } from 'vitest';
import { LIMITS } from './constants.ts';
import { readJournalBytes } from './read-journal.ts';
import { entryCountOf, JsonLineScanner, UnreadValue, type ScannedValue } from './scan-json.ts';

const HEADER = '{"schema":3,"generation":0,"origin":0}\n';
const frame = (items: string[]) => `{"group":1,"first":1,"frontier":1,"entries":[${items.join(',')}]}`;
/** Whole lines (the default bound) and every line in chunks (a bound of 0). */
const BOUNDS = [undefined, 0];

describe("a group frame's entries", () => {
  it('past those a rule reads are counted: GROUP_TOO_LARGE names the count, whole and in chunks', () => {
    for (const n of [LIMITS.MAX_RECORDS_PER_GROUP + 2, LIMITS.MAX_RECORDS_PER_GROUP + 3, 100_000]) {
      const bytes = Buffer.from(`${HEADER}${frame(Array<string>(n).fill('1e400'))}\n`);
      for (const pendingLimitBytes of BOUNDS) {
        const r = readJournalBytes(bytes, { pendingLimitBytes });
        expect(r.ok ? 'accepted' : [r.error.code, r.error.message]).toStrictEqual(['GROUP_TOO_LARGE', `a group holds at most 256 records (found ${n - 1})`]);
      }
    }
  });

  it('are kept up to the one that refuses the group, and counted past it', () => {
    const n = 100_000;
    const line = Buffer.from(frame(Array<string>(n).fill('0')));
    const scanned = new JsonLineScanner({ tolerant: false }).scan(line, 0, line.length, true);
    if (!scanned.ok || !(scanned.value instanceof Map)) throw new Error('the frame did not scan');
    const entries = scanned.value.get('entries') as ScannedValue[];
    expect([entries.length, entryCountOf(entries)]).toStrictEqual([LIMITS.MAX_RECORDS_PER_GROUP + 2, n]);
  });
});

describe('a container no rule reads, in a line read whole', () => {
  it('is passed over (only its type kept), as the chunked scan passes it over', () => {
    const line = Buffer.from('{"position":1,"zz":[1,[2],{"a":3}],"metadata":{"principal":"p","x":{"y":[1]},"link":{"UndoOf":1,"z":[0]}}}');
    const scanned = new JsonLineScanner({ tolerant: false }).scan(line, 0, line.length, true);
    if (!scanned.ok || !(scanned.value instanceof Map)) throw new Error('the line did not scan');
    const metadata = scanned.value.get('metadata') as Map<string, unknown>;
    expect(scanned.value.get('zz')).toBe(UnreadValue.INSTANCE);
    expect(metadata.get('x')).toBe(UnreadValue.INSTANCE);
    expect((metadata.get('link') as Map<string, unknown>).get('z')).toBe(UnreadValue.INSTANCE);
    expect((metadata.get('link') as Map<string, unknown>).get('UndoOf')).toBe(1);
  });
});
