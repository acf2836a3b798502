/**
 * `formcert validate codegraph <file>`: streams the file (or a pipe, or a device) through the reader in
 * fixed chunks into one reused buffer; memory is bounded by the modules, the dictionaries and the longest
 * valid line less the strings in it the checks do not read, never by the file size nor by a line already
 * known to be refused.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { FileValidator } from '../shared/file-validator.ts';
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { READ_CHUNK_BYTES } from './constants.ts';
import type { ReadChunk } from '../shared/ops.ts';
import { ModelReader, type ReadSummary, type RecordObserver } from './read-model.ts';


/**
 * Reads a model from a byte source in chunks of `chunkBytes` into one reused buffer, which grows only
 * while one line that may still be valid is longer than it.
 */
export function readModelChunks(read: ReadChunk, profile: Profile, chunkBytes: number = READ_CHUNK_BYTES, observer?: RecordObserver): Result<ReadSummary> {
  const reader = new ModelReader(profile, observer);
  let buf = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  for (;;) {
    if (filled === buf.length) {
      // One line fills the buffer. The reader judges its prefix first: a line already known to be
      // refused is read on without being kept, so a hostile line (or /dev/zero) costs one buffer.
      const taken = reader.pushLongLine(buf, 0, filled);
      if (reader.failed) break;
      if (taken === filled) {
        filled = 0;
      } else {
        // The prefix may still be a valid record. Inside a huge string nobody reads, the reader drops
        // the string's checked middle and the same buffer goes on; otherwise grow (memory follows the
        // longest valid line, less its unread strings).
        const kept = reader.compactLongLine(buf, filled);
        if (kept < filled) {
          filled = kept;
        } else {
          const bigger = Buffer.allocUnsafe(buf.length * 2);
          buf.copy(bigger, 0, 0, filled);
          buf = bigger;
        }
      }
    }
    const bytesRead = read(buf, filled, buf.length - filled);
    const end = filled + bytesRead;
    const final = bytesRead === 0;
    const consumed = reader.push(buf, 0, end, final);
    if (reader.failed || final) break;
    buf.copy(buf, 0, consumed, end);
    filled = end - consumed;
  }
  return reader.finish();
}

/** Validates a model file (or pipe, or device) by streaming it; rejects (throws) only on I/O errors. */
export async function validateModelFile(path: string, profile: Profile): Promise<Result<ReadSummary>> {
  // Synchronous reads: the validator does nothing else meanwhile, and it saves an event-loop turn per chunk.
  const fd = openSync(path, 'r');
  try {
    return readModelChunks((buf, offset, length) => readSync(fd, buf, offset, length, null), profile);
  } finally {
    closeSync(fd);
  }
}

/** The CLI's validator for codegraph (profile core or strict). */
export const validateCodegraphFile: FileValidator = async (path, { profile }) => {
  const result = await validateModelFile(path, profile);
  if (!result.ok) return fail(result.error);
  return ok({ ...result.value });
};
