/** The report of the whole golden suite for one implementation stays small enough to open, passing or failing (issue 13 item 1). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseRecords } from '../results/case-record.ts';

const REPO = join(import.meta.dirname, '../..');

describe('report size over the golden suite', () => {
  it('writes report.html under 5 MB while results.jsonl keeps every case', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'formcert-report-size-')), 'report');
    const run = spawnSync(process.execPath, [join(REPO, 'bin/formcert.mjs'), 'certify', '--report', dir], { cwd: REPO, encoding: 'utf8', timeout: 300_000 });
    expect(run.status, run.stderr).toBe(0);
    const records = parseCaseRecords(readFileSync(join(dir, 'results.jsonl'), 'utf8'));
    expect(records.ok && records.value.length).toBeGreaterThan(1000);
    expect(statSync(join(dir, 'report.html')).size).toBeLessThan(5 * 1024 * 1024);
  }, 300_000);

  it('stays under 5 MB for a sloppy implementation that fails most cases with big observations', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'formcert-report-size-')), 'report');
    const sloppy = join(REPO, 'conformance/fixtures/sloppy-persistent.mjs');
    const run = spawnSync(process.execPath, [join(REPO, 'bin/formcert.mjs'), 'certify', '--report', dir, '--persistent', '--', process.execPath, sloppy], {
      cwd: REPO,
      encoding: 'utf8',
      timeout: 300_000,
    });
    expect(run.status, run.stderr).toBe(1);
    const parsed = parseCaseRecords(readFileSync(join(dir, 'results.jsonl'), 'utf8'));
    const records = parsed.ok ? parsed.value : [];
    expect(records.length).toBeGreaterThan(1000);
    const failing = records.filter((r) => r.outcome.startsWith('fail:'));
    expect(failing.length).toBeGreaterThan(records.length / 2);
    // The page would hold a long text in nearly every cell: big actual observations on most failures.
    const big = failing.filter((r) => r.got.observation instanceof Map && (r.got.observation.get('pad') as string).length >= 64 * 1024);
    expect(big.length).toBeGreaterThan(records.length / 3);
    expect(new Set(failing.map((r) => r.outcome))).toEqual(new Set(['fail:accepted-invalid', 'fail:rejected-valid', 'fail:wrong-observation']));
    expect(statSync(join(dir, 'results.jsonl')).size).toBeGreaterThan(20 * 1024 * 1024);
    expect(statSync(join(dir, 'report.html')).size).toBeLessThan(5 * 1024 * 1024);
  }, 300_000);
});
