import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCRIPTED_PERSISTENT } from '../../conformance/fixtures/toy-vectors.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { startPersistentTestee } from './persistent-testee.ts';
import { TesteeSetupError } from './testee-reply.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-persistent-test-'));
let n = 0;
function input(text: string): string {
  const p = join(dir, `in-${n++}`);
  writeFileSync(p, text + '\n');
  return p;
}
const base = { argv: SCRIPTED_PERSISTENT, jobs: 1, depth: 8, timeoutMs: 3000, maxOutputBytes: 4096 };

describe('persistent testee', () => {
  it('shakes hands, reports the declared ops and answers every reply kind', async () => {
    const t = await startPersistentTestee({ ...base, env: { TOY_OPS: 'journal.read,morph.c14n' } });
    try {
      expect(t.implementation).toMatchObject({ name: 'toy-persistent', version: '1.0', language: 'javascript' });
      expect([...t.ops.keys()]).toEqual(['journal.read', 'morph.c14n']);
      const a = await t.run('journal.read', input('accept {"x":1.0}'));
      expect(a.reply.kind === 'accept' && writeJson(a.reply.observation!)).toBe('{"x":1.0}');
      expect((await t.run('journal.read', input('reject JRN_X'))).reply).toMatchObject({ kind: 'reject', code: 'JRN_X' });
      expect((await t.run('journal.read', input('skip no codec'))).reply).toEqual({ kind: 'skipped', reason: 'no codec' });
      expect((await t.run('journal.read', input('testee-error'))).reply).toMatchObject({ kind: 'errored', errorClass: 'crash' });
      // stderr is a separate pipe: what arrives between two replies goes with the later one, so a
      // line written just before a reply may land on the next case.
      const s = await t.run('journal.read', input('stderr a warning'));
      await new Promise((r) => setTimeout(r, 100));
      const next = await t.run('journal.read', input('accept {}'));
      expect(s.stderr + next.stderr).toContain('a warning');
    } finally {
      await t.close();
    }
  });

  it('pipelines: replies arriving out of order are matched by seq', async () => {
    const t = await startPersistentTestee(base);
    try {
      const started = performance.now();
      const answers = await Promise.all([
        t.run('journal.read', input('delay 800 accept {"k":"slow"}')),
        t.run('journal.read', input('delay 20 accept {"k":"fast"}')),
        t.run('journal.read', input('delay 400 reject MID')),
      ]);
      // Three delays in flight at once take about the longest one, not their sum.
      expect(performance.now() - started).toBeLessThan(1150);
      expect(answers[0]!.reply.kind === 'accept' && writeJson(answers[0]!.reply.observation!)).toBe('{"k":"slow"}');
      expect(answers[1]!.reply.kind === 'accept' && writeJson(answers[1]!.reply.observation!)).toBe('{"k":"fast"}');
      expect(answers[2]!.reply).toMatchObject({ kind: 'reject', code: 'MID' });
    } finally {
      await t.close();
    }
  });

  it('restarts after a crash, charges only the crashing case and goes on', async () => {
    const log = join(dir, 'log-crash');
    writeFileSync(log, '');
    const t = await startPersistentTestee({ ...base, env: { TOY_LOG: log } });
    try {
      const answers = await Promise.all([
        t.run('journal.read', input('delay 100 accept {"a":1}')),
        t.run('journal.read', input('delay 20 crash')),
        t.run('journal.read', input('delay 50 reject R')),
        t.run('journal.read', input('accept {"after":true}')),
      ]);
      expect(answers.map((a) => (a.reply.kind === 'errored' ? `errored:${a.reply.errorClass}` : a.reply.kind))).toEqual([
        'accept',
        'errored:crash',
        'reject',
        'accept',
      ]);
      expect(answers[1]!.stderr).toContain('crashing on purpose');
      // One start at first, one after the pipelined loss; the cases in flight then run alone, the crash
      // on a process that had answered before, so once more in a fresh process, where it is charged.
      expect(readFileSync(log, 'utf8').split('\n').filter((l) => l === 'start').length).toBe(4);
    } finally {
      await t.close();
    }
  });

  it('kills a hung process group on the watchdog and classes the hung case as a timeout', async () => {
    const t = await startPersistentTestee({ ...base, timeoutMs: 1000 });
    try {
      const [hung, fine] = await Promise.all([t.run('journal.read', input('spawn-hang')), t.run('journal.read', input('accept {"ok":1}'))]);
      expect(hung.reply).toMatchObject({ kind: 'errored', errorClass: 'timeout' });
      expect(fine.reply.kind).toBe('accept');
    } finally {
      await t.close();
    }
  });

  it('classes bad lines, unknown seqs and oversized replies as protocol errors', async () => {
    const t = await startPersistentTestee(base);
    try {
      expect((await t.run('journal.read', input('garbage'))).reply).toMatchObject({ errorClass: 'protocol' });
      expect((await t.run('journal.read', input('wrong-seq'))).reply).toMatchObject({ errorClass: 'protocol' });
      expect((await t.run('journal.read', input('big 10000'))).reply).toMatchObject({ errorClass: 'protocol' });
      expect((await t.run('journal.read', input('accept {"still":"alive"}'))).reply.kind).toBe('accept');
    } finally {
      await t.close();
    }
  });

  it('accepts a verdict-only testee without observations', async () => {
    const t = await startPersistentTestee({ ...base, env: { TOY_NO_OBSERVE: '1' } });
    try {
      expect((await t.run('journal.read', input('accept'))).reply).toEqual({ kind: 'accept' });
    } finally {
      await t.close();
    }
  });

  it('refuses testees that fail the handshake with a setup error', async () => {
    for (const mode of ['crash', 'garbage', 'protocol2']) {
      await expect(startPersistentTestee({ ...base, env: { TOY_START: mode } })).rejects.toThrow(TesteeSetupError);
    }
    await expect(startPersistentTestee({ ...base, handshakeTimeoutMs: 500, env: { TOY_START: 'silent' } })).rejects.toThrow(/no reply to "start"/);
  });
});
