/**
 * How golden/ stores what does not fit on a reviewable line: inputs and observations past the inline
 * limit live in gzip-compressed side files beside the vector file, so no line of a vector file is longer
 * than {@link INLINE_LINE_LIMIT} bytes and the repository stays small (size-boundary inputs compress
 * about 1000:1). Every reader of golden/ goes through this module; in memory a side file is always its
 * logical (uncompressed) content, and the manifest hashes that content, so a different zlib build never
 * makes golden/ drift.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { writeJson } from '../../shared/json/write-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import type { VectorExpectation } from '../../shared/vectors.ts';
import {
  COMPRESSED_SUFFIX,
  INLINE_LINE_LIMIT,
  INPUT_FILE_EXTENSION,
  LINE_MARGIN,
  OBSERVATION_FILE_EXTENSION,
} from './constants.ts';
import { decodeUtf8Exactly } from './input-encoding.ts';
import type { VectorInput } from '../../generated/vector-file.schema.ts';

/** The `input` member of a stored case: the type generated from spec/schemas/vector-file.schema.json. */
export type StoredInput = VectorInput;

/** The `expect` member of a stored case: as loaded, or with the observation in a side file. */
export type StoredExpectation = VectorExpectation | { readonly verdict: 'accept'; readonly observationFile: string };

/** A case's stored members and the side files (name → logical content) they refer to. */
export interface StoredParts {
  readonly input: StoredInput;
  readonly expect: StoredExpectation;
  readonly sideFiles: ReadonlyMap<string, Uint8Array>;
}

/** Name of the side file holding the input of case `id`. */
export function inputFileName(id: string): string {
  return id + INPUT_FILE_EXTENSION;
}

/** Name of the side file holding the expected observation of case `id`. */
export function observationFileName(id: string): string {
  return id + OBSERVATION_FILE_EXTENSION;
}

/** True when text of this many bytes, once indented on its line, still fits the line limit. */
function fitsOnLine(textLength: number): boolean {
  return textLength <= INLINE_LINE_LIMIT - LINE_MARGIN;
}

/**
 * Chooses how a case's input and expectation are stored: inline when the line that holds them fits the
 * limit (text when the bytes are valid UTF-8, so a reviewer reads them; else base64), else a side file.
 */
export function storeCaseParts(id: string, bytes: Uint8Array, expect: VectorExpectation): StoredParts {
  const sideFiles = new Map<string, Uint8Array>();
  let input: StoredInput;
  const text = bytes.length <= INLINE_LINE_LIMIT ? decodeUtf8Exactly(bytes) : undefined;
  if (text !== undefined && fitsOnLine(JSON.stringify(text).length)) input = { utf8: text };
  else if (text === undefined && fitsOnLine(Math.ceil(bytes.length / 3) * 4 + 2)) {
    input = { base64: Buffer.from(bytes).toString('base64') };
  } else {
    input = { file: inputFileName(id) };
    sideFiles.set(input.file, bytes);
  }
  let storedExpect: StoredExpectation = expect;
  if (expect.verdict === 'accept' && expect.observation !== undefined) {
    const observation = writeJson(expect.observation);
    if (!fitsOnLine(Buffer.byteLength(observation, 'utf8'))) {
      const name = observationFileName(id);
      sideFiles.set(name, new Uint8Array(Buffer.from(observation + '\n', 'utf8')));
      storedExpect = { verdict: 'accept', observationFile: name };
    }
  }
  return { input, expect: storedExpect, sideFiles };
}

/** True when a golden path is stored compressed. */
export function isCompressedPath(path: string): boolean {
  return path.endsWith(COMPRESSED_SUFFIX);
}

/** The logical content of a file under golden/ (side files are decompressed). Throws on I/O or a corrupt archive. */
export function readGoldenFile(abs: string): Uint8Array {
  const raw = readFileSync(abs);
  return new Uint8Array(isCompressedPath(abs) ? gunzipSync(raw) : raw);
}

/** The stored bytes of a file whose logical content is `content`. */
export function encodeGoldenFile(path: string, content: Uint8Array): Uint8Array {
  // Level 9 and no file name or time in the header: the same content gives the same bytes with one zlib.
  return isCompressedPath(path) ? new Uint8Array(gzipSync(content, { level: 9 })) : content;
}

/** Writes a file under golden/ from its logical content, unless what is there already holds that content. Returns true when written. */
export function writeGoldenFile(abs: string, content: Uint8Array): boolean {
  if (existsSync(abs) && Buffer.from(readGoldenFile(abs)).equals(content)) return false;
  mkdirSync(dirname(abs), { recursive: true });
  writeFileSync(abs, encodeGoldenFile(abs, content));
  return true;
}

/** True for a vector file or a side file of golden/ (the manifest aside). */
export function isGoldenDataPath(path: string): boolean {
  return path.endsWith('.json') || path.endsWith(INPUT_FILE_EXTENSION) || path.endsWith(OBSERVATION_FILE_EXTENSION);
}

/** Side-file names a parsed vector file refers to (inputs and observations). */
export function sideFilesOf(file: JsonValue): string[] {
  const cases = file instanceof Map ? file.get('cases') : undefined;
  if (!Array.isArray(cases)) return [];
  return cases.flatMap((c) => {
    if (!(c instanceof Map)) return [];
    const input = c.get('input');
    const expect = c.get('expect');
    const names = [input instanceof Map ? input.get('file') : undefined, expect instanceof Map ? expect.get('observationFile') : undefined];
    return names.filter((n): n is string => typeof n === 'string');
  });
}
