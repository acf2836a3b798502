import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { jsonEqual } from '../shared/json/equal.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { CODES } from './constants.ts';
import { JournalReader, observationOf, PENDING_LIMIT_BYTES, readJournalBytes, readJournalFile } from './read-journal.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const HEADER = '{"schema":3,"generation":0,"origin":0}\n';
const entry = (p: number | string, extra = '') =>
  `{"position":${p},"kind":"Transaction","id":"t","version":1,"metadata":{"principal":null,"correlation":${p},"causation":null,"request":null,"link":null,"at_us":0${extra}},"payload":null}`;

function verdict(bytes: Uint8Array, chunks?: number[]): string {
  const reader = new JournalReader({ collect: true });
  if (!chunks) reader.push(bytes);
  else {
    let at = 0;
    for (const c of chunks) {
      reader.push(bytes.subarray(at, Math.min(bytes.length, at + c)));
      at = Math.min(bytes.length, at + c);
    }
    reader.push(bytes.subarray(at));
  }
  const r = reader.finish();
  if (!r.ok) return `reject ${r.error.code} ${r.error.location.line} ${r.error.location.byteOffset}`;
  return 'accept';
}

const byteEdits = (bytes: Uint8Array) =>
  fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 }).map((edits) => {
    const b = Buffer.from(bytes);
    for (const [i, v] of edits) if (b.length > 0) b[i % b.length] = v;
    return new Uint8Array(b);
  });

describe('journal reader', () => {
  it('gives the same verdict and observation whatever the chunking', () => {
    const input = journalHistory({ maxLines: 4 }).chain((s) => byteEdits(sampleBytes(s)));
    assertProperty(
      fc.property(input, fc.array(fc.integer({ min: 1, max: 40 }), { maxLength: 20 }), (bytes, chunks) => {
        expect(verdict(bytes, chunks)).toBe(verdict(bytes));
        const whole = readJournalBytes(bytes, { collect: true });
        const reader = new JournalReader({ collect: true });
        for (let i = 0; i < bytes.length; i += 7) reader.push(bytes.subarray(i, i + 7));
        const split = reader.finish();
        if (whole.ok && split.ok) expect(jsonEqual(observationOf(whole.value), observationOf(split.value))).toBe(true);
      }),
      { seed: 11, numRuns: 300 },
    );
  });

  it('never throws, whatever bytes it gets', () => {
    assertProperty(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 200 }), fc.uint8Array({ maxLength: 80 }).map((b) => Buffer.concat([Buffer.from(HEADER), b]))), (bytes) => {
        const r = readJournalBytes(bytes, { collect: true });
        expect(typeof r.ok).toBe('boolean');
      }),
      { seed: 12, numRuns: 2000 },
    );
  });

  it('keeps positions and at_us above 2^53 exactly', () => {
    const big = '18446744073709551615';
    const text = `{"schema":3,"generation":9007199254740993,"origin":18446744073709551614}\n${entry(big).replace('"at_us":0', '"at_us":-9223372036854775808')}\n`;
    const r = readJournalBytes(Buffer.from(text), { collect: true });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const obs = observationOf(r.value) as Map<string, JsonValue>;
    const want = new Map<string, JsonValue>([['frontier', obs.get('frontier')!]]);
    expect((want.get('frontier') as { lexeme: string }).lexeme).toBe(big);
    const e = (obs.get('entries') as Map<string, JsonValue>[])[0]!;
    expect((e.get('position') as { lexeme: string }).lexeme).toBe(big);
    expect(((e.get('metadata') as Map<string, JsonValue>).get('at_us') as { lexeme: string }).lexeme).toBe('-9223372036854775808');
    expect((obs.get('generation') as { lexeme: string }).lexeme).toBe('9007199254740993');
  });

  it('refuses positions and at_us one past the 64-bit ranges', () => {
    const over = readJournalBytes(Buffer.from(`{"schema":3,"generation":0,"origin":18446744073709551615}\n${entry('18446744073709551616')}\n`));
    expect(over.ok ? 'accept' : over.error.code).toBe(CODES.INVALID_INTEGER);
    const at = readJournalBytes(Buffer.from(HEADER + entry(1).replace('"at_us":0', '"at_us":9223372036854775808') + '\n'));
    expect(at.ok ? 'accept' : at.error.code).toBe(CODES.INVALID_INTEGER);
  });

  it('reports the line, byte offset and member of a refusal', () => {
    const text = HEADER + entry(1) + '\n' + entry(2, ',"at":{"secs":0}') + '\n';
    const r = readJournalBytes(Buffer.from(text));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(CODES.RETIRED_MEMBER);
    expect(r.error.location).toMatchObject({ line: 3, byteOffset: HEADER.length + entry(1).length + 1, pointer: '/metadata/at', member: 'at' });
  });

  it('streams a file across chunk boundaries with the same verdict as in memory', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-journal-'));
    try {
      const lines = [HEADER];
      for (let p = 1; p <= 12_000; p++) lines.push(entry(p).replace('"payload":null', `"payload":"${'x'.repeat(p % 300)}"`) + '\n');
      lines.push('{"group":1,"fir'); // torn tail
      const bytes = Buffer.from(lines.join(''));
      const path = join(dir, 'j.jsonl');
      writeFileSync(path, bytes);
      const fromFile = await readJournalFile(path);
      const inMemory = readJournalBytes(bytes);
      expect(fromFile.ok && inMemory.ok).toBe(true);
      if (fromFile.ok && inMemory.ok) {
        expect(fromFile.value.frontier).toBe(12_000n);
        expect(fromFile.value.tornTailBytes).toBe(15);
        expect(fromFile.value.recoveredBytes).toBe(inMemory.value.recoveredBytes);
      }
      writeFileSync(path, Buffer.concat([bytes.subarray(0, 2_500_000), Buffer.from('\r'), bytes.subarray(2_500_000)]));
      const cr = await readJournalFile(path);
      expect(cr.ok ? 'accept' : [cr.error.code, cr.error.location.byteOffset]).toEqual([CODES.CARRIAGE_RETURN, 2_500_000]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('journal reader integer boundaries', () => {
  it('keeps exact values on both sides of 2^53 (number and bigint paths)', () => {
    for (const [p, ok] of [
      ['9007199254740991', true],
      ['9007199254740992', true],
      ['9007199254740993', true],
      ['9999999999999999', true],
      ['18446744073709551615', true],
      ['18446744073709551616', false],
    ] as const) {
      const prev = (BigInt(p) - 1n).toString();
      const text = `{"schema":3,"generation":0,"origin":${prev}}\n${entry(p).replace('"at_us":0', `"at_us":-${p.length > 19 ? '1' : p}`)}\n`;
      const r = readJournalBytes(Buffer.from(text), { collect: true });
      expect(r.ok, p).toBe(ok);
      if (!r.ok) continue;
      expect(r.value.frontier).toBe(BigInt(p));
      const e = ((observationOf(r.value) as Map<string, JsonValue>).get('entries') as Map<string, JsonValue>[])[0]!;
      expect((e.get('position') as { lexeme: string }).lexeme).toBe(p);
      expect(((e.get('metadata') as Map<string, JsonValue>).get('correlation') as { lexeme: string }).lexeme).toBe(p);
    }
  });

  it('continues positions across the 2^53 boundary', () => {
    const s = 9007199254740990n;
    const text = `{"schema":3,"generation":0,"origin":${s - 1n}}\n` + [0n, 1n, 2n, 3n].map((d) => entry((s + d).toString())).join('\n') + '\n';
    const r = readJournalBytes(Buffer.from(text));
    expect(r.ok && r.value.frontier).toBe(s + 3n);
    const gap = `{"schema":3,"generation":0,"origin":${s - 1n}}\n` + entry(s.toString()) + '\n' + entry((s + 2n).toString()) + '\n';
    const g = readJournalBytes(Buffer.from(gap));
    expect(g.ok ? 'accept' : g.error.code).toBe(CODES.POSITION_GAP);
  });
});

describe('long lines (scanned in chunks: a torn tail counted, a terminated line judged as a whole)', () => {
  it('holds pending lines up to a bound above the 8 MiB frame limit', () => {
    expect(PENDING_LIMIT_BYTES).toBeGreaterThan(8 * 1024 * 1024);
  });

  const limit = 4096;
  const big = limit * 3 + 7;
  const spaces = Buffer.alloc(big, 0x20);
  /** A reader with a small pending limit, fed in 1000-byte chunks. */
  function chunked(bytes: Buffer) {
    const reader = new JournalReader({ pendingLimitBytes: limit });
    for (let at = 0; at < bytes.length; at += 1000) reader.push(Buffer.from(bytes.subarray(at, at + 1000)));
    return reader.finish();
  }

  it('counts a v3 torn tail longer than the pending limit', () => {
    const r = chunked(Buffer.concat([Buffer.from(HEADER), spaces]));
    expect(r.ok && r.value.tornTailBytes).toBe(big);
  });

  it('refuses a header longer than the pending limit without LF as unterminated, a BOM before it as a BOM', () => {
    const r = chunked(Buffer.concat([Buffer.from('{"schema":3'), spaces]));
    expect(r.ok ? 'accept' : r.error.code).toBe(CODES.UNTERMINATED_HEADER);
    const bom = chunked(Buffer.concat([Buffer.from('\ufeff{'), spaces]));
    expect(bom.ok ? 'accept' : bom.error.code).toBe(CODES.JSON_BOM);
  });

  it('judges a long line whose content matters (terminated, or the last v2 line) as the whole-line path does', () => {
    const v3 = chunked(Buffer.concat([Buffer.from(HEADER + entry(1)), spaces, Buffer.from('\n' + entry(2) + '\n')]));
    expect(v3.ok && [v3.value.frontier, v3.value.lineCount]).toEqual([2n, 2]);
    const v2 = chunked(Buffer.concat([Buffer.from(HEADER.replace('3', '2') + entry(1)), spaces]));
    expect(v2.ok && [v2.value.frontier, v2.value.endsWithLf]).toEqual([1n, false]);
    const bad = chunked(Buffer.concat([Buffer.from(HEADER + entry(1)), spaces, Buffer.from('x\n')]));
    expect(bad.ok ? 'accept' : [bad.error.code, bad.error.location.byteOffset]).toEqual([CODES.JSON_SYNTAX, HEADER.length + entry(1).length + big]);
  });
});

describe('long lines fed in small chunks (as from a pipe, /dev/zero)', () => {
  /** A reader with a small pending limit, fed in 50-byte chunks. */
  function piped(bytes: Uint8Array): string {
    const reader = new JournalReader({ pendingLimitBytes: 200 });
    for (let at = 0; at < bytes.length; at += 50) reader.push(Buffer.from(bytes.subarray(at, at + 50)));
    const r = reader.finish();
    return r.ok ? `accept ${r.value.frontier} ${r.value.tornTailBytes}` : `reject ${r.error.code} ${r.error.location.line} ${r.error.location.byteOffset}`;
  }
  const whole = (bytes: Uint8Array) => {
    const r = readJournalBytes(bytes);
    return r.ok ? `accept ${r.value.frontier} ${r.value.tornTailBytes}` : `reject ${r.error.code} ${r.error.location.line} ${r.error.location.byteOffset}`;
  };

  it('gives the verdict, code and place of a held line when the prefix decides it (counted lines)', () => {
    const run = (n: number, b: number) => Buffer.alloc(n, b);
    const files = [
      run(5000, 0), // an endless header of NULs, cut: unterminated
      Buffer.concat([run(5000, 0), Buffer.from('\n')]),
      Buffer.concat([run(3000, 0), Buffer.from('\r'), run(100, 0), Buffer.from('\n')]),
      Buffer.concat([run(3000, 0x61), Buffer.of(0xff), run(100, 0x61), Buffer.from('\n')]),
      Buffer.concat([Buffer.from(HEADER + '{"position":x'), run(3000, 0x20), Buffer.from('\n')]),
      Buffer.concat([Buffer.from(HEADER + '{"position":x'), run(3000, 0x20)]),
      Buffer.concat([Buffer.from(HEADER.replace('3', '2') + '{"position":x'), run(3000, 0x20)]),
      Buffer.concat([Buffer.from(HEADER + '{"a":1,"a":2,'), run(3000, 0x31), Buffer.from('\n')]),
      Buffer.concat([Buffer.from(HEADER + entry(1)), run(3000, 0x20), Buffer.from('\n')]),
    ];
    for (const f of files) expect(piped(f)).toBe(whole(f));
  });

  it('agrees with the in-memory reader on edited files with long runs (property)', () => {
    const files = fc
      .tuple(journalHistory({ maxLines: 3 }), fc.nat(), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 150, max: 900 }), fc.nat(), fc.integer({ min: 0, max: 255 }))
      .map(([s, at, fill, n, at2, v]) => {
        const b = Buffer.from(sampleBytes(s));
        const i = b.length === 0 ? 0 : at % (b.length + 1);
        const out = Buffer.concat([b.subarray(0, i), Buffer.alloc(n, fill), b.subarray(i)]);
        if (out.length > 0) out[at2 % out.length] = v;
        return new Uint8Array(out);
      });
    assertProperty(
      fc.property(files, (bytes) => {
        expect(piped(bytes)).toBe(whole(bytes));
      }),
      { seed: 11, numRuns: 400 },
    );
  });
});

describe('a decided line that never ends (issue 11 item 8: an endless input gets an answer)', () => {
  /** Pushes `head`, then chunks of `fill` until the reader refuses (at most `max` chunks); returns how many were taken. */
  function feed(reader: JournalReader, head: Buffer, fill: Buffer, max = 10_000): number {
    if (!reader.push(head)) return 0;
    for (let i = 1; i <= max; i++) if (!reader.push(fill)) return i;
    return -1;
  }

  it('stops once the line has run past the bound, with the code its bytes decide and a note', () => {
    const reader = new JournalReader({ pendingLimitBytes: 200, decidedLineLimitBytes: 1000 });
    const pushes = feed(reader, Buffer.alloc(50, 0), Buffer.alloc(50, 0));
    // Decided past 200 bytes, read on to just past 1000: the 21st chunk of 50 bytes.
    expect(pushes).toBe(20);
    const r = reader.finish();
    expect(r.ok ? 'accept' : [r.error.code, r.error.location.line, r.error.location.byteOffset]).toEqual([CODES.JSON_SYNTAX, 1, 0]);
    expect(r.ok ? '' : r.error.message).toContain('reading stopped 1050 bytes into the line');
  });

  it('stops at once at a CR in a decided v2 line: no later byte, nor its end, changes that refusal', () => {
    const reader = new JournalReader({ pendingLimitBytes: 200, decidedLineLimitBytes: 1 << 30 });
    const head = Buffer.concat([Buffer.from(HEADER.replace('3', '2')), Buffer.alloc(300, 0x20), Buffer.from('{"a":'), Buffer.from('\r')]);
    expect(feed(reader, head, Buffer.alloc(50, 0x20))).toBe(0);
    const r = reader.finish();
    expect(r.ok ? 'accept' : [r.error.code, r.error.location.line, r.error.location.byteOffset]).toEqual([CODES.CARRIAGE_RETURN, 2, head.length - 1]);
    expect(r.ok ? '' : r.error.message).not.toContain('reading stopped');
  });

  it('never stops in a v3 history line: without an LF it is a torn tail, and the file is valid (R-J3)', () => {
    for (const fill of [0x00, 0x0d]) {
      const reader = new JournalReader({ pendingLimitBytes: 200, decidedLineLimitBytes: 1000 });
      expect(feed(reader, Buffer.from(HEADER + '{"position":'), Buffer.alloc(50, fill), 100)).toBe(-1);
      const r = reader.finish();
      expect(r.ok ? r.value.tornTailBytes : r.error.code).toBe('{"position":'.length + 100 * 50);
    }
  });

  it('a line that may still be valid is never cut by the bound', () => {
    // Spaces after an entry's start: the prefix decides nothing, so the line is held to its LF.
    const reader = new JournalReader({ pendingLimitBytes: 200, decidedLineLimitBytes: 1000 });
    reader.push(Buffer.from(HEADER + entry(1).slice(0, -1)));
    for (let i = 0; i < 100; i++) expect(reader.push(Buffer.alloc(50, 0x20))).toBe(true);
    reader.push(Buffer.from('}\n'));
    const r = reader.finish();
    expect(r.ok ? r.value.entryCount : r.error.code).toBe(1);
  });
});

describe('the collected observation has a bound (maxCollectedBytes)', () => {
  const lines = (n: number) => HEADER + Array.from({ length: n }, (_, i) => entry(i + 1) + '\n').join('');

  it('lets the entries go past the bound and still gives the verdict of the whole file', () => {
    const within = readJournalBytes(Buffer.from(lines(3)), { collect: true, maxCollectedBytes: 3 * (entry(1).length + 1) });
    expect(within.ok && within.value.entries?.length).toBe(3);
    const over = readJournalBytes(Buffer.from(lines(3)), { collect: true, maxCollectedBytes: 2 * (entry(1).length + 1) });
    expect(over.ok && [over.value.entries, over.value.entriesOverBound, over.value.entryCount]).toEqual([undefined, true, 3]);
    // A fault after the bound is still found.
    const bad = readJournalBytes(Buffer.from(lines(3) + entry(9) + '\n'), { collect: true, maxCollectedBytes: 10 });
    expect(bad.ok ? 'accept' : bad.error.code).toBe(CODES.POSITION_GAP);
  });
});
