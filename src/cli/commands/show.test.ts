import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { expectAccept, expectReject, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../../conformance/fixtures/toy-vectors.ts';
import { main } from '../main.ts';

/** Runs the CLI in-process with stdout (text and bytes) and stderr captured. */
async function formcert(...argv: string[]): Promise<{ status: number; stdout: Buffer; stderr: string }> {
  const chunks: Buffer[] = [];
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => (chunks.push(Buffer.from(s as string | Uint8Array)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((stderr += String(s)), true));
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
