import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { FORMCERT_BIN } from '../runner/reference-testee.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-epipe-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `formcert validate journal FILE` with its stdout closed before it writes (`… | head -0`). */
function validateWithClosedStdout(file: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [FORMCERT_BIN, 'validate', 'journal', file], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
}

describe('a reader that closes formcert’s stdout early', () => {
  it('changes nothing: the exit status is still the verdict, with no EPIPE trace', async () => {
    const valid = join(dir, 'valid.jsonl');
    writeFileSync(valid, sampleBytes(fc.sample(journalHistory(), { seed: 7, numRuns: 1 })[0]!));
    const invalid = join(dir, 'invalid.jsonl');
    writeFileSync(invalid, '{"not":"a journal"}\n');
    const [ok, bad] = await Promise.all([validateWithClosedStdout(valid), validateWithClosedStdout(invalid)]);
    expect(ok).toEqual({ status: 0, stderr: '' });
    expect(bad.status).toBe(1);
    expect(bad.stderr).not.toMatch(/EPIPE|Unhandled/);
  }, PROCESS_TEST_TIMEOUT_MS);
});
