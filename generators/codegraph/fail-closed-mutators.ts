/**
 * codegraph's fail-closed mutators: byte edits whose output no reader may accept, whatever valid input they
 * start from. Fuzzing the oracle applies them to generated valid inputs and requires the rejection.
 */
import { insertBytes, replaceFirstText } from '../../src/shared/byte-edits.ts';
import type { FailClosedMutator } from '../../src/shared/format-registry.ts';

const LF = 0x0a;
const BOM = [0xef, 0xbb, 0xbf];

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

/** Every fail-closed mutator of the format's ops. */
export const CODEGRAPH_FAIL_CLOSED_MUTATORS: readonly FailClosedMutator[] = [
  // codegraph.read (R-C1, CG-HDR-1, CG-SEQ-4)
  { name: 'codegraph-bom', op: 'codegraph.read', requirement: 'R-C1', codes: ['JSON_BOM'], mutate: (b) => insertBytes(b, 0, BOM) },
  {
    name: 'codegraph-cr',
    op: 'codegraph.read',
    requirement: 'R-C1',
    codes: ['MODEL_CARRIAGE_RETURN'],
    mutate: (b) => (b.indexOf(LF) < 0 ? undefined : insertBytes(b, b.indexOf(LF), [0x0d])),
  },
  {
    name: 'codegraph-version',
    op: 'codegraph.read',
    requirement: 'CG-HDR-1',
    codes: ['UNSUPPORTED_VERSION'],
    mutate: (b) => replaceFirstText(b, /"schemaVersion"([ \t]*):([ \t]*)"1\.0\.0"/, '"schemaVersion"$1:$2"1.0.1"'),
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
];
