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

interface Frame {
  readonly close: string;
  readonly items: ReadonlyArray<readonly [string | undefined, JsonValue]>;
  index: number;
}

/** Serializes a value; returns undefined only when `numberText` refuses a number. */
export function serializeJson(value: JsonValue, options: WriteOptions = {}): string | undefined {
  const indent = options.indent ?? 0;
  const parts: string[] = [];
  const stack: Frame[] = [];
  const newline = (depth: number) => (indent > 0 ? '\n' + ' '.repeat(indent * depth) : '');
  const colon = indent > 0 ? ': ' : ':';
  let next: JsonValue | undefined = value;
  for (;;) {
    if (next !== undefined) {
      const v: JsonValue = next;
      next = undefined;
      if (v === null) parts.push('null');
      else if (v === true) parts.push('true');
      else if (v === false) parts.push('false');
      else if (typeof v === 'string') parts.push(writeString(v));
      else if (v instanceof JsonNumber) {
        const text = options.numberText ? options.numberText(v) : v.lexeme;
        if (text === undefined) return undefined;
        parts.push(text);
      } else if (Array.isArray(v)) {
        if (v.length === 0) parts.push('[]');
        else {
          parts.push('[');
          stack.push({ close: ']', items: v.map((x) => [undefined, x] as const), index: 0 });
        }
      } else {
        if (v.size === 0) parts.push('{}');
        else {
          parts.push('{');
          let items = [...v];
          if (options.sortKeys) {
            const cmp = options.sortKeys;
            items = items.sort((a, b) => cmp(a[0], b[0]));
          }
          stack.push({ close: '}', items, index: 0 });
        }
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return parts.join('');
    if (top.index === top.items.length) {
      stack.pop();
      parts.push(newline(stack.length) + top.close);
      continue;
    }
    const [key, item] = top.items[top.index]!;
    if (top.index > 0) parts.push(',');
    parts.push(newline(stack.length));
    if (key !== undefined) parts.push(writeString(key) + colon);
    top.index++;
    next = item;
  }
}

/** Writes a value: compact by default, lexemes and member order kept. */
export function writeJson(value: JsonValue, options: { indent?: number } = {}): string {
  return serializeJson(value, options)!;
}
