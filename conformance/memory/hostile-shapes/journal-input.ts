/**
 * Hostile journal inputs (issue 11 item 8): every place of a journal whose size a reader might follow —
 * a payload (a string, an object's members, an array's items, nesting), an entry's and a frame's
 * strings and members, the header, whitespace, runs of lines of every kind and a torn tail — filled
 * with hundreds of megabytes of each bulk form. Valid and invalid alike: the reader must answer every
 * one in bounded memory.
 */
import fc from 'fast-check';
import { planInLine, planOfLines, type LinesTemplate, type Template } from './_internals/compose.ts';
import { NEXT, type HostilePlan } from './_internals/plan.ts';

const HEADER = '{"schema":3,"generation":0,"origin":0}\n';

/** Entry `position` (a Transaction when `kind` says so) with its metadata, `extra` members and payload. */
function entry(position: string, parts: { principal?: string; meta?: string; extra?: string; payload?: string; id?: string } = {}): string {
  const metadata = `{"principal":"${parts.principal ?? 'alice'}","correlation":${position},"causation":null,"request":null,"link":null,"at_us":1700000000000000${parts.meta ?? ''}}`;
  return `{"position":${position},"kind":"Transaction","id":"${parts.id ?? 'ledger.deposit'}","version":1,"metadata":${metadata}${parts.extra ?? ''},"payload":${parts.payload ?? '{"amount":40}'}}`;
}

/** A one-entry group frame at `position` around `entryText`, with `extra` frame members. */
function group(position: string, entryText: string, extra = ''): string {
  return `{"group":1,"first":${position},"frontier":${position},"entries":[${entryText}]${extra}}\n`;
}

/** A valid journal of two groups whose second takes the bulk where `entryParts` or `frameExtra` put it. */
function inSecond(entryParts: Parameters<typeof entry>[1], frameExtra = ''): string {
  return `${HEADER}${group('1', entry('1'))}${group('2', entry('2', entryParts), frameExtra)}`;
}

/** A group of a Transaction and a reserved Record (R-J7: its payload must be an array of bytes) whose payload takes the bulk. */
const RESERVED_RECORD = `${HEADER}${group('1', entry('1'))}{"group":1,"first":2,"frontier":3,"entries":[${entry('2')},{"position":3,"kind":"Record","id":"harmos:work/billing/invoice/issued","version":1,"metadata":{"principal":"alice","correlation":2,"causation":2,"request":null,"link":null,"at_us":1700000000000000},"payload":[@]}]}\n`;

const IN_LINE: readonly Template[] = [
  { place: 'a payload string', kind: 'chars', text: inSecond({ payload: '"@"' }) },
  { place: 'a string deep in a payload', kind: 'chars', text: inSecond({ payload: '{"a":[{"b":"@"}]}' }) },
  { place: 'a payload member name', kind: 'chars', text: inSecond({ payload: '{"@":0}' }) },
  { place: 'principal', kind: 'chars', text: inSecond({ principal: '@' }) },
  { place: 'entry id', kind: 'chars', text: inSecond({ id: 'ledger.@' }) },
  { place: 'an unknown metadata member', kind: 'chars', text: inSecond({ meta: ',"zz":"@"' }) },
  { place: 'an unknown header member', kind: 'chars', text: `{"schema":3,"generation":0,"origin":0,"zz":"@"}\n${group('1', entry('1'))}` },
  { place: 'a torn tail', kind: 'chars', text: `${inSecond({})}{"group":1,"first":3,"zz":"@` },
  { place: 'payload members', kind: 'members', text: inSecond({ payload: '{@}' }) },
  { place: 'metadata members', kind: 'members', text: inSecond({ meta: ',@' }) },
  { place: 'entry members', kind: 'members', text: inSecond({ extra: ',@' }) },
  { place: 'frame members', kind: 'members', text: inSecond({}, ',@') },
  { place: 'header members', kind: 'members', text: `{"schema":3,"generation":0,"origin":0,@}\n${group('1', entry('1'))}` },
  { place: 'payload items', kind: 'items', text: inSecond({ payload: '[@]' }) },
  { place: 'items of an unknown member', kind: 'items', text: inSecond({ extra: ',"zz":[@]' }) },
  { place: "a reserved Record's payload items", kind: 'items', text: RESERVED_RECORD },
  { place: 'items deep in the metadata', kind: 'items', text: inSecond({ meta: ',"zz":{"a":[@]}' }) },
  { place: 'group entries', kind: 'items', text: `${HEADER}{"group":1,"first":1,"frontier":1,"entries":[${entry('1')},@]}\n` },
  { place: 'payload nesting', kind: 'depth', text: inSecond({ payload: '@' }) },
  { place: 'whitespace before a payload', kind: 'space', text: inSecond({ payload: '@{"amount":1}' }) },
  { place: 'whitespace between lines', kind: 'space', text: `${HEADER}${group('1', entry('1'))}@${group('2', entry('2'))}` },
];

const LINES: readonly LinesTemplate[] = [
  { place: 'one-entry groups', line: group(NEXT, entry(NEXT)), text: () => `${HEADER}@` },
  { place: 'version 2 entry lines', line: `${entry(NEXT)}\n`, text: () => '{"schema":2,"generation":0,"origin":0}\n@' },
  { place: 'blank lines', line: '\n', text: () => `${HEADER}${group('1', entry('1'))}@${group('2', entry('2'))}` },
  { place: 'a torn tail of many lines’ worth', line: 'x', text: () => `${HEADER}${group('1', entry('1'))}@` },
];

/** A hostile journal input: a plan of some hundred megabytes (see the file's comment). */
export function hostileJournalInput(): fc.Arbitrary<HostilePlan> {
  return fc.oneof({ arbitrary: planInLine(IN_LINE), weight: 3 }, { arbitrary: planOfLines(LINES), weight: 1 });
}
