/**
 * Byte-level mutators whose output no reader may accept, whatever valid input they start from:
 * each names the rule it breaks and the codes a reader may answer with. Fuzzing the oracle applies
 * them to generated valid inputs and requires a rejection (the oracle must fail closed).
 */
import type { OpName } from '../../shared/ops.ts';

/** One must-reject edit. */
export interface FailClosedMutator {
  readonly name: string;
  readonly op: OpName;
  readonly requirement: string;
  /** Codes the oracle may answer with (first failing check wins, so a few are allowed). */
  readonly codes: readonly string[];
  /** The invalid input, or undefined when the edit does not apply to this input. */
  readonly mutate: (input: Uint8Array) => Uint8Array | undefined;
}

const LF = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

function insertAt(input: Uint8Array, at: number, bytes: readonly number[]): Uint8Array {
  const out = new Uint8Array(input.length + bytes.length);
  out.set(input.subarray(0, at), 0);
  out.set(bytes, at);
  out.set(input.subarray(at), at + bytes.length);
  return out;
}

function replaceFirst(input: Uint8Array, pattern: RegExp, replacement: string): Uint8Array | undefined {
  const text = Buffer.from(input).toString('utf8');
  if (!pattern.test(text)) return undefined;
  return new Uint8Array(Buffer.from(text.replace(pattern, replacement), 'utf8'));
}

/** Offset of the last non-blank line's start in a codegraph file (the eof record in a valid file). */
function lastRecordStart(input: Uint8Array): number | undefined {
  const text = Buffer.from(input).toString('latin1');
  const lines = text.split('\n');
  let offset = text.length;
  for (let i = lines.length - 1; i >= 0; i--) {
    offset -= lines[i]!.length + (i < lines.length - 1 ? 1 : 0);
    if (lines[i]!.trim() !== '') return offset;
  }
  return undefined;
}

/** Every fail-closed mutator, by op. */
export const FAIL_CLOSED_MUTATORS: readonly FailClosedMutator[] = [
  // journal.read (R-J1, R-J2, R-J5)
  { name: 'journal-bom', op: 'journal.read', requirement: 'R-J1', codes: ['JSON_BOM'], mutate: (b) => insertAt(b, 0, BOM) },
  {
    name: 'journal-cr-in-header',
    op: 'journal.read',
    requirement: 'R-J1',
    codes: ['CARRIAGE_RETURN'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertAt(b, b.indexOf(LF), [0x0d])),
  },
  {
    name: 'journal-blank-line-after-header',
    op: 'journal.read',
    requirement: 'R-J1',
    codes: ['BLANK_LINE'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertAt(b, b.indexOf(LF) + 1, [LF])),
  },
  {
    name: 'journal-header-unknown-member',
    op: 'journal.read',
    requirement: 'R-J5',
    codes: ['UNKNOWN_MEMBER'],
    mutate: (b) => (b[0] === 0x7b ? insertAt(b, 1, [...Buffer.from('"extra":0,')]) : undefined),
  },
  { name: 'journal-schema-1', op: 'journal.read', requirement: 'R-J2', codes: ['RETIRED_SCHEMA'], mutate: (b) => replaceFirst(b, /"schema"([ \t]*):([ \t]*)[23]/, '"schema"$1:$21') },
  { name: 'journal-schema-4', op: 'journal.read', requirement: 'R-J2', codes: ['UNSUPPORTED_SCHEMA'], mutate: (b) => replaceFirst(b, /"schema"([ \t]*):([ \t]*)[23]/, '"schema"$1:$24') },
  { name: 'journal-empty', op: 'journal.read', requirement: 'R-J1', codes: ['EMPTY_FILE'], mutate: () => new Uint8Array(0) },
  // codegraph.read (R-C1, CG-HDR-1, CG-SEQ-4)
  { name: 'codegraph-bom', op: 'codegraph.read', requirement: 'R-C1', codes: ['JSON_BOM'], mutate: (b) => insertAt(b, 0, BOM) },
  {
    name: 'codegraph-cr',
    op: 'codegraph.read',
    requirement: 'R-C1',
    codes: ['MODEL_CARRIAGE_RETURN'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertAt(b, b.indexOf(LF), [0x0d])),
  },
  {
    name: 'codegraph-version',
    op: 'codegraph.read',
    requirement: 'CG-HDR-1',
    codes: ['UNSUPPORTED_VERSION'],
    mutate: (b) => replaceFirst(b, /"schemaVersion"([ \t]*):([ \t]*)"1\.0\.0"/, '"schemaVersion"$1:$2"1.0.1"'),
  },
  {
    name: 'codegraph-drop-eof',
    op: 'codegraph.read',
    requirement: 'CG-SEQ-4',
    codes: ['EOF_MISSING'],
    mutate: (b) => {
      const at = lastRecordStart(b);
      return at === undefined || at === 0 ? undefined : b.subarray(0, at);
    },
  },
  {
    name: 'codegraph-record-after-eof',
    op: 'codegraph.read',
    requirement: 'CG-SEQ-4',
    codes: ['EOF_NOT_LAST'],
    mutate: (b) => (b[b.length - 1] === LF ? new Uint8Array(Buffer.concat([b, Buffer.from('{"t":"f","i":0,"path":"x"}\n')])) : undefined),
  },
  // morph.c14n (R-S1)
  { name: 'c14n-bom', op: 'morph.c14n', requirement: 'R-S1', codes: ['JSON_BOM'], mutate: (b) => insertAt(b, 0, BOM) },
  { name: 'c14n-trailing-value', op: 'morph.c14n', requirement: 'R-S1', codes: ['JSON_SYNTAX'], mutate: (b) => insertAt(b, b.length, [0x20, 0x31]) },
];
