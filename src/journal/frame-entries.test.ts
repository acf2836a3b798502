/**
 * A group frame's entries past those a rule reads (its transaction, MAX_RECORDS_PER_GROUP records and
 * one more, which refuses the group) are counted, not kept, by both scans: GROUP_TOO_LARGE still names
 * how many records the frame holds, and a line of millions of tiny entries holds 258 of them (a 15 MiB
 * one cost 307 MiB before, a 126 MB one 1.6 GB). A container no rule reads is passed over by the
 * whole-line scan as by the chunked one (a 15 MiB unknown array cost 316 MiB built); R-J7's byte-array
 * check reads a payload's bytes (a reserved Record's payload of 5 million `{}` cost 1.2 GB built); and
 * an observation builds a bounded number of payload values (8 MiB of `{}` built 2.8 million maps).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../test-support/assert-property.ts';
import { LIMITS } from './constants.ts';
import { isByteArrayValue } from './parse-entry.ts';
import { JournalReader, readJournalBytes } from './read-journal.ts';
import { entryCountOf, isByteArraySpan, JsonLineScanner, UnreadValue, type ScannedValue } from './scan-json.ts';

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

describe("a payload's bytes, read without building it", () => {
  it('say it is a byte array (R-J7) exactly when the built value is one', () => {
    const item = fc.oneof(
      fc.nat(300).map(String),
      fc.constantFrom('00', '01', '256', '1000', '-1', '1.0', '1e2', '255', '0', '"1"', '{}', '[]', '[1]', 'null', 'true'),
    );
    const payload = fc.oneof(
      fc.tuple(fc.array(item, { maxLength: 8 }), fc.constantFrom('', ' ', '\t ')).map(([items, space]) => `[${space}${items.join(`${space},${space}`)}${space}]`),
      fc.constantFrom('{}', '"[1]"', '7', 'null', '{"a":[1]}'),
    );
    assertProperty(
      fc.property(payload, (text) => {
        const line = Buffer.from(text);
        const built = new JsonLineScanner({ tolerant: false }).parseText(line);
        if (!built.ok) return;
        expect(isByteArraySpan(line, 0, line.length)).toBe(isByteArrayValue(built.value));
      }),
      { seed: 20261206, numRuns: 500 },
    );
  });
});

describe('an observation of the entries', () => {
  const journal = (payload: string) => Buffer.from(`{"schema":2,"generation":0,"origin":0}\n{"position":1,"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":{"principal":"p","correlation":1,"causation":null,"request":null,"link":null,"at_us":1},"payload":${payload}}\n`);
  const read = (bytes: Buffer, maxCollectedValues: number) => {
    const reader = new JournalReader({ collect: true, maxCollectedValues });
    reader.push(bytes);
    return reader.finish();
  };

  it('builds at most its bound of payload values, then lets the entries go (the verdict stands)', () => {
    // [{}, {}, {}]: three maps and the array, four values.
    const bytes = journal('[{},{},{}]');
    const within = read(bytes, 4);
    expect(within.ok && within.value.entries?.length).toBe(1);
    const past = read(bytes, 3);
    expect(past.ok && [past.value.entriesOverBound, past.value.entries]).toStrictEqual([true, undefined]);
  });
});
