/**
 * The JSON writer: puts values back with their lexemes and member order. Iterative, so values of any
 * depth are written. Strings are escaped minimally: only `"`, `\` and U+0000–U+001F (R-J6's form).
 */
import { JsonNumber, type JsonValue } from './value.ts';

/** Writer options: `indent` > 0 pretty-prints (two-space style), `sortKeys` orders members. */
export interface WriteOptions {
  indent?: number;
  sortKeys?: (a: string, b: string) => number;
  /** Renders a number; returning undefined aborts the write (used by JCS). */
  numberText?: (n: JsonNumber) => string | undefined;
}

const SHORT_ESCAPES: Record<number, string> = { 8: '\\b', 9: '\\t', 10: '\\n', 12: '\\f', 13: '\\r' };
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** Writes a string token with minimal escaping (control characters as \b \f \n \r \t or lowercase \u00xx). */
export function writeString(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return `"${s}"`;
  // For well-formed text JSON.stringify writes exactly these escapes, natively and as one flat string
  // (appending piece by piece builds a rope of two nodes per escape); only a lone surrogate, which it
  // would escape and this writer keeps, needs the loop.
  if (s.isWellFormed()) return JSON.stringify(s);
  let out = '"';
  let run = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c !== 0x22 && c !== 0x5c) continue;
    out += s.slice(run, i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else out += SHORT_ESCAPES[c] ?? `\\u00${c.toString(16).padStart(2, '0')}`;
    run = i + 1;
  }
  return out + s.slice(run) + '"';
}

/** A string value longer than this many UTF-16 units is written as several pieces, not one. */
const STRING_SLICE_UNITS = 1 << 16;

/**
 * Writes a long well-formed string as pieces (the quotes, then each slice escaped): one piece would be
 * a second copy of the whole string. No slice ends between the halves of a pair, so each escapes as the
 * whole would. Returns false when `emit` stops the write.
 */
function emitLongString(s: string, emit: (piece: string) => boolean): boolean {
  if (!emit('"')) return false;
  for (let at = 0; at < s.length; ) {
    let end = Math.min(at + STRING_SLICE_UNITS, s.length);
    const last = s.charCodeAt(end - 1);
    if (end < s.length && last >= 0xd800 && last <= 0xdbff) end--;
    const slice = s.slice(at, end);
    if (!emit(NEEDS_ESCAPE.test(slice) ? JSON.stringify(slice).slice(1, -1) : slice)) return false;
    at = end;
  }
  return emit('"');
}

/** A container being written: its items (an array's, or an object's members in write order) and the next one. */
interface Frame {
  readonly close: string;
  readonly array: readonly JsonValue[] | undefined;
  readonly members: ReadonlyArray<readonly [string, JsonValue]> | undefined;
  readonly length: number;
  index: number;
}

/**
 * Writes `value` as a sequence of pieces handed to `emit`, in order; `emit` returns false to stop the
 * write early. Returns false when the write stopped (a refused number or `emit`'s false), else true.
 * Nothing but the pieces and one frame per open container is allocated, so a caller that compares or
 * hashes the text as it comes never holds it.
 */
export function emitJson(value: JsonValue, options: WriteOptions, emit: (piece: string) => boolean): boolean {
  const indent = options.indent ?? 0;
  const stack: Frame[] = [];
  const newline = (depth: number) => (indent > 0 ? '\n' + ' '.repeat(indent * depth) : '');
  const colon = indent > 0 ? ': ' : ':';
  let next: JsonValue | undefined = value;
  for (;;) {
    if (next !== undefined) {
      const v: JsonValue = next;
      next = undefined;
      let piece: string;
      if (v === null) piece = 'null';
      else if (v === true) piece = 'true';
      else if (v === false) piece = 'false';
      else if (typeof v === 'string') {
        if (v.length > STRING_SLICE_UNITS && v.isWellFormed()) {
          if (!emitLongString(v, emit)) return false;
          piece = '';
        } else piece = writeString(v);
      }
      else if (v instanceof JsonNumber) {
        const text = options.numberText ? options.numberText(v) : v.lexeme;
        if (text === undefined) return false;
        piece = text;
      } else if (Array.isArray(v)) {
        if (v.length === 0) piece = '[]';
        else {
          piece = '[';
          stack.push({ close: ']', array: v, members: undefined, length: v.length, index: 0 });
        }
      } else if (v.size === 0) piece = '{}';
      else {
        piece = '{';
        let members = [...v];
        if (options.sortKeys) {
          const cmp = options.sortKeys;
          members = members.sort((a, b) => cmp(a[0], b[0]));
        }
        stack.push({ close: '}', array: undefined, members, length: members.length, index: 0 });
      }
      if (piece !== '' && !emit(piece)) return false;
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return true;
    if (top.index === top.length) {
      stack.pop();
      if (!emit(newline(stack.length) + top.close)) return false;
      continue;
    }
    const lead = (top.index > 0 ? ',' : '') + newline(stack.length);
    if (top.array !== undefined) {
      if (lead !== '' && !emit(lead)) return false;
      next = top.array[top.index]!;
    } else {
      const [key, item] = top.members![top.index]!;
      if (!emit(lead + writeString(key) + colon)) return false;
      next = item;
    }
    top.index++;
  }
}

/** Pieces are joined in runs of about this many UTF-16 units, so a long text is not one piece per value. */
const RUN_UNITS = 1 << 16;

/**
 * Writes `value` to `sink` in runs of about {@link RUN_UNITS} units, as {@link serializeJson} would
 * write it whole; returns false (after some runs, perhaps) when `numberText` refuses a number. A writer
 * to a file or a pipe never holds the whole text.
 */
export function streamJson(value: JsonValue, options: WriteOptions, sink: (run: string) => void): boolean {
  let run = '';
  const written = emitJson(value, options, (piece) => {
    run += piece;
    if (run.length >= RUN_UNITS) {
      // Reading a unit flattens the run's rope now, so its pieces are garbage at once, not at the end.
      run.charCodeAt(0);
      sink(run);
      run = '';
    }
    return true;
  });
  if (written && run !== '') sink(run);
  return written;
}

/** Serializes a value; returns undefined only when `numberText` refuses a number. */
export function serializeJson(value: JsonValue, options: WriteOptions = {}): string | undefined {
  const runs: string[] = [];
  if (!streamJson(value, options, (run) => runs.push(run))) return undefined;
  return runs.length === 1 ? runs[0]! : runs.join('');
}

/**
 * True when `text` is exactly what {@link serializeJson} writes for `value` under `options`, compared
 * piece by piece as the pieces are made (no copy of the text is built; the first difference stops it).
 */
export function isJsonText(value: JsonValue, text: string, options: WriteOptions = {}): boolean {
  let at = 0;
  const written = emitJson(value, options, (piece) => {
    if (!text.startsWith(piece, at)) return false;
    at += piece.length;
    return true;
  });
  return written && at === text.length;
}

/** Writes a value: compact by default, lexemes and member order kept. */
export function writeJson(value: JsonValue, options: { indent?: number } = {}): string {
  return serializeJson(value, options)!;
}
