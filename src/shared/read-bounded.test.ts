import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBounded } from './read-bounded.ts';

const dir = mkdtempSync(join(tmpdir(), 'read-bounded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('readBounded', () => {
  it('reads a file of at most the bound whole, byte for byte', () => {
    const file = join(dir, 'ok.bin');
    const bytes = Buffer.from(Array.from({ length: 3000 }, (_, k) => k % 251));
    writeFileSync(file, bytes);
    expect(readBounded(file, 3000)).toStrictEqual({ ok: true, bytes });
    writeFileSync(file, '');
    expect(readBounded(file, 10)).toStrictEqual({ ok: true, bytes: Buffer.alloc(0) });
  });

  it('refuses a regular file over the bound from its size', () => {
    const file = join(dir, 'big.bin');
    writeFileSync(file, Buffer.alloc(3001));
    expect(readBounded(file, 3000)).toStrictEqual({ ok: false, size: 3001 });
  });

  it.runIf(process.platform === 'linux')('refuses an endless device once byte bound + 1 arrives, size unknown', () => {
    expect(readBounded('/dev/zero', 5000)).toStrictEqual({ ok: false, size: undefined });
  });

  it('throws on an I/O error (a missing file), which is not a verdict', () => {
    expect(() => readBounded(join(dir, 'missing'), 10)).toThrow();
  });
});
