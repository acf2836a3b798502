import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { expectAccept, expectReject, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../../conformance/fixtures/toy-vectors.ts';
import { main } from '../main.ts';
import { sampleRecords } from '../../report/report-fixtures.test-helpers.ts';
import { renderJsonl } from '../../report/write-report-dir.ts';

/** Runs the CLI in-process with stdout (text and bytes) and stderr captured. */
async function formcert(...argv: string[]): Promise<{ status: number; stdout: Buffer; stderr: string }> {
  const chunks: Buffer[] = [];
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    chunks.push(Buffer.from(s as string | Uint8Array));
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    return { status: await main(argv), stdout: Buffer.concat(chunks), stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

describe('formcert show and the certify selection flags on the command line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-show-cli-'));
  const good = toyVector('accept {"k":1}', expectAccept('{"k":1}'), { requirements: ['R-J2'] });
  const bad = toyVector('accept', expectReject('NOPE'), { requirements: ['R-J5'] });
  writeVectorFiles(dir, [good, bad]);

  it('wires show: raw input on stdout, description on stderr; --info; unknown case exit 2', async () => {
    const raw = await formcert('show', bad.id, '--vectors', dir);
    expect(raw.status).toBe(0);
    expect(raw.stdout).toEqual(Buffer.from(bad.input));
    expect(raw.stderr).toContain('expect   reject, code NOPE');
    const info = await formcert('show', '--info', '--vectors', dir, good.id);
    expect(info.stdout.toString()).toMatch(/^case {5}[0-9a-f]{20} /);
    expect((await formcert('show', 'ffffffffffffffffffff', '--vectors', dir)).status).toBe(2);
  });

  it('wires show --actual: the whole observation from --results on stdout; --results without --actual is a usage error', async () => {
    const results = join(dir, 'results.jsonl');
    writeFileSync(results, renderJsonl(sampleRecords()));
    const got = await formcert('show', '--actual', 'bbbb0000000000000003', '--results', results, '--implementation', 'beta 0.3');
    expect(got.status).toBe(0);
    expect(got.stdout.toString()).toContain('123456789012345678901234567890');
    expect(got.stderr).toContain('outcome  fail:accepted-invalid');
    // --results repeats: two files are searched together.
    const other = join(dir, 'other.jsonl');
    writeFileSync(other, '');
    expect((await formcert('show', '--actual', '--results', other, '--results', results, '--implementation', 'beta 0.3', '--info', 'hostile-input')).status).toBe(0);
    expect((await formcert('show', '--actual', 'bbbb0000000000000003')).status).toBe(2);
    const stray = await formcert('show', '--results', results, bad.id, '--vectors', dir);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toContain('--results and --implementation go with --actual');
  });

  it('wires --cases, --requirements and --grep into certify', async () => {
    const argv = ['certify', '--vectors', dir, '--persistent'];
    const one = await formcert(...argv, '--cases', bad.id, '--', ...SCRIPTED_PERSISTENT);
    expect(one.status).toBe(1);
    expect(one.stdout.toString()).toMatch(/: 1 cases in/);
    expect(one.stdout.toString()).toContain(`Rerun the 1 failing case(s): formcert certify --cases ${bad.id}`);
    const rule = await formcert(...argv, '--requirements', 'R-J2', '--', ...SCRIPTED_PERSISTENT);
    expect(rule.status).toBe(0);
    const grep = await formcert(...argv, '--grep', 'no-match-at-all', '--', ...SCRIPTED_PERSISTENT);
    expect(grep.status).toBe(2);
  });
});
