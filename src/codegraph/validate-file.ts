/**
 * `formcert validate codegraph <file>`: streams the file through the reader in fixed chunks; memory is
 * bounded by the modules, the dictionaries and the longest line, never by the file size.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { FileValidator } from '../shared/file-validator.ts';
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { READ_CHUNK_BYTES } from './constants.ts';
import { ModelReader, type ReadSummary } from './read-model.ts';

/** Validates a model file by streaming it; rejects (throws) only on I/O errors. */
export async function validateModelFile(path: string, profile: Profile): Promise<Result<ReadSummary>> {
  // Synchronous reads: the validator does nothing else meanwhile, and it saves an event-loop turn per chunk.
  const fd = openSync(path, 'r');
  try {
    const reader = new ModelReader(profile);
    let buf = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let filled = 0;
    for (;;) {
      if (filled === buf.length) {
        // One line longer than the buffer: grow (memory follows the longest line).
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const bytesRead = readSync(fd, buf, filled, buf.length - filled, null);
      const end = filled + bytesRead;
      const final = bytesRead === 0;
      const consumed = reader.push(buf, 0, end, final);
      if (reader.failed || final) break;
      buf.copy(buf, 0, consumed, end);
      filled = end - consumed;
    }
    return reader.finish();
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
