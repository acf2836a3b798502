import { Command } from 'commander';
import { describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { PROCESS_TEST_TIMEOUT_MS } from '../../../test-support/timeouts.ts';
import { REPO_ROOT } from '../../runner/vectors/repo-root.ts';
import { registerCommands } from '../commands.ts';

const BIN = join(REPO_ROOT, 'bin', 'formcert.mjs');

function formcert(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('formcert fuzz', () => {
  it(
    'exits 2 without a testee command (through bin/formcert.mjs)',
    () => {
      const r = formcert('fuzz', '--op', 'journal.read', '--runs', '5');
      expect(r.status).toBe(2);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it('prints one JSON object with the status and the error under --json', async () => {
    const r = await inProcess('fuzz', '--op', 'journal.read', '--runs', '5', '--json');
    expect(r.status).toBe(2);
    expect(JSON.parse(r.stdout)).toEqual({ command: 'fuzz', op: 'journal.read', status: 2, error: 'give the testee command after --' });
    expect(r.stderr).toContain('give the testee command after --');
  });
});

// The verbs' modules (and everything they import) load once, here, rather than inside the first test.
await registerCommands(new Command(), () => {});

/** Runs the registered CLI in-process (nothing spawned); returns the exit status it set and what it wrote. */
async function inProcess(...args: string[]): Promise<{ status: number | undefined; stdout: string; stderr: string }> {
  let status: number | undefined;
  const program = new Command().exitOverride();
  await registerCommands(program, (code) => {
    status = code;
  });
  let stdout = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += chunk.toString();
    return true;
  });
  let stderr = '';
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  });
  try {
    await program.parseAsync(['node', 'formcert', ...args]);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
  return { status, stdout, stderr };
}

describe('formcert fuzz --shard', () => {
  it('refuses --shard without a shared --seed, a malformed shard, and --shard with --replay', async () => {
    const error = async (...args: string[]) => {
      const r = await inProcess('fuzz', '--op', 'journal.read', '--runs', '5', '--json', ...args, '--', 'true');
      expect(r.status).toBe(2);
      return JSON.parse(r.stdout).error;
    };
    expect(await error('--shard', '2/4')).toBe('--shard needs --seed, the same on every shard of the campaign');
    expect(await error('--shard', '5/4', '--seed', '1')).toBe('--shard must be I/N with 1 ≤ I ≤ N, got 5/4');
    expect(await error('--shard', '1/2', '--seed', '1', '--replay', '0:1')).toBe('--replay takes the seed printed with the path; give it without --shard');
  });
});
