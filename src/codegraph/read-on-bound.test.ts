import { describe, expect, it } from 'vitest';
import type { OpOutcome, ReadChunk } from '../shared/ops.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { ops } from './ops.ts';
import { READ_CHUNK_BYTES } from './constants.ts';
import { readModelChunks, REFUSED_LINE_READ_ON_BYTES } from './validate-file.ts';

/** `codegraph.read` over a stream with a small read-on bound, as the op's `stream` answers with the default. */
function streamCodegraphRead(read: ReadChunk, profile: 'core' | 'strict', readOnBytes: number): OpOutcome {
  const result = readModelChunks(read, profile, { readOnBytes });
  return result.ok ? { accept: true, observation: null } : { accept: false, error: result.error };
}

/** A source serving `head`, then `fill` over and over (endless), at most `maxRead` bytes per read; counts what it served. */
function endless(head: Buffer, fill: Buffer, maxRead = 1 << 20): { read: ReadChunk; served: () => number } {
  let served = 0;
  const read: ReadChunk = (buf, offset, length) => {
    const n = Math.min(length, maxRead);
    for (let i = 0; i < n; i++) {
      const at = served + i;
      buf[offset + i] = at < head.length ? head[at]! : fill[(at - head.length) % fill.length]!;
    }
    served += n;
    return n;
  };
  return { read, served: () => served };
}

/** One line per outcome: verdict, code, line and byte offset. */
const summary = (o: OpOutcome) =>
  'skipped' in o ? `skipped` : o.accept ? `accept ${writeJson(o.observation)}` : `reject ${o.error.code} ${o.error.location.line} ${o.error.location.byteOffset}`;

describe('reading a model stream stops once a refusal is certain (issue 11)', () => {
  it('is how the codegraph.read op streams: an endless input is answered at the default bound', () => {
    const src = endless(Buffer.alloc(0), Buffer.alloc(4096, 0), 1 << 20);
    const o = ops['codegraph.read']!.stream!(src.read, { profile: 'strict' });
    expect(summary(o)).toBe('reject JSON_SYNTAX 1 0');
    expect(src.served()).toBeLessThanOrEqual(READ_CHUNK_BYTES + REFUSED_LINE_READ_ON_BYTES + (1 << 20));
  });

  it('answers an endless line of NULs (a /dev/zero) after reading on a bounded amount', () => {
    const src = endless(Buffer.alloc(0), Buffer.alloc(4096, 0), 1 << 16);
    const o = streamCodegraphRead(src.read, 'strict', 1 << 20);
    expect(summary(o)).toBe('reject JSON_SYNTAX 1 0');
    expect('error' in o && o.error.message).toContain('reading stopped after');
    // The 4 MiB buffer is filled once, then at most the 1 MiB bound and one read more.
    expect(src.served()).toBeLessThanOrEqual((4 << 20) + (1 << 20) + (1 << 16));
  });

  it('keeps the exact code when the line shows its first failing step within the bound (CG-ERR-1)', () => {
    // A JSON fault at byte 0, then an invalid UTF-8 byte 5 MiB in: UTF-8 is the line's first check.
    const head = Buffer.concat([Buffer.alloc(5 << 20, 0), Buffer.of(0xff)]);
    const o = streamCodegraphRead(endless(head, Buffer.alloc(4096, 0)).read, 'strict', 16 << 20);
    expect(summary(o)).toBe(`reject JSON_INVALID_UTF8 1 ${5 << 20}`);
  });

  it('never ends the input inside a UTF-8 sequence (which would make the cut look like invalid UTF-8)', () => {
    // "x  " then € (E2 82 AC) over and over: the 4 MiB buffer fills with the first byte of a € last,
    // and the one byte read after it still leaves the sequence open.
    const src = endless(Buffer.from('x  '), Buffer.from('€'), 4096);
    const o = streamCodegraphRead(src.read, 'strict', 1 << 20);
    expect(summary(o)).toBe('reject JSON_SYNTAX 1 0');
    // Reading stopped right after the € that the full buffer cut.
    expect(src.served()).toBe((4 << 20) + 2);
  });
});
