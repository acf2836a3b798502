/**
 * Issue 11 item 8: `validate codegraph` and the morph validators stay under 200 MB peak RSS on hostile
 * input — /dev/zero, a 200 MB line with no LF, 200 MB through a pipe — measured in a child process.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliWithPeakRss, type Run } from './run-with-peak-rss.ts';

const MB200 = 200_000_000;

const dir = mkdtempSync(join(tmpdir(), 'formcert-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fifos = 0;

/**
 * Runs `formcert validate <target> <path>`; with `shell` (a pipeline), `path` is ignored and the
 * validator reads a named pipe the pipeline writes, as `… | formcert validate x /dev/stdin` would. When
 * `killAfterMs` is set the validator is stopped then (an endless input) and its peak is read from /proc
 * while it still runs; otherwise it reports its own peak at exit.
 */
function runValidator(target: string, path: string, shell?: string, killAfterMs?: number, verb: readonly string[] = ['validate']): Promise<Run> {
  let input = path;
  let feeder: ReturnType<typeof spawn> | undefined;
  if (shell !== undefined) {
    input = join(dir, `pipe-${fifos++}`);
    spawnSync('mkfifo', [input]);
    // The writer's errors (a pipe closed by the validator once it has its verdict) are expected.
    feeder = spawn('sh', ['-c', `(${shell}) > ${input} 2>/dev/null`], { stdio: 'ignore' });
  }
  return runCliWithPeakRss([...verb, target, input], `${target} ${shell ?? path}`, killAfterMs, () => feeder?.kill('SIGKILL'));
}

const linux = existsSync('/proc/self/status');

describe.runIf(linux)('validators and testee exec under 200 MB peak RSS on hostile input', () => {
  it('codegraph on /dev/zero (an endless line, refused at byte 0): bounded while it reads on', async () => {
    const r = await runValidator('codegraph', '/dev/zero', undefined, 3000);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('codegraph on a 200 MB line without LF through a pipe: refused at byte 0', async () => {
    const r = await runValidator('codegraph', 'fifo', `head -c ${MB200} /dev/zero | tr '\\0' x`);
    expect([r.status, r.stdout]).toStrictEqual([1, expect.stringContaining('byte 0')]);
    expect(r.stdout).toContain('code: JSON_SYNTAX');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('codegraph on a header line that breaks after 18 bytes and runs on for 200 MB', async () => {
    const r = await runValidator('codegraph', 'fifo', `printf '{"t":"header","a":'; head -c ${MB200} /dev/zero | tr '\\0' y`);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('byte 18');
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('codegraph on 200 MB of random bytes: refused at the first UTF-8 fault, at once', async () => {
    const r = await runValidator('codegraph', 'fifo', `head -c ${MB200} /dev/urandom`);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/code: (JSON_INVALID_UTF8|JSON_SYNTAX)/);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  for (const [target, limit] of [['morph-bundle', 16 * 1024 * 1024], ['morph-artifact', 64 * 1024 * 1024]] as const) {
    it(`${target}: 200 MB through a pipe is refused at the ${limit >> 20} MiB bound while reading`, async () => {
      const r = await runValidator(target, 'fifo', `head -c ${MB200} /dev/zero`);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('code: LIMIT_EXCEEDED');
      expect(r.stdout).toContain(`byte ${limit}`);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    });

    it(`${target}: /dev/zero is refused at the bound`, async () => {
      const r = await runValidator(target, '/dev/zero');
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('code: LIMIT_EXCEEDED');
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    });
  }

  it('testee exec codegraph.read on /dev/zero: bounded while it reads on', async () => {
    const r = await runValidator('codegraph.read', '/dev/zero', undefined, 3000, ['testee', 'exec']);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('testee exec codegraph.read on a 200 MB line without LF through a pipe: rejected, exit 1', async () => {
    const r = await runValidator('codegraph.read', 'fifo', `head -c ${MB200} /dev/zero | tr '\\0' x`, undefined, ['testee', 'exec']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe('code: JSON_SYNTAX');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });
});
