/**
 * The starter testees certify on journal.read in both protocol modes, through the real CLI: they are
 * what users copy, so they must pass every golden journal.read case, core and strict, with the codes.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMCERT_BIN } from '../../src/runner/reference-testee.ts';

const HERE = import.meta.dirname;
// Exec mode spawns one process per case (336 of them): the Python starter took 385 s on a 2-core CI machine
// under load (25 s for the JavaScript one), so the bound is the conformance tier's own, not a tighter one.
const TIMEOUT_MS = 900_000;
const RUST_BINARY = join(HERE, 'rust/target/release/journal-starter');

// The Rust starter is built the way its README says: standard library only, no network.
beforeAll(() => {
  const build = spawnSync('cargo', ['build', '--offline', '--release', '--manifest-path', join(HERE, 'rust/Cargo.toml')], { encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`cargo build of the Rust starter failed:\n${build.stderr}`);
}, TIMEOUT_MS);

interface Starter {
  readonly language: string;
  readonly exec: readonly string[];
  readonly persistent: readonly string[];
}

const STARTERS: readonly Starter[] = [
  {
    language: 'python',
    exec: ['python3', join(HERE, 'python/starter/journal_starter.py'), '{op}', '{input}'],
    persistent: ['python3', join(HERE, 'python/starter/journal_starter.py'), '--persistent'],
  },
  {
    language: 'javascript',
    exec: [process.execPath, join(HERE, 'javascript/journal-starter.mjs'), '{op}', '{input}'],
    persistent: [process.execPath, join(HERE, 'javascript/journal-starter.mjs'), '--persistent'],
  },
  { language: 'rust', exec: [RUST_BINARY, '{op}', '{input}'], persistent: [RUST_BINARY, '--persistent'] },
];

function certify(mode: 'exec' | 'persistent', argv: readonly string[]) {
  const flags = ['certify', '--ops', 'journal.read', '--codes', ...(mode === 'persistent' ? ['--persistent'] : [])];
  return spawnSync(process.execPath, [FORMCERT_BIN, ...flags, '--', ...argv], { encoding: 'utf8' });
}

describe.each(STARTERS)('the $language starter', (starter) => {
  for (const mode of ['exec', 'persistent'] as const) {
    it(
      `passes every journal.read case in ${mode} mode`,
      () => {
        const run = certify(mode, starter[mode]);
        expect(run.stderr).toBe('');
        // Every scored case passes, core and strict: "core N/N · strict M/M".
        expect(run.stdout).toMatch(/core (\d+)\/\1 · strict (\d+)\/\2/);
        expect(run.stdout).toContain('PASSED');
        expect(run.status).toBe(0);
      },
      TIMEOUT_MS,
    );
  }
});
