import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../../runner/vectors/repo-root.ts';

const BIN = join(REPO_ROOT, 'bin', 'formcert.mjs');
const READER = join(REPO_ROOT, 'conformance', 'testees', 'python', 'formcert_reader.py');

function formcert(...args: string[]) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: REPO_ROOT, encoding: 'utf8', timeout: 120_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// End to end through the CLI with the Python reader (thousands of fuzz cases): conformance tier.
describe('formcert fuzz against the Python reader', () => {
  it('exits 0 when the testee agrees with the oracle', () => {
    const r = formcert('fuzz', '--op', 'journal.read', '--runs', '60', '--seed', '3', '--persistent', '--', 'python3', READER, '--persistent');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('no disagreement found');
  });

  it('exits 1 on a disagreement and saves a vector that certify replays', () => {
    const out = mkdtempSync(join(tmpdir(), 'formcert-fuzz-cli-'));
    try {
      const fault = ['--fault', 'journal-cr-tolerated'];
      const r = formcert(
        'fuzz', '--op', 'journal.read', '--runs', '2000', '--seed', '5', '--max-failures', '1', '--out', out, '--persistent',
        '--', 'python3', READER, ...fault, '--persistent',
      );
      expect(r.status).toBe(1);
      // One finding with its count of cases and its shrunk representative.
      expect(r.stdout).toMatch(/1 finding\(s\) from \d+ disagreeing case\(s\): accepted-invalid 1/);
      expect(r.stdout).toMatch(/accepted-invalid · CARRIAGE_RETURN · R-J1: \d+ case\(s\)\n\s+shrunk representative: case [0-9a-f]{20}/);
      expect(existsSync(join(out, 'journal', 'fuzz-journal-read.json'))).toBe(true);
      // Replayed in exec mode: the saved case does not depend on the mode that found it.
      const replay = formcert('certify', '--vectors', out, '--ops', 'journal.read', '--', 'python3', READER, ...fault, '{op}', '{input}');
      expect(replay.status).toBe(1);
      expect(replay.stdout).toContain('fail:accepted-invalid');

      // The same run under --json: one object, the finding with its count, seed and path, the saved file.
      const json = formcert(
        'fuzz', '--op', 'journal.read', '--runs', '2000', '--seed', '5', '--max-failures', '1', '--out', out, '--persistent', '--json',
        '--', 'python3', READER, ...fault, '--persistent',
      );
      expect(json.status).toBe(1);
      const summary = JSON.parse(json.stdout) as {
        status: number;
        byClass: Record<string, number>;
        disagreeingCases: number;
        findings: { class: string; code: string; requirement: string; count: number; id: string; oracle: { code?: string } }[];
        saved: { cases: number };
        replay: string;
      };
      expect(summary.status).toBe(1);
      expect(summary.byClass).toEqual({ 'accepted-invalid': 1 });
      expect(summary.findings).toHaveLength(1);
      expect(summary.findings[0]).toMatchObject({ class: 'accepted-invalid', code: 'CARRIAGE_RETURN', requirement: 'R-J1', oracle: { code: 'CARRIAGE_RETURN' } });
      expect(summary.findings[0]!.count).toBe(summary.disagreeingCases);
      expect(summary.saved.cases).toBeGreaterThanOrEqual(1);
      expect(summary.replay).toContain('formcert certify --vectors');
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });

  it('prints for every finding, of the first round or a later one, a command that reproduces it alone', () => {
    const out = mkdtempSync(join(tmpdir(), 'formcert-fuzz-replay-'));
    try {
      // Four faults: one run finds several findings, each after the first in a later round (seed + 1, …).
      // A small shrink budget is spent before shrinking ends, so a replay that shrank on would report another case.
      const reader = ['python3', READER, '--fault', 'journal-cr-tolerated', '--fault', 'journal-bom-skipped', '--fault', 'journal-blank-line-skipped', '--persistent'];
      const r = formcert('fuzz', '--op', 'journal.read', '--runs', '400', '--seed', '5', '--shrink-budget', '4', '--out', out, '--persistent', '--json', '--', ...reader);
      expect(r.status).toBe(1);
      const findings = (JSON.parse(r.stdout) as { findings: { id: string; seed: number; path: string; replay: string }[] }).findings;
      expect(findings.length).toBeGreaterThanOrEqual(2);
      expect(new Set(findings.map((f) => f.seed)).size).toBe(findings.length);
      for (const f of findings) {
        expect(f.replay).toBe(`formcert fuzz --op journal.read --seed ${f.seed} --replay ${f.path} --persistent -- ${reader.join(' ')}`);
        const words = f.replay.split(' ');
        expect(words[0]).toBe('formcert');
        const replay = formcert(words[1]!, '--out', join(out, 'replay'), '--json', ...words.slice(2));
        expect(replay.status, replay.stderr).toBe(1);
        const again = (JSON.parse(replay.stdout) as { runs: number; findings: { id: string }[] });
        expect(again.findings.map((x) => x.id), `seed ${f.seed} path ${f.path}`).toEqual([f.id]);
        expect(again.runs).toBe(1);
      }
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
