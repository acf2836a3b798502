/**
 * journal's fail-closed mutators: byte edits whose output no reader may accept, whatever valid input they
 * start from. Fuzzing the oracle applies them to generated valid inputs and requires the rejection.
 */
import { insertBytes, replaceFirstText } from '../../src/shared/byte-edits.ts';
import type { FailClosedMutator } from '../../src/shared/format-registry.ts';

const LF = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

/** Every fail-closed mutator of the format's ops. */
export const JOURNAL_FAIL_CLOSED_MUTATORS: readonly FailClosedMutator[] = [
  // journal.read (R-J1, R-J2, R-J5)
  { name: 'journal-bom', op: 'journal.read', requirement: 'R-J1', codes: ['JSON_BOM'], mutate: (b) => insertBytes(b, 0, BOM) },
  {
    name: 'journal-cr-in-header',
    op: 'journal.read',
    requirement: 'R-J1',
    codes: ['CARRIAGE_RETURN'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertBytes(b, b.indexOf(LF), [0x0d])),
  },
  {
    name: 'journal-blank-line-after-header',
    op: 'journal.read',
    requirement: 'R-J1',
    codes: ['BLANK_LINE'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertBytes(b, b.indexOf(LF) + 1, [LF])),
  },
  {
    name: 'journal-header-unknown-member',
    op: 'journal.read',
    requirement: 'R-J5',
    codes: ['UNKNOWN_MEMBER'],
    mutate: (b) => (b[0] === 0x7b ? insertBytes(b, 1, [...Buffer.from('"extra":0,')]) : undefined),
  },
  { name: 'journal-schema-1', op: 'journal.read', requirement: 'R-J2', codes: ['RETIRED_SCHEMA'], mutate: (b) => replaceFirstText(b, /"schema"([ \t]*):([ \t]*)[23]/, '"schema"$1:$21') },
  { name: 'journal-schema-4', op: 'journal.read', requirement: 'R-J2', codes: ['UNSUPPORTED_SCHEMA'], mutate: (b) => replaceFirstText(b, /"schema"([ \t]*):([ \t]*)[23]/, '"schema"$1:$24') },
  { name: 'journal-empty', op: 'journal.read', requirement: 'R-J1', codes: ['EMPTY_FILE'], mutate: () => new Uint8Array(0) },
];
