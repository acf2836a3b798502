import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expectAccept, expectReject, SCRIPTED_EXEC, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { FORMCERT_BIN } from './reference-testee.ts';

const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), 'formcert-cli-'));

async function formcert(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  try {
    const r = await run(process.execPath, [FORMCERT_BIN, ...args]);
    return { status: 0, stdout: r.stdout, stderr: r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { status: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}

describe('formcert certify and formcert report on the command line', () => {
  it('wires the options, prints the summary on stdout only, writes every report form, and merges', async () => {
    const vectors = join(work, 'vectors');
    writeVectorFiles(vectors, [
      toyVector('accept {"v":1}', expectAccept('{"v":1}')),
      toyVector('reject WRONG', expectReject('RIGHT')),
      toyVector('accept', expectReject('RIGHT'), { op: 'morph.c14n' }),
    ]);
    const report = join(work, 'report');
    const r = await formcert(['certify', '--vectors', vectors, '--codes', '--ops', 'journal.read', '--report', report, '--name', 'toy', '--', ...SCRIPTED_EXEC]);
    expect(r.status).toBe(1);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^formcert certify: toy, exec mode, profile strict: 2 cases/);
    expect(r.stdout).toMatch(/fail:wrong-code/);
    for (const f of ['results.jsonl', 'junit.xml', 'summary.md', 'report.html', 'badge.svg']) expect(existsSync(join(report, f))).toBe(true);
    expect(readFileSync(join(report, 'badge.svg'), 'utf8')).toContain('core 1/2');

    const merged = await formcert(['report', 'merge', join(report, 'results.jsonl'), '--report', join(work, 'merged')]);
    expect(merged.status).toBe(1);
    expect(merged.stdout).toBe('');
    expect(readFileSync(join(work, 'merged', 'results.jsonl'), 'utf8')).toBe(readFileSync(join(report, 'results.jsonl'), 'utf8'));
    const md = await formcert(['report', 'markdown', join(report, 'results.jsonl')]);
    expect(md.status).toBe(0);
    expect(md.stdout).toMatch(/^## formcert certify/);
    expect((await formcert(['report', 'html', join(work, 'missing.jsonl')])).status).toBe(2);
    expect((await formcert(['certify', '--profile', 'lax'])).status).toBe(2);
  }, PROCESS_TEST_TIMEOUT_MS);
});
