/**
 * Issue 11 item 8: `validate codegraph`, the morph validators and `testee exec` on every kind of op stay
 * under 200 MB peak RSS on hostile input — /dev/zero, a 200 MB line with no LF, 200 MB through a pipe,
 * 100 MB of valid journal — measured in a child process; an endless input is answered, not read forever.
 */
import { spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, ftruncateSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliWithPeakRss, type Run } from './run-with-peak-rss.ts';

const MB200 = 200_000_000;
/** How long an endless input may take to be answered (it is a few seconds on a loaded 2-core machine). */
const ENDLESS_ANSWER_MS = 30_000;

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
  it('codegraph on /dev/zero (an endless line, refused at byte 0): stops reading once the refusal is certain and answers, bounded', async () => {
    const started = Date.now();
    const r = await runValidator('codegraph', '/dev/zero');
    // Without the stop it reads forever (this test then times out): 64 MiB read on takes well under this.
    expect(Date.now() - started).toBeLessThan(ENDLESS_ANSWER_MS);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('code: JSON_SYNTAX');
    expect(r.stdout).toContain('reading stopped after');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

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

  it('testee exec codegraph.read on /dev/zero: stops reading once the refusal is certain and answers, bounded', async () => {
    const started = Date.now();
    const r = await runValidator('codegraph.read', '/dev/zero', undefined, undefined, ['testee', 'exec']);
    // Without the stop it reads forever (this test then times out): 64 MiB read on takes well under this.
    expect(Date.now() - started).toBeLessThan(ENDLESS_ANSWER_MS);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: JSON_SYNTAX']);
    expect(r.stdout).toContain('reading stopped after');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

  it('testee exec codegraph.read on a 200 MB line without LF through a pipe: rejected, exit 1', async () => {
    const r = await runValidator('codegraph.read', 'fifo', `head -c ${MB200} /dev/zero | tr '\\0' x`, undefined, ['testee', 'exec']);
    expect(r.status).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe('code: JSON_SYNTAX');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });

  it('testee exec journal.read on /dev/zero (an endless header line): answered once decided, bounded', async () => {
    const started = Date.now();
    const r = await runValidator('journal.read', '/dev/zero', undefined, undefined, ['testee', 'exec']);
    expect(Date.now() - started).toBeLessThan(ENDLESS_ANSWER_MS);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: JSON_SYNTAX']);
    expect(r.stdout).toContain('byte 0');
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

  it('testee exec journal.read on a 200 MB line through a pipe (header, then an entry that breaks at once)', async () => {
    const header = '{"schema":2,"generation":0,"origin":0}';
    const r = await runValidator('journal.read', 'fifo', `printf '%s\\n{"position":' '${header}'; head -c ${MB200} /dev/zero | tr '\\0' x; printf '\\n'`, undefined, ['testee', 'exec']);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: JSON_SYNTAX']);
    expect(r.stdout).toContain(`byte ${header.length + 1 + '{"position":'.length}`);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

  it('testee exec journal.read on a v3 header then a 200 MB torn tail through a pipe: valid, never stopped (R-J3)', async () => {
    const header = '{"schema":3,"generation":0,"origin":0}';
    const r = await runValidator('journal.read', 'fifo', `printf '%s\\n{"position":' '${header}'; head -c ${MB200} /dev/zero | tr '\\0' x`, undefined, ['testee', 'exec']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ tornTailBytes: MB200 + '{"position":'.length });
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

  it('testee exec journal.read on a regular file whose 200 MB torn tail may still be valid JSON: counted, not held', async () => {
    // Inside a string the prefix decides nothing; a file can be read again, so the tail is only counted.
    const head = '{"schema":3,"generation":0,"origin":0}\n{"position":1,"id":"';
    const path = join(dir, 'torn-string.jsonl');
    const fd = openSync(path, 'w');
    writeSync(fd, head);
    const block = Buffer.alloc(4 << 20, 0x61);
    for (let left = MB200; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
    closeSync(fd);
    const r = await runValidator('journal.read', path, undefined, undefined, ['testee', 'exec']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ tornTailBytes: MB200 + head.length - head.indexOf('\n') - 1 });
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  }, 2 * ENDLESS_ANSWER_MS);

  it('testee exec journal.read on 100 MB of valid entries: the verdict is read to the end, the observation bound holds (skipped, exit 4)', async () => {
    const path = join(dir, 'valid-100mb.jsonl');
    writeValidJournal(path, 100_000_000);
    const r = await runValidator('journal.read', path, undefined, undefined, ['testee', 'exec']);
    expect([r.status, r.stdout]).toEqual([4, expect.stringContaining('bound for an observation')]);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
    // The same file with one bad line at its very end is refused: the whole file was read.
    appendFileSync(path, entryLine(1));
    const bad = await runValidator('journal.read', path, undefined, undefined, ['testee', 'exec']);
    expect([bad.status, bad.stdout.split('\n')[0]]).toEqual([1, 'code: POSITION_NOT_ASCENDING']);
    expect(bad.peakKb).toBeLessThan(LIMIT_KB);
  }, 240_000);

  for (const op of ['journal.append', 'journal.track-key'] as const) {
    it(`testee exec ${op} on /dev/zero: past the testee's 16 MiB bound for one document, skipped (exit 4), bounded`, async () => {
      const r = await runValidator(op, '/dev/zero', undefined, undefined, ['testee', 'exec']);
      expect([r.status, r.stdout]).toEqual([4, expect.stringContaining(`${16 * 1024 * 1024}-byte bound`)]);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    });
  }

  for (const [op, limit] of [['morph.c14n', 16], ['morph.decode', 16], ['morph.import', 64], ['morph.encode', 64]] as const) {
    it(`testee exec ${op} on 200 MB through a pipe: LIMIT_EXCEEDED at the ${limit} MiB bound while reading`, async () => {
      const r = await runValidator(op, 'fifo', `head -c ${MB200} /dev/zero`, undefined, ['testee', 'exec']);
      expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
      expect(r.stdout).toContain(`byte ${limit * 1024 * 1024}`);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    });
  }

  it('testee exec morph.import on a 200 MB regular file: refused from its size, unread', async () => {
    const path = join(dir, 'artifact-200mb.json');
    const fd = openSync(path, 'w');
    ftruncateSync(fd, MB200);
    closeSync(fd);
    const r = await runValidator('morph.import', path, undefined, undefined, ['testee', 'exec']);
    expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(r.stdout).toContain(`artifact is ${MB200} bytes`);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });
});

/** A v2 Transaction entry line at `position`. */
function entryLine(position: number): string {
  return `{"position":${position},"kind":"Transaction","id":"t.${position}","version":1,"metadata":{"principal":null,"correlation":${position},"causation":null,"request":null,"link":null,"at_us":0},"payload":{"n":${position}}}\n`;
}

/** Writes a valid v2 journal of about `bytes` bytes (one Transaction per line), in 4 MiB writes. */
function writeValidJournal(path: string, bytes: number): void {
  const fd = openSync(path, 'w');
  writeSync(fd, '{"schema":2,"generation":0,"origin":0}\n');
  let written = 0;
  let position = 0;
  while (written < bytes) {
    let block = '';
    while (block.length < 4 << 20) {
      block += entryLine(++position);
    }
    writeSync(fd, block);
    written += block.length;
  }
  closeSync(fd);
}
