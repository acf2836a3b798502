/** The report of the whole golden suite for one implementation stays small enough to open (issue 13 item 1). */
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
});
