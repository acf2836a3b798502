/**
 * Compares a testee's observation with the vector's: R-S3 semantic equality (member order ignored,
 * numbers by lexeme, strings by code point). Strings are compared exactly, so the base64, bundle and
 * digest members of spec/protocol are byte-equal whenever the values are equal. A differing multi-line
 * string (a MORPH-CONTEXT bundle) gets a line diff, since one pointer line would hide where it differs;
 * differing base64 members (`bytes` of journal.append, `key` of journal.track-key) are decoded and
 * compared as text lines or bytes, since two base64 strings say nothing to a reader.
 */
import { decodeCanonicalBase64 } from '../shared/base64.ts';
import { structuredPatch } from 'diff';
import { jsonDiff, jsonEqual } from '../shared/json/equal.ts';
import type { JsonValue } from '../shared/json/value.ts';

/** At most this many diff lines are kept per case; past it one line counts what was left out. */
export const MAX_DIFF_LINES = 60;

/** A diff line longer than this (a pointer 100,000 levels deep) keeps its start and end only. */
export const MAX_DIFF_LINE_CHARS = 400;

/** Line diffs run on at most this many differing lines per side; past it the first differing line is named. */
const MAX_LINE_DIFF_INPUT = 2000;

/**
 * Empty when the observations are equal; otherwise one line per difference, each starting with a JSON
 * pointer, at most MAX_DIFF_LINES of them plus a last line saying how many more differences there
 * were. Lines are appended one by one, never spread into push: a wrong answer of 150,000 lines must
 * not overflow the stack (issue 11 item 5).
 */
export function compareObservation(expected: JsonValue, actual: JsonValue): string[] {
  if (jsonEqual(expected, actual)) return [];
  const lines: string[] = [];
  let dropped = 0;
  const add = (line: string) => {
    if (lines.length < MAX_DIFF_LINES) lines.push(clipLine(line));
    else dropped++;
  };
  // One more pointer than we show, so that a cut list says so.
  const pointers = jsonDiff(expected, actual, MAX_DIFF_LINES + 1);
  for (const line of pointers.slice(0, MAX_DIFF_LINES)) {
    add(line);
    const pointer = line.slice(0, line.indexOf(': '));
    const pair = multiLineStrings(expected, actual, pointer);
    const extra = pair ? lineDiff(pair[0], pair[1]) : base64Diff(expected, actual, pointer);
    for (const l of extra) add(l);
  }
  if (pointers.length > MAX_DIFF_LINES) dropped++;
  if (dropped > 0) {
    lines.push(
      pointers.length > MAX_DIFF_LINES
        ? `… diff cut at ${MAX_DIFF_LINES} lines: ${dropped} more lines left out, and more differing members follow`
        : `… diff cut at ${MAX_DIFF_LINES} lines: ${dropped} more lines left out`,
    );
  }
  return lines;
}

function clipLine(line: string): string {
  if (line.length <= MAX_DIFF_LINE_CHARS) return line;
  const half = Math.floor((MAX_DIFF_LINE_CHARS - 40) / 2);
  return `${line.slice(0, half)} …(${line.length - 2 * half} characters)… ${line.slice(-half)}`;
}

/** The two strings at `pointer` when both are multi-line text. */
function multiLineStrings(expected: JsonValue, actual: JsonValue, pointer: string): [string, string] | undefined {
  const a = resolvePointer(expected, pointer);
  const b = resolvePointer(actual, pointer);
  if (typeof a === 'string' && typeof b === 'string' && (a.includes('\n') || b.includes('\n'))) return [a, b];
  return undefined;
}

function resolvePointer(value: JsonValue, pointer: string): JsonValue | undefined {
  if (pointer === '(root)') return value;
  let v: JsonValue | undefined = value;
  for (const raw of pointer.split('/').slice(1)) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (v instanceof Map) v = v.get(token);
    else if (Array.isArray(v)) v = v[Number(token)];
    else return undefined;
  }
  return v;
}

/** Members whose strings are base64 of the real output (spec/protocol/schemas/observations). */
const BASE64_MEMBERS = new Set(['bytes', 'key']);

/** For a differing base64 member: a line diff of the decoded text, or the first differing byte. */
function base64Diff(expected: JsonValue, actual: JsonValue, pointer: string): string[] {
  const member = pointer.slice(pointer.lastIndexOf('/') + 1);
  if (!BASE64_MEMBERS.has(member)) return [];
  const a = resolvePointer(expected, pointer);
  const b = resolvePointer(actual, pointer);
  const decodedA = typeof a === 'string' ? decodeCanonicalBase64(a) : undefined;
  const decodedB = typeof b === 'string' ? decodeCanonicalBase64(b) : undefined;
  if (!decodedA || !decodedB) return [];
  const x = Buffer.from(decodedA.buffer, decodedA.byteOffset, decodedA.length);
  const y = Buffer.from(decodedB.buffer, decodedB.byteOffset, decodedB.length);
  const tx = x.toString('utf8');
  const ty = y.toString('utf8');
  const isText = (buf: Buffer, t: string) => Buffer.from(t, 'utf8').equals(buf) && t.includes('\n');
  if (isText(x, tx) && isText(y, ty) && tx !== ty) return ['    decoded, as lines:', ...lineDiff(tx, ty)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const at = (buf: Buffer) => (i < buf.length ? `0x${buf[i]!.toString(16).padStart(2, '0')}` : 'end');
  return [`    decoded: ${x.length} vs ${y.length} bytes, first difference at byte ${i} (expected ${at(x)}, got ${at(y)})`];
}

/**
 * Unified-diff hunks (`-` expected, `+` actual), indented under the pointer line. The common first
 * and last lines are set aside first, so only the differing middle is diffed; when that middle is
 * still huge the first differing line is named instead of running a quadratic diff.
 */
function lineDiff(expected: string, actual: string): string[] {
  const a = expected.split('\n');
  const b = actual.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (endA - start > MAX_LINE_DIFF_INPUT || endB - start > MAX_LINE_DIFF_INPUT) {
    const show = (lines: string[], i: number) => (i < lines.length ? JSON.stringify(lines[i]) : 'end of text');
    return [
      `    ${a.length} vs ${b.length} lines; first difference at line ${start + 1}: expected ${show(a, start)}, got ${show(b, start)}`,
    ];
  }
  // One line of context either side, as the hunks below show it.
  const from = Math.max(0, start - 1);
  const middleA = a.slice(from, Math.min(a.length, endA + 1)).join('\n');
  const middleB = b.slice(from, Math.min(b.length, endB + 1)).join('\n');
  const patch = structuredPatch('expected', 'actual', middleA, middleB, '', '', { context: 1 });
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    out.push(`    @@ -${hunk.oldStart + from},${hunk.oldLines} +${hunk.newStart + from},${hunk.newLines} @@`);
    for (const l of hunk.lines) {
      out.push(`    ${l}`);
      if (out.length > MAX_DIFF_LINES) return out;
    }
  }
  return out;
}
