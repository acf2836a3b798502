import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPTED_EXEC } from '../../conformance/fixtures/toy-vectors.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { expandArgv } from './argv-template.ts';
import { ExecTestee } from './exec-testee.ts';
import { TesteeSetupError } from './testee-reply.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-exec-test-'));
let n = 0;
function input(text: string): string {
  const p = join(dir, `in-${n++}`);
  writeFileSync(p, text + '\n');
  return p;
}
const testee = new ExecTestee({ template: SCRIPTED_EXEC, ops: ['journal.read'], timeoutMs: 3000, maxOutputBytes: 4096 });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('expandArgv', () => {
  it('replaces placeholders inside arguments and appends the input when {input} is absent', () => {
    expect(expandArgv(['r', '--op={op}', '{input}'], 'morph.c14n', '/t/x')).toEqual(['r', '--op=morph.c14n', '/t/x']);
    expect(expandArgv(['r', '{op}'], 'journal.read', '/t/x')).toEqual(['r', 'journal.read', '/t/x']);
  });
});

describe('ExecTestee', () => {
  it('reads exit 0 + JSON as accept with the observation, lexemes kept', async () => {
    const a = await testee.run('journal.read', input('accept {"n":1.50,"big":123456789012345678901}'));
    expect(a.reply.kind).toBe('accept');
    expect(a.reply.kind === 'accept' && writeJson(a.reply.observation!)).toBe('{"n":1.50,"big":123456789012345678901}');
  });

  it('reads exit 1 with and without a code line', async () => {
    expect((await testee.run('journal.read', input('reject JRN_BAD'))).reply).toEqual({ kind: 'reject', code: 'JRN_BAD' });
    expect((await testee.run('journal.read', input('reject'))).reply).toEqual({ kind: 'reject' });
  });

  it('reads exit 4 as skipped with its reason', async () => {
    expect((await testee.run('journal.read', input('skip no toon codec'))).reply).toEqual({ kind: 'skipped', reason: 'no toon codec' });
  });

  it('classes other statuses and signals as crashes, keeping stderr', async () => {
    const crash = await testee.run('journal.read', input('crash'));
    expect(crash.reply).toMatchObject({ kind: 'errored', errorClass: 'crash', detail: 'exit status 3' });
    expect(crash.stderr).toContain('crashing on purpose');
    expect((await testee.run('journal.read', input('signal'))).reply).toMatchObject({ errorClass: 'crash', detail: 'killed by signal SIGKILL' });
  });

  it('classes non-JSON stdout and oversized stdout as protocol errors', async () => {
    expect((await testee.run('journal.read', input('garbage'))).reply).toMatchObject({ errorClass: 'protocol' });
    expect((await testee.run('journal.read', input('big 10000'))).reply).toMatchObject({ errorClass: 'protocol' });
  });

  it('kills the whole process group on timeout, grandchildren included', async () => {
    const marker = `marker-${process.pid}-${Date.now()}`;
    const before = Date.now();
    const a = await testee.run('journal.read', input(`spawn-hang ${marker}`));
    expect(a.reply).toMatchObject({ kind: 'errored', errorClass: 'timeout' });
    expect(Date.now() - before).toBeLessThan(8000);
    // No process of the toy's group survives, the grandchild included (found by its marker).
    const { execFileSync } = await import('node:child_process');
    const survivors = () =>
      execFileSync('ps', ['-eo', 'pid,stat,args'], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => l.includes(marker) && !/^\s*\d+\s+Z/.test(l))
        .map((l) => Number(l.trim().split(/\s+/)[0]))
        .filter(alive);
    // SIGKILL is delivered at once, but the exit may take a moment to show in ps.
    for (let i = 0; i < 20 && survivors().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(survivors()).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);

  it('refuses a testee that does not exist or is not executable before running anything', () => {
    expect(() => new ExecTestee({ template: ['/no/such/reader'], ops: ['journal.read'], timeoutMs: 100, maxOutputBytes: 10 })).toThrow(TesteeSetupError);
    const script = join(dir, 'not-exec.sh');
    writeFileSync(script, '#!/bin/sh\nexit 0\n');
    chmodSync(script, 0o644);
    expect(() => new ExecTestee({ template: [script], ops: ['journal.read'], timeoutMs: 100, maxOutputBytes: 10 })).toThrow(/not executable/);
    expect(() => new ExecTestee({ template: ['definitely-not-a-command-xyz'], ops: ['journal.read'], timeoutMs: 100, maxOutputBytes: 10 })).toThrow(/no such file/);
  });
});
