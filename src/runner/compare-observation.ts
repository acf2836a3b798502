/**
 * Compares a testee's observation with the vector's: R-S3 semantic equality (member order ignored,
 * numbers by lexeme, strings by code point). Strings are compared exactly, so the base64, bundle and
 * digest members of spec/protocol are byte-equal whenever the values are equal. A differing multi-line
 * string (a MORPH-CONTEXT bundle) gets a line diff, since one pointer line would hide where it differs;
 * differing base64 members (`bytes` of journal.append, `key` of journal.track-key) are decoded and
 * compared as text lines or bytes, since two base64 strings say nothing to a reader.
 */
import { structuredPatch } from 'diff';
import { jsonDiff, jsonEqual } from '../shared/json/equal.ts';
import type { JsonValue } from '../shared/json/value.ts';

/** At most this many diff lines are kept per case. */
export const MAX_DIFF_LINES = 60;

/** Empty when the observations are equal; otherwise one line per difference, each starting with a JSON pointer. */
export function compareObservation(expected: JsonValue, actual: JsonValue): string[] {
  if (jsonEqual(expected, actual)) return [];
  const lines: string[] = [];
  for (const line of jsonDiff(expected, actual, MAX_DIFF_LINES)) {
    lines.push(line);
    const pointer = line.slice(0, line.indexOf(': '));
    const pair = multiLineStrings(expected, actual, pointer);
    if (pair) lines.push(...lineDiff(pair[0], pair[1]));
    else lines.push(...base64Diff(expected, actual, pointer));
  }
  return lines.slice(0, MAX_DIFF_LINES);
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
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** For a differing base64 member: a line diff of the decoded text, or the first differing byte. */
function base64Diff(expected: JsonValue, actual: JsonValue, pointer: string): string[] {
  const member = pointer.slice(pointer.lastIndexOf('/') + 1);
  if (!BASE64_MEMBERS.has(member)) return [];
  const a = resolvePointer(expected, pointer);
  const b = resolvePointer(actual, pointer);
  if (typeof a !== 'string' || typeof b !== 'string' || !BASE64.test(a) || !BASE64.test(b)) return [];
  const x = Buffer.from(a, 'base64');
  const y = Buffer.from(b, 'base64');
  const tx = x.toString('utf8');
  const ty = y.toString('utf8');
  const isText = (buf: Buffer, t: string) => Buffer.from(t, 'utf8').equals(buf) && t.includes('\n');
  if (isText(x, tx) && isText(y, ty) && tx !== ty) return ['    decoded, as lines:', ...lineDiff(tx, ty)];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  const at = (buf: Buffer) => (i < buf.length ? `0x${buf[i]!.toString(16).padStart(2, '0')}` : 'end');
  return [`    decoded: ${x.length} vs ${y.length} bytes, first difference at byte ${i} (expected ${at(x)}, got ${at(y)})`];
}

/** Unified-diff hunks (`-` expected, `+` actual), indented under the pointer line. */
function lineDiff(expected: string, actual: string): string[] {
  const patch = structuredPatch('expected', 'actual', expected, actual, '', '', { context: 1 });
  const out: string[] = [];
  for (const hunk of patch.hunks) {
    out.push(`    @@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`);
    for (const l of hunk.lines) out.push(`    ${l}`);
  }
  return out;
}
