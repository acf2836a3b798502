/**
 * The independent Python reader must pass every golden vector of the ops it implements through
 * `formcert certify`, in persistent mode and in exec mode (one process per case, protocol v1.1),
 * with rejection codes checked. A bug of the reader must never look like a rejection.
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadErrorCodes } from '../../../src/shared/registry.ts';
import { REPO_ROOT } from '../../../src/runner/vectors/repo-root.ts';

/** The ops the Python reader implements (its `start` reply declares the same list). */
const OPS = ['journal.read', 'codegraph.read', 'journal.track-key', 'journal.append'];
const DIR = join(REPO_ROOT, 'conformance', 'testees', 'python');
const READER = join(DIR, 'formcert_reader.py');
const CLI = join(REPO_ROOT, 'bin', 'formcert.mjs');

function certify(mode: 'exec' | 'persistent') {
  const testee = mode === 'exec' ? ['python3', READER, '{op}', '{input}'] : ['--persistent', '--', 'python3', READER, '--persistent'];
  const args = [CLI, 'certify', '--ops', OPS.join(','), '--profile', 'strict', '--codes', '--jobs', '2', '--name', 'formcert-python-reader'];
  return spawnSync(process.execPath, mode === 'exec' ? [...args, '--', ...testee] : [...args, ...testee], {
    cwd: REPO_ROOT, encoding: 'utf8', timeout: 900_000,
  });
}

describe('the Python reader', () => {
  it('refuses only with codes registered for its format (spec/shared and spec/<format>)', () => {
    for (const [file, format] of [['journal_reader.py', 'journal'], ['track_key.py', 'journal'], ['journal_append.py', 'journal'], ['codegraph_reader.py', 'codegraph'], ['strict_json.py', 'shared']] as const) {
      const source = readFileSync(join(DIR, file), 'utf8');
      const codes = [...source.matchAll(/(?:Refused|JsonRefused)\("([A-Z0-9_]+)"/g)].map((m) => m[1]!);
      expect(codes.length, file).toBeGreaterThan(1);
      const registered = new Set([...loadErrorCodes('shared'), ...loadErrorCodes(format)].map((c) => c.code));
      expect(codes.filter((c) => !registered.has(c)), file).toEqual([]);
    }
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

describe.each(['persistent', 'exec'] as const)('the Python reader under certify (%s mode)', (mode) => {
  it(`passes every golden vector of ${OPS.join(', ')}, codes included`, () => {
    const r = certify(mode);
    expect(r.stdout + r.stderr).not.toMatch(/fail:|errored:/);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('PASSED');
    for (const op of OPS) expect(r.stdout, op).toMatch(new RegExp(`${op.replace('.', '\\.')}\\s+[1-9]\\d*\\s+0\\s+0\\s+0\\s+0`));
  });
});
