/**
 * Issue 14 (peak RSS on any input) for a valid line: `validate codegraph` on a model whose one entity
 * carries a 300 MB comment (a string the checks do not read) accepts it under 150 MB peak RSS, measured
 * in a child process. The reader drops the checked middle of such a string instead of holding the line;
 * with two such strings on one line (through a pipe), the middle of each; and so of a string the checks
 * read for its type only (a string Literal's value) or its emptiness (a header's lang).
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliWithPeakRss } from '../../conformance/memory/run-with-peak-rss.ts';

/** The issue-14 peak RSS bound, in KiB. */
const BOUND_KB = 150 * 1024;
const COMMENT_BYTES = 300_000_000;

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Writes the model in 1 MiB pieces (the test itself never holds the line either). */
function writeModel(path: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TComment","TNamed"],"edges":[],"provenance":[]}}\n');
    writeSync(fd, '{"t":"e","i":0,"k":0,"tr":[0,1],"m":0,"s":"a","comment":"');
    // Plain text, escapes, a two-byte character and an escaped pair, so every kind of cut is met.
    const piece = Buffer.from('some text \\n\\"é\\ud83d\\ude00 '.repeat(1 << 15).slice(0, 1 << 20));
    for (let written = 0; written < COMMENT_BYTES; written += piece.length) writeSync(fd, piece);
    writeSync(fd, '","name":"n"}\n{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n');
  } finally {
    closeSync(fd);
  }
}

describe('validate codegraph on a valid 300 MB line', () => {
  it('accepts it (exit 0) under 150 MB peak RSS', async () => {
    const model = join(dir, 'model.jsonl');
    writeModel(model);
    const run = await runCliWithPeakRss(['validate', 'codegraph', model], 'codegraph 300 MB comment');
    expect(run.status).toBe(0);
    expect(run.peakKb).toBeLessThan(BOUND_KB);
  });
});

describe('validate codegraph on a valid line with two 150 MB strings the checks do not read, through a pipe', () => {
  it('accepts it (exit 0) under 150 MB peak RSS: both middles dropped', async () => {
    const fifo = join(dir, 'two-strings');
    spawnSync('mkfifo', [fifo]);
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TComment","TInvocable","TNamed"],"edges":[],"provenance":[]}}';
    const script = [
      `printf '%s\\n' '${header}'`,
      `printf '%s' '{"t":"e","i":0,"k":0,"tr":[0,1,2],"m":0,"s":"a","comment":"'`,
      'head -c 150000000 /dev/zero | tr "\\0" a',
      `printf '%s' '","signature":"'`,
      'head -c 150000000 /dev/zero | tr "\\0" b',
      `printf '%s\\n%s\\n' '","name":"n"}' '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}'`,
    ].join('; ');
    const piped = async (args: string[], label: string) => {
      const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
      const run = await runCliWithPeakRss([...args, fifo], label);
      feeder.kill('SIGKILL');
      return run;
    };
    const run = await piped(['validate', 'codegraph'], 'codegraph two 150 MB strings');
    expect([run.status, run.stdout.split('\n')[0]]).toEqual([0, `valid codegraph: ${fifo}`]);
    expect(run.peakKb).toBeGreaterThan(0);
    expect(run.peakKb).toBeLessThan(BOUND_KB);
    // testee exec codegraph.read: the observation's bound lets the observer go, so the line is bounded too (skipped, exit 4).
    const exec = await piped(['testee', 'exec', 'codegraph.read'], 'codegraph.read two 150 MB strings');
    expect(exec.status).toBe(4);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(BOUND_KB);
  }, 240_000);
});

describe('validate codegraph on a valid line whose string Literal holds 300 MB (read for its type only), through a pipe', () => {
  it('accepts it (exit 0) under 150 MB peak RSS: its middle dropped', async () => {
    const fifo = join(dir, 'literal');
    spawnSync('mkfifo', [fifo]);
    const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":[],"provenance":[]}}';
    const script = [
      `printf '%s\\n' '${header}'`,
      `printf '%s' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"string","value":"'`,
      'head -c 300000000 /dev/zero | tr "\\0" v',
      `printf '%s\\n%s\\n' '"}}' '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}'`,
    ].join('; ');
    const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
    const run = await runCliWithPeakRss(['validate', 'codegraph', fifo], 'codegraph 300 MB string Literal');
    feeder.kill('SIGKILL');
    expect([run.status, run.stdout.split('\n')[0]]).toEqual([0, `valid codegraph: ${fifo}`]);
    expect(run.peakKb).toBeGreaterThan(0);
    expect(run.peakKb).toBeLessThan(BOUND_KB);
  }, 240_000);
});

describe('validate codegraph on a valid header whose lang is 300 MB (read for its emptiness only), through a pipe', () => {
  it('accepts it (exit 0) under 150 MB peak RSS: its middle dropped, its first character kept', async () => {
    const fifo = join(dir, 'lang');
    spawnSync('mkfifo', [fifo]);
    const script = [
      `printf '%s' '{"t":"header","schemaVersion":"1.0.0","lang":"'`,
      'head -c 300000000 /dev/zero | tr "\\0" j',
      `printf '%s\\n%s\\n' '","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":[],"traits":[],"edges":[],"provenance":[]}}' '{"t":"eof","counts":{"files":0,"entities":0,"edges":0}}'`,
    ].join('; ');
    const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
    const run = await runCliWithPeakRss(['validate', 'codegraph', fifo], 'codegraph 300 MB lang');
    feeder.kill('SIGKILL');
    expect([run.status, run.stdout.split('\n')[0]]).toEqual([0, `valid codegraph: ${fifo}`]);
    expect(run.peakKb).toBeGreaterThan(0);
    expect(run.peakKb).toBeLessThan(BOUND_KB);
  }, 240_000);
});
