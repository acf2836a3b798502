/**
 * The independent Python reader must pass every core and strict golden vector of journal.read and
 * codegraph.read through `formcert certify` in exec mode (one process per case).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadErrorCodes } from '../../../src/shared/registry.ts';
import { loadVectors } from '../../../src/runner/vectors/load-vectors.ts';
import { REPO_ROOT } from '../../../src/runner/vectors/repo-root.ts';

const OPS = ['journal.read', 'codegraph.read'];
const READER = join(REPO_ROOT, 'conformance', 'testees', 'python', 'formcert_reader.py');

describe('the Python reader', () => {
  it('refuses only with codes registered for its format (spec/shared and spec/<format>)', () => {
    for (const [file, format] of [['journal_reader.py', 'journal'], ['codegraph_reader.py', 'codegraph'], ['strict_json.py', 'shared']] as const) {
      const source = readFileSync(join(REPO_ROOT, 'conformance', 'testees', 'python', file), 'utf8');
      const codes = [...source.matchAll(/(?:Refused|JsonRefused)\("([A-Z0-9_]+)"/g)].map((m) => m[1]!);
      expect(codes.length, file).toBeGreaterThan(3);
      const registered = new Set([...loadErrorCodes('shared'), ...loadErrorCodes(format)].map((c) => c.code));
      expect(codes.filter((c) => !registered.has(c)), file).toEqual([]);
    }
  });
});

describe('the Python reader under certify (exec mode)', () => {
  it('passes 100% of the core and strict golden vectors of journal.read and codegraph.read', async () => {
    const vectors = (await loadVectors()).filter((v) => OPS.includes(v.op));
    const r = spawnSync(
      process.execPath,
      [join(REPO_ROOT, 'bin', 'formcert.mjs'), 'certify', '--ops', OPS.join(','), '--profile', 'strict', '--jobs', '2', '--name', 'formcert-python-reader',
        '--', 'python3', READER, '{op}', '{input}'],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 600_000 },
    );
    if (vectors.length === 0) {
      // golden/ holds no vector of these ops yet: certify has nothing to run and says so.
      expect(r.status, r.stdout + r.stderr).toBe(2);
      return;
    }
    expect(r.stdout + r.stderr).not.toMatch(/fail:|errored:/);
    expect(r.status, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toContain('PASSED');
  });
});
