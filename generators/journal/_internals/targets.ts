/** Helpers for mutators: find (or make) the line, group or entry a mutation breaks. */
import type { JsonValue } from '../../../src/shared/json/value.ts';
import { makeEntry, makeFrame, makeGroup } from './entries.ts';
import { cloneSample, n, type JournalSample } from './sample.ts';

export const U64_MAX = (1n << 64n) - 1n;
export type Obj = Map<string, JsonValue>;

/** An integer member's value. */
export function int(v: JsonValue | undefined): bigint {
  return BigInt((v as { lexeme: string }).lexeme);
}

/** Position after the last stored one (or after origin), or undefined on 64-bit overflow. */
export function nextPosition(s: JournalSample): bigint | undefined {
  const entries = entriesOf(s);
  const next = entries.length > 0 ? int(entries[entries.length - 1]!.entry.get('position')) + 1n : int(s.header.get('origin')) + 1n;
  return next > U64_MAX ? undefined : next;
}

/** Where an entry stands. */
export interface EntryRef {
  readonly entry: Obj;
  readonly line: Obj;
  readonly lineIndex: number;
  /** Index in its group, or -1 for a standalone entry. */
  readonly member: number;
}

/** Every entry of a sample, in order. */
export function entriesOf(s: JournalSample): EntryRef[] {
  const out: EntryRef[] = [];
  s.lines.forEach((line, lineIndex) => {
    if (line.has('group')) for (const [member, entry] of (line.get('entries') as Obj[]).entries()) out.push({ entry, line, lineIndex, member });
    else out.push({ entry: line, line, lineIndex, member: -1 });
  });
  return out;
}

/** A v3 copy (v2 lines are valid v3 lines; a v2 unterminated final line gets its LF). */
export function asV3(s: JournalSample): JournalSample {
  const c = cloneSample(s, { schema: 3, finalLineUnterminated: false });
  c.header.set('schema', n(3));
  return c;
}

/** A copy with at least one line (a transaction appended when there is none). */
export function withLine(s: JournalSample): JournalSample | undefined {
  const c = cloneSample(s);
  if (c.lines.length > 0) return c;
  const p = nextPosition(c);
  if (p === undefined) return undefined;
  c.lines.push(makeEntry(p));
  return c;
}

/** A v3 copy holding a group of at least `size` entries (appended when there is none), and that group. */
export function withGroup(s: JournalSample, size: number, pick: number): { sample: JournalSample; group: Obj } | undefined {
  const c = asV3(s);
  const groups = c.lines.filter((l) => l.has('group') && (l.get('entries') as Obj[]).length >= size);
  if (groups.length > 0) return { sample: c, group: groups[pick % groups.length]! };
  const p = nextPosition(c);
  if (p === undefined || p + BigInt(size) - 1n > U64_MAX) return undefined;
  const group = makeFrame(makeGroup(p, size - 1));
  c.lines.push(group);
  return { sample: c, group };
}

/** A copy holding an entry that satisfies `accept` (a standalone one built by `make` is appended when needed). */
export function withEntry(s: JournalSample, pick: number, accept: (r: EntryRef) => boolean, make: (p: bigint) => Obj = (p) => makeEntry(p)): { sample: JournalSample; ref: EntryRef } | undefined {
  const c = cloneSample(s);
  const refs = entriesOf(c).filter(accept);
  if (refs.length > 0) return { sample: c, ref: refs[pick % refs.length]! };
  const p = nextPosition(c);
  if (p === undefined) return undefined;
  const e = make(p);
  c.lines.push(e);
  const ref = entriesOf(c).find((r) => r.entry === e)!;
  return { sample: c, ref };
}

/** The metadata object of an entry. */
export function md(e: Obj): Obj {
  return e.get('metadata') as Obj;
}
