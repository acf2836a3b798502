/**
 * The independent Python reader must pass every golden vector of the ops it implements through
 * `formcert certify`, in persistent mode and in exec mode (one process per case, protocol v1.1),
 * with rejection codes checked. A bug of the reader must never look like a rejection. The only
 * cases it may skip are toon ones whose answer needs a toon payload (the official TOON package is
 * JavaScript); every other toon case (layout, options, number and member-order rules) it answers.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { loadErrorCodes } from '../../../src/shared/registry.ts';
import { REPO_ROOT } from '../../../src/runner/vectors/repo-root.ts';

/** The ops the Python reader implements (its `start` reply declares the same list). */
const OPS = ['journal.read', 'codegraph.read', 'journal.track-key', 'journal.append', 'morph.c14n', 'morph.decode', 'morph.import', 'morph.encode'];
const DIR = join(REPO_ROOT, 'conformance', 'testees', 'python');
const READER = join(DIR, 'formcert_reader.py');
const CLI = join(REPO_ROOT, 'bin', 'formcert.mjs');
/** Exec mode starts one Python process per case (about 1,600 of them): slow on a loaded machine. */
const CERTIFY_TIMEOUT_MS = 1_800_000;

function certify(mode: 'exec' | 'persistent', reportDir: string) {
  const testee = mode === 'exec' ? ['python3', READER, '{op}', '{input}'] : ['--persistent', '--', 'python3', READER, '--persistent'];
  const args = [CLI, 'certify', '--ops', OPS.join(','), '--profile', 'strict', '--codes', '--jobs', '2', '--name', 'formcert-python-reader', '--report', reportDir];
  return spawnSync(process.execPath, mode === 'exec' ? [...args, '--', ...testee] : [...args, ...testee], {
    cwd: REPO_ROOT, encoding: 'utf8', timeout: CERTIFY_TIMEOUT_MS,
  });
}

interface ResultLine {
  readonly name: string;
  readonly op: string;
  readonly outcome: string;
  readonly file: string;
  readonly input: { utf8?: string; base64?: string; file?: string };
}

/** The input text of a result line (inline, base64 or a gzip side file beside the vector file). */
function inputText(r: ResultLine): string {
  if (r.input.utf8 !== undefined) return r.input.utf8;
  if (r.input.base64 !== undefined) return Buffer.from(r.input.base64, 'base64').toString('utf8');
  return gunzipSync(readFileSync(join(REPO_ROOT, r.file, '..', r.input.file!))).toString('utf8');
}

describe('the Python reader', () => {
  it('refuses only with codes registered for its format (spec/shared and spec/<format>)', () => {
    const files = [['journal_reader.py', 'journal'], ['track_key.py', 'journal'], ['journal_append.py', 'journal'], ['codegraph_reader.py', 'codegraph'], ['strict_json.py', 'shared'],
      ['morph_core.py', 'morph'], ['morph_codecs.py', 'morph'], ['morph_bundle.py', 'morph'], ['morph_artifact.py', 'morph'], ['morph_ops.py', 'morph']] as const;
    for (const [file, format] of files) {
      const source = readFileSync(join(DIR, file), 'utf8');
      const codes = [...source.matchAll(/(?:Refused|JsonRefused)\("([A-Z0-9_]+)"/g)].map((m) => m[1]!);
      expect(codes.length, file).toBeGreaterThan(1);
      const registered = new Set([...loadErrorCodes('shared'), ...loadErrorCodes(format)].map((c) => c.code));
      expect(codes.filter((c) => !registered.has(c)), file).toEqual([]);
    }
  });

  it('carries the suite guides of src/morph/guides unchanged (R-M7), as data', async () => {
    const { getGuide, GUIDED_ENCODINGS } = await import('../../../src/morph/guides/index.ts');
    const copied = JSON.parse(readFileSync(join(DIR, 'morph_guides.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(copied).sort()).toEqual([...GUIDED_ENCODINGS].sort());
    for (const encoding of GUIDED_ENCODINGS) expect(copied[encoding], encoding).toEqual(getGuide(encoding));
  });

  it('exits 3 with a traceback, not 1, when it fails itself (protocol v1.1)', () => {
    const r = spawnSync('python3', [READER, 'journal.read', join(DIR, 'no-such-input.jsonl')], { encoding: 'utf8' });
    expect(r.status).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Traceback');
  });

  it('declares exactly the ops this test certifies', () => {
    const r = spawnSync('python3', [READER, '--persistent'], { input: '{"cmd":"start","protocol":1}\n{"cmd":"stop"}\n', encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout.split('\n')[0]!).ops).sort()).toEqual([...OPS].sort());
  });
});

/** The README table's rows `| \`op\` | vectors | confirmed by two | skipped |`, as numbers per op. */
function coverageTable(readme: string): Record<string, number[]> {
  const rows: Record<string, number[]> = {};
  for (const m of readme.matchAll(/^\| `([a-z]+\.[a-z0-9-]+)` \| (\d+) \| (\d+) \| (\d+) \|$/gm)) rows[m[1]!] = [Number(m[2]), Number(m[3]), Number(m[4])];
  return rows;
}

/** The same rows from a certify run's results. */
function measuredTable(results: readonly ResultLine[]): Record<string, number[]> {
  const rows: Record<string, number[]> = {};
  for (const op of OPS) {
    const ofOp = results.filter((x) => x.op === op);
    rows[op] = [ofOp.length, ofOp.filter((x) => x.outcome === 'pass').length, ofOp.filter((x) => x.outcome === 'skipped').length];
  }
  return rows;
}

describe.each(['persistent', 'exec'] as const)('the Python reader under certify (%s mode)', (mode) => {
  it(`passes every golden vector of ${OPS.join(', ')}, codes included, skipping only toon payloads`, () => {
    const reportDir = mkdtempSync(join(tmpdir(), 'formcert-python-'));
    try {
      const r = certify(mode, reportDir);
      expect(r.stdout + r.stderr).not.toMatch(/fail:|errored:/);
      expect(r.status, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain('PASSED');
      const results = readFileSync(join(reportDir, 'results.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ResultLine);
      for (const op of OPS) expect(results.filter((x) => x.op === op && x.outcome === 'pass').length, op).toBeGreaterThan(0);
      const skipped = results.filter((x) => x.outcome === 'skipped');
      for (const s of skipped) {
        expect(s.op.startsWith('morph.'), s.name).toBe(true);
        expect(inputText(s), s.name).toMatch(/"toon"|\\"toon\\"/);
      }
      expect(results.filter((x) => x.outcome !== 'pass' && x.outcome !== 'skipped')).toEqual([]);
      // The coverage tables of the two READMEs say what this run shows: per op, the vectors, those
      // both implementations answer, and the toon cases skipped.
      for (const readme of [join(REPO_ROOT, 'README.md'), join(DIR, 'README.md')]) {
        expect(coverageTable(readFileSync(readme, 'utf8')), readme).toEqual(measuredTable(results));
      }
    } finally {
      rmSync(reportDir, { recursive: true, force: true });
    }
  }, CERTIFY_TIMEOUT_MS + 60_000);
});
