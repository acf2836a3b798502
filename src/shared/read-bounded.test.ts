import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBounded, releaseBytes } from './read-bounded.ts';

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

  it.runIf(process.platform === 'linux')('reads a pipe of exactly the bound whole and refuses one byte more', () => {
    // A child reads its stdin (a pipe from this process) with readBounded and reports what it found.
    const probe = join(dir, 'probe.mts');
    writeFileSync(probe, `import { readBounded } from ${JSON.stringify(join(import.meta.dirname, 'read-bounded.ts'))};
const r = readBounded('/dev/stdin', 300000);
process.stdout.write(JSON.stringify(r.ok ? { ok: true, n: r.bytes.length, sum: r.bytes.reduce((a, b) => a + b, 0) } : r));
`);
    const runProbe = (size: number) => {
      const source = join(dir, `pipe-${size}.bin`);
      writeFileSync(source, Buffer.from(Array.from({ length: size }, (_, k) => k % 7)));
      // Through `cat |`: a real pipe (spawnSync's own input is a socket, which /dev/stdin cannot open).
      const r = spawnSync('sh', ['-c', `cat '${source}' | '${process.execPath}' '${join(import.meta.dirname, '../../bin/run-ts.mjs')}' '${probe}'`]);
      if (r.status !== 0) throw new Error(r.stderr.toString());
      return JSON.parse(r.stdout.toString()) as unknown;
    };
    expect(runProbe(300_000)).toStrictEqual({ ok: true, n: 300_000, sum: Array.from({ length: 300_000 }, (_, k) => k % 7).reduce((a, b) => a + b, 0) });
    expect(runProbe(300_001)).toStrictEqual({ ok: false });
  });

  it('releases bytes it read at once: every view of them is empty; small bytes (maybe pooled) are left alone', () => {
    const file = join(dir, 'release.bin');
    writeFileSync(file, Buffer.alloc(100_000, 1));
    const read = readBounded(file, 200_000);
    if (!read.ok) throw new Error('read');
    const view = read.bytes.subarray(10, 20);
    releaseBytes(read.bytes);
    expect([read.bytes.length, view.length]).toStrictEqual([0, 0]);
    const small = Buffer.from('abc');
    releaseBytes(small);
    expect(small.toString()).toBe('abc');
  });

  it('throws on an I/O error (a missing file), which is not a verdict', () => {
    expect(() => readBounded(join(dir, 'missing'), 10)).toThrow();
  });
});
