/**
 * Issue 11 item 8 (peak RSS on any input) for a huge string a check compares: `validate codegraph` and
 * `testee exec codegraph.read` refuse a model whose one entity's symbol `s` (and, through a pipe, whose
 * one dictionary entry) is 300 MB long with LIMIT_EXCEEDED (JSON-LIMIT-1, COMPARED_STRING_MAX_BYTES),
 * from a regular file and through a pipe, under the 200 MB bound, measured in a child: the reader reads
 * the rest of the line on without keeping it instead of holding the string.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliWithPeakRss, type Run } from '../../conformance/memory/run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-compared-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BODY_BYTES = 300_000_000;
const HEADER = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[],"edges":[],"provenance":[]}}';
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';

/** Writes a model whose entity symbol is BODY_BYTES long, in 1 MiB pieces (the test never holds it). */
function writeModel(path: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `${HEADER}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"`);
    // Plain text, escapes, a two-byte character and an escaped pair.
    const piece = Buffer.from('pkg.Sym \\n\\"é\\ud83d\\ude00 '.repeat(1 << 15).slice(0, 1 << 20));
    for (let written = 0; written < BODY_BYTES; written += piece.length) writeSync(fd, piece);
    writeSync(fd, `"}\n${EOF}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Runs `formcert <args…> <fifo>` with a model whose dictionary's second kind is BODY_BYTES long, written by a shell. */
async function throughPipe(args: string[], label: string): Promise<Run> {
  const fifo = join(dir, `pipe-${label.replace(/\W+/g, '-')}`);
  spawnSync('mkfifo', [fifo]);
  const [before, after] = HEADER.split('"kinds":["p"]');
  const script = [
    `printf '%s' '${before}"kinds":["a","'`,
    `head -c ${BODY_BYTES} /dev/zero | tr "\\0" b`,
    `printf '%s\\n%s\\n' '"]${after}' '${EOF.replace('"entities":1', '"entities":0')}'`,
  ].join('; ');
  const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
  const run = await runCliWithPeakRss([...args, fifo], label);
  feeder.kill('SIGKILL');
  return run;
}

describe('a 300 MB string a check compares', () => {
  it('is refused with LIMIT_EXCEEDED from a file and through a pipe, under the bound', async () => {
    const model = join(dir, 'model.jsonl');
    writeModel(model);
    const file = await runCliWithPeakRss(['validate', 'codegraph', model], 'codegraph 300 MB symbol (file)');
    expect([file.status, file.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(file.peakKb).toBeGreaterThan(0);
    expect(file.peakKb).toBeLessThan(LIMIT_KB);
    const exec = await runCliWithPeakRss(['testee', 'exec', 'codegraph.read', model], 'codegraph.read 300 MB symbol (file)');
    expect([exec.status, exec.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(LIMIT_KB);
    rmSync(model);
    const piped = await throughPipe(['validate', 'codegraph'], 'codegraph 300 MB dictionary entry (pipe)');
    expect([piped.status, piped.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(piped.peakKb).toBeGreaterThan(0);
    expect(piped.peakKb).toBeLessThan(LIMIT_KB);
    const pipedExec = await throughPipe(['testee', 'exec', 'codegraph.read'], 'codegraph.read 300 MB dictionary entry (pipe)');
    expect([pipedExec.status, pipedExec.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(pipedExec.peakKb).toBeGreaterThan(0);
    expect(pipedExec.peakKb).toBeLessThan(LIMIT_KB);
  }, 600_000);
});
