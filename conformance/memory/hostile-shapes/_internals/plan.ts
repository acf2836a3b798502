/**
 * A hostile input as a small plan (a few hundred bytes of JSON, readable in a failure and replayable)
 * that expands to hundreds of megabytes only while it is written: a file's text with one bulk spliced
 * in, the bulk being one unit repeated many times, so the emitter never holds the input either.
 */
import { writeSync } from 'node:fs';

/** Stands for the repetition's index (0, 1, …) in a unit. */
export const INDEX = '⟨n⟩';
/** Stands for the index plus one (positions that start at 1). */
export const NEXT = '⟨m⟩';
/** Stands for the index zero-padded to ten digits (names that sort as they are written). */
export const PADDED = '⟨p⟩';
/** Marks where a template takes its bulk. */
export const BULK = '@';

/** A file's text around one bulk: `before`, then `open` × times (joined by `separator`), `close` × times, `after`. */
export interface HostilePlan {
  /** What the input is, for a person reading a failure. */
  readonly label: string;
  readonly before: string;
  /** The repeated unit (may hold INDEX, NEXT, PADDED). */
  readonly open: string;
  readonly separator: string;
  /** Written `times` times after the opening units (the closers of nested openers), else empty. */
  readonly close: string;
  readonly times: number;
  readonly after: string;
}

/** The parts of a template around its one BULK mark (a template without exactly one mark is a test bug). */
export function splitTemplate(template: string): { before: string; after: string } {
  const at = template.indexOf(BULK);
  if (at < 0 || template.indexOf(BULK, at + 1) >= 0) throw new Error(`a template takes exactly one ${BULK}: ${template}`);
  return { before: template.slice(0, at), after: template.slice(at + 1) };
}

/** Repetitions of a unit that make about `targetBytes` of bulk (an index counted as seven digits, a padded one as ten). */
export function timesFor(unit: string, separator: string, close: string, targetBytes: number): number {
  const written = fill(unit, 1_000_000);
  const each = Buffer.byteLength(written) + Buffer.byteLength(separator) + Buffer.byteLength(close);
  return Math.max(1, Math.floor(targetBytes / each));
}

const PLACEHOLDER = /⟨[nmp]⟩/;
/** What a full pipe's wait sleeps on. */
const PAUSE = new Int32Array(new SharedArrayBuffer(4));
/** Bytes gathered before one write. */
const WRITE_BYTES = 1 << 20;

function fill(unit: string, i: number): string {
  if (!PLACEHOLDER.test(unit)) return unit;
  return unit
    .replaceAll(INDEX, String(i))
    .replaceAll(NEXT, String(i + 1))
    .replaceAll(PADDED, String(i).padStart(10, '0'));
}

/**
 * Writes the plan's text to `fd` in pieces of about a megabyte. Returns false when the reader closed
 * the pipe first (a validator that has its verdict stops reading: expected, not an error).
 */
export function emitPlan(plan: HostilePlan, fd: number): boolean {
  let pending: string[] = [];
  let pendingBytes = 0;
  const put = (text: string): void => {
    pending.push(text);
    pendingBytes += text.length;
    if (pendingBytes >= WRITE_BYTES) flush();
  };
  const flush = (): void => {
    const bytes = Buffer.from(pending.join(''));
    // A write to a pipe may take part of the bytes, or none while the pipe is full (stdout may be
    // non-blocking): then wait a millisecond for the reader and write on.
    for (let at = 0; at < bytes.length; ) {
      try {
        at += writeSync(fd, bytes, at);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        Atomics.wait(PAUSE, 0, 0, 1);
      }
    }
    pending = [];
    pendingBytes = 0;
  };
  try {
    put(plan.before);
    for (let i = 0; i < plan.times; i++) {
      if (i > 0 && plan.separator !== '') put(plan.separator);
      put(fill(plan.open, i));
    }
    if (plan.close !== '') for (let i = plan.times - 1; i >= 0; i--) put(fill(plan.close, i));
    put(plan.after);
    flush();
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EPIPE') return false;
    throw error;
  }
}
