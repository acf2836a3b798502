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
    // One buffer, copied only if a file grows while read: a regular file's size plus the byte that shows
    // it grew; for a pipe or a device, the bound plus that byte, of which only the pages the input fills
    // are ever touched (an unwritten page of a fresh allocation costs no memory). Chunks joined at the
    // end would hold the input twice at that moment.
    let buf = Buffer.allocUnsafe((stat.isFile() ? Math.min(stat.size, limit) : limit) + 1);
    let filled = readInto(fd, buf, 0);
    if (filled === buf.length && filled <= limit) {
      // A regular file that grew since it was sized: read on, to the bound.
      const bigger = Buffer.allocUnsafe(limit + 1);
      buf.copy(bigger, 0, 0, filled);
      buf = bigger;
      filled = readInto(fd, buf, filled);
    }
    // Past the bound while reading (a pipe, a device, or a file that grew): how far past is not known.
    if (filled > limit) return { ok: false, size: undefined };
    return { ok: true, bytes: buf.subarray(0, filled) };
  } finally {
    closeSync(fd);
  }
}

/** Reads into `buf` from `filled` until the input ends or `buf` is full; gives the bytes now in it. */
function readInto(fd: number, buf: Buffer, filled: number): number {
  while (filled < buf.length) {
    // A pipe gives what its writer has written so far: read in slices, to the end or one byte past the bound.
    const n = readSync(fd, buf, filled, Math.min(READ_BYTES, buf.length - filled), null);
    if (n === 0) break;
    filled += n;
  }
  return filled;
}

/** Below this, bytes may share their memory with other buffers (Node's pool serves allocations under 4 KiB). */
const RELEASE_MIN_BYTES = 64 * 1024;

/**
 * Gives the memory of `bytes`, read by {@link readBounded} and held by the caller alone, back at the next
 * scavenge instead of the next full collection: their ArrayBuffer is detached (every view of it becomes
 * empty) into a new one nobody holds. For an input of up to 64 MiB that the caller has parsed and will
 * not read again, which would otherwise stay in memory while the value built from it grows (a
 * morph.encode request or an artifact padded with whitespace to its bound). Small inputs are left as
 * they are: their memory may be shared.
 */
export function releaseBytes(bytes: Uint8Array): void {
  if (bytes.buffer.byteLength < RELEASE_MIN_BYTES || !(bytes.buffer instanceof ArrayBuffer)) return;
  structuredClone(bytes.buffer, { transfer: [bytes.buffer] });
  collectIfSet();
}

/** What collects garbage at once after a release, when a process that reads one input has set it. */
let collectNow: (() => void) | undefined;

/**
 * Has {@link releaseBytes} run `collect` (a full garbage collection) after each release, so that the
 * input's memory is returned before the value built from it grows, not at the next collection, which
 * a run that allocates only large strings may not reach before its peak (a valid artifact padded to its
 * 64 MiB bound, payload 15 MiB of text with one wide character: 247 -> 177 MiB). Only a CLI verb that
 * reads one input sets it (see cli/heap-growth.ts): a collection is a process-wide act.
 */
export function collectAfterRelease(collect: () => void): void {
  collectNow = collect;
}

/**
 * Runs the collection {@link collectAfterRelease} set, if a process set one: for a caller that has just
 * let go of values as large as its input (an op's intermediate trees, before its answer is written).
 */
export function collectIfSet(): void {
  collectNow?.();
}
