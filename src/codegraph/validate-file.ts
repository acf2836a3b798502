/**
 * `formcert validate codegraph <file>`: streams the file (or a pipe, or a device) through the reader in
 * fixed chunks into one reused buffer; memory is bounded by the modules, the dictionaries and the longest
 * valid line less the strings and arrays in it the checks do not read, never by the file size nor by a
 * line already known to be refused.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { FileValidator } from '../shared/file-validator.ts';
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { READ_CHUNK_BYTES } from './constants.ts';
import type { ReadChunk } from '../shared/ops.ts';
import { ModelReader, type ReadSummary, type RecordObserver } from './read-model.ts';


/** Bytes of a refused line read on in search of its LF before the answer is given without it. */
export const REFUSED_LINE_READ_ON_BYTES = 64 * 1024 * 1024;

/** Options of {@link readModelChunks}. */
export interface ReadModelChunksOptions {
  /** First size of the reused buffer (tests use small ones). */
  readonly chunkBytes?: number;
  /** Sees every accepted record (the `codegraph.read` op builds its observation with it). */
  readonly observer?: RecordObserver;
  /** Bytes of a refused line read on before answering without its LF (default {@link REFUSED_LINE_READ_ON_BYTES}). */
  readonly readOnBytes?: number;
  /** Input bytes the observer sees at most: once more have been read, it is let go (the verdict is still read to the end). */
  readonly observeUpToBytes?: number;
  /** Values the observer may have built under members no check reads: past them it is let go too (see ModelReader.observeUpToValues). */
  readonly observeUpToValues?: number;
  /** Told when the observer was let go before the input's end (by bytes or by values): the observation is incomplete. */
  readonly onObserverDropped?: () => void;
}

/**
 * Reads a model from a byte source in chunks into one reused buffer, which grows only while one line
 * that may still be valid is longer than it.
 *
 * A long line whose JSON fault its prefix already decides is read on to its LF without being kept,
 * because a CR or an invalid UTF-8 byte further on comes first (CG-ERR-1: the line's first failing
 * step). An endless line (/dev/zero) would be read forever, so past `readOnBytes` the input is ended
 * there and the answer is the fault the bytes read decide, which the message says.
 */
export function readModelChunks(read: ReadChunk, profile: Profile, options: ReadModelChunksOptions = {}): Result<ReadSummary> {
  const { chunkBytes = READ_CHUNK_BYTES, observer, readOnBytes = REFUSED_LINE_READ_ON_BYTES, observeUpToBytes = Number.POSITIVE_INFINITY } = options;
  const reader = new ModelReader(profile, observer);
  if (observer !== undefined && options.observeUpToValues !== undefined) reader.observeUpToValues(options.observeUpToValues);
  let total = 0;
  let observing = observer !== undefined;
  let buf = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  /** Bytes of a refused line taken without being kept, or -1 while no line is refused. */
  let readOn = -1;
  let cut = false;
  /** The last (up to 3) bytes read: whether the input so far ends inside a UTF-8 sequence. */
  let last = Buffer.alloc(0);
  const keepTail = (from: number, to: number) => {
    last = Buffer.concat([last, buf.subarray(Math.max(from, to - 3), to)]).subarray(-3);
  };
  for (;;) {
    if (filled === buf.length) {
      // One line fills the buffer. The reader judges its prefix first: a line already known to be
      // refused is read on without being kept, so a hostile line (or /dev/zero) costs one buffer.
      const taken = reader.pushLongLine(buf, 0, filled);
      if (reader.failed) break;
      if (taken === filled) {
        readOn = Math.max(readOn, 0) + taken;
        keepTail(0, filled);
        filled = 0;
      } else {
        // The prefix may still be a valid record. Inside a huge string or array nobody reads, the reader
        // drops what of it is checked and the same buffer goes on; otherwise grow (memory follows the
        // longest valid line, less its unread strings and arrays).
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
    // Past the bound but inside a UTF-8 sequence: the bytes that complete it come one at a time.
    const bytesRead = read(buf, filled, readOn > readOnBytes ? 1 : buf.length - filled);
    total += bytesRead;
    if (observing && total > observeUpToBytes) {
      // Past the observation's bound: memory must not follow the input, so the records are no longer observed.
      reader.dropObserver();
      observing = false;
    }
    const end = filled + bytesRead;
    const final = bytesRead === 0;
    const consumed = reader.push(buf, 0, end, final);
    if (reader.failed || final) break;
    if (readOn >= 0) {
      // Still reading on through the refused line: all of it was taken.
      readOn += end - filled;
      keepTail(filled, end);
      if (readOn > readOnBytes && !endsInsideUtf8Sequence(last)) {
        // The refusal is certain: end the input here (never inside a UTF-8 sequence, which the end
        // of input would make look invalid).
        cut = true;
        reader.push(buf, 0, 0, true);
        break;
      }
    }
    buf.copy(buf, 0, consumed, end);
    filled = end - consumed;
  }
  const result = reader.finish();
  if (observer !== undefined && (!observing || reader.observationOverBound)) options.onObserverDropped?.();
  if (result.ok || !cut) return result;
  const note = ` (reading stopped after ${readOn} bytes of the line, before its LF: only a CR or an invalid UTF-8 byte further on could have changed this code)`;
  return fail({ ...result.error, message: result.error.message + note });
}

/** True when `tail` (the last bytes read) ends with the first bytes of a UTF-8 sequence whose continuation bytes have not all come. */
function endsInsideUtf8Sequence(tail: Buffer): boolean {
  for (let i = tail.length - 1; i >= 0; i--) {
    const b = tail[i]!;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return tail.length - i < need;
  }
  return false;
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
