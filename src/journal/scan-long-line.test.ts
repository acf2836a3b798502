import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { JOURNAL_MUTATORS } from '../../generators/journal/mutators.ts';
import { assertProperty } from '../../test-support/assert-property.ts';
import type { Result } from '../shared/errors.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { CODES, LIMITS } from './constants.ts';
import { isByteArrayValue } from './parse-entry.ts';
import { JournalReader, readJournalBytes, type JournalSummary } from './read-journal.ts';
import { JsonLineScanner, PayloadSpan, StreamedPayload, UnreadValue, type ScannedValue, type ScanResult } from './scan-json.ts';
import { ChunkedJsonScanner } from './scan-long-line.ts';
import { compactLength } from './write-compact.ts';

/** A scanned value in comparable form: payloads by what the rules read of them (compact length, byte-array shape). */
function norm(v: ScannedValue, line: Buffer, tolerant: boolean): unknown {
  if (v instanceof PayloadSpan) {
    const built = new JsonLineScanner({ tolerant }).buildPayload(line, v);
    return ['payload', v.compactLength >= 0 ? v.compactLength : compactLength(built), isByteArrayValue(built)];
  }
  if (v instanceof StreamedPayload) return ['payload', v.compactLength, v.isByteArray];
  if (v instanceof UnreadValue) return 'unread';
  if (v instanceof Map) return ['map', [...v].map(([k, x]) => [k, norm(x, line, tolerant)])];
  if (Array.isArray(v)) return ['array', v.map((x) => norm(x, line, tolerant))];
  if (v instanceof JsonNumber) return ['number', v.lexeme];
  return v;
}

function normResult(r: ScanResult, line: Buffer, tolerant: boolean): unknown {
  if (!r.ok) return ['fault', r.error.code, r.error.location.byteOffset, r.error.location.pointer, r.error.location.member, r.error.message];
  return norm(r.value, line, tolerant);
}

/** The chunked scan of `line` from `start`, fed `size` bytes at a time. */
function chunked(line: Buffer, start: number, size: number, tolerant: boolean, unreadTopMember?: (name: string) => boolean): ScanResult {
  const s = new ChunkedJsonScanner({ tolerant, startOffset: start, ...(unreadTopMember ? { unreadTopMember } : {}) });
  for (let at = start; at < line.length; at += size) s.feed(Buffer.from(line.subarray(at, Math.min(line.length, at + size))));
  return s.end();
}

/** Fragments that break or stretch a line at any byte: escapes cut anywhere, surrogates, numbers, duplicates. */
const FRAGMENTS = [
  ...'"\\{}[],:0-1eE.+ \tnultrfax/u'.split(''),
  '\\ud800',
  '\\udc00',
  '\\ud800\\udc00',
  '\\ud83d\\u',
  '\\ud800\\u0041',
  '\\ud800\\',
  '\\u00e9',
  '\\u12',
  '\\"',
  '"payload":',
  '"payload":[1,2,255]',
  '"payload":[256]',
  '"payload":[01]',
  '"a":1,"a":{"b":2,"b":[3]}',
  '\u00e9\u4e2d\ud83d\ude00',
  '1.5e+3',
  '-0',
  '\u0001',
].map((f) => Buffer.from(f));

/** Journal-like lines: entries and frames with any JSON payload, edited at a few places. */
const lines = fc
  .tuple(
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((p) => `{"position":1,"kind":"Record","id":"x","version":0,"metadata":{"principal":null},"payload":${JSON.stringify(p)}}`),
      fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }).map((ps) => `{"group":1,"entries":[${ps.map((p) => `{"payload":${JSON.stringify(p)},"id":"y"}`).join(',')}],"x":{"payload":1}}`),
      fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 5 }).map((bs) => `{"id":"harmos:work/a/b","payload":[${bs.join(',')}],"z":[1,{"q":"\\u00e9"}]}`),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    ),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FRAGMENTS), fc.constantFrom('insert', 'replace', 'drop')), { maxLength: 3 }),
    fc.boolean(),
  )
  .map(([text, edits, spaced]) => {
    let b = Buffer.from(spaced ? text.replace(/([,:[{])/g, '$1 \t') : text);
    for (const [at, bytes, op] of edits) {
      const i = b.length === 0 ? 0 : at % b.length;
      if (op === 'insert') b = Buffer.concat([b.subarray(0, i), bytes, b.subarray(i)]);
      else if (op === 'replace') b = Buffer.concat([b.subarray(0, i), bytes, b.subarray(i + 1)]);
      else b = Buffer.concat([b.subarray(0, i), b.subarray(i + 1)]);
    }
    return b;
  });

describe('chunked line scanner: the whole-line scanner on the same bytes, for every chunk size', () => {
  it('gives the same value or the same first fault (code, byte offset, pointer, member, message), strict and core', () => {
    assertProperty(
      fc.property(lines, fc.constantFrom(1, 2, 3, 5, 7, 12, 13, 64, 4096), fc.boolean(), fc.integer({ min: 0, max: 2 }), (line, size, tolerant, start) => {
        const from = Math.min(start, line.length);
        const whole = new JsonLineScanner({ tolerant }).scan(line, from, line.length, true);
        expect(normResult(chunked(line, from, size, tolerant), line, tolerant)).toEqual(normResult(whole, line, tolerant));
      }),
      { seed: 1108, numRuns: 1500 },
    );
  });

  it('passes over the top-level members it is told no rule reads, with the same faults inside them', () => {
    const unread = (name: string) => name.startsWith('x') || name === 'group' || name === 'entries';
    assertProperty(
      fc.property(lines, fc.constantFrom(1, 3, 64), fc.boolean(), (line, size, tolerant) => {
        const whole = new JsonLineScanner({ tolerant }).scan(line, 0, line.length, true);
        const expected = normResult(whole, line, tolerant);
        // The whole-line value with those members' values replaced by 'unread'.
        if (whole.ok && whole.value instanceof Map) {
          for (const m of (expected as [string, [string, unknown][]])[1]) if (unread(m[0])) m[1] = 'unread';
        }
        expect(normResult(chunked(line, 0, size, tolerant, unread), line, tolerant)).toEqual(expected);
      }),
      { seed: 1109, numRuns: 800 },
    );
  });

  it('resumes inside an escape pair, a number and a literal at every cut', () => {
    const cases = ['{"a":"\\ud83d\\ude00x","b":-12.5e+7,"c":true,"payload":["\\ud800\\udc00",null,false,1e5]}', '{"a":"\\ud800\\u0041"}', '{"a":"\\ud800\\"}', '["\\ud800\\u12"]', '[1.]', '[1e]', '[-]', '[nul]', '[tru'];
    for (const text of cases) {
      const line = Buffer.from(text);
      for (const tolerant of [false, true]) {
        const expected = normResult(new JsonLineScanner({ tolerant }).scan(line, 0, line.length, true), line, tolerant);
        for (let size = 1; size <= line.length; size++) expect([text, size, normResult(chunked(line, 0, size, tolerant), line, tolerant)]).toEqual([text, size, expected]);
      }
    }
  });
});

/** A reader's answer, everything a caller sees: verdict, code, where, and the summary. */
function outcome(r: Result<JournalSummary>): string {
  if (!r.ok) return JSON.stringify(['reject', r.error.code, r.error.location, r.error.message]);
  const { header, frontier, lastPosition, entryCount, lineCount, recoveredBytes, tornTailBytes, endsWithLf } = r.value;
  return JSON.stringify(['accept', header.schema, String(frontier), String(lastPosition), entryCount, lineCount, recoveredBytes, tornTailBytes, endsWithLf]);
}

/**
 * Every line scanned in chunks (pending limit 0), fed `size` bytes at a time. With `reread` (pending
 * limit 8), a built token past 8 bytes gives its scan up and the line is read again when it matters.
 */
function readInChunks(bytes: Uint8Array, size: number, profile: 'strict' | 'core', reread = false): Result<JournalSummary> {
  const whole = Buffer.from(bytes);
  const reader = new JournalReader(reread ? { pendingLimitBytes: 8, profile, reread: (s, e) => whole.subarray(s, e) } : { pendingLimitBytes: 0, profile });
  for (let at = 0; at < bytes.length; at += size) if (!reader.push(Buffer.from(bytes.subarray(at, at + size)))) break;
  return reader.finish();
}

/** A file with a few bytes replaced or inserted (CR, BOM, NUL, invalid UTF-8, JSON breaks). */
function edited(bytes: Uint8Array) {
  return fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FRAGMENTS, Buffer.from('\r'), Buffer.from('\n'), Buffer.of(0xef, 0xbb, 0xbf), Buffer.of(0xff), Buffer.of(0xe2, 0x82), Buffer.of(0), Buffer.from('  ')), fc.boolean()), { maxLength: 2 }).map((edits) => {
    let b = Buffer.from(bytes);
    for (const [at, frag, insert] of edits) {
      const i = b.length === 0 ? 0 : at % (b.length + 1);
      b = Buffer.concat([b.subarray(0, i), frag, b.subarray(insert ? i : i + 1)]);
    }
    return new Uint8Array(b);
  });
}

describe('journal reader: a line scanned in chunks is judged as the whole line is', () => {
  it('gives the same verdict, code, location and summary on valid, mutated and edited files, for every chunk size (with and without reading a line again)', () => {
    const files = fc.oneof(
      journalHistory({ maxLines: 4 }).map((s) => sampleBytes(s)),
      fc.tuple(journalHistory({ maxLines: 3 }), fc.nat(), fc.constantFrom(...JOURNAL_MUTATORS.filter((m) => m.name !== 'frame-too-large' && m.name !== 'payload-budget'))).map(([s, pick, m]) => m.apply(s, pick) ?? sampleBytes(s)),
      journalHistory({ maxLines: 3 }).chain((s) => edited(sampleBytes(s))),
    );
    assertProperty(
      fc.property(files, fc.constantFrom(1, 2, 3, 7, 64, 1000), fc.constantFrom('strict' as const, 'core' as const), fc.boolean(), (bytes, size, profile, reread) => {
        expect(outcome(readInChunks(bytes, size, profile, reread))).toBe(outcome(readJournalBytes(bytes, { profile })));
      }),
      { seed: 1110, numRuns: 120 },
    );
  });

  it('refuses a group frame past 8 MiB for its size without building its entries, and still finds a fault inside them', () => {
    const header = '{"schema":3,"generation":0,"origin":0}\n';
    const entry = '{"position":1,"kind":"Transaction","id":"t","version":0,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":0}';
    const filler = `,{"x":"${'y'.repeat(1 << 20)}"}`;
    const frame = (extra: string) => `{"group":1,"first":1,"frontier":1,"entries":[${entry}${filler.repeat(9)}${extra}]}\n`;
    for (const extra of ['', ',{"a":1,"a":2}']) {
      const bytes = Buffer.from(header + frame(extra));
      const r = readInChunks(bytes, 1 << 20, 'strict');
      expect(outcome(r)).toBe(outcome(readJournalBytes(bytes)));
      expect(r.ok ? 'accept' : r.error.code).toBe(extra ? CODES.JSON_DUPLICATE_MEMBER : CODES.FRAME_TOO_LARGE);
    }
    expect(LIMITS.MAX_FRAME_LINE_BYTES).toBeLessThan(9 << 20);
  });
});
