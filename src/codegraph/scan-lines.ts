/**
 * The line splitter: cuts the byte stream at LF and applies the text rules of R-C1 before any JSON is
 * scanned — UTF-8 well-formedness, no BOM, no CR (strict), blank lines skipped. Works chunk by chunk
 * (UTF-8 and CR are checked with native scans over a whole chunk, then charged to the right line).
 * A refusal (of the splitter or of the sink) is returned as a value and ends the push.
 */
import { isUtf8 } from 'node:buffer';
import { JSON_CODES } from '../shared/json/constants.ts';
import { firstInvalidUtf8Offset } from '../shared/text.ts';
import { ok, type Result } from '../shared/errors.ts';
import type { CheckContext, Checked } from './check-context.ts';
import { BYTE, UTF8_BOM } from './constants.ts';

/** Receives one non-blank line `buf[start, end)`; `hasLF` is false only for a final unterminated line. */
export type LineSink = (buf: Buffer, start: number, end: number, hasLF: boolean) => Checked;

/** Splits a byte stream into lines; feed chunks with {@link LineSplitter.push}, then call `finish`. */
export class LineSplitter {
  /** File offset of the next byte to be pushed. */
  private fileOffset = 0;

  /** File offset of the next byte to be pushed (the start of the line not yet complete). */
  get nextFileOffset(): number {
    return this.fileOffset;
  }

  /** Counts `n` bytes as read without splitting them (the long-line path has taken them). */
  skip(n: number): void {
    this.fileOffset += n;
  }

  constructor(
    private readonly ctx: CheckContext,
    private readonly sink: LineSink,
  ) {}

  /**
   * Processes the complete lines of `buf[start, end)` (all of it when `final`) and gives the offset
   * of the first byte not consumed (the start of an incomplete last line), or the first refusal.
   */
  push(buf: Buffer, start: number, end: number, final: boolean): Result<number> {
    const { ctx } = this;
    let regionEnd = end;
    if (!final) {
      const lastLF = buf.lastIndexOf(BYTE.LF, end - 1);
      if (lastLF < start) return ok(start);
      regionEnd = lastLF + 1;
    }
    // Nothing to split: leave the context on the last line read (end-of-input errors are placed there).
    if (regionEnd === start) return ok(start);
    const bufferFileOffset = this.fileOffset - start;
    ctx.bufferFileOffset = bufferFileOffset;
    ctx.lineBuffer = buf;
    let pos = start;
    if (this.fileOffset === 0 && regionEnd - start >= 3 && buf[start] === UTF8_BOM[0] && buf[start + 1] === UTF8_BOM[1] && buf[start + 2] === UTF8_BOM[2]) {
      ctx.line = 1;
      ctx.lineStart = start;
      // R-S1 / R-C1: a byte-order mark is refused (strict); core reads past it.
      if (ctx.enforces(JSON_CODES.BOM)) return ctx.refusal(JSON_CODES.BOM, 'the file starts with a byte-order mark', { at: start });
      ctx.line = 0; // the BOM belongs to line 1, counted below
      pos += 3;
    }
    const region = buf.subarray(start, regionEnd);
    const badUtf8 = isUtf8(region) ? -1 : firstInvalidUtf8Offset(buf, start, regionEnd);
    const strictCR = ctx.enforces('MODEL_CARRIAGE_RETURN');
    let cr = strictCR ? buf.indexOf(BYTE.CR, pos) : -1;
    if (cr >= regionEnd) cr = -1;
    while (pos < regionEnd) {
      let nl = buf.indexOf(BYTE.LF, pos);
      const hasLF = nl >= 0 && nl < regionEnd;
      if (!hasLF) nl = regionEnd;
      ctx.line++;
      ctx.lineStart = pos;
      if (badUtf8 >= pos && badUtf8 < nl) return ctx.refusal(JSON_CODES.INVALID_UTF8, 'the line is not well-formed UTF-8', { at: badUtf8 });
      if (cr >= 0 && cr < nl) return ctx.refusal('MODEL_CARRIAGE_RETURN', 'a CR byte (lines end with LF alone)', { at: cr });
      let first = pos;
      // R-C1: a blank line (empty, or spaces and tabs; CR too where the profile allows it) is ignored.
      while (first < nl) {
        const c = buf[first];
        if (c === BYTE.SPACE || c === BYTE.TAB || (c === BYTE.CR && !strictCR)) first++;
        else break;
      }
      if (first < nl) {
        const read = this.sink(buf, pos, nl, hasLF);
        if (!read.ok) return read;
      }
      pos = nl + 1;
    }
    const consumed = Math.min(pos, regionEnd);
    this.fileOffset += consumed - start;
    return ok(consumed);
  }
}
