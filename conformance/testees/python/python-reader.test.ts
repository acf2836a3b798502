/**
 * The independent Python reader must pass every core and strict golden vector of journal.read and
 * codegraph.read through `formcert certify` in exec mode (one process per case).
 */
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadVectors } from '../../../src/runner/vectors/load-vectors.ts';
import { REPO_ROOT } from '../../../src/runner/vectors/repo-root.ts';

const OPS = ['journal.read', 'codegraph.read'];
const READER = join(REPO_ROOT, 'conformance', 'testees', 'python', 'formcert_reader.py');

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
  }, 600_000);
});
