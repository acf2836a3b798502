/**
 * Loads golden vectors: globs golden/**\/*.json (the manifest excluded), parses each file with the strict
 * JSON parser (observations keep their number lexemes), validates it against the vector-file schema and
 * checks what a schema cannot: ids, directory and file-name agreement, duplicates, side files.
 */
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseJson } from '../../shared/json/parse-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import type { OpName } from '../../shared/ops.ts';
import type { Profile } from '../../shared/errors.ts';
import { caseId, type Vector, type VectorExpectation } from '../../shared/vectors.ts';
import { GOLDEN_DIR, type FormatName, type VectorSource } from './constants.ts';
import { findVectorFiles } from './find-vector-files.ts';
import { encodeUtf8 } from './input-encoding.ts';
import { decodeCanonicalBase64 } from '../../shared/base64.ts';
import { readGoldenFile } from './golden-storage.ts';
import { REPO_ROOT } from './repo-root.ts';
import { checkVectorFileShape } from './vector-file-schema.ts';

/** A vector file that breaks the vector-file contract: a setup error of the suite, never a verdict on a testee. */
export class VectorFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: readonly string[],
  ) {
    super(`${file}: ${problems.join('; ')}`);
    this.name = 'VectorFileError';
  }
}

/** One vector file as loaded: its header and its vectors, in file order. */
export interface LoadedVectorFile {
  /** Path relative to the golden directory, `/`-separated (e.g. `journal/recipe-read.json`). */
  readonly path: string;
  readonly format: FormatName;
  readonly source: VectorSource;
  readonly vectors: Vector[];
}

/**
 * Loads every vector under `dir` (relative paths resolve against the repository root, so the bundled
 * golden/ is found from any working directory). Files in code-point order of their paths, cases in file
 * order. Throws {@link VectorFileError} on the first malformed file or on a case id found twice.
 */
export async function loadVectors(dir: string = GOLDEN_DIR): Promise<Vector[]> {
  const files = await loadVectorFiles(dir);
  const seen = new Map<string, string>();
  const vectors: Vector[] = [];
  for (const f of files) {
    for (const v of f.vectors) {
      const first = seen.get(v.id);
      if (first !== undefined) throw new VectorFileError(v.file, [`case id ${v.id} (${v.name}) already in ${first}`]);
      seen.set(v.id, v.file);
      vectors.push(v);
    }
  }
  return vectors;
}

/** Loads every vector file under `dir` (see {@link loadVectors}) without the cross-file duplicate check. */
export async function loadVectorFiles(dir: string = GOLDEN_DIR): Promise<LoadedVectorFile[]> {
  const root = resolveGoldenDir(dir);
  const out: LoadedVectorFile[] = [];
  for (const path of findVectorFiles(root)) out.push(await loadVectorFile(root, path));
  return out;
}

/** Absolute path of a golden directory given absolute or relative to the repository root. */
export function resolveGoldenDir(dir: string): string {
  return isAbsolute(dir) ? dir : resolve(REPO_ROOT, dir);
}

/** Loads one vector file, `path` being relative to the golden directory `root`. */
export async function loadVectorFile(root: string, path: string): Promise<LoadedVectorFile> {
  const abs = join(root, path);
  const display = displayPath(abs);
  const parsed = parseJson(await readFile(abs));
  if (!parsed.ok) {
    throw new VectorFileError(display, [`not strict JSON: ${parsed.error.code} (${parsed.error.message})`]);
  }
  const shapeProblems = checkVectorFileShape(parsed.value);
  if (shapeProblems.length > 0) throw new VectorFileError(display, shapeProblems);

  // The schema guarantees every member read below exists with the right type.
  const file = parsed.value as Map<string, JsonValue>;
  const format = file.get('format') as FormatName;
  const source = file.get('source') as VectorSource;
  const problems: string[] = [];
  const segments = path.split('/');
  if (segments.length !== 2 || segments[0] !== format) {
    problems.push(`a ${format} vector file must be ${format}/<source>-<group>.json under the golden directory`);
  }
  const base = segments[segments.length - 1]!;
  if (!base.startsWith(`${source}-`) || base.length <= source.length + '-.json'.length) {
    problems.push(`file name must be ${source}-<group>.json for source ${source}`);
  }
  if (problems.length > 0) throw new VectorFileError(display, problems);

  const vectors: Vector[] = [];
  for (const [index, c] of (file.get('cases') as Map<string, JsonValue>[]).entries()) {
    const op = c.get('op') as OpName;
    const name = c.get('name') as string;
    const where = `case ${index} (${name})`;
    if (!op.startsWith(`${format}.`)) problems.push(`${where}: op ${op} is not a ${format} op`);
    const input = await readStoredInput(c.get('input') as Map<string, JsonValue>, dirname(abs));
    if (typeof input === 'string') {
      problems.push(`${where}: ${input}`);
      continue;
    }
    const expect = readExpectation(c.get('expect') as Map<string, JsonValue>, dirname(abs));
    if (typeof expect === 'string') {
      problems.push(`${where}: ${expect}`);
      continue;
    }
    const id = c.get('id') as string;
    const expectedId = caseId(op, input);
    if (id !== expectedId) problems.push(`${where}: id ${id} is not caseId(op, input) = ${expectedId}`);
    vectors.push({
      id,
      name,
      format,
      op,
      profile: c.get('profile') as Profile,
      requirements: c.get('requirements') as string[],
      input,
      expect,
      note: c.get('note') as string,
      file: display,
    });
  }
  if (problems.length > 0) throw new VectorFileError(display, problems);
  return { path, format, source, vectors };
}

/** The input bytes of a stored case, or a problem description. */
async function readStoredInput(input: Map<string, JsonValue>, dir: string): Promise<Uint8Array | string> {
  const utf8 = input.get('utf8');
  if (typeof utf8 === 'string') return encodeUtf8(utf8);
  const base64 = input.get('base64');
  if (typeof base64 === 'string') return decodeCanonicalBase64(base64) ?? 'input.base64 is not canonical base64';
  const file = input.get('file') as string;
  try {
    return readGoldenFile(join(dir, file));
  } catch (err) {
    return `input file ${file} cannot be read: ${describeReadError(err)}`;
  }
}

function describeReadError(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err instanceof Error ? err.message : String(err));
}

/** The expectation of a stored case, or a problem description (an observation side file that cannot be read or parsed). */
function readExpectation(expect: Map<string, JsonValue>, dir: string): VectorExpectation | string {
  const verdict = expect.get('verdict');
  const observationFile = expect.get('observationFile');
  if (verdict === 'accept' && typeof observationFile === 'string') {
    let content: Uint8Array;
    try {
      content = readGoldenFile(join(dir, observationFile));
    } catch (err) {
      return `observation file ${observationFile} cannot be read: ${describeReadError(err)}`;
    }
    const parsed = parseJson(content);
    if (!parsed.ok) return `observation file ${observationFile} is not strict JSON: ${parsed.error.code} (${parsed.error.message})`;
    return { verdict, observation: parsed.value };
  }
  if (verdict === 'accept') return { verdict, observation: expect.get('observation') as JsonValue };
  if (verdict === 'reject') return { verdict, code: expect.get('code') as string };
  return { verdict: 'either' };
}

/** Repository-relative `/`-separated path when under the repository, else the absolute path. */
function displayPath(abs: string): string {
  const rel = relative(REPO_ROOT, abs);
  return rel.startsWith('..') || isAbsolute(rel) ? abs : rel.split(sep).join('/');
}
