import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import type { OpOutcome } from '../shared/ops.ts';
import { caseId, type Vector } from '../shared/vectors.ts';
import { certifyCommand } from './certify.ts';
import { writeReportDir } from '../report/write-report-dir.ts';
import { loadOracleOp } from './oracle-ops.ts';
import { FORMCERT_BIN, serveReference } from './reference-testee.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'formcert-reference-'));
const LABELS = '["alpha","beta"]';
const NOT_JSON = '["alpha",';

function file(name: string, text: string): string {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

async function oracle(text: string): Promise<OpOutcome> {
  const handler = (await loadOracleOp('journal.track-key'))!;
  return handler(new TextEncoder().encode(text));
}

function observationOf(o: OpOutcome): JsonValue {
  if (!('accept' in o) || !o.accept) throw new Error('the oracle did not accept');
  return o.observation;
}

function codeOf(o: OpOutcome): string {
  if (!('accept' in o) || o.accept) throw new Error('the oracle did not reject');
  return o.error.code;
}

async function exec(op: string, path: string): Promise<{ status: number; stdout: string }> {
  try {
    const r = await run(process.execPath, [FORMCERT_BIN, 'testee', 'exec', op, path]);
    return { status: 0, stdout: r.stdout };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { status: err.code, stdout: err.stdout };
  }
}

describe('formcert testee exec', () => {
  it('accepts with exit 0 and the observation as JSON on stdout', async () => {
    const want = observationOf(await oracle(LABELS));
    const r = await exec('journal.track-key', file('labels.json', LABELS));
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(writeJson(want) + '\n');
  });

  it('rejects with exit 1 and "code: <CODE>" as the first line', async () => {
    const want = codeOf(await oracle(NOT_JSON));
    const r = await exec('journal.track-key', file('bad.json', NOT_JSON));
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`code: ${want}`);
  });

  it('exits 2 on an unknown op (never 0, 1 or 4, which are verdicts)', async () => {
    expect((await exec('journal.nope', file('x.json', LABELS))).status).toBe(2);
  });
});

describe('formcert testee serve', () => {
  it('declares the ops whose format module loads, answers runs and stops cleanly', async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let text = '';
    output.on('data', (c: Buffer) => (text += c.toString()));
    const done = serveReference(input, output, new PassThrough());
    input.write('{"cmd":"start","protocol":1}\n');
    input.write(`{"cmd":"run","seq":7,"op":"journal.track-key","input":${JSON.stringify(file('s.json', LABELS))}}\n`);
    input.write(`{"cmd":"run","seq":8,"op":"journal.track-key","input":${JSON.stringify(file('t.json', NOT_JSON))}}\n`);
    input.write('{"cmd":"stop"}\n');
    await done;
    const lines = text.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ protocol: 1, implementation: { name: 'formcert-oracle', language: 'typescript' } });
    expect(Object.keys(lines[0]!.ops as object)).toEqual(expect.arrayContaining(['journal.read', 'journal.append', 'journal.track-key']));
    const bySeq = new Map(lines.slice(1).map((l) => [l.seq, l]));
    expect(bySeq.get(7)).toMatchObject({ accept: true, observation: expect.any(Object) });
    expect(bySeq.get(8)).toMatchObject({ accept: false, code: expect.any(String) });
  });
});

describe('formcert certify on the reference testee', () => {
  it('passes in persistent and exec mode, and fails when a vector says otherwise', async () => {
    const good = observationOf(await oracle(LABELS));
    const vec = (text: string, expect: Vector['expect'], name: string): Vector => ({
      id: caseId('journal.track-key', text),
      name,
      format: 'journal',
      op: 'journal.track-key',
      profile: 'core',
      requirements: ['JRN-OP-3'],
      input: new TextEncoder().encode(text),
      expect,
      note: 'reference plumbing',
      file: 'x',
    });
    const bad = codeOf(await oracle(NOT_JSON));
    const vectors = [
      vec(LABELS, { verdict: 'accept', observation: good }, 'labels'),
      vec(NOT_JSON, { verdict: 'reject', code: bad }, 'not-json'),
    ];
    const vdir = join(dir, 'vectors');
    writeVectorFiles(vdir, vectors);
    const base = { testee: [], profile: 'strict', codes: true, timeoutMs: '20000', persistent: false, exec: false, vectors: vdir, maxOutputBytes: '1048576' };
    let out = '';
    const io = { out: (s: string) => (out += s), err: (s: string) => (out += s), writeReportDir };
    expect(await certifyCommand(base, io)).toBe(0);
    expect(out).toMatch(/formcert-oracle .*persistent mode/);
    expect(await certifyCommand({ ...base, exec: true }, io)).toBe(0);
    expect(out).toMatch(/formcert-oracle .*exec mode/);
    const wrong = join(dir, 'wrong');
    writeVectorFiles(wrong, [vec(LABELS, { verdict: 'reject', code: 'SOMETHING' }, 'labels')]);
    expect(await certifyCommand({ ...base, vectors: wrong }, io)).toBe(1);
    expect(out).toMatch(/fail:accepted-invalid/);
  }, PROCESS_TEST_TIMEOUT_MS);
});
