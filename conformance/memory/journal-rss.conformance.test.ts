/**
 * Issue 11 item 8 for the journal: `validate journal` stays under 200 MB peak RSS on a 200 MB header
 * line without LF and on a 600 MiB v3 torn tail (both counted, not held), on a 200 MB line through a
 * pipe, on valid 600 MiB and 64 MiB entry lines through a pipe (scanned in chunks), on /dev/zero (refusal decided by the line's first bytes, answered 64 MiB on instead of read forever), and on 600 MiB tokens a rule reads or a refusal names (an id, a kind, a principal, a position, a member name, the names of a payload object), from a file and through a pipe; measured in a child process (peak RSS written at exit by rss-preload.cjs, or read from /proc).
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

  describe('a 600 MiB token the rules read or a refusal names (bounded summaries, src/journal/long-values.ts), from a file and through a pipe', () => {
    const MIB600 = 600 * 1024 * 1024;
    const H = '{"schema":3,"generation":0,"origin":0}\n';
    const ENTRY = (over: Record<string, string>) => {
      const e: Record<string, string> = { position: '1', kind: '"Record"', id: '"x"', version: '0', metadata: `{${METADATA.slice('"metadata":{'.length)}`, payload: '0', ...over };
      return Object.entries(e).map(([k, v]) => `"${k}":${v}`);
    };
    /** Writes a file of `parts`: text, or `[fill, bytes]` for that many bytes of `fill` repeated (whole characters). */
    function writeParts(name: string, parts: readonly (string | readonly [string, number])[]): string {
      const path = join(dir, name);
      const fd = openSync(path, 'w');
      for (const part of parts) {
        if (typeof part === 'string') {
          writeSync(fd, part);
          continue;
        }
        const unit = Buffer.from(part[0]);
        const block = Buffer.alloc(Math.floor((4 << 20) / unit.length) * unit.length, unit);
        for (let left = Math.floor(part[1] / unit.length) * unit.length; left > 0; left -= block.length) writeSync(fd, block, 0, Math.min(left, block.length));
      }
      closeSync(fd);
      return path;
    }
    /** An entry line whose member `at` holds `[fill, MIB600]` between `before` and `after`. */
    const withHuge = (name: string, at: string, before: string, fill: string, after: string, over: Record<string, string> = {}) => {
      const members = ENTRY({ ...over, [at]: '\u0000' });
      const [head, tail] = `{${members.join(',')}}\n`.split('\u0000') as [string, string];
      return writeParts(name, [H, head + before, [fill, MIB600], after + tail]);
    };
    /** Validates `path` from the file and through a pipe (`cat` into a FIFO): both runs. */
    async function bothWays(path: string, profile: 'strict' | 'core' = 'strict', verb: readonly string[] = ['validate', 'journal']): Promise<Run[]> {
      const args = (input: string) => [...verb, input, '--profile', profile];
      const file = await runCliWithPeakRss(args(path), `${verb.join(' ')} ${profile} file ${path}`);
      const fifo = `${path}.fifo`;
      spawnSync('mkfifo', [fifo]);
      const feeder = spawn('sh', ['-c', `cat ${path} > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
      const piped = await runCliWithPeakRss(args(fifo), `${verb.join(' ')} ${profile} pipe ${path}`, undefined, () => feeder.kill('SIGKILL'));
      rmSync(path);
      return [file, piped];
    }
    /** Each run's exit status and first line (`valid journal: …` for an accepted file, whatever its path). */
    const expectRuns = (runs: Run[], status: number, first: string) => {
      for (const r of runs) {
        expect([r.status, r.stdout.split('\n')[0]!.replace(/^valid journal: .*/, 'valid journal')]).toEqual([status, first]);
        expect(r.peakKb).toBeGreaterThan(0);
        expect(r.peakKb).toBeLessThan(LIMIT_KB);
      }
    };

    it('an id of 600 MiB of a non-Latin-1 character: accepted', async () => {
      expectRuns(await bothWays(withHuge('id.jsonl', 'id', '"', '中', '"')), 0, 'valid journal');
    }, 600_000);

    it('a reserved sidecar id with a 600 MiB owner and an upper-case letter at its end: RESERVED_NAMESPACE (R-J7 followed as it streams)', async () => {
      const runs = await bothWays(withHuge('sidecar.jsonl', 'id', '"harmos:sidecar/', 'a', 'A/n"', { payload: '[1]' }));
      expectRuns(runs, 1, 'code: RESERVED_NAMESPACE');
    }, 600_000);

    it('a kind of 600 MiB: INVALID_KIND; a principal of 600 MiB: FIELD_TOO_LONG (testee exec journal.read)', async () => {
      expectRuns(await bothWays(withHuge('kind.jsonl', 'kind', '"', 'R', '"')), 1, 'code: INVALID_KIND');
      const principal = writeParts('principal.jsonl', [H, '{"position":1,"kind":"Record","id":"x","version":0,"metadata":{"principal":"', ['p', MIB600], '","correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":0}\n']);
      expectRuns(await bothWays(principal, 'strict', ['testee', 'exec', 'journal.read']), 1, 'code: FIELD_TOO_LONG');
    }, 600_000);

    it('a position of 600 MiB of digits: INVALID_INTEGER under strict (its length decides), LIMIT_EXCEEDED under core (the reader holds 1,024 bytes of a lexeme)', async () => {
      expectRuns(await bothWays(withHuge('position.jsonl', 'position', '1', '0', '')), 1, 'code: INVALID_INTEGER');
      expectRuns(await bothWays(withHuge('position-core.jsonl', 'position', '1.', '0', ''), 'core'), 1, 'code: LIMIT_EXCEEDED');
    }, 600_000);

    it('a member name of 600 MiB: UNKNOWN_MEMBER, quoted by its first 256 bytes, its length and a digest', async () => {
      const runs = await bothWays(writeParts('name.jsonl', [H, '{"', ['n', MIB600], `":0,${ENTRY({}).join(',')}}\n`]));
      expectRuns(runs, 1, 'code: UNKNOWN_MEMBER');
      for (const r of runs) expect(r.stdout).toContain(`${'n'.repeat(256)}… (${MIB600} bytes, SHA-256/128 `);
    }, 600_000);

    it('a payload object of six 100 MiB names (accepted) and of two equal 300 MiB names (JSON_DUPLICATE_MEMBER under strict, accepted under core)', async () => {
      const six: (string | [string, number])[] = [H, `{${ENTRY({}).slice(0, 5).join(',')},"payload":{`];
      for (let i = 0; i < 6; i++) six.push(`${i ? ',' : ''}"${i}`, ['a', MIB600 / 6], '":0');
      six.push('}}\n');
      expectRuns(await bothWays(writeParts('six.jsonl', six)), 0, 'valid journal');
      const two = () => writeParts('two.jsonl', [H, `{${ENTRY({}).slice(0, 5).join(',')},"payload":{"`, ['a', MIB600 / 2], '":0,"', ['a', MIB600 / 2], '":1}}\n']);
      expectRuns(await bothWays(two()), 1, 'code: JSON_DUPLICATE_MEMBER');
      expectRuns(await bothWays(two(), 'core'), 0, 'valid journal');
    }, 900_000);

    it('a payload object of more member names than READER_LIMITS.MAX_OPEN_MEMBERS in a 600 MiB line: LIMIT_EXCEEDED, bounded', async () => {
      const names: string[] = [];
      for (let i = 0; i < 600_000; i++) names.push(`"k${i.toString(36)}":0`);
      const path = writeParts('names.jsonl', [H, `{${ENTRY({}).slice(0, 5).join(',')},"payload":{${names.join(',')},"rest":"`, ['r', MIB600], '"}}\n']);
      expectRuns(await bothWays(path), 1, 'code: LIMIT_EXCEEDED');
    }, 600_000);
  });

  it('a 600 MiB v3 torn tail: valid, its length counted, never held', async () => {
    const r = await validate(writeFile('torn.jsonl', '{"schema":3,"generation":0,"origin":0}\n', 600 * 1024 * 1024, 0x78));
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`tornTailBytes: ${600 * 1024 * 1024}`);
    expect(r.peakKb).toBeGreaterThan(0);
    expect(r.peakKb).toBeLessThan(LIMIT_KB);
  });
});
