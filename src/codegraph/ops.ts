/** The codegraph ops of the testee contract (spec/protocol): `codegraph.read`. */
import type { OpHandler, OpName, OpOptions, OpOutcome, ReadChunk } from '../shared/ops.ts';
import { ObservationBuilder } from './build-observation.ts';
import { READ_CHUNK_BYTES } from './constants.ts';
import { readModel } from './read-observation.ts';
import { readModelChunks } from './validate-file.ts';

/** `codegraph.read`: accept with the resolved graph, or reject with the first error (strict unless told core). */
const read: OpHandler = Object.assign(
  (input: Uint8Array, options?: OpOptions): OpOutcome => {
    const result = readModel(input, options?.profile ?? 'strict');
    return result.ok ? { accept: true, observation: result.value } : { accept: false, error: result.error };
  },
  {
    /** The same op over a stream: memory follows the model, not the input (a hostile input costs one buffer, an endless one is answered). */
    stream: (chunks: ReadChunk, options?: OpOptions): OpOutcome => {
      const builder = new ObservationBuilder();
      const result = readModelChunks(chunks, options?.profile ?? 'strict', {
        observer: builder.observe,
        chunkBytes: Math.min(READ_CHUNK_BYTES, options?.readChunkBytes ?? READ_CHUNK_BYTES),
      });
      return result.ok ? { accept: true, observation: builder.result() } : { accept: false, error: result.error };
    },
  },
);

export const ops: Partial<Record<OpName, OpHandler>> = { 'codegraph.read': read };
