/** The codegraph ops of the testee contract (spec/protocol): `codegraph.read`. */
import type { OpHandler, OpName, OpOptions, OpOutcome, ReadChunk } from '../shared/ops.ts';
import { ObservationBuilder } from './build-observation.ts';
import { READ_CHUNK_BYTES, READ_OBSERVATION_MAX_BYTES, READ_OBSERVATION_MAX_VALUES } from './constants.ts';
import { readModel } from './read-observation.ts';
import { readModelChunks } from './validate-file.ts';

/** `codegraph.read`: accept with the resolved graph, or reject with the first error (strict unless told core). */
const read: OpHandler = Object.assign(
  (input: Uint8Array, options?: OpOptions): OpOutcome => {
    const result = readModel(input, options?.profile ?? 'strict');
    return result.ok ? { accept: true, observation: result.value } : { accept: false, error: result.error };
  },
  {
    /**
     * The same op over a stream: memory follows the model, not the input (a hostile input costs one
     * buffer, an endless one is answered), and the observation covers at most READ_OBSERVATION_MAX_BYTES
     * of input: past them the model is still read for its verdict, and an accepted one is skipped.
     */
    stream: (chunks: ReadChunk, options?: OpOptions): OpOutcome => {
      const builder = new ObservationBuilder();
      let bytes = 0;
      const counted: ReadChunk = (buf, offset, length) => {
        const n = chunks(buf, offset, length);
        bytes += n;
        return n;
      };
      let dropped = false;
      const result = readModelChunks(counted, options?.profile ?? 'strict', {
        observer: builder.observe,
        chunkBytes: Math.min(READ_CHUNK_BYTES, options?.readChunkBytes ?? READ_CHUNK_BYTES),
        observeUpToBytes: READ_OBSERVATION_MAX_BYTES,
        observeUpToValues: READ_OBSERVATION_MAX_VALUES,
        onObserverDropped: () => (dropped = true),
      });
      if (!result.ok) return { accept: false, error: result.error };
      if (dropped || bytes > READ_OBSERVATION_MAX_BYTES) {
        return { skipped: `the model is valid, but it passes the reference testee's bound for an observation (${READ_OBSERVATION_MAX_BYTES} bytes, ${READ_OBSERVATION_MAX_VALUES} values no check reads)` };
      }
      return { accept: true, observation: builder.result() };
    },
  },
);

export const ops: Partial<Record<OpName, OpHandler>> = { 'codegraph.read': read };
