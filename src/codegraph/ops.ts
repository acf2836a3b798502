/** The codegraph ops of the testee contract (spec/protocol): `codegraph.read`. */
import type { OpHandler, OpName, OpOutcome } from '../shared/ops.ts';
import { readModel } from './read-observation.ts';

/** `codegraph.read`: accept with the resolved graph, or reject with the first error (strict profile). */
const read: OpHandler = (input: Uint8Array): OpOutcome => {
  const result = readModel(input);
  return result.ok ? { accept: true, observation: result.value } : { accept: false, error: result.error };
};

export const ops: Partial<Record<OpName, OpHandler>> = { 'codegraph.read': read };
