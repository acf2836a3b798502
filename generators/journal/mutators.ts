/**
 * Mutators: each turns a valid journal sample into bytes that break exactly one rule, and declares the
 * rule, the code the oracle must answer and the profile. A mutator returns undefined when a sample
 * offers nothing to break (callers skip those).
 */
import type { Profile } from '../../src/shared/errors.ts';
import type { JsonNumber, JsonValue } from '../../src/shared/json/value.ts';
import { makeEntry, makeFrame, makeGroup } from './_internals/entries.ts';
import { cloneSample, n, renderLine, sampleBytes, type JournalSample } from './_internals/sample.ts';
import { asV3, entriesOf, int, md, nextPosition, U64_MAX, withEntry, withGroup, withLine, type EntryRef, type Obj } from './_internals/targets.ts';
import { insertBytes } from '../../src/shared/byte-edits.ts';

/** One way of breaking one rule. */
export interface JournalMutator {
  readonly name: string;
  readonly requirement: string;
  readonly code: string;
  readonly profile: Profile;
  /** Valid sample (and a free choice number) → invalid file bytes, or undefined when not applicable. */
  readonly apply: (sample: JournalSample, pick: number) => Uint8Array | undefined;
}

const bytes = (s: JournalSample | undefined) => (s === undefined ? undefined : sampleBytes(s));

/** Renders the sample's lines, lets `edit` change the texts, and joins them back (tail kept). */
function editTexts(s: JournalSample, edit: (lines: string[]) => void): Uint8Array {
  const texts = [renderLine(s, s.header, 0), ...s.lines.map((l, i) => renderLine(s, l, i + 1))];
  edit(texts);
  let body = texts.join('\n');
  if (!(s.schema === 2 && s.finalLineUnterminated && s.lines.length > 0)) body += '\n';
  return new Uint8Array(Buffer.concat([Buffer.from(body, 'utf8'), s.tail]));
}

/** How many leading lines end with LF (a final unterminated v2 line has its own rule, R-J3). */
function terminatedLines(s: JournalSample, texts: readonly string[]): number {
  return s.schema === 2 && s.finalLineUnterminated && texts.length > 1 ? texts.length - 1 : texts.length;
}

/** Offsets of the LF bytes that end lines of the recovered prefix. */
function lfOffsets(b: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < b.length; i++) if (b[i] === 0x0a) out.push(i);
  return out;
}

const insertAt = insertBytes;

/** Builds an entry mutator: find an entry matching `accept` (or add one), then edit it; an edit that returns `false` does not apply. */
function onEntry(accept: (r: EntryRef) => boolean, edit: (r: EntryRef, pick: number) => unknown, make?: (p: bigint) => Obj) {
  return (s: JournalSample, pick: number) => {
    const found = withEntry(s, pick, accept, make);
    if (!found) return undefined;
    return edit(found.ref, pick) === false ? undefined : bytes(found.sample);
  };
}

/** The metadata members a group's records copy from its transaction (R-J6 witnesses). */
const WITNESS_MEMBERS = ['principal', 'correlation', 'at_us'] as const;

/**
 * Like {@link onEntry} for metadata edits of a transaction or standalone entry: when the edited entry
 * leads a group, its records get the same witness members, so the edit breaks its own rule and not also
 * R-J6 (a reader that refuses for the witness instead would hide a missing range check).
 */
function onLead(edit: (r: EntryRef, pick: number) => unknown) {
  return onEntry(
    (r) => r.member <= 0,
    (r, pick) => {
      if (edit(r, pick) === false) return false;
      if (r.member !== 0) return;
      const lead = md(r.entry);
      for (const record of (r.line.get('entries') as Obj[]).slice(1)) for (const k of WITNESS_MEMBERS) md(record).set(k, lead.get(k)!);
    },
  );
}

const any = () => true;
const isRecordEntry = (r: EntryRef) => r.entry.get('kind') === 'Record';
const isTx = (r: EntryRef) => r.entry.get('kind') === 'Transaction';
const isAppRecord = (r: EntryRef) => isRecordEntry(r) && !String(r.entry.get('id')).startsWith('harmos:');
const pickFrom = <T>(list: readonly T[], pick: number): T => list[pick % list.length]!;

const TOO_LONG = 'é'.repeat(512) + 'x'; // 1,025 UTF-8 bytes
/** R-J6: records a group may hold. */
const MAX_GROUP_RECORDS = 256;

export const JOURNAL_MUTATORS: readonly JournalMutator[] = [
  // R-J1: the file
  {
    name: 'cr-before-lf', requirement: 'R-J1', code: 'CARRIAGE_RETURN', profile: 'core',
    apply: (s, pick) => {
      const b = sampleBytes(s);
      return insertAt(b, pickFrom(lfOffsets(b), pick), '\r');
    },
  },
  {
    name: 'byte-order-mark', requirement: 'R-J1', code: 'JSON_BOM', profile: 'strict',
    apply: (s) => insertAt(sampleBytes(s), 0, Buffer.of(0xef, 0xbb, 0xbf)),
  },
  {
    name: 'blank-line', requirement: 'R-J1', code: 'BLANK_LINE', profile: 'strict',
    apply: (s, pick) => {
      const b = sampleBytes(s);
      return insertAt(b, pickFrom(lfOffsets(b), pick) + 1, pickFrom(['\n', ' \n', '\t \n'], pick >> 3));
    },
  },
  {
    name: 'invalid-utf8', requirement: 'R-J1', code: 'JSON_INVALID_UTF8', profile: 'core',
    apply: (s, pick) => {
      const b = sampleBytes(s);
      const bad = pickFrom([Buffer.of(0xff), Buffer.of(0xc0, 0x80), Buffer.of(0xed, 0xa0, 0x80), Buffer.of(0xf4, 0x90, 0x80, 0x80), Buffer.of(0xc3)], pick);
      // Inside the header line, which every sample has.
      return insertAt(b, (pick >> 3) % lfOffsets(b)[0]!, bad);
    },
  },
  { name: 'empty-file', requirement: 'R-J1', code: 'EMPTY_FILE', profile: 'strict', apply: () => new Uint8Array() },
  {
    name: 'header-without-lf', requirement: 'R-J1', code: 'UNTERMINATED_HEADER', profile: 'core',
    apply: (s) => new Uint8Array(Buffer.from(renderLine(s, s.header, 0))),
  },
  // R-J2: versions
  {
    name: 'schema-1', requirement: 'R-J2', code: 'RETIRED_SCHEMA', profile: 'core',
    apply: (s) => {
      const c = cloneSample(s);
      c.header.set('schema', n(1));
      return bytes(c);
    },
  },
  {
    name: 'schema-unsupported', requirement: 'R-J2', code: 'UNSUPPORTED_SCHEMA', profile: 'core',
    apply: (s, pick) => {
      const c = cloneSample(s);
      c.header.set('schema', n(pickFrom(['0', '4', '30', '18446744073709551615'], pick)));
      return bytes(c);
    },
  },
  {
    name: 'group-in-v2', requirement: 'R-J2', code: 'GROUP_IN_V2', profile: 'core',
    apply: (s, pick) => {
      const c = cloneSample(s, { schema: 2, tail: new Uint8Array(), finalLineUnterminated: false });
      c.header.set('schema', n(2));
      c.lines.splice(pick % (c.lines.length + 1), 0, makeFrame(makeGroup(1, 1)));
      return bytes(c);
    },
  },
  {
    name: 'v2-unparsable-final-line', requirement: 'R-J3', code: 'UNTERMINATED_V2_LINE', profile: 'core',
    apply: (s, pick) => {
      if (s.lines.some((l) => l.has('group'))) return undefined;
      const c = cloneSample(s, { schema: 2, tail: new Uint8Array(), finalLineUnterminated: false });
      c.header.set('schema', n(2));
      const text = renderLine(c, makeEntry(nextPosition(c) ?? 1n), 99);
      return new Uint8Array(Buffer.concat([sampleBytes(c), Buffer.from(text.slice(0, 1 + (pick % (text.length - 1))))]));
    },
  },
  // JRN-HDR-1, JRN-LINE-1
  {
    name: 'header-not-object', requirement: 'JRN-HDR-1', code: 'NOT_AN_OBJECT', profile: 'core',
    apply: (s, pick) => editTexts(s, (t) => (t[0] = pickFrom(['[3,0,0]', '3', '"schema"', 'null'], pick))),
  },
  {
    name: 'line-not-object', requirement: 'JRN-LINE-1', code: 'NOT_AN_OBJECT', profile: 'core',
    apply: (s, pick) => editTexts(s, (t) => t.splice(1 + (pick % t.length), 0, pickFrom(['[]', '1', '"entry"', 'true', '[{"position":1}]'], pick >> 4))),
  },
  {
    name: 'missing-header-member', requirement: 'JRN-HDR-1', code: 'MISSING_MEMBER', profile: 'core',
    apply: (s, pick) => {
      const c = cloneSample(s);
      c.header.delete(pickFrom(['schema', 'generation', 'origin'], pick));
      return bytes(c);
    },
  },
  {
    name: 'header-integer-not-canonical', requirement: 'R-S2', code: 'INVALID_INTEGER', profile: 'strict',
    apply: (s, pick) => {
      const c = cloneSample(s);
      const name = pickFrom(['generation', 'origin'], pick);
      c.header.set(name, n(pickFrom([`${int(c.header.get(name))}.0`, '1e1', '-1', '18446744073709551616'], pick >> 2)));
      return bytes(c);
    },
  },
  // R-J5: closed member sets
  {
    name: 'unknown-member', requirement: 'R-J5', code: 'UNKNOWN_MEMBER', profile: 'core',
    apply: (s, pick) => {
      const c = withLine(s);
      if (!c) return undefined;
      const targets: Obj[] = [c.header, ...c.lines];
      for (const r of entriesOf(c)) {
        targets.push(r.entry, md(r.entry));
        const link = md(r.entry).get('link');
        if (link instanceof Map) targets.push(link);
      }
      const target = pickFrom(targets, pick);
      target.set(pickFrom(['extra', 'Position', 'at_ms', '', 'payload2', 'schema ', 'version', 'origin', 'entries'].filter((k) => !target.has(k)), pick >> 5), n(1));
      return bytes(c);
    },
  },
  {
    name: 'retired-at-member', requirement: 'R-J5', code: 'RETIRED_MEMBER', profile: 'core',
    apply: onEntry(any, (r, pick) => {
      const m = md(r.entry);
      if (pick % 2 === 0) m.delete('at_us');
      m.set('at', new Map<string, JsonValue>([['secs_since_epoch', n(0)], ['nanos_since_epoch', n(0)]]));
    }),
  },
  {
    name: 'missing-entry-member', requirement: 'JRN-ENT-1', code: 'MISSING_MEMBER', profile: 'core',
    apply: onEntry(any, (r, pick) => void r.entry.delete(pickFrom(['position', 'kind', 'id', 'version', 'metadata', 'payload'], pick))),
  },
  {
    name: 'missing-metadata-member', requirement: 'JRN-MD-1', code: 'MISSING_MEMBER', profile: 'core',
    apply: onEntry(any, (r, pick) => void md(r.entry).delete(pickFrom(['principal', 'correlation', 'causation', 'request', 'link', 'at_us'], pick))),
  },
  {
    name: 'missing-frame-member', requirement: 'R-J6', code: 'MISSING_MEMBER', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      g.group.delete(pickFrom(['first', 'frontier', 'entries'], pick >> 2));
      return bytes(g.sample);
    },
  },
  // Types and integers
  {
    name: 'kind-not-string', requirement: 'JRN-ENT-2', code: 'WRONG_TYPE', profile: 'core',
    apply: onEntry(any, (r, pick) => void r.entry.set('kind', pickFrom<JsonValue>([n(1), null, ['Transaction']], pick))),
  },
  {
    name: 'id-not-string', requirement: 'JRN-ENT-3', code: 'WRONG_TYPE', profile: 'core',
    apply: onEntry(any, (r, pick) => void r.entry.set('id', pickFrom<JsonValue>([n(7), null, new Map()], pick))),
  },
  {
    name: 'metadata-wrong-type', requirement: 'JRN-MD-1', code: 'WRONG_TYPE', profile: 'core',
    apply: onEntry(any, (r, pick) => {
      const which = pick % 4;
      if (which === 0) r.entry.set('metadata', []);
      else if (which === 1) md(r.entry).set('principal', n(5));
      else if (which === 2) md(r.entry).set('request', false);
      else md(r.entry).set('link', 'UndoOf');
    }),
  },
  {
    name: 'integer-wrong-type', requirement: 'R-S2', code: 'WRONG_TYPE', profile: 'core',
    apply: onEntry(any, (r, pick) => {
      const v = r.entry.get('position') as JsonNumber;
      if (pick % 2 === 0) r.entry.set('position', v.lexeme);
      else md(r.entry).set('at_us', null);
    }),
  },
  {
    name: 'integer-not-canonical', requirement: 'R-S2', code: 'INVALID_INTEGER', profile: 'strict',
    apply: onLead((r, pick) => {
      const which = pick % 5;
      if (which === 0) r.entry.set('position', n(`${int(r.entry.get('position'))}.0`));
      else if (which === 1) r.entry.set('version', n('18446744073709551616'));
      else if (which === 2) md(r.entry).set('at_us', n('-0'));
      else if (which === 3) md(r.entry).set('at_us', n('9223372036854775808'));
      else md(r.entry).set('correlation', n('1E0'));
    }),
  },
  // R-J4: positions
  {
    name: 'position-zero', requirement: 'R-J4', code: 'INVALID_POSITION', profile: 'strict',
    apply: (s) => {
      const c = withLine(s);
      if (!c) return undefined;
      const first = entriesOf(c)[0]!.entry;
      first.set('position', n(0));
      return bytes(c);
    },
  },
  {
    name: 'position-gap', requirement: 'R-J4', code: 'POSITION_GAP', profile: 'core',
    apply: (s) => {
      const c = withLine(s);
      if (!c) return undefined;
      const line = c.lines[c.lines.length - 1]!;
      const members = line.has('group') ? (line.get('entries') as Obj[]) : [line];
      const first = int(members[0]!.get('position'));
      const origin = int(c.header.get('origin'));
      const shift = c.lines.length >= 2 ? 1n : origin + 2n - first > 1n ? origin + 2n - first : 1n;
      if (int(members[members.length - 1]!.get('position')) + shift > U64_MAX) return undefined;
      for (const e of members) {
        e.set('position', n(int(e.get('position')) + shift));
        if (e !== members[0]) md(e).set('causation', n(first + shift));
      }
      if (line.has('group')) {
        line.set('first', n(first + shift));
        line.set('frontier', n(int(line.get('frontier')) + shift));
      }
      return bytes(c);
    },
  },
  {
    name: 'position-repeated', requirement: 'R-J4', code: 'POSITION_NOT_ASCENDING', profile: 'core',
    apply: (s) => {
      const c = withLine(s);
      if (!c) return undefined;
      c.lines.push(cloneSample(c).lines[c.lines.length - 1]!);
      return bytes(c);
    },
  },
  {
    name: 'origin-inside-group', requirement: 'R-J4', code: 'ORIGIN_INSIDE_GROUP', profile: 'strict',
    apply: (s, pick) => {
      const g = withGroup(s, 2, pick);
      if (!g) return undefined;
      g.sample.header.set('origin', n(int(g.group.get('first')) + BigInt(pick % ((g.group.get('entries') as Obj[]).length - 1))));
      return bytes(g.sample);
    },
  },
  // JRN-ENT-2, JRN-ENT-3
  {
    name: 'kind-unknown', requirement: 'JRN-ENT-2', code: 'INVALID_KIND', profile: 'core',
    apply: onEntry(any, (r, pick) => void r.entry.set('kind', pickFrom(['Event', 'transaction', 'Record ', ''], pick))),
  },
  { name: 'id-empty', requirement: 'JRN-ENT-3', code: 'EMPTY_ID', profile: 'strict', apply: onEntry(any, (r) => void r.entry.set('id', '')) },
  // R-J5: metadata ranges and lengths
  {
    name: 'correlation-out-of-range', requirement: 'R-J5', code: 'INVALID_CORRELATION', profile: 'strict',
    apply: onLead((r, pick) => {
      const p = int(r.entry.get('position'));
      md(r.entry).set('correlation', n(pick % 2 === 0 || p === U64_MAX ? 0n : p + 1n));
    }),
  },
  {
    name: 'causation-not-before', requirement: 'R-J5', code: 'INVALID_CAUSATION', profile: 'strict',
    apply: onLead((r, pick) => {
      const p = int(r.entry.get('position'));
      md(r.entry).set('causation', n(pick % 3 === 0 ? 0n : pick % 3 === 1 || p === U64_MAX ? p : p + 1n));
    }),
  },
  {
    name: 'link-target-not-before', requirement: 'R-J5', code: 'INVALID_LINK', profile: 'strict',
    apply: onEntry(any, (r, pick) => {
      const p = int(r.entry.get('position'));
      md(r.entry).set('link', new Map([[pick % 2 === 0 ? 'UndoOf' : 'RedoOf', n(pick % 3 === 0 ? 0n : p)]]));
    }),
  },
  {
    name: 'link-shape', requirement: 'JRN-MD-1', code: 'INVALID_LINK', profile: 'core',
    apply: onEntry(any, (r, pick) => void md(r.entry).set('link', pick % 2 === 0 ? new Map() : new Map([['UndoOf', n(1)], ['RedoOf', n(1)]]))),
  },
  {
    name: 'link-unknown-member', requirement: 'R-J5', code: 'UNKNOWN_MEMBER', profile: 'core',
    apply: onEntry(any, (r, pick) => void md(r.entry).set('link', new Map([[pickFrom(['undoOf', 'Undo', 'ReplayOf'], pick), n(1)]]))),
  },
  {
    name: 'principal-too-long', requirement: 'R-J5', code: 'FIELD_TOO_LONG', profile: 'core',
    apply: onEntry(any, (r, pick) => void md(r.entry).set(pick % 2 === 0 ? 'principal' : 'request', TOO_LONG)),
  },
  // R-J6: group frames
  {
    name: 'group-version', requirement: 'R-J6', code: 'UNSUPPORTED_GROUP_VERSION', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      g.group.set('group', n(pickFrom(['0', '2', '3'], pick >> 2)));
      return bytes(g.sample);
    },
  },
  {
    name: 'group-empty', requirement: 'R-J6', code: 'EMPTY_GROUP', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      g.group.set('entries', []);
      return bytes(g.sample);
    },
  },
  {
    name: 'group-shape', requirement: 'R-J6', code: 'GROUP_SHAPE', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, pick % 2 === 0 ? 1 : 2, pick);
      if (!g) return undefined;
      const entries = g.group.get('entries') as Obj[];
      const apps = entries.slice(1).filter((e) => !String(e.get('id')).startsWith('harmos:'));
      if (pick % 2 === 0 || apps.length === 0) entries[0]!.set('kind', 'Record');
      else pickFrom(apps, pick >> 1).set('kind', 'Transaction');
      return bytes(g.sample);
    },
  },
  {
    name: 'group-too-many-records', requirement: 'R-J6', code: 'GROUP_TOO_LARGE', profile: 'core',
    apply: (s) => {
      // Just past the bound (R-J6: at most 256 records): a new group of 257 records that is right in
      // every other way (consecutive positions, shared witnesses, small payloads), so only the count is wrong.
      const c = asV3(s);
      const p = nextPosition(c);
      if (p === undefined || p + BigInt(MAX_GROUP_RECORDS + 1) > U64_MAX) return undefined;
      c.lines.push(makeFrame(makeGroup(p, MAX_GROUP_RECORDS + 1)));
      return bytes(c);
    },
  },
  {
    name: 'frame-bounds', requirement: 'R-J6', code: 'FRAME_BOUNDS', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      const name = pick % 2 === 0 ? 'first' : 'frontier';
      const v = int(g.group.get(name));
      g.group.set(name, n(v === U64_MAX ? v - 1n : pick % 4 < 2 && v > 0n ? v - 1n : v + 1n));
      return bytes(g.sample);
    },
  },
  {
    name: 'record-witness-mismatch', requirement: 'R-J6', code: 'RECORD_METADATA_MISMATCH', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 2, pick);
      if (!g) return undefined;
      const entries = g.group.get('entries') as Obj[];
      const tx = entries[0]!;
      const rec = pickFrom(entries.slice(1), pick >> 3);
      const m = md(rec);
      const txPos = int(tx.get('position'));
      const recPos = int(rec.get('position'));
      const which = pick % 6;
      if (which === 1) m.set('correlation', n(recPos));
      else if (which === 2 && txPos > 1n) m.set('causation', n(txPos - 1n));
      else if (which === 3) m.set('request', 'again');
      else if (which === 4) m.set('link', new Map([['UndoOf', n(recPos - 1n)]]));
      else if (which === 5) {
        const at = int(m.get('at_us'));
        m.set('at_us', n(at === (1n << 63n) - 1n ? at - 1n : at + 1n));
      } else m.set('principal', m.get('principal') === 'other' ? null : 'other');
      return bytes(g.sample);
    },
  },
  {
    name: 'frame-too-large', requirement: 'R-J6', code: 'FRAME_TOO_LARGE', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      const index = g.sample.lines.indexOf(g.group) + 1;
      // Spaces are insignificant but count toward the 8 MiB physical bound.
      return editTexts(g.sample, (t) => (t[index] = '{' + ' '.repeat(8 * 1024 * 1024) + t[index]!.slice(1)));
    },
  },
  {
    name: 'payload-budget', requirement: 'R-J6', code: 'PAYLOAD_BUDGET_EXCEEDED', profile: 'core',
    apply: (s, pick) => {
      const g = withGroup(s, 1, pick);
      if (!g) return undefined;
      (g.group.get('entries') as Obj[])[0]!.set('payload', 'x'.repeat(4 * 1024 * 1024 - 1));
      return bytes(g.sample);
    },
  },
  // R-J7: reserved namespaces
  {
    name: 'reserved-unknown-namespace', requirement: 'R-J7', code: 'RESERVED_NAMESPACE', profile: 'strict',
    apply: onEntry(any, (r, pick) => void r.entry.set('id', pickFrom(['harmos:', 'harmos:other/a/b', 'harmos:work', 'harmos:Work/a/b', 'harmos:sidecar'], pick))),
  },
  {
    name: 'reserved-malformed-id', requirement: 'R-J7', code: 'RESERVED_NAMESPACE', profile: 'core',
    apply: onEntry(isRecordEntry, (r, pick) => {
      r.entry.set('id', pickFrom(['harmos:work//fact', 'harmos:work/billing', 'harmos:work/billing/', 'harmos:sidecar/Owner/x', 'harmos:sidecar/9x/y', 'harmos:sidecar/a_b/y'], pick));
      r.entry.set('payload', [n(1)]);
    }, (p) => makeEntry(p, { kind: 'Record' })),
  },
  {
    // Only R-J7 gives the guest id its shape, so this one is strict.
    name: 'reserved-malformed-guest-id', requirement: 'R-J7', code: 'RESERVED_NAMESPACE', profile: 'strict',
    apply: onEntry(isRecordEntry, (r, pick) => {
      r.entry.set('id', pickFrom(['harmos:guest//x', 'harmos:guest/g1/', 'harmos:guest/'], pick));
      r.entry.set('payload', [n(1)]);
    }, (p) => makeEntry(p, { kind: 'Record' })),
  },
  {
    name: 'reserved-transaction', requirement: 'R-J7', code: 'RESERVED_KIND', profile: 'core',
    apply: onEntry(isTx, (r, pick) => {
      r.entry.set('id', pickFrom(['harmos:work/billing/issued', 'harmos:sidecar/host.a-1/x', 'harmos:guest/g7/n/m'], pick));
      r.entry.set('payload', [n(1), n(255)]);
    }),
  },
  {
    name: 'reserved-payload-not-bytes', requirement: 'R-J7', code: 'RESERVED_PAYLOAD', profile: 'core',
    apply: onEntry(isAppRecord, (r, pick) => {
      r.entry.set('id', pickFrom(['harmos:work/billing/issued', 'harmos:sidecar/host/x', 'harmos:guest/g/n'], pick));
      r.entry.set('payload', pickFrom<JsonValue>([[n(256)], [n(-1)], [n('1.0')], 'bytes', [[n(1)]], new Map([['a', n(1)]]), [n('1e0')], null], pick >> 2));
    }, (p) => makeEntry(p, { kind: 'Record', payload: 'x' })),
  },
  // R-S1: JSON text inside lines
  {
    name: 'duplicate-member', requirement: 'R-S1', code: 'JSON_DUPLICATE_MEMBER', profile: 'strict',
    apply: (s, pick) => editTexts(s, (t) => {
      const i = pick % t.length;
      const at = t[i]!.indexOf('{') + 1;
      t[i] = t[i]!.slice(0, at) + '"x":1,"x":1,' + t[i]!.slice(at);
    }),
  },
  {
    name: 'lone-surrogate-escape', requirement: 'R-S1', code: 'JSON_LONE_SURROGATE', profile: 'strict',
    apply: onEntry(any, (r, pick) => void r.entry.set(pick % 2 === 0 ? 'id' : 'payload', pickFrom(['\ud800', 'a\udc00', '\udbff\udbff'], pick >> 1))),
  },
  {
    name: 'truncated-line', requirement: 'JSON-SYNTAX-1', code: 'JSON_SYNTAX', profile: 'core',
    apply: (s, pick) => editTexts(s, (t) => {
      const i = pick % terminatedLines(s, t);
      t[i] = t[i]!.trimEnd().slice(0, -1);
    }),
  },
  {
    name: 'trailing-bytes', requirement: 'JSON-SYNTAX-1', code: 'JSON_SYNTAX', profile: 'core',
    apply: (s, pick) => editTexts(s, (t) => {
      const i = pick % terminatedLines(s, t);
      t[i] = t[i]! + pickFrom([' x', ',', '}', ' {}', '/*c*/'], pick >> 3);
    }),
  },
];

/** Looks a mutator up by name (programmer error when absent). */
export function journalMutator(name: string): JournalMutator {
  const m = JOURNAL_MUTATORS.find((x) => x.name === name);
  if (!m) throw new Error(`no journal mutator named ${name}`);
  return m;
}
