/**
 * The hostile set (issue 11), through the real CLI: each scenario a small misbehaving testee (the toy
 * testees of conformance/fixtures), asserting the outcome of every case, the number of records and
 * the exit status. src/runner/README.md lists the scenarios and what formcert promises for each.
 */
import { spawn } from 'node:child_process';
import { readFileSync, } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  expectAccept,
  expectReject,
  SCRIPTED_EXEC,
  SCRIPTED_PERSISTENT,
  toyVector,
  writeVectorFiles,
} from '../fixtures/toy-vectors.ts';
import { hostileWorkspace } from '../fixtures/hostile-workspace.ts';
import { parseCaseRecords, type CaseRecord } from '../../src/results/case-record.ts';

const BIN = fileURLToPath(new URL('../../bin/formcert.mjs', import.meta.url));
const { work, pids } = hostileWorkspace('formcert-hostile-');

interface CliRun {
  status: number | null;
  out: string;
  err: string;
  ms: number;
  records: CaseRecord[];
}

/** Runs `formcert certify` in a child process; kills it (and fails) if it does not exit in `limitMs`. */
function certifyCli(name: string, vectors: ReturnType<typeof toyVector>[], args: string[], limitMs = 60_000): Promise<CliRun> {
  const dir = join(work, name);
  writeVectorFiles(dir, vectors);
  const report = join(work, `${name}-report`);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, 'certify', '--vectors', dir, '--report', report, ...args], {
      env: { ...process.env, TOY_PIDS: pids },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c));
    child.stderr.on('data', (c: Buffer) => (err += c));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`formcert certify did not exit within ${limitMs} ms\n${out}\n${err}`));
    }, limitMs);
    child.on('exit', (status) => {
      clearTimeout(timer);
      let records: CaseRecord[] = [];
      try {
        const parsed = parseCaseRecords(readFileSync(join(report, 'results.jsonl'), 'utf8'));
        if (parsed.ok) records = parsed.value;
      } catch {
        // no report: the assertions on records say so
      }
      resolve({ status, out, err, ms: performance.now() - t0, records });
    });
  });
}

const byName = (records: CaseRecord[]) => Object.fromEntries(records.map((r) => [r.name, r.outcome]));

/** Item 3: right verdicts on valid inputs, a panic (exit 101) instead of a refusal on every invalid one. */
const PANICKY = [
  ...Array.from({ length: 14 }, (_, i) => toyVector(`panic ${i}`, expectReject('TOY_BAD'), { name: `invalid-${i}` })),
  ...Array.from({ length: 6 }, (_, i) => toyVector(`accept {"i":${i}}`, expectAccept(`{"i":${i}}`), { name: `valid-${i}` })),
];

describe('hostile testees through the CLI', () => {
  for (const mode of ['exec', 'persistent'] as const) {
    const testee = mode === 'exec' ? ['--jobs', '2', '--', ...SCRIPTED_EXEC] : ['--persistent', '--', ...SCRIPTED_PERSISTENT];

    it(`${mode}: a reader that panics on invalid input is scored case by case, exit 1, not a setup error`, async () => {
      const r = await certifyCli(`panic-${mode}`, PANICKY, ['--timeout-ms', '5000', ...testee]);
      expect(r.records).toHaveLength(20);
      const got = byName(r.records);
      for (let i = 0; i < 14; i++) expect(got[`invalid-${i}`]).toBe('errored:crash');
      for (let i = 0; i < 6; i++) expect(got[`valid-${i}`]).toBe('pass');
      expect(r.err).not.toMatch(/setup problem/);
      expect(r.status).toBe(1);
    });

    it(`${mode}: a reader that throws on invalid input is never scored a rejection`, async () => {
      const vectors = [
        ...Array.from({ length: 4 }, (_, i) => toyVector(`throw ${i}`, expectReject('TOY_BAD'), { name: `throws-${i}` })),
        toyVector('reject TOY_BAD', expectReject('TOY_BAD'), { name: 'refuses' }),
        toyVector('accept {"ok":1}', expectAccept('{"ok":1}'), { name: 'valid' }),
      ];
      const r = await certifyCli(`throw-${mode}`, vectors, ['--timeout-ms', '5000', ...testee]);
      expect(r.records).toHaveLength(6);
      expect(byName(r.records)).toEqual({
        'throws-0': 'errored:crash',
        'throws-1': 'errored:crash',
        'throws-2': 'errored:crash',
        'throws-3': 'errored:crash',
        refuses: 'pass',
        valid: 'pass',
      });
      expect(r.status).toBe(1);
    });

    it(`${mode}: a setsid descendant holding the pipes neither blocks a case nor keeps the CLI alive`, async () => {
      const vectors = [
        toyVector('escape 30000 accept {"e":1}', expectAccept('{"e":1}'), { name: 'escaper' }),
        toyVector('accept {"n":1}', expectAccept('{"n":1}'), { name: 'plain' }),
      ];
      const r = await certifyCli(`escape-${mode}`, vectors, ['--timeout-ms', '10000', ...testee], 25_000);
      expect(byName(r.records)).toEqual({ escaper: 'pass', plain: 'pass' });
      expect(r.out).toMatch(/PASSED/);
      expect(r.status).toBe(0);
      expect(r.ms).toBeLessThan(15_000);
    });
  }

  it('persistent: a death after an answer is charged to the case that reproduces it, never to an unread case', async () => {
    const vectors = [
      toyVector('die-blocking 250 accept {"a":1}', expectAccept('{"a":1}'), { name: 'culprit', op: 'codegraph.read' }),
      ...Array.from({ length: 5 }, (_, i) => toyVector(`accept {"n":${i}}`, expectAccept(`{"n":${i}}`), { name: `innocent-${i}` })),
    ];
    for (const depth of [[], ['--jobs', '2']]) {
      const r = await certifyCli(`blocking-${depth.length}`, vectors, ['--persistent', ...depth, '--', ...SCRIPTED_PERSISTENT]);
      expect(r.records).toHaveLength(6);
      const got = byName(r.records);
      expect(got.culprit).toBe('errored:crash');
      for (let i = 0; i < 5; i++) expect(got[`innocent-${i}`]).toBe('pass');
      expect(r.out).toMatch(/testee process deaths \(unplanned\): \d+, 0 not reproduced/);
      expect(r.status).toBe(1);
    }
  });
});
