/** `codegraphModelFile()`: the canonical bytes of valid codegraph models. */
import type fc from 'fast-check';
import { writeModel } from '../../src/codegraph/write-model.ts';
import { codegraphModel } from './codegraph-model.ts';

/** Canonical model.jsonl files (UTF-8 bytes) written by the reference writer from {@link codegraphModel}. */
export function codegraphModelFile(options: Parameters<typeof codegraphModel>[0] = {}): fc.Arbitrary<Uint8Array> {
  return codegraphModel(options).map((g) => new Uint8Array(Buffer.from(writeModel(g), 'utf8')));
}
