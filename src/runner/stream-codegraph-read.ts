/**
 * `codegraph.read` over a stream for the reference testee, stopping once its refusal is certain.
 *
 * The codegraph reader lets go of a long line whose JSON fault its prefix already decides and reads on
 * to the line's LF, because a CR or an invalid UTF-8 byte further on would be reported first (CG-ERR-1:
 * the first failing step of the line). Memory stays bounded, but an endless line (/dev/zero) is read
 * forever and the testee never answers. Here such a line is read on at most
 * {@link REFUSED_LINE_READ_ON_BYTES}; then the input is ended there and the reader answers with the
 * fault the bytes read decide, saying so in the message.
 */
import { ObservationBuilder } from '../codegraph/build-observation.ts';
import { READ_CHUNK_BYTES } from '../codegraph/constants.ts';
import { ModelReader } from '../codegraph/read-model.ts';
import type { Profile } from '../shared/errors.ts';
import type { OpOutcome, ReadChunk } from '../shared/ops.ts';

/** Bytes of a refused line read on in search of its LF before the answer is given without it. */
export const REFUSED_LINE_READ_ON_BYTES = 64 * 1024 * 1024;

/**
 * Reads a model from `read` in chunks into one reused buffer (grown only while a line that may still
 * be valid is longer than it) and answers as the `codegraph.read` op does; `readOnBytes` and
 * `chunkBytes` override the bound on reading a refused line and the buffer's first size (tests use small ones).
 */
export function streamCodegraphRead(read: ReadChunk, profile: Profile, readOnBytes: number = REFUSED_LINE_READ_ON_BYTES, chunkBytes: number = READ_CHUNK_BYTES): OpOutcome {
  const builder = new ObservationBuilder();
  const reader = new ModelReader(profile, builder.observe);
  let buf = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  /** Bytes of a refused line taken without being kept, or -1 while no line is refused. */
  let readOn = -1;
  let cut = false;
  /** The last (up to 3) bytes read, across reads: whether the input read so far ends inside a UTF-8 sequence. */
  let last: Buffer = Buffer.alloc(0);
  for (;;) {
    if (filled === buf.length) {
      // One line fills the buffer: the reader judges its prefix. Taking it all without failing means
      // its JSON fault is decided (ModelReader.pushLongLine), and the rest of the line is only read on.
      const taken = reader.pushLongLine(buf, 0, filled);
      if (reader.failed) break;
      if (taken === filled) {
        readOn = Math.max(readOn, 0) + taken;
        last = Buffer.concat([last, buf.subarray(Math.max(0, filled - 3), filled)]).subarray(-3);
        filled = 0;
      } else {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
    }
    // Past the bound, but inside a UTF-8 sequence: the bytes that complete it are read one at a time.
    const bytesRead = read(buf, filled, readOn > readOnBytes ? 1 : buf.length - filled);
    const end = filled + bytesRead;
    const final = bytesRead === 0;
    const consumed = reader.push(buf, 0, end, final);
    if (reader.failed || final) break;
    if (readOn >= 0) {
      // Still reading on through the refused line: all of it was taken.
      readOn += end - filled;
      last = Buffer.concat([last, buf.subarray(Math.max(filled, end - 3), end)]).subarray(-3);
      if (readOn > readOnBytes && !endsInsideUtf8Sequence(last)) {
        // The refusal is certain: end the input here (never inside a UTF-8 sequence, which the end of
        // input would make look invalid), so the reader gives it as far as it was read.
        cut = true;
        reader.push(buf, 0, 0, true);
        break;
      }
    }
    buf.copy(buf, 0, consumed, end);
    filled = end - consumed;
  }
  const result = reader.finish();
  if (result.ok) return { accept: true, observation: builder.result() };
  const e = result.error;
  if (!cut) return { accept: false, error: e };
  const note = ` (reading stopped after ${readOn} bytes of the line, before its LF: only a CR or an invalid UTF-8 byte further on could have changed this code)`;
  return { accept: false, error: { ...e, message: e.message + note } };
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
