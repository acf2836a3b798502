/** Round-trip, torn-tail, append and migration properties of the journal oracle (fixed seeds). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonDiff } from '../../src/shared/json/equal.ts';
import type { JsonValue } from '../../src/shared/json/value.ts';
import { CODES } from '../../src/journal/constants.ts';
import { observationOf, readJournalBytes } from '../../src/journal/read-journal.ts';
import { appendGroupToBytes, encodeEntry, encodeGroupFrame, encodeHeader } from '../../src/journal/write-journal.ts';
import { makeGroup } from './_internals/entries.ts';
import { cloneJson } from './_internals/render.ts';
import { expectedObservation, n, sampleBytes, type JournalSample } from './_internals/sample.ts';
import { entriesOf, int, U64_MAX, type Obj } from './_internals/targets.ts';
import { journalHistory } from './journal-history.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

/** The oracle writer's rendering of a sample (canonical lines, no tail). */
function writeCanonical(s: JournalSample): Buffer {
  const lines = [encodeHeader(int(s.header.get('generation')), int(s.header.get('origin')))];
  for (const l of s.lines) lines.push(l.has('group') ? encodeGroupFrame(l.get('entries') as Obj[]) : encodeEntry(l));
  return Buffer.from(lines.join('\n') + '\n', 'utf8');
}

function lastPosition(s: JournalSample): bigint | null {
  const e = entriesOf(s);
  return e.length === 0 ? null : int(e[e.length - 1]!.entry.get('position'));
}

function frontierOf(s: JournalSample): bigint {
  const last = lastPosition(s);
  const origin = int(s.header.get('origin'));
  return last !== null && last > origin ? last : origin;
}

describe('journal properties', () => {
  it('write → read is the identity on the observation (canonical and any layout)', () => {
    assertProperty(
      fc.property(journalHistory({ schema: 3, tornTail: false, bigGroups: true }), (s) => {
        const expected = expectedObservation(s);
        for (const bytes of [writeCanonical(s), sampleBytes(s)]) {
          const r = readJournalBytes(bytes, { collect: true });
          expect(r.ok ? [] : [r.error.code]).toEqual([]);
          if (r.ok) expect(jsonDiff(expected, observationOf(r.value))).toEqual([]);
        }
      }),
      { seed: 101, numRuns: 150 },
    );
  });

  it('reads v2 files and v3 files with torn tails as the model says', () => {
    assertProperty(
      fc.property(journalHistory(), (s) => {
        const r = readJournalBytes(sampleBytes(s), { collect: true });
        expect(r.ok ? [] : [r.error.code]).toEqual([]);
        if (r.ok) expect(jsonDiff(expectedObservation(s), observationOf(r.value))).toEqual([]);
      }),
      { seed: 102, numRuns: 300 },
    );
  });

  it('a byte cut at, next to or between line ends recovers exactly the frontier of the last complete line, and an append after it is valid', () => {
    assertProperty(
      fc.property(journalHistory({ schema: 3, tornTail: false, maxLines: 3, maxRecords: 2 }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), (s, picks) => {
        const full = sampleBytes(s);
        const headerEnd = full.indexOf(0x0a) + 1;
        // Frontier after each complete line, from the model.
        const origin = int(s.header.get('origin'));
        const boundaries: { end: number; frontier: bigint; last: bigint | null }[] = [{ end: headerEnd, frontier: origin, last: null }];
        let at = headerEnd;
        for (let i = 0; i < s.lines.length; i++) {
          at = full.indexOf(0x0a, at) + 1;
          const upTo = { ...s, lines: s.lines.slice(0, i + 1) };
          boundaries.push({ end: at, frontier: frontierOf(upTo), last: lastPosition(upTo) });
        }
        // Every line end and the bytes either side of it (where off-by-one bugs live), plus cuts anywhere
        // fast-check picks; cutting at every byte made this quadratic in the history's size.
        const cuts = new Set<number>(picks.map((p) => headerEnd + (p % (full.length - headerEnd + 1))));
        for (const b of boundaries) for (const d of [-1, 0, 1]) if (b.end + d >= headerEnd && b.end + d <= full.length) cuts.add(b.end + d);
        for (const cut of cuts) {
          const prefix = full.subarray(0, cut);
          const r = readJournalBytes(prefix);
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          const b = [...boundaries].reverse().find((x) => x.end <= cut)!;
          expect(r.value.frontier).toBe(b.frontier);
          expect(r.value.tornTailBytes).toBe(cut - b.end);
          // Append after the cut: continues the recovered frontier, or is refused when it cannot.
          const next = b.frontier + 1n;
          if (next + 1n > U64_MAX) continue;
          const appended = appendGroupToBytes(prefix, makeGroup(next, 1));
          if (b.last !== null && b.last < origin) {
            expect(appended.ok ? 'accept' : appended.error.code).toBe(CODES.APPEND_NOT_CONTINUOUS);
            continue;
          }
          expect(appended.ok).toBe(true);
          if (!appended.ok) return;
          // Stored bytes are forwarded unchanged; the torn tail is gone.
          expect(Buffer.from(appended.value.subarray(0, b.end)).equals(Buffer.from(full.subarray(0, b.end)))).toBe(true);
          const again = readJournalBytes(appended.value);
          expect(again.ok && again.value.frontier).toBe(next + 1n);
          expect(again.ok && again.value.tornTailBytes).toBe(0);
        }
      }),
      { seed: 103, numRuns: 60 },
    );
  });

  it('migration keeps every v2 entry line byte-identical', () => {
    assertProperty(
      fc.property(journalHistory({ schema: 2 }), (s) => {
        const v2 = sampleBytes(s);
        const next = frontierOf(s) + 1n;
        if (next > U64_MAX) return;
        const r = appendGroupToBytes(v2, makeGroup(next, 0));
        const last = lastPosition(s);
        if (last !== null && last < int(s.header.get('origin'))) {
          expect(r.ok ? 'accept' : r.error.code).toBe(CODES.APPEND_NOT_CONTINUOUS);
          return;
        }
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const oldLines = Buffer.from(v2).toString('utf8').split('\n');
        if (oldLines[oldLines.length - 1] === '') oldLines.pop();
        const newLines = Buffer.from(r.value).toString('utf8').split('\n');
        expect(newLines[0]).toBe(encodeHeader(int(s.header.get('generation')), int(s.header.get('origin'))));
        expect(newLines.slice(1, oldLines.length)).toEqual(oldLines.slice(1));
        expect(newLines[oldLines.length]).toBe(encodeGroupFrame(makeGroup(next, 0)));
        const read = readJournalBytes(r.value, { collect: true });
        expect(read.ok).toBe(true);
      }),
      { seed: 104, numRuns: 200 },
    );
  });

  it('an appended group reads back as the entries that were given', () => {
    assertProperty(
      fc.property(journalHistory({ schema: 3, maxLines: 2 }), journalHistory({ schema: 3, minLines: 1, maxLines: 1, maxRecords: 5 }), (base, donor) => {
        const group = donor.lines[0]!;
        const entries = group.has('group') ? (group.get('entries') as Obj[]) : [group];
        if (entries[0]!.get('kind') !== 'Transaction') return;
        // Re-home the donor group right after the base frontier, keeping ids, kinds, payloads, principals, times.
        const first = frontierOf(base) + 1n;
        const last = lastPosition(base);
        if (last !== null && last < int(base.header.get('origin'))) return;
        if (first + BigInt(entries.length) - 1n > U64_MAX) return;
        const moved = entries.map((e, i) => {
          const c = cloneJson(e);
          const m = c.get('metadata') as Obj;
          c.set('position', n(first + BigInt(i)));
          m.set('correlation', n(first));
          m.set('causation', i === 0 ? null : n(first));
          m.set('link', null);
          return c;
        });
        const r = appendGroupToBytes(sampleBytes(base), moved);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const read = readJournalBytes(r.value, { collect: true });
        expect(read.ok).toBe(true);
        if (!read.ok) return;
        const got = (observationOf(read.value) as Map<string, JsonValue>).get('entries') as JsonValue[];
        expect(jsonDiff(moved, got.slice(got.length - moved.length))).toEqual([]);
      }),
      { seed: 105, numRuns: 100 },
    );
  });
});
