/** Models and verdicts for the codegraph reader-limit tests (reader-limits.test.ts and .conformance.test.ts). */
import { expect } from 'vitest';
import type { Profile } from '../shared/errors.ts';
import { readModelBytes } from './read-model.ts';
import { readModelChunks } from './validate-file.ts';

const HEADER = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":["access"],"provenance":["declared"]}}';
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
/** A model of one entity whose line is `{"t":"e","i":0,"k":0,"tr":[…],"s":"a"` + `rest`. */
export const model = (tr: string, rest: string) => Buffer.from(`${HEADER}\n{"t":"e","i":0,"k":0,"tr":[${tr}],"s":"a"${rest}}\n${EOF}\n`);
/** Where `needle`'s `nth` occurrence (from 1) stands in the model's text, plus `plus`. */
export const offsetOf = (bytes: Buffer, needle: string, nth: number, plus = 0) => {
  let at = -1;
  for (let n = 0; n < nth; n++) at = bytes.indexOf(needle, at + 1);
  return at + plus;
};

/** Reads `bytes` in chunks of `chunk` bytes, in reads of a quarter chunk (a longer line takes the long-line path). */
function readChunked(bytes: Buffer, profile: Profile, chunk: number) {
  let at = 0;
  return readModelChunks(
    (buf, offset, length) => {
      const take = Math.min(length, chunk >> 2, bytes.length - at);
      buf.set(bytes.subarray(at, at + take), offset);
      at += take;
      return take;
    },
    profile,
    { chunkBytes: chunk },
  );
}

/** The code and byte offset of the whole input's verdict, after checking the chunked read gives the same result. */
export function verdict(bytes: Buffer, profile: Profile, chunk = 4096): 'accept' | [string, number] {
  const whole = readModelBytes(bytes, profile);
  expect(readChunked(bytes, profile, chunk)).toStrictEqual(whole);
  return whole.ok ? 'accept' : [whole.error.code, whole.error.location.byteOffset!];
}

/** Both profiles: every limit applies under each. */
export const PROFILES: Profile[] = ['strict', 'core'];
