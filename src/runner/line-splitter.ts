/** Splits a byte stream into LF-terminated lines without letting one line grow past a bound. */

/** Feeds chunks in, calls `onLine` per complete line (without its LF); `onOverflow` once when a line passes `maxLine`. */
export class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  private failed = false;

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
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.size = 0;
      this.onLine(line);
      start = nl + 1;
    }
  }
}
