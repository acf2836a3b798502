/**
 * Issue 11 item 8 for the journal: `validate journal` stays under 200 MB peak RSS on a 200 MB header
 * line without LF and on a 600 MiB v3 torn tail (both counted, not held), on a 200 MB line through a
 * pipe, on valid 600 MiB and 64 MiB entry lines through a pipe (scanned in chunks) and on /dev/zero (refusal decided by the line's first bytes, answered 64 MiB on instead of read forever); measured in a child process (peak RSS written at exit by rss-preload.cjs, or read from /proc).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliWithPeakRss, type Run } from './run-with-peak-rss.ts';


const dir = mkdtempSync(join(tmpdir(), 'formcert-journal-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes `head`, then `bytes` bytes of `fill`, in 4 MiB writes. */
function writeFile(name: string, head: string, bytes: number, fill: number): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  const block = Buffer.alloc(4 << 20, fill);
  for (let left = bytes; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
  closeSync(fd);
  return path;
}

/** `formcert validate journal <path>`: status, stdout and peak RSS (stopped after `killAfterMs` when given). */
function validate(path: string, killAfterMs?: number): Promise<Run> {
  return runCliWithPeakRss(['validate', 'journal', path], `journal ${path}`, killAfterMs);
}

describe.runIf(existsSync('/proc/self/status'))('validate journal under 200 MB peak RSS', () => {
  it('a 200 MB header line without LF: UNTERMINATED_HEADER at byte 0, the line counted', async () => {
    const r = await validate(writeFile('no-lf.jsonl', '{"schema":3', 200_000_000, 0x20));
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: UNTERMINATED_HEADER']);
    expect(r.stdout).toContain('byte 0');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('/dev/zero (an endless header line, decided at byte 0): answered 64 MiB on, bounded', async () => {
    const started = Date.now();
    const r = await validate('/dev/zero');
    // Without the stop on a decided line it reads forever (this test then times out).
    expect(Date.now() - started).toBeLessThan(30_000);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: JSON_SYNTAX']);
    expect(r.stdout).toContain('reading stopped');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 60_000);

  it('a 200 MB line of NULs then LF through a pipe: JSON_SYNTAX at byte 0, the line counted', async () => {
    const fifo = join(dir, 'pipe');
    spawnSync('mkfifo', [fifo]);
    const feeder = spawn('sh', ['-c', `(head -c 200000000 /dev/zero; printf '\\n') > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
    const r = await validate(fifo);
    feeder.kill('SIGKILL');
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: JSON_SYNTAX']);
    expect(r.stdout).toContain('byte 0');
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  /** `validate journal <fifo>` while a shell writes `script`'s output into the FIFO (the input never touches the disk). */
  async function validatePiped(name: string, script: string): Promise<Run> {
    const fifo = join(dir, name);
    spawnSync('mkfifo', [fifo]);
    const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
    const r = await validate(fifo);
    feeder.kill('SIGKILL');
    return r;
  }
  const HEAD = `printf '{"schema":3,"generation":0,"origin":0}\\n'`;
  const METADATA = '"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0}';

  it('a valid 600 MiB entry line through a pipe: accepted, its payload scanned in chunks, never held (707 MB on a regular file before; a pipe never finished)', async () => {
    const r = await validatePiped(
      'huge-entry',
      `${HEAD}; printf '{"position":1,"kind":"Record","id":"x","version":0,${METADATA},"payload":"'; head -c ${600 * 1024 * 1024} /dev/zero | tr '\\0' a; printf '"}\\n'`,
    );
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([0, `valid journal: ${join(dir, 'huge-entry')}`]);
    expect(r.stdout).toContain('entries: 1');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 240_000);

  it('a valid reserved entry whose byte-array payload is 64 MiB (R-J7 checked while it streams): accepted, bounded', async () => {
    const r = await validatePiped(
      'huge-bytes',
      `${HEAD}; printf '{"position":1,"kind":"Record","id":"harmos:work/a/b","version":0,${METADATA},"payload":['; yes '255, ' | tr -d '\\n' | head -c ${64 * 1024 * 1024}; printf '0]}\\n'`,
    );
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('entries: 1');
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 240_000);

  it('the same line with a 256 in its byte array is refused for R-J7 at its entry, not held either', async () => {
    const r = await validatePiped(
      'huge-bytes-256',
      `${HEAD}; printf '{"position":1,"kind":"Record","id":"harmos:work/a/b","version":0,${METADATA},"payload":['; yes '255, ' | tr -d '\\n' | head -c ${64 * 1024 * 1024}; printf '256]}\\n'`,
    );
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: RESERVED_PAYLOAD']);
    expect(r.stdout).toContain('line 2, byte 39, at /payload');
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 240_000);

  it('a 600 MiB v3 torn tail: valid, its length counted, never held', async () => {
    const r = await validate(writeFile('torn.jsonl', '{"schema":3,"generation":0,"origin":0}\n', 600 * 1024 * 1024, 0x78));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`tornTailBytes: ${600 * 1024 * 1024}`);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });
});
