/**
 * Issue 11 items 1 and 4 in exec mode, with the toy testee: an uncaught exception (exit 1 without a
 * rejection line) is a crash, never a rejection; a descendant that escapes the process group with the
 * pipes open does not hold the case past the testee's exit.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCRIPTED_EXEC } from '../../conformance/fixtures/toy-vectors.ts';
import { ExecTestee } from './exec-testee.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-exec-hostile-'));
const pids = join(dir, 'pids');
writeFileSync(pids, '');
let n = 0;
function input(text: string): string {
  const p = join(dir, `in-${n++}`);
  writeFileSync(p, text + '\n');
  return p;
}
const testee = new ExecTestee({ template: SCRIPTED_EXEC, ops: ['journal.read'], timeoutMs: 4000, maxOutputBytes: 4096, env: { TOY_PIDS: pids } });

afterAll(() => {
  // The escaped children are out of reach of the group kill by design: end them here.
  for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

describe('ExecTestee with hostile testees (contract v1.1)', () => {
  it('scores exit 1 after an uncaught exception as errored:crash with the stderr tail', async () => {
    const a = await testee.run('journal.read', input('throw'));
    expect(a.reply).toMatchObject({ kind: 'errored', errorClass: 'crash' });
    expect(a.reply.kind === 'errored' && a.reply.detail).toMatch(/^exit status 1 without a rejection line .*stderr ends: .*raising on purpose/);
  });

  it('reads the bare word reject and a code line as rejections, and a panic (exit 101) as a crash', async () => {
    expect((await testee.run('journal.read', input('reject'))).reply).toEqual({ kind: 'reject' });
    expect((await testee.run('journal.read', input('reject JRN_X'))).reply).toEqual({ kind: 'reject', code: 'JRN_X' });
    const p = await testee.run('journal.read', input('panic'));
    expect(p.reply).toMatchObject({ kind: 'errored', errorClass: 'crash', detail: 'exit status 101' });
    expect(p.stderr).toMatch(/panicked/);
  });

  it('ends the case at the exit while a setsid descendant holds stdout open', async () => {
    const t0 = performance.now();
    const a = await testee.run('journal.read', input('escape 10000 accept {"a":1}'));
    expect(a.reply.kind).toBe('accept');
    expect(performance.now() - t0).toBeLessThan(2500);
    const r = await testee.run('journal.read', input('escape 10000 reject JRN_X'));
    expect(r.reply).toEqual({ kind: 'reject', code: 'JRN_X' });
  });
});
