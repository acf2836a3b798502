/**
 * Issue 11 item 6: a format module of the oracle that fails to import is an error with its cause,
 * never a silent `n/a` (which would let a broken build certify as PASSED).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';

vi.mock('./oracle-ops.ts', () => ({
  loadOracleOp: async (op: string) => {
    if (op.startsWith('journal.')) throw new Error('Cannot find module ../journal/ops.ts (simulated)');
    return async () => ({ accept: true, observation: null });
  },
}));

const { EXEC_INTERNAL_ERROR, OracleLoadError, execReferenceOp, serveReference } = await import('./reference-testee.ts');

function collect(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString('utf8')));
  return { stream, text: () => text };
}

describe('the reference testee when a format module fails to import', () => {
  it('exec: exits with the internal-error status and names the cause, instead of skipping the op', async () => {
    const input = join(mkdtempSync(join(tmpdir(), 'formcert-load-error-')), 'in');
    writeFileSync(input, 'x');
    const out = collect();
    const err = collect();
    const status = await execReferenceOp('journal.read', input, out.stream, err.stream);
    expect(status).toBe(EXEC_INTERNAL_ERROR);
    expect(out.text()).toBe('');
    expect(err.text()).toMatch(/module for journal\.read failed to load: .*Cannot find module \.\.\/journal\/ops\.ts/);
  });

  it('serve: sends no handshake and rejects with the cause, so certify reports a setup error', async () => {
    const input = new PassThrough();
    const out = collect();
    const err = collect();
    const served = serveReference(input, out.stream, err.stream);
    input.write('{"cmd":"start","protocol":1}\n');
    await expect(served).rejects.toBeInstanceOf(OracleLoadError);
    await expect(served).rejects.toThrow(/Cannot find module/);
    expect(out.text()).toBe('');
  });
});
