import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { JOURNAL_MUTATORS } from '../../generators/journal/mutators.ts';
import { FastLineScanner } from './fast-scan-line.ts';
import { readJournalBytes } from './read-journal.ts';
import { encodeEntry, encodeGroupFrame } from './write-journal.ts';
import { makeEntry, makeGroup } from '../../generators/journal/journal-builders.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

/** Verdict, code and summary of a read, with or without the fast path. */
function outcome(bytes: Uint8Array, collect: boolean): string {
  const r = readJournalBytes(bytes, { collect });
  if (!r.ok) return `reject ${r.error.code} line ${r.error.location.line}`;
  const v = r.value;
  return `accept ${v.frontier} ${v.entryCount} ${v.lineCount} ${v.tornTailBytes} ${v.recoveredBytes}`;
}

const edited = (bytes: Uint8Array) =>
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 2 }).map((edits) => {
    const b = Buffer.from(bytes);
    for (const [i, v] of edits) if (b.length > 0) b[i % b.length] = v;
    return new Uint8Array(b);
  });

describe('fast path of validation', () => {
  const fast = new FastLineScanner();
  const fastScanLine = (line: Buffer, framesAllowed: boolean) => fast.scanLine(line, framesAllowed);
  it('takes canonical lines', () => {
    expect(fastScanLine(Buffer.from(encodeGroupFrame(makeGroup(1, 3))), true)).toEqual({ first: 1, last: 4, isGroup: true });
    expect(fastScanLine(Buffer.from(encodeEntry(makeEntry(7, { link: new Map([['RedoOf', makeEntry(1).get('position')!]]) }))), true)).toEqual({ first: 7, last: 7, isGroup: false });
    expect(fastScanLine(Buffer.from(encodeGroupFrame(makeGroup(1, 1))), false)).toBeUndefined();
  });

  it('reaches the same verdict, code and summary as the full stages (valid, mutated and byte-edited files)', () => {
    const files = fc.oneof(
      journalHistory({ maxLines: 4, shuffledLayout: false }).map((s) => sampleBytes(s)),
      fc.tuple(journalHistory({ maxLines: 3, shuffledLayout: false }), fc.nat(), fc.constantFrom(...JOURNAL_MUTATORS.filter((m) => m.name !== 'frame-too-large' && m.name !== 'payload-budget')))
        .map(([s, pick, m]) => m.apply(s, pick) ?? sampleBytes(s)),
      journalHistory({ maxLines: 3, shuffledLayout: false }).chain((s) => edited(sampleBytes(s))),
    );
    assertProperty(
      fc.property(files, (bytes) => {
        expect(outcome(bytes, false)).toBe(outcome(bytes, true));
      }),
      { seed: 2026, numRuns: 1500 },
    );
  });
});
