/** Splits a testee's reply stream into LF-terminated lines without letting one line grow past a bound (persistent mode). */

/**
 * Lines up to this size that arrive in several chunks are joined in one buffer kept from line to line:
 * a fresh buffer per big reply (a 4 MiB observation is 64 pipe chunks) costs its allocation and a page
 * fault per 4 KiB on every reply. Longer lines get a buffer of their own, so that a single huge reply
 * does not keep its memory for the rest of the run.
 */
const REUSED_LINE_BYTES = 16 * 1024 * 1024;

/**
 * Feeds chunks in, calls `onLine` per complete line (without its LF); `onOverflow` once when a line
 * passes `maxLine`. The line handed to `onLine` is valid only during that call (its bytes may be
 * reused for a later line): a handler copies what it keeps.
 */
export class ReplyLineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private failed = false;
  private joined: Buffer | undefined;

  constructor(
    private readonly maxLine: number,
    private readonly onLine: (line: Buffer) => void,
    private readonly onOverflow: () => void,
  ) {}

  push(chunk: Buffer): void {
    if (this.failed) return;
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(0x0a, start);
      const end = nl === -1 ? chunk.length : nl;
      if (this.size + (end - start) > this.maxLine) {
        this.failed = true;
        this.parts = [];
        this.onOverflow();
        return;
      }
      if (nl === -1) {
        if (end > start) {
          this.parts.push(chunk.subarray(start));
          this.size += end - start;
        }
        return;
      }
      const piece = chunk.subarray(start, nl);
      const line = this.parts.length === 0 ? piece : this.join(piece);
      this.parts = [];
      this.size = 0;
      this.onLine(line);
      start = nl + 1;
    }
  }

  /** The parts so far and `last`, in one buffer. */
  private join(last: Buffer): Buffer {
    const total = this.size + last.length;
    if (total > REUSED_LINE_BYTES) return Buffer.concat([...this.parts, last], total);
    if (!this.joined || this.joined.length < total) {
      // Grown by doubling, so that replies of slowly rising size do not reallocate each time.
      this.joined = Buffer.allocUnsafe(Math.min(REUSED_LINE_BYTES, Math.max(total, 2 * (this.joined?.length ?? 0), 64 * 1024)));
    }
    let at = 0;
    for (const part of this.parts) at += part.copy(this.joined, at);
    last.copy(this.joined, at);
    return this.joined.subarray(0, total);
  }
}
