import { mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../shared/json/parse-value.ts';
import { JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { caseId } from '../../shared/vectors.ts';
import { GOLDEN_DIR, INLINE_LINE_LIMIT } from './constants.ts';
import { findVectorFiles } from './find-vector-files.ts';
import { storeCaseParts } from './golden-storage.ts';
import { loadVectors, resolveGoldenDir, VectorFileError } from './load-vectors.ts';
import { buildVectorFileValue, renderJsonFile, type StoredCase } from './render-vector-file.ts';
import { checkVectorFileShape } from './vector-file-schema.ts';

function tempGolden(): string {
  return mkdtempSync(join(tmpdir(), 'formcert-golden-'));
}

function storedCase(op: StoredCase['op'], input: Uint8Array | string, rest: Partial<StoredCase> = {}): StoredCase {
  const bytes = typeof input === 'string' ? new Uint8Array(Buffer.from(input, 'utf8')) : input;
  const id = caseId(op, bytes);
  return {
    id,
    name: `case-${id.slice(0, 6)}`,
    op,
    profile: 'core',
    requirements: ['R-J1'],
    input: storeCaseParts(id, bytes, { verdict: 'either' }).input,
    expect: { verdict: 'reject', code: 'EMPTY_FILE' },
    note: 'fixture',
    ...rest,
  };
}

function writeFile(dir: string, rel: string, text: string | Uint8Array): void {
  const path = join(dir, rel);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
}

/** Rewrites one member of a written vector file's JSON (text-level edit of the fixture). */
function editFile(dir: string, rel: string, edit: (text: string) => string): void {
  const path = join(dir, rel);
  writeFileSync(path, edit(readFileSync(path, 'utf8')));
}

describe('loadVectors', () => {
  it('round-trips inline text, base64 and side-file inputs with lexemes of observations kept', async () => {
    const dir = tempGolden();
    const invalidUtf8 = new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]);
    const bom = '\ufeff{"schema":3}\r\n';
    const big = new Uint8Array(INLINE_LINE_LIMIT + 1).fill(0x61);
    const observation: JsonValue = new Map<string, JsonValue>([
      ['frontier', new JsonNumber('18446744073709551615')],
      ['ratio', new JsonNumber('1.0')],
      ['__proto__', [new JsonNumber('1e3'), null]],
    ]);
    const cases = [
      storedCase('journal.read', bom),
      storedCase('journal.read', invalidUtf8, { expect: { verdict: 'reject', code: 'INVALID_UTF8' } }),
      storedCase('journal.read', big, { expect: { verdict: 'either' }, profile: 'strict' }),
      storedCase('journal.track-key', '["a"]', { expect: { verdict: 'accept', observation } }),
    ];
    expect(cases.map((c) => Object.keys(c.input)[0])).toEqual(['utf8', 'base64', 'file', 'utf8']);
    writeFile(dir, 'journal/recipe-read.json', renderJsonFile(buildVectorFileValue('journal', 'recipe', cases)));
    writeFile(dir, `journal/${cases[2]!.id}.bin.gz`, gzipSync(big));
    writeFile(dir, 'MANIFEST.json', '{"not":"a vector file"}');

    const vectors = await loadVectors(dir);
    expect(vectors.map((v) => v.id)).toEqual(cases.map((c) => c.id));
    expect(Buffer.from(vectors[0]!.input).toString('utf8')).toBe(bom);
    expect(vectors[1]!.input).toEqual(invalidUtf8);
    expect(vectors[2]!.input).toEqual(big);
    expect(vectors[2]!.profile).toBe('strict');
    expect(vectors[1]!.expect).toEqual({ verdict: 'reject', code: 'INVALID_UTF8' });
    const obs = vectors[3]!.expect.verdict === 'accept' ? (vectors[3]!.expect.observation as Map<string, JsonValue>) : undefined;
    expect((obs!.get('frontier') as JsonNumber).lexeme).toBe('18446744073709551615');
    expect((obs!.get('ratio') as JsonNumber).lexeme).toBe('1.0');
    expect([...(obs?.keys() ?? [])]).toEqual(['frontier', 'ratio', '__proto__']);
    expect(vectors.every((v) => v.format === 'journal' && v.file.endsWith('journal/recipe-read.json'))).toBe(true);
  });

  it('stores an observation past the line limit in a compressed side file and loads it back with its lexemes', async () => {
    const dir = tempGolden();
    const long = 'x'.repeat(INLINE_LINE_LIMIT);
    const observation: JsonValue = new Map<string, JsonValue>([['text', long], ['n', new JsonNumber('1.50')]]);
    const bytes = new Uint8Array(Buffer.from('["long"]'));
    const id = caseId('journal.track-key', bytes);
    const parts = storeCaseParts(id, bytes, { verdict: 'accept', observation });
    expect(parts.expect).toEqual({ verdict: 'accept', observationFile: `${id}.observation.json.gz` });
    const c: StoredCase = { ...storedCase('journal.track-key', bytes), input: parts.input, expect: parts.expect };
    const text = renderJsonFile(buildVectorFileValue('journal', 'recipe', [c]));
    expect(Math.max(...text.split('\n').map((l) => l.length))).toBeLessThan(INLINE_LINE_LIMIT);
    writeFile(dir, 'journal/recipe-track-key.json', text);
    for (const [name, content] of parts.sideFiles) writeFile(dir, `journal/${name}`, gzipSync(content));
    const [loaded] = await loadVectors(dir);
    const got = loaded!.expect.verdict === 'accept' ? (loaded!.expect.observation as Map<string, JsonValue>) : undefined;
    expect(got!.get('text')).toBe(long);
    expect((got!.get('n') as JsonNumber).lexeme).toBe('1.50');
  });

  it('finds files by globbing, in code-point order, skipping the manifest', () => {
    const dir = tempGolden();
    for (const rel of ['morph/recipe-c14n.json', 'journal/recipe-read.json', 'journal/generated-read.json', 'MANIFEST.json']) {
      writeFile(dir, rel, '{}');
    }
    writeFile(dir, 'journal/0123.bin.gz', 'x');
    expect(findVectorFiles(dir)).toEqual(['journal/generated-read.json', 'journal/recipe-read.json', 'morph/recipe-c14n.json']);
  });

  const broken: Array<[string, (dir: string) => void]> = [
    ['an unknown member', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"note":', '"extra": 1, "note":'))],
    ['an id that is not caseId(op, input)', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace(/"id": "[0-9a-f]{4}/, '"id": "ffff'))],
    ['an op of another format', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"journal.read"', '"morph.c14n"'))],
    ['a format other than its directory', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"format": "journal"', '"format": "morph"'))],
    ['a file name not starting with its source', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"source": "recipe"', '"source": "fuzz"'))],
    ['non-canonical base64', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"utf8": "{}"', '"base64": "e30"'))],
    ['a missing side file', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"utf8": "{}"', '"file": "nowhere.bin.gz"'))],
    ['a side file that is not gzip', (d) => {
      writeFile(d, 'journal/plain.bin.gz', 'not compressed');
      editFile(d, 'journal/recipe-read.json', (t) => t.replace('"utf8": "{}"', '"file": "plain.bin.gz"'));
    }],
    ['a missing observation file', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace(/"verdict": "reject",\s*"code": "EMPTY_FILE"/, '"verdict": "accept", "observationFile": "gone.observation.json.gz"'))],
    ['an accept without observation', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace(/"verdict": "reject",\s*"code": "EMPTY_FILE"/, '"verdict": "accept"'))],
    ['a duplicate member (strict JSON)', (d) => editFile(d, 'journal/recipe-read.json', (t) => t.replace('"note":', '"note": "x", "note":'))],
    ['a case id found in two files', (d) => writeFile(d, 'journal/generated-read.json', readFileSync(join(d, 'journal/recipe-read.json'), 'utf8').replace('"recipe"', '"generated"'))],
  ];
  it.each(broken)('refuses a vector file with %s', async (_what, breakIt) => {
    const dir = tempGolden();
    writeFile(dir, 'journal/recipe-read.json', renderJsonFile(buildVectorFileValue('journal', 'recipe', [storedCase('journal.read', '{}')])));
    await expect(loadVectors(dir)).resolves.toHaveLength(1);
    breakIt(dir);
    await expect(loadVectors(dir)).rejects.toBeInstanceOf(VectorFileError);
  });
});

describe('the committed golden/ directory', () => {
  it('holds only vector files that conform to spec/schemas/vector-file.schema.json and load', async () => {
    const root = resolveGoldenDir(GOLDEN_DIR);
    for (const rel of findVectorFiles(root)) {
      const parsed = parseJson(readFileSync(join(root, rel)));
      expect(parsed.ok, rel).toBe(true);
      if (parsed.ok) expect(checkVectorFileShape(parsed.value), rel).toEqual([]);
    }
    await expect(loadVectors()).resolves.toBeInstanceOf(Array);
    // Every side file is unzipped and hashed (some 150 MB of inputs at the size limits).
  }, 60_000);

  it('stays reviewable: no line of a vector file past 64 KiB, under 7 MiB in all', () => {
    const root = resolveGoldenDir(GOLDEN_DIR);
    const longLines = findVectorFiles(root).flatMap((rel) =>
      readFileSync(join(root, rel), 'utf8')
        .split('\n')
        .flatMap((line, i) => (Buffer.byteLength(line, 'utf8') > INLINE_LINE_LIMIT ? [`${rel}:${i + 1}`] : [])),
    );
    expect(longLines).toEqual([]);
    const files = readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    const total = files.reduce((sum, e) => sum + statSync(join(e.parentPath, e.name)).size, 0);
    // 7 MiB: the gzipped side files of the inputs at the size limits (16-28 MB each, 8-30 KB stored; 500 KB
    // payloads of distinct member names, 83 KB; codegraph's 8 MiB strings and 4 MiB Literal arrays at its
    // reader limits, 1-16 KB) take some 700 KB; the rest is small cases, two thousand of them.
    expect(total).toBeLessThan(7 * 1024 * 1024);
  });
});
