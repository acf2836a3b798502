/** Collects a child's output without letting it grow past a bound. */

/** Keeps every byte up to `limit`, then notes the overflow (stdout: the reply must be complete or refused). */
export class BoundedBytes {
  private readonly chunks: Buffer[] = [];
  private size = 0;
  /** True once more than `limit` bytes arrived. */
  overflowed = false;

  constructor(private readonly limit: number) {}

  /** Adds a chunk; returns false once the bound is passed. */
  push(chunk: Buffer): boolean {
    if (this.overflowed) return false;
    if (this.size + chunk.length > this.limit) {
      this.overflowed = true;
      this.chunks.length = 0;
      return false;
    }
    this.chunks.push(chunk);
    this.size += chunk.length;
    return true;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks, this.size);
  }
}

/** Default bound of the stderr kept per case. */
export const STDERR_LIMIT = 8 * 1024;

/**
 * Keeps the first and last `limit / 2` bytes of a stream (stderr): the start says what went wrong
 * first, the end holds the stack trace of a crash. The middle of a long stream is dropped.
 */
export class HeadTailText {
  private head = Buffer.alloc(0);
  private tail = Buffer.alloc(0);
  private dropped = 0;

  constructor(private readonly limit = STDERR_LIMIT) {}

  push(chunk: Buffer): void {
    const half = this.limit >> 1;
    if (this.head.length < half) {
      const take = Math.min(half - this.head.length, chunk.length);
      this.head = Buffer.concat([this.head, chunk.subarray(0, take)]);
      chunk = chunk.subarray(take);
    }
    if (chunk.length === 0) return;
    const joined = Buffer.concat([this.tail, chunk]);
    const keep = Math.min(joined.length, half);
    this.dropped += joined.length - keep;
    this.tail = joined.subarray(joined.length - keep);
  }

  /** The kept text; a marker line says how many bytes were dropped. */
  text(): string {
    const head = this.head.toString('utf8');
    const tail = this.tail.toString('utf8');
    return this.dropped > 0 ? `${head}\n[… ${this.dropped} bytes of stderr dropped …]\n${tail}` : head + tail;
  }

  /** Empties the collector (persistent mode hands stderr out case by case). */
  take(): string {
    const t = this.text();
    this.head = Buffer.alloc(0);
    this.tail = Buffer.alloc(0);
    this.dropped = 0;
    return t;
  }
}
