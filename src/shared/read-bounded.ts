/**
 * Reads a whole input of bounded size — a regular file, a pipe or a device alike — without ever holding
 * more than the bound plus one read: the bound is enforced while reading, not by the file's size alone
 * (a pipe or /dev/zero has no size).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/** What a bounded read found: the bytes, or that the input is longer than the bound. */
export type BoundedRead = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly size: number | undefined };

/** Bytes asked for per read. */
const READ_BYTES = 1 << 20;

/**
 * Reads `path` to its end when it holds at most `limit` bytes. A regular file over the bound is refused
 * from its size, unread; any other input is refused as soon as byte `limit + 1` arrives (`size` is then
 * unknown). Throws only on I/O errors.
 */
export function readBounded(path: string, limit: number): BoundedRead {
  const fd = openSync(path, 'r');
  try {
    const stat = fstatSync(fd);
    if (stat.isFile() && stat.size > limit) return { ok: false, size: stat.size };
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      // One byte more than the bound is enough to know the input is too long. A regular file is read into
      // one buffer of its size (plus the byte that shows it grew), so it is never copied.
      const want = chunks.length === 0 && stat.isFile() ? stat.size + 1 : READ_BYTES;
      const chunk = Buffer.allocUnsafe(Math.min(want, limit + 1 - total));
      let filled = 0;
      while (filled < chunk.length) {
        const n = readSync(fd, chunk, filled, chunk.length - filled, null);
        if (n === 0) break;
        filled += n;
      }
      if (filled > 0) chunks.push(filled === chunk.length ? chunk : chunk.subarray(0, filled));
      total += filled;
      if (total > limit) return { ok: false, size: stat.isFile() ? stat.size : undefined };
      if (filled < chunk.length) return { ok: true, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total) };
    }
  } finally {
    closeSync(fd);
  }
}
