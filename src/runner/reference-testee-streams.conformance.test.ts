/**
 * The reference testee reads every op's input streamed or bounded (reference-testee.ts, issue 11 item
 * 8): each way of reading gives the verdict, code and observation the in-memory op gives, on every
 * golden case, with lines and documents cut across small chunks. In-process, over the whole corpus.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadOracleOp } from './oracle-ops.ts';
import { OP_NAMES, type OpOutcome, type ReadChunk } from '../shared/ops.ts';
import { serveReference } from './reference-testee.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { readModelChunks } from '../codegraph/validate-file.ts';
import { ObservationBuilder } from '../codegraph/build-observation.ts';
import { loadVectors } from './vectors/load-vectors.ts';

/** A source serving `bytes` in reads of at most `step` bytes, then its end. */
function finite(bytes: Uint8Array, step: number): ReadChunk {
  let at = 0;
  return (buf, offset, length) => {
    const n = Math.min(length, step, bytes.length - at);
    buf.set(bytes.subarray(at, at + n), offset);
    at += n;
    return n;
  };
}

/** One line per outcome: verdict, then code and place, or the observation. */
const summary = (o: OpOutcome) =>
  'skipped' in o ? `skipped ${o.skipped}` : o.accept ? `accept ${writeJson(o.observation)}` : `reject ${o.error.code} ${o.error.location.line} ${o.error.location.byteOffset}`;

const vectors = await loadVectors();

describe('streamed reads agree with the in-memory ops on every golden case', () => {
  it('codegraph.read through its stream (stops once a refusal is certain), in 97-byte reads into a 256-byte buffer', async () => {
    const cases = vectors.filter((v) => v.op === 'codegraph.read');
    expect(cases.length).toBeGreaterThan(100);
    const op = (await loadOracleOp('codegraph.read'))!;
    for (const v of cases) {
      const whole = await op(v.input, { profile: v.profile });
      const builder = new ObservationBuilder();
      const result = readModelChunks(finite(v.input, 97), v.profile, { chunkBytes: 256, readOnBytes: 1 << 20, observer: builder.observe });
      const streamed: OpOutcome = result.ok ? { accept: true, observation: builder.result() } : { accept: false, error: result.error };
      expect(summary(streamed), v.name).toBe(summary(whole));
    }
  }, 120_000);

  it('journal.read through its stream, in 97-byte reads', async () => {
    const cases = vectors.filter((v) => v.op === 'journal.read');
    expect(cases.length).toBeGreaterThan(100);
    const op = (await loadOracleOp('journal.read'))!;
    for (const v of cases) {
      const whole = await op(v.input, { profile: v.profile });
      expect(summary(op.stream!(finite(v.input, 97), { profile: v.profile })), v.name).toBe(summary(whole));
    }
  }, 120_000);
});

describe('no op of the reference testee reads an input whole', () => {
  it('every op streams, or has a size bound whose refusal is the one the op gives in memory', async () => {
    for (const op of OP_NAMES) {
      const handler = (await loadOracleOp(op))!;
      if (handler.stream) continue;
      const bound = handler.inputBound;
      expect(bound, op).toBeDefined();
      const over = Buffer.alloc(bound!.maxBytes + 1, 0x20);
      const inMemory = await handler(over, { profile: 'strict' });
      const refused = bound!.refuse(over.length);
      // journal.append and journal.track-key: the testee's own bound, no format rule: skipped, never a verdict.
      if ('skipped' in refused) continue;
      const at = (o: OpOutcome) => ('error' in o ? [o.error.code, o.error.requirement, o.error.profile, o.error.location.byteOffset, o.error.message] : o);
      expect(at(refused), op).toEqual(at(inMemory));
    }
  }, 120_000);
});

describe('testee serve answers endless and oversized inputs too (the same reading as exec)', () => {
  it('a run on /dev/zero for every op is answered, then stop ends the session', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let replies = '';
    output.on('data', (d: Buffer) => (replies += d.toString()));
    const served = serveReference(input, output, new PassThrough(), 'strict');
    input.write('{"cmd":"start","protocol":1}\n');
    for (const [seq, op] of OP_NAMES.entries()) input.write(JSON.stringify({ cmd: 'run', seq, op, input: '/dev/zero' }) + '\n');
    input.write('{"cmd":"stop"}\n');
    await served;
    const bySeq = new Map<number, { code?: string; skipped?: string }>();
    for (const line of replies.trim().split('\n').slice(1)) {
      const r = JSON.parse(line) as { seq: number; code?: string; skipped?: string };
      bySeq.set(r.seq, r);
    }
    expect(OP_NAMES.map((op, seq) => [op, bySeq.get(seq)?.code ?? (bySeq.get(seq)?.skipped ? 'skipped' : 'none')])).toEqual([
      ['codegraph.read', 'JSON_SYNTAX'],
      ['journal.read', 'JSON_SYNTAX'],
      ['journal.append', 'skipped'],
      ['journal.track-key', 'skipped'],
      ['morph.c14n', 'LIMIT_EXCEEDED'],
      ['morph.decode', 'LIMIT_EXCEEDED'],
      ['morph.import', 'LIMIT_EXCEEDED'],
      ['morph.encode', 'LIMIT_EXCEEDED'],
    ]);
  }, 120_000);
});
