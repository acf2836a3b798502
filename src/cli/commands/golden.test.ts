import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../main.ts';
import { EXIT } from '../../shared/exit-codes.ts';
// Loaded up front (the command imports it on first use): it imports every format's generators, which
// is the file's import cost, not a test's.
import '../../runner/vectors/regenerate-golden.ts';

/** Runs the CLI with stdout and stderr captured. */
async function formcert(...argv: string[]): Promise<{ status: number; stdout: string }> {
  let stdout = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    return { status: await main(argv), stdout };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

function workspace(): string[] {
  const root = mkdtempSync(join(tmpdir(), 'formcert-golden-cli-'));
  mkdirSync(join(root, 'generators'));
  mkdirSync(join(root, 'spec'));
  return [
    '--golden-dir', join(root, 'golden'),
    '--generators-dir', join(root, 'generators'),
    '--spec-dir', join(root, 'spec'),
    '--coverage-file', join(root, 'spec', 'coverage.md'),
    '--gaps-file', join(root, 'spec', 'coverage-gaps.json'),
  ];
}

describe('formcert golden', () => {
  it('regenerates, then check passes; a hand edit makes check exit 1 naming the file', async () => {
    const paths = workspace();
    expect((await formcert('golden', 'regenerate', ...paths)).status).toBe(EXIT.OK);
    expect((await formcert('golden', 'check', ...paths)).status).toBe(EXIT.OK);
    const manifest = join(paths[1]!, 'MANIFEST.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"total": 0', '"total": 1'));
    const check = await formcert('golden', 'check', ...paths);
    expect(check.status).toBe(EXIT.FAILED);
    expect(check.stdout).toMatch(/drift: .*MANIFEST\.json/);
  });

  it('prints one summary line unless --verbose, which lists sources, counts and coverage', async () => {
    const paths = workspace();
    const quiet = await formcert('golden', 'regenerate', ...paths);
    expect(quiet.status).toBe(EXIT.OK);
    expect(quiet.stdout.trim().split('\n')).toHaveLength(1);
    expect(quiet.stdout).toMatch(/^golden regenerate: wrote \d+ file\(s\), removed 0 \(0 vectors from 0 source\(s\), .*0 duplicate\(s\) dropped/);
    const check = await formcert('golden', 'check', ...paths);
    expect(check.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^golden check: committed files match the generators \(/)]);
    const verbose = await formcert('golden', 'check', '--verbose', ...paths);
    expect(verbose.stdout).toMatch(/^vectors: 0$/m);
    expect(verbose.stdout).toMatch(/^coverage: /m);
    expect(verbose.stdout.trim().split('\n').length).toBeGreaterThan(2);
  });

  it('exits 2 when a case source cannot be used', async () => {
    const paths = workspace();
    const generators = paths[3]!;
    mkdirSync(join(generators, 'not-a-format'));
    writeFileSync(join(generators, 'not-a-format', 'golden-cases.ts'), 'export function goldenCases() { return []; }\n');
    expect((await formcert('golden', 'regenerate', ...paths)).status).toBe(EXIT.USAGE);
  });
});
