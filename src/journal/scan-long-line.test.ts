import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { JOURNAL_MUTATORS } from '../../generators/journal/mutators.ts';
import { assertProperty } from '../../test-support/assert-property.ts';
import type { Result } from '../shared/errors.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { CODES, ENTRY_MEMBERS, FRAME_MEMBERS, HEADER_MEMBERS, HELD_NAME_BYTES, HELD_TEXT_BYTES, LIMITS, LINK_MEMBERS, METADATA_MEMBERS, READER_LIMITS } from './constants.ts';
import { LongNumber, LongText, reservedShapeOf } from './long-values.ts';
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
  if (v instanceof LongText) return ['long-text', v.utf8Bytes, v.reservedShape];
  if (v instanceof LongNumber) return ['long-number', v.lexemeBytes];
  if (v instanceof Map) return ['map', [...v].map(([k, x]) => [k, norm(x, line, tolerant)])];
  if (Array.isArray(v)) return ['array', v.map((x) => norm(x, line, tolerant))];
  if (v instanceof JsonNumber) return ['number', v.lexeme];
  return v;
}

/**
 * Reference model of what a chunked scan keeps of a value the whole-line scan built: containers only
 * where a rule reads their members (the line object; an entry's metadata and its link; a frame's
 * entries and each entry object in them), any other container as 'unread'; of a built object, the
 * members its rules name and the first one they do not; a string past HELD_TEXT_BYTES as a LongText,
 * a number lexeme past MAX_CORE_INTEGER_LEXEME_BYTES as a LongNumber.
 */
function rulesView(v: ScannedValue, role: string | null = 'line'): ScannedValue {
  if (v instanceof Map || Array.isArray(v)) {
    if (role === null || (role === 'entries') !== Array.isArray(v)) return UnreadValue.INSTANCE;
    if (Array.isArray(v)) return v.map((x) => rulesView(x, 'entry'));
    const named: readonly string[] = {
      line: [...HEADER_MEMBERS, ...ENTRY_MEMBERS, ...FRAME_MEMBERS],
      entry: ENTRY_MEMBERS,
      metadata: METADATA_MEMBERS,
      link: LINK_MEMBERS,
    }[role]!;
    const out = new Map<string, ScannedValue>();
    let stranger = false;
    for (const [k, x] of v) {
      if (!named.includes(k) && stranger) continue;
      stranger ||= !named.includes(k);
      const child = k === 'metadata' && (role === 'line' || role === 'entry') ? 'metadata' : k === 'link' && role === 'metadata' ? 'link' : k === 'entries' && role === 'line' ? 'entries' : null;
      out.set(k, rulesView(x, child));
    }
    return out;
  }
  if (typeof v === 'string' && Buffer.byteLength(v, 'utf8') > HELD_TEXT_BYTES) return new LongText(Buffer.byteLength(v, 'utf8'), reservedShapeOf(v));
  if (v instanceof JsonNumber && v.lexeme.length > READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES) return new LongNumber(v.lexeme.length);
  return v;
}

function normResult(r: ScanResult, line: Buffer, tolerant: boolean, whole = false): unknown {
  if (!r.ok) return ['fault', r.error.code, r.error.location.byteOffset, r.error.location.pointer, r.error.location.member, r.error.message];
  return norm(whole ? rulesView(r.value) : r.value, line, tolerant);
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
        expect(normResult(chunked(line, from, size, tolerant), line, tolerant)).toEqual(normResult(whole, line, tolerant, true));
      }),
      { seed: 1108, numRuns: 1500 },
    );
  });

  it('passes over the top-level members it is told no rule reads, with the same faults inside them', () => {
    const unread = (name: string) => name.startsWith('x') || name === 'group' || name === 'entries';
    assertProperty(
      fc.property(lines, fc.constantFrom(1, 3, 64), fc.boolean(), (line, size, tolerant) => {
        const whole = new JsonLineScanner({ tolerant }).scan(line, 0, line.length, true);
        const expected = normResult(whole, line, tolerant, true);
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
        const expected = normResult(new JsonLineScanner({ tolerant }).scan(line, 0, line.length, true), line, tolerant, true);
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

/** Every line scanned in chunks (pending limit 0), or (`held`) only lines past 8 bytes, fed `size` bytes at a time. */
function readInChunks(bytes: Uint8Array, size: number, profile: 'strict' | 'core', held = false): Result<JournalSummary> {
  const reader = new JournalReader({ pendingLimitBytes: held ? 8 : 0, profile });
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
  it('gives the same verdict, code, location and summary on valid, mutated and edited files, for every chunk size (every line in chunks, or only those past 8 bytes)', () => {
    const files = fc.oneof(
      journalHistory({ maxLines: 4 }).map((s) => sampleBytes(s)),
      fc.tuple(journalHistory({ maxLines: 3 }), fc.nat(), fc.constantFrom(...JOURNAL_MUTATORS.filter((m) => m.name !== 'frame-too-large' && m.name !== 'payload-budget'))).map(([s, pick, m]) => m.apply(s, pick) ?? sampleBytes(s)),
      journalHistory({ maxLines: 3 }).chain((s) => edited(sampleBytes(s))),
    );
    assertProperty(
      fc.property(files, fc.constantFrom(1, 2, 3, 7, 64, 1000), fc.constantFrom('strict' as const, 'core' as const), fc.boolean(), (bytes, size, profile, held) => {
        expect(outcome(readInChunks(bytes, size, profile, held))).toBe(outcome(readJournalBytes(bytes, { profile })));
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

describe('long tokens: a line scanned in chunks keeps a bounded summary of each, judged as the whole line is', () => {
  const HEADER = '{"schema":3,"generation":0,"origin":0}\n';
  const MD = { principal: 'null', correlation: '1', causation: 'null', request: 'null', link: 'null', at_us: '0' };
  /** An entry line with members replaced (raw JSON text) and extra ones after them. */
  const entry = (over: Record<string, string> = {}, md: Record<string, string> = {}, extra = '') => {
    const m = { ...MD, ...md };
    const e: Record<string, string> = { position: '1', kind: '"Record"', id: '"x"', version: '0', metadata: `{${Object.entries(m).map(([k, v]) => `"${k}":${v}`).join(',')}}`, payload: '0', ...over };
    return `{${Object.entries(e).map(([k, v]) => `"${k}":${v}`).join(',')}${extra}}\n`;
  };
  const N = HELD_TEXT_BYTES + 5;
  const L = READER_LIMITS.MAX_CORE_INTEGER_LEXEME_BYTES;
  const cases: [string, string][] = [
    ['id past the held bound', HEADER + entry({ id: `"${'a'.repeat(N)}"` })],
    ['id of non-Latin-1 characters and escapes', HEADER + entry({ id: `"${'中\\u00e9'.repeat(N / 4)}"` })],
    ['reserved sidecar id, long owner', HEADER + entry({ id: `"harmos:sidecar/${'a'.repeat(N)}/n"`, payload: '[1]' })],
    ['reserved sidecar id, long owner with a capital', HEADER + entry({ id: `"harmos:sidecar/${'a'.repeat(N)}A/n"`, payload: '[1]' })],
    ['reserved work id, long name', HEADER + entry({ id: `"harmos:work/s/${'n/'.repeat(N)}"`, payload: '[1]' })],
    ['reserved guest id, no name', HEADER + entry({ id: `"harmos:guest/${'g'.repeat(N)}/"`, payload: '[1]' })],
    ['reserved id, escaped prefix, Transaction', HEADER + entry({ kind: '"Transaction"', id: `"harmos\\u003asidecar/o/${'n'.repeat(N)}"`, payload: '[1]' })],
    ['unowned harmos id', HEADER + entry({ id: `"harmos:${'x'.repeat(N)}"` })],
    ['kind past the bound', HEADER + entry({ kind: `"${'R'.repeat(N)}"` })],
    ['principal past the bound', HEADER + entry({}, { principal: `"${'p'.repeat(N)}"` })],
    ['request past the bound, escaped', HEADER + entry({}, { request: `"${'\\u0072'.repeat(N)}"` })],
    ['long string in an unknown metadata member', HEADER + entry({}, { zz: `"${'z'.repeat(N)}"` })],
    ['kind holding an array of long strings', HEADER + entry({ kind: `["${'k'.repeat(N)}",1]` })],
    ['position at the core lexeme limit', HEADER + entry({ position: `1${'0'.repeat(L - 1)}` })],
    ['position one byte past it', HEADER + entry({ position: `1${'0'.repeat(L)}` })],
    ['position, a whole fraction past it', HEADER + entry({ position: `1.${'0'.repeat(L)}` })],
    ['at_us past it, negative', HEADER + entry({}, { at_us: `-${'9'.repeat(L)}` })],
    ['link target past it', HEADER + entry({ position: '5' }, { correlation: '1', link: `{"UndoOf":${'1'.repeat(L + 1)}}` })],
    ['header generation past it', `{"schema":3,"generation":${'7'.repeat(L + 1)},"origin":0}\n`],
    ['header schema, a long exponent', `{"schema":3e${'0'.repeat(L)},"generation":0,"origin":0}\n`],
    ['long member name, unknown', HEADER + entry({}, {}, `,"${'n'.repeat(N)}":1`)],
    ['long member name, repeated in a payload', HEADER + entry({ payload: `{"${'é'.repeat(200)}\\u00e9":1,"${'é'.repeat(201)}":2}` })],
    ['long member names, distinct by their last byte', HEADER + entry({ payload: `{"${'n'.repeat(N)}a":1,"${'n'.repeat(N)}b":2}` })],
    ['long member name with a lone surrogate, repeated', HEADER + entry({ payload: `{"${'n'.repeat(300)}\\ud800":1,"${'n'.repeat(300)}\\ud800":2}` })],
    ['long member name inside a passed-over member, repeated under it', HEADER + entry({}, {}, `,"x":{"${'q'.repeat(400)}":{"a":1,"a":2}}`)],
  ];
  for (const [what, text] of cases) {
    it(what, () => {
      const bytes = Buffer.from(text);
      for (const profile of ['strict', 'core'] as const) {
        const whole = readJournalBytes(bytes, { profile });
        for (const size of [1, 7, 4096]) expect([profile, size, outcome(readInChunks(bytes, size, profile))]).toEqual([profile, size, outcome(whole)]);
      }
    });
  }

  it('gives the verdicts the rules give those tokens', () => {
    const code = (text: string, profile: 'strict' | 'core' = 'strict') => {
      const r = readInChunks(Buffer.from(text), 4096, profile);
      return r.ok ? 'accept' : r.error.code;
    };
    const by = Object.fromEntries(cases);
    expect(code(by['id past the held bound']!)).toBe('accept');
    expect(code(by['reserved sidecar id, long owner']!)).toBe('accept');
    expect(code(by['reserved sidecar id, long owner with a capital']!)).toBe(CODES.RESERVED_NAMESPACE);
    expect(code(by['reserved guest id, no name']!)).toBe(CODES.RESERVED_NAMESPACE);
    expect(code(by['reserved id, escaped prefix, Transaction']!)).toBe(CODES.RESERVED_KIND);
    expect(code(by['kind past the bound']!)).toBe(CODES.INVALID_KIND);
    expect(code(by['principal past the bound']!)).toBe(CODES.FIELD_TOO_LONG);
    expect(code(by['position one byte past it']!)).toBe(CODES.INVALID_INTEGER);
    expect(code(by['position one byte past it']!, 'core')).toBe(CODES.LIMIT_EXCEEDED);
    expect(code(by['position at the core lexeme limit']!, 'core')).toBe(CODES.POSITION_GAP);
    expect(code(by['long member names, distinct by their last byte']!)).toBe('accept');
    expect(code(by['long member name, repeated in a payload']!)).toBe(CODES.JSON_DUPLICATE_MEMBER);
    const unknown = readInChunks(Buffer.from(by['long member name, unknown']!), 4096, 'strict');
    // The refusal names the member by its first bytes, its length and a digest, never the whole of it.
    expect(unknown.ok ? '' : unknown.error.message).toMatch(new RegExp(`^unknown member "n{${HELD_NAME_BYTES}}… \\(${N} bytes, SHA-256/128 [0-9a-f]{32}\\)"$`));
  });

  it('keeps no string past the held bound: a long structural string is a LongText, a long name its bounded form', () => {
    const line = Buffer.from(entry({ kind: `"${'k'.repeat(1 << 20)}"` }, {}, `,"${'n'.repeat(1 << 20)}":1`).trimEnd());
    const r = chunked(line, 0, 65536, false);
    const value = r.ok ? (r.value as Map<string, ScannedValue>) : undefined;
    expect(value?.get('kind')).toEqual(new LongText((1 << 20) + 0, 'plain'));
    const names = [...(value?.keys() ?? [])];
    expect(Math.max(...names.map((k) => k.length))).toBeLessThan(HELD_NAME_BYTES + 80);
  });
});

describe('reader limits (JSON-LIMIT-1): the same verdict at the limit and one past it, whole and in chunks', () => {
  it('names held as digests past the budget find the same duplicates (digest tables grown past their first size)', () => {
    const names = Array.from({ length: 300 }, (_, i) => `"k${i}":${i}`);
    for (const [text, dup] of [[`{${names.join(',')}}`, false], [`{${names.join(',')},"k17":0}`, true], [`{"a":{${names.join(',')}},"k1":{"k1":1,"k2":[{"k1":0}]}}`, false]] as const) {
      const line = Buffer.from(`{"payload":${text}}`);
      for (const tolerant of [false, true]) {
        const whole = normResult(new JsonLineScanner({ tolerant }).scan(line, 0, line.length, true), line, tolerant, true);
        for (const budget of [0, 500]) {
          const s = new ChunkedJsonScanner({ tolerant, startOffset: 0, heldNamesBudget: budget });
          for (let at = 0; at < line.length; at += 97) s.feed(line.subarray(at, at + 97));
          expect(normResult(s.end(), line, tolerant)).toEqual(whole);
        }
        expect(whole).toEqual(dup && !tolerant ? expect.arrayContaining(['fault', CODES.JSON_DUPLICATE_MEMBER]) : expect.anything());
      }
    }
  });

  it('depth: READER_LIMITS.MAX_DEPTH containers open read, one more refused at its bracket (R-S2a)', () => {
    for (const [depth, want] of [[READER_LIMITS.MAX_DEPTH, 'accept'], [READER_LIMITS.MAX_DEPTH + 1, CODES.LIMIT_EXCEEDED]] as const) {
      const bytes = Buffer.from(`{"schema":3,"generation":0,"origin":0}\n{"position":1,"kind":"Record","id":"x","version":0,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}\n`);
      const whole = readJournalBytes(bytes);
      expect(outcome(readInChunks(bytes, 4096, 'strict'))).toBe(outcome(whole));
      expect(whole.ok ? 'accept' : whole.error.code).toBe(want);
    }
  });
});
