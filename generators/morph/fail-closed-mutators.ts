/**
 * MORPH's fail-closed mutators: byte edits whose output no reader may accept, whatever valid input they
 * start from. Fuzzing the oracle applies them to generated valid inputs and requires the rejection.
 */
import { insertBytes } from '../../src/shared/byte-edits.ts';
import type { FailClosedMutator } from '../../src/shared/format-registry.ts';

const BOM = [0xef, 0xbb, 0xbf];

/** Every fail-closed mutator of the format's ops. */
export const MORPH_FAIL_CLOSED_MUTATORS: readonly FailClosedMutator[] = [
  // morph.c14n (R-S1)
  { name: 'c14n-bom', op: 'morph.c14n', requirement: 'R-S1', codes: ['JSON_BOM'], mutate: (b) => insertBytes(b, 0, BOM) },
  { name: 'c14n-trailing-value', op: 'morph.c14n', requirement: 'R-S1', codes: ['JSON_SYNTAX'], mutate: (b) => insertBytes(b, b.length, [0x20, 0x31]) },
];
