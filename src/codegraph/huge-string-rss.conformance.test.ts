/**
 * Issue 14 (peak RSS on any input) for a valid line: `validate codegraph` on a model whose one entity
 * carries a 300 MB comment (a string the checks do not read) accepts it under 150 MB peak RSS, measured
 * in a child process. The reader drops the checked middle of such a string instead of holding the line.
 */
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
