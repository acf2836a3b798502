import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  expectAccept,
  expectEither,
  expectReject,
  FIXTURES_DIR,
  SCRIPTED_EXEC,
  SCRIPTED_PERSISTENT,
  toyVector,
  writeVectorFiles,
} from '../../conformance/fixtures/toy-vectors.ts';
import { parseCaseRecords, type CaseRecord } from '../results/case-record.ts';
import { reportCommand } from '../report/report-command.ts';
import { certifyCommand, type CertifyCommandOptions } from './certify.ts';
import { writeReportDir } from '../report/write-report-dir.ts';

const work = mkdtempSync(join(tmpdir(), 'formcert-certify-test-'));

/** A suite where the toy testee gets every outcome class once. */
const MIXED = [
  toyVector('accept {"a":1}', expectAccept('{"a":1}'), { requirements: ['TOY-OK'] }),
  toyVector('accept {"a":2}', expectAccept('{"a":1}'), { requirements: ['TOY-OBS'] }),
  toyVector('accept', expectReject('TOY_BAD'), { op: 'morph.c14n', requirements: ['TOY-AI'] }),
  toyVector('reject TOY_OTHER', expectReject('TOY_BAD'), { profile: 'strict', requirements: ['TOY-CODE'] }),
  toyVector('reject', expectAccept(), { requirements: ['TOY-RV'] }),
  toyVector('crash', expectAccept()),
  toyVector('hang', expectAccept()),
  toyVector('garbage', expectAccept('{"x":1}')),
  toyVector('skip not today', expectAccept()),
  toyVector('accept {"e":1}', expectEither),
];

/** The same without the hanging case, for tests that do not need a timeout (each one costs the limit). */
const MIXED_NO_HANG = MIXED.filter((v) => v.name !== 'hang');

function vectorsDir(name: string, vectors = MIXED): string {
  const dir = join(work, name);
  writeVectorFiles(dir, vectors);
  return dir;
}

const defaults: CertifyCommandOptions = {
  testee: SCRIPTED_EXEC,
  profile: 'strict',
  codes: true,
  timeoutMs: '3000',
  persistent: false,
  exec: false,
  vectors: '',
  maxOutputBytes: String(1 << 20),
};

async function certify(o: Partial<CertifyCommandOptions>): Promise<{ status: number; out: string; err: string; records: CaseRecord[] }> {
  let out = '';
  let err = '';
  const report = o.report ?? join(work, `report-${Math.random().toString(36).slice(2)}`);
  const status = await certifyCommand({ ...defaults, ...o, report }, { out: (s) => (out += s), err: (s) => (err += s), writeReportDir });
  let records: CaseRecord[] = [];
  try {
    const parsed = parseCaseRecords(readFileSync(join(report, 'results.jsonl'), 'utf8'));
    if (parsed.ok) records = parsed.value;
  } catch {
    // no report written (usage error)
  }
  return { status, out, err, records };
}

const outcomes = (records: CaseRecord[]) => Object.fromEntries(records.map((r) => [r.name, r.outcome]));

describe('formcert certify', () => {
  const dir = vectorsDir('mixed');
  const quick = vectorsDir('mixed-no-hang', MIXED_NO_HANG);
  const expected = {
    'accept-a-1-': 'pass',
    'accept-a-2-': 'fail:wrong-observation',
    accept: 'fail:accepted-invalid',
    'reject-toy-other': 'fail:wrong-code',
    reject: 'fail:rejected-valid',
    crash: 'errored:crash',
    hang: 'errored:timeout',
    garbage: 'errored:protocol',
    'skip-not-today': 'skipped',
    'accept-e-1-': 'pass',
  };

  it('gives every outcome class in exec mode, exit 1, worst failure first in the summary', async () => {
    const r = await certify({ vectors: dir, jobs: '2' });
    expect(r.status).toBe(1);
    expect(outcomes(r.records)).toEqual(expected);
    const worst = r.out.split('\n').findIndex((l) => l.includes('worst failures'));
    expect(r.out.split('\n')[worst + 1]).toMatch(/^\s+fail:accepted-invalid\s+morph\.c14n/);
    expect(r.out).toMatch(/FAILED/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('gives the same outcomes in persistent mode, with ops it does not declare as n/a', async () => {
    // Without the hang, which costs two timeouts in persistent mode (pipelined, then alone in a fresh
    // process); persistent-testee.test.ts covers it.
    const r = await certify({ vectors: quick, persistent: true, testee: SCRIPTED_PERSISTENT });
    const { hang: _hang, ...noHang } = expected;
    expect(outcomes(r.records)).toEqual(noHang);
    const narrowed = await certify({ vectors: quick, persistent: true, testee: ['/usr/bin/env', 'TOY_OPS=journal.read', ...SCRIPTED_PERSISTENT] });
    expect(narrowed.records.find((x) => x.op === 'morph.c14n')?.outcome).toBe('n/a');
    expect(narrowed.records.find((x) => x.name === 'crash')?.outcome).toBe('errored:crash');
  }, PROCESS_TEST_TIMEOUT_MS);

  it('checks codes only with --codes', async () => {
    const r = await certify({ vectors: quick, codes: false, ops: 'journal.read' });
    expect(outcomes(r.records)['reject-toy-other']).toBe('pass');
    expect(r.records.every((x) => x.op === 'journal.read')).toBe(true);
  });

  it('exits 0 when every scored case passes, and --profile core leaves strict cases out', async () => {
    const clean = vectorsDir('clean', [
      toyVector('accept {"n":12345678901234567890}', expectAccept('{"n":12345678901234567890}')),
      toyVector('reject TOY_BAD', expectReject('TOY_BAD')),
      toyVector('skip no codec', expectAccept()),
      toyVector('accept', expectReject('TOY_BAD'), { profile: 'strict' }),
    ]);
    const core = await certify({ vectors: clean, profile: 'core' });
    expect(core.status).toBe(0);
    expect(core.records).toHaveLength(3);
    expect(core.out).toMatch(/PASSED/);
    expect((await certify({ vectors: clean, profile: 'strict' })).status).toBe(1);
  });

  it('honours --expected-failures: listed failures pass the run, a listed pass fails it', async () => {
    const small = vectorsDir('xfail', [toyVector('accept {"ok":1}', expectAccept('{"ok":1}')), toyVector('reject', expectAccept())]);
    const [good, bad] = [toyVector('accept {"ok":1}', expectAccept('{"ok":1}')), toyVector('reject', expectAccept())];
    const list = join(work, 'xfail.txt');
    writeFileSync(list, `# known bugs\n${bad!.id} rejects everything\n`);
    const ok = await certify({ vectors: small, expectedFailures: list });
    expect(ok.status).toBe(0);
    expect(ok.records.find((x) => x.id === bad!.id)?.expectedFailure).toBe('rejects everything');
    writeFileSync(list, `${bad!.id} rejects everything\n${good!.id} was broken once\n`);
    const stale = await certify({ vectors: small, expectedFailures: list });
    expect(stale.status).toBe(1);
    expect(stale.out).toMatch(/now PASS/);
    writeFileSync(list, `${bad!.id}\n`);
    expect((await certify({ vectors: small, expectedFailures: list })).status).toBe(2);
  });

  it('splits a run into shards whose merged reports equal the whole run', async () => {
    const many = vectorsDir(
      'many',
      // 12 cases: enough for three non-empty shards, few enough spawns (4 runs) for the fast tier.
      Array.from({ length: 12 }, (_, i) => toyVector(`accept {"i":${i}}`, expectAccept(`{"i":${i}}`))),
    );
    const whole = await certify({ vectors: many });
    const shardDirs = [1, 2, 3].map((i) => join(work, `shard-${i}`));
    const parts = await Promise.all(shardDirs.map((report, i) => certify({ vectors: many, shard: `${i + 1}/3`, report })));
    expect(parts.reduce((n, p) => n + p.records.length, 0)).toBe(12);
    expect(parts.every((p) => p.records.length > 0)).toBe(true);
    let merged = '';
    const status = await reportCommand('merge', shardDirs.map((d) => join(d, 'results.jsonl')), {}, { out: (s) => (merged += s), err: () => undefined });
    expect(status).toBe(0);
    const m = parseCaseRecords(merged);
    expect(m.ok && m.value.map((r) => r.id).sort()).toEqual(whole.records.map((r) => r.id).sort());
    expect((await certify({ vectors: many, shard: '4/3' })).status).toBe(2);
    // Each record carries its shard and the selection size, so a merge without shard 3/3 is refused.
    expect(m.ok && m.value.every((r) => r.selection === 12 && /^[123]\/3$/.test(r.shard ?? ''))).toBe(true);
    let err = '';
    const partial = await reportCommand('merge', shardDirs.slice(0, 2).map((d) => join(d, 'results.jsonl')), {}, { out: () => undefined, err: (s) => (err += s) });
    expect(partial).toBe(2);
    expect(err).toMatch(/^formcert report merge: incomplete: .* of 12 selected cases; no case from shard 3\/3 \(pass --allow-partial to merge anyway\)\n$/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('reports a testee that fails everything the same way as one setup error (exit 2)', async () => {
    const many = vectorsDir('uniform', Array.from({ length: 20 }, (_, i) => toyVector(`accept {"i":${i}}`, expectAccept())));
    // Wrong argv: the toy wants <op> <input> but gets only the input, and exits 2 with its usage line.
    const wrongArgv = await certify({ vectors: many, testee: [process.execPath, join(FIXTURES_DIR, 'scripted-exec.mjs')], ops: 'journal.read' });
    expect(wrongArgv.status).toBe(2);
    expect(wrongArgv.err).toMatch(/same way: errored:crash \(exit status 2\)/);
    expect(wrongArgv.err).toMatch(/usage: scripted-exec/);
    expect(wrongArgv.records.length).toBeLessThan(20);
    // A program that dies at start-up with status 1 (v1.1: no rejection line) crashes on every case.
    const broken = join(work, 'broken-reader.mjs');
    writeFileSync(broken, "import './no-such-module.mjs';\n");
    const startup = await certify({ vectors: many, testee: [process.execPath, broken, '{op}', '{input}'] });
    expect(startup.status).toBe(2);
    expect(startup.err).toMatch(/same way: errored:crash \(exit status 1 without a rejection line/);
    const missing = await certify({ vectors: many, testee: ['/nonexistent/reader', '{op}', '{input}'] });
    expect(missing.status).toBe(2);
    expect(missing.err).toMatch(/no such file/);
    const handshake = await certify({ vectors: many, persistent: true, testee: ['/usr/bin/env', 'TOY_START=protocol2', ...SCRIPTED_PERSISTENT] });
    expect(handshake.status).toBe(2);
    expect(handshake.err).toMatch(/protocol 2/);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('exits 2 when nothing was scored (the testee serves none of the selected ops)', async () => {
    const r = await certify({ vectors: quick, persistent: true, ops: 'morph.c14n', testee: ['/usr/bin/env', 'TOY_OPS=journal.read', ...SCRIPTED_PERSISTENT] });
    expect(r.records.map((x) => x.outcome)).toEqual(['n/a']);
    expect(r.status).toBe(2);
    expect(r.err).toMatch(/no case was scored/);
  });

  it('exits 2 when the reports cannot be written, after printing the summary', async () => {
    const file = join(work, 'a-file');
    writeFileSync(file, '');
    const r = await certify({ vectors: quick, ops: 'journal.read', report: join(file, 'reports') });
    expect(r.status).toBe(2);
    expect(r.out).toMatch(/FAILED/);
    expect(r.err).toMatch(/cannot write the reports/);
  });

  it('refuses bad usage with exit 2', async () => {
    for (const bad of [{ profile: 'lax' }, { ops: 'journal.nope' }, { timeoutMs: '0' }, { shard: '0/2' }, { testee: ['node', 'x.mjs', '{input}'] }]) {
      expect((await certify({ vectors: quick, ...bad })).status).toBe(2);
    }
  });

  it('refuses out-of-range numbers, a vector file given as --vectors and junk expected-failure lines, in one line (item 9)', async () => {
    const oneLine = async (o: Partial<CertifyCommandOptions>, message: RegExp) => {
      const r = await certify({ vectors: quick, ...o });
      expect(r.status).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    };
    await oneLine({ timeoutMs: String(2 ** 31) }, /--timeout-ms must be at most 2147483647/);
    await oneLine({ jobs: '100000' }, /--jobs must be at most 256/);
    const file = join(work, 'a-vector-file.json');
    writeFileSync(file, '{}');
    await oneLine({ vectors: file }, /--vectors .* is not a directory/);
    await oneLine({ vectors: join(work, 'no-such-dir') }, /--vectors .*: no such directory/);
    const list = join(work, 'junk-xfail.txt');
    writeFileSync(list, 'TODO fix the reader later\n');
    await oneLine({ expectedFailures: list }, /junk-xfail\.txt:1: expected "<case-id> <reason>"/);
  });

  it('never starts more persistent processes than cases (item 9)', async () => {
    const log = join(work, 'jobs-log');
    writeFileSync(log, '');
    const two = vectorsDir('two', [toyVector('accept {"a":1}', expectAccept('{"a":1}')), toyVector('accept {"a":2}', expectAccept('{"a":2}'))]);
    const r = await certify({ vectors: two, persistent: true, jobs: '64', testee: ['/usr/bin/env', `TOY_LOG=${log}`, ...SCRIPTED_PERSISTENT] });
    expect(r.status).toBe(0);
    expect(r.records).toHaveLength(2);
    expect(readFileSync(log, 'utf8').split('\n').filter((l) => l === 'start')).toHaveLength(2);
  });
});
