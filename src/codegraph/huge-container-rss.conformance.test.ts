/**
 * Issue 11 item 8 (peak RSS on any input) for a huge array no check reads: `validate codegraph` and
 * `testee exec codegraph.read` accept a model whose one entity carries a member no trait contributes
 * (R-C4: it passes untouched) holding a 300 MB array of small objects, arrays, strings, numbers and
 * literals, from a regular file and through a pipe, under the 200 MB bound, measured in a child. The
 * reader drops the checked items of such an array instead of holding the line; and so, on a line with
 * 300 MB of spaces and tabs between two members, it drops the whitespace but its first byte, of a
 * 300 MB number in such a member the digits of each run but the first, and of a 300 MB object (core
 * profile) its checked members until the members of the open objects pass the reader's limit (2^19,
 * JSON-LIMIT-1, spec/codegraph "Reading"), where it refuses the line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliWithPeakRss, type Run } from '../../conformance/memory/run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-container-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":[],"provenance":[]}}';
const ENTITY_START = '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n","extra":[';
const ENTITY_END = '0]}';
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
/** One item of the huge array (with its comma): nested containers, escapes, a number and literals. */
const ITEM = '{"k":"v\\n","n":[1,2.5e3,true,null,[]],"o":{}},';
const ITEMS = Math.floor(300_000_000 / ITEM.length);
/** The shell that writes the array model into a pipe. */
const ARRAY_SCRIPT = [
  `printf '%s\\n%s' '${HEADER}' '${ENTITY_START}'`,
  `yes '${ITEM}' | tr -d '\\n' | head -c ${ITEMS * ITEM.length}`,
  `printf '%s\\n%s\\n' '${ENTITY_END}' '${EOF}'`,
].join('; ');
/** The shell that writes a model whose entity has a member no trait contributes holding a 300 MB number. */
const NUMBER_SCRIPT = [
  `printf '%s\\n%s' '${HEADER}' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","extra":-1'`,
  'head -c 150000000 /dev/zero | tr "\\0" 7',
  `printf '%s' '.5'`,
  'head -c 150000000 /dev/zero | tr "\\0" 3',
  `printf '%s\\n%s\\n' 'e+12,"name":"n"}' '${EOF}'`,
].join('; ');
/** The shell that writes a model whose entity has a member no trait contributes holding a 300 MB object (one name repeated). */
const MEMBER = '"k":[1,"s",{}],';
const OBJECT_SCRIPT = [
  `printf '%s\\n%s' '${HEADER}' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","extra":{'`,
  `yes '${MEMBER}' | tr -d '\\n' | head -c ${Math.floor(300_000_000 / MEMBER.length) * MEMBER.length}`,
  `printf '%s\\n%s\\n' '"z":0},"name":"n"}' '${EOF}'`,
].join('; ');
/** The shell that writes a model with 300 MB of spaces and tabs between two members of its entity. */
const SPACE_SCRIPT = [
  `printf '%s\\n%s' '${HEADER}' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a",'`,
  `yes ' \t' | tr -d '\\n' | head -c 300000000`,
  `printf '%s\\n%s\\n' '"name":"n"}' '${EOF}'`,
].join('; ');

/** Writes the model in 1 MiB pieces (the test itself never holds the line). */
function writeModel(path: string): void {
  const fd = openSync(path, 'w');
  try {
    writeSync(fd, `${HEADER}\n${ENTITY_START}`);
    const perPiece = Math.floor((1 << 20) / ITEM.length);
    const piece = ITEM.repeat(perPiece);
    let left = ITEMS;
    for (; left >= perPiece; left -= perPiece) writeSync(fd, piece);
    writeSync(fd, ITEM.repeat(left));
    writeSync(fd, `${ENTITY_END}\n${EOF}\n`);
  } finally {
    closeSync(fd);
  }
}

/** Runs `formcert <args…> <fifo>` with the same model written into the fifo by a shell (no file holds it). */
async function throughPipe(args: string[], label: string, script = ARRAY_SCRIPT): Promise<Run> {
  const fifo = join(dir, `pipe-${label.replace(/\W+/g, '-')}`);
  spawnSync('mkfifo', [fifo]);
  const feeder = spawn('sh', ['-c', `(${script}) > ${fifo} 2>/dev/null`], { stdio: 'ignore' });
  const run = await runCliWithPeakRss([...args, fifo], label);
  feeder.kill('SIGKILL');
  return run;
}

describe('a valid line holding a 300 MB array no check reads', () => {
  it('validate codegraph accepts it from a file and through a pipe under the bound', async () => {
    const model = join(dir, 'model.jsonl');
    writeModel(model);
    const file = await runCliWithPeakRss(['validate', 'codegraph', model], 'codegraph 300 MB unread array (file)');
    expect([file.status, file.stdout.split('\n')[0]]).toEqual([0, `valid codegraph: ${model}`]);
    expect(file.peakKb).toBeGreaterThan(0);
    expect(file.peakKb).toBeLessThan(LIMIT_KB);
    // testee exec codegraph.read from the regular file: the observation's 8 MiB bound lets the observer go (skipped, exit 4).
    const exec = await runCliWithPeakRss(['testee', 'exec', 'codegraph.read', model], 'codegraph.read 300 MB unread array (file)');
    expect(exec.status).toBe(4);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(LIMIT_KB);
    rmSync(model);
    const piped = await throughPipe(['validate', 'codegraph'], 'codegraph 300 MB unread array (pipe)');
    expect(piped.status).toBe(0);
    expect(piped.peakKb).toBeGreaterThan(0);
    expect(piped.peakKb).toBeLessThan(LIMIT_KB);
    const pipedExec = await throughPipe(['testee', 'exec', 'codegraph.read'], 'codegraph.read 300 MB unread array (pipe)');
    expect(pipedExec.status).toBe(4);
    expect(pipedExec.peakKb).toBeGreaterThan(0);
    expect(pipedExec.peakKb).toBeLessThan(LIMIT_KB);
  }, 600_000);
});

describe('a line with a 300 MB object no check reads, under the core profile (which lets its repeated member name pass)', () => {
  it('validate codegraph --profile core and testee exec --profile core codegraph.read refuse it (LIMIT_EXCEEDED: more than 2^19 members open) through a pipe under the bound', async () => {
    const piped = await throughPipe(['validate', 'codegraph', '--profile', 'core'], 'codegraph core 300 MB object (pipe)', OBJECT_SCRIPT);
    expect([piped.status, piped.stdout.split('\n')[0]]).toStrictEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(piped.peakKb).toBeGreaterThan(0);
    expect(piped.peakKb).toBeLessThan(LIMIT_KB);
    const exec = await throughPipe(['testee', 'exec', '--profile', 'core', 'codegraph.read'], 'codegraph.read core 300 MB object (pipe)', OBJECT_SCRIPT);
    expect([exec.status, exec.stdout.split('\n')[0]]).toStrictEqual([1, 'code: LIMIT_EXCEEDED']);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(LIMIT_KB);
  }, 600_000);
});

describe('a valid line with a 300 MB number no check reads', () => {
  it('validate codegraph and testee exec codegraph.read accept it through a pipe under the bound', async () => {
    const piped = await throughPipe(['validate', 'codegraph'], 'codegraph 300 MB number (pipe)', NUMBER_SCRIPT);
    expect(piped.status).toBe(0);
    expect(piped.peakKb).toBeGreaterThan(0);
    expect(piped.peakKb).toBeLessThan(LIMIT_KB);
    const exec = await throughPipe(['testee', 'exec', 'codegraph.read'], 'codegraph.read 300 MB number (pipe)', NUMBER_SCRIPT);
    expect(exec.status).toBe(4);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(LIMIT_KB);
  }, 600_000);
});

describe('a valid line with 300 MB of whitespace between two members', () => {
  it('validate codegraph and testee exec codegraph.read accept it through a pipe under the bound', async () => {
    const piped = await throughPipe(['validate', 'codegraph'], 'codegraph 300 MB whitespace (pipe)', SPACE_SCRIPT);
    expect(piped.status).toBe(0);
    expect(piped.peakKb).toBeGreaterThan(0);
    expect(piped.peakKb).toBeLessThan(LIMIT_KB);
    const exec = await throughPipe(['testee', 'exec', 'codegraph.read'], 'codegraph.read 300 MB whitespace (pipe)', SPACE_SCRIPT);
    expect(exec.status).toBe(4);
    expect(exec.peakKb).toBeGreaterThan(0);
    expect(exec.peakKb).toBeLessThan(LIMIT_KB);
  }, 600_000);
});
