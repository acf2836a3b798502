/**
 * The suite's strength: every mutant (a reader with one realistic fault) must fail at least one
 * golden case, and the clean readers must pass every one (KILL-RATE.md shows the counts).
 */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadRequirements, REGISTRY_FORMATS } from '../../src/shared/registry.ts';
import { isOpName } from '../../src/shared/ops.ts';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { CLEAN_READERS } from './clean-readers.ts';
import { certifyMutant, loadMutants, REPO_ROOT } from './run-mutants.ts';

const mutants = loadMutants();
const requirementIds = new Set(REGISTRY_FORMATS.flatMap((f) => loadRequirements(f).map((r) => r.id)));
const pythonSource = ['strict_json.py', 'journal_reader.py', 'codegraph_reader.py', 'track_key.py', 'journal_append.py',
  'morph_core.py', 'morph_codecs.py', 'morph_bundle.py', 'morph_artifact.py', 'morph_ops.py']
  .map((f) => readFileSync(join(REPO_ROOT, 'conformance', 'testees', 'python', f), 'utf8'))
  .join('\n');

/** The golden vectors, loaded once for the whole file. */
let vectorsPromise: Promise<Vector[]> | undefined;
const goldenVectors = () => (vectorsPromise ??= loadVectors());

describe('the mutant manifest', () => {
  it('holds at least 40 mutants across the three formats, with unique names', () => {
    expect(mutants.length).toBeGreaterThanOrEqual(40);
    expect(new Set(mutants.map((m) => m.name)).size).toBe(mutants.length);
    expect(new Set(mutants.map((m) => m.format))).toEqual(new Set(['journal', 'codegraph', 'morph']));
  });

  it('holds at least 6 mutants for every op (issue 15)', () => {
    const ops = ['journal.read', 'codegraph.read', 'journal.track-key', 'journal.append', 'morph.c14n', 'morph.decode', 'morph.import', 'morph.encode'];
    for (const op of ops) expect(mutants.filter((m) => m.ops.includes(op as never)).length, op).toBeGreaterThanOrEqual(6);
  });

  it('names each mutant after the requirement it breaks, a registered id, and the ops of its format', () => {
    for (const m of mutants) {
      expect(requirementIds.has(m.requirement), `${m.name}: ${m.requirement} is not registered in spec/`).toBe(true);
      expect(m.name.startsWith(`${m.requirement.toLowerCase()}-${m.format}-`), m.name).toBe(true);
      expect(m.ops.length).toBeGreaterThan(0);
      for (const op of m.ops) expect(isOpName(op) && op.startsWith(`${m.format}.`), `${m.name}: ${op}`).toBe(true);
      expect(m.fault.length).toBeGreaterThan(10);
    }
  });

  it('points every mutant at a fault its reader implements', () => {
    for (const m of mutants) {
      const fault = m.argv[m.argv.indexOf('--fault') + 1]!;
      expect(m.argv).toContain('--fault');
      expect(m.argv.slice(0, 2), m.name).toEqual(['python3', 'conformance/testees/python/formcert_reader.py']);
      expect(pythonSource, `${m.name}: faults.on("${fault}") in the Python reader`).toContain(`faults.on("${fault}")`);
    }
  });
});

describe('golden vectors against the mutants', () => {
  for (const reader of CLEAN_READERS) {
    it(`the clean ${reader.name} passes every golden case of ${reader.ops.join(', ')}`, async () => {
      const verdict = await certifyMutant(reader, await goldenVectors());
      expect(verdict.examples).toEqual([]);
      expect(verdict.failing).toBe(0);
    });
  }

  it('catch every mutant (kill rate 100%)', async () => {
    const vectors = await goldenVectors();
    const missed: string[] = [];
    // Two mutants at a time: each is one process, and the machine has two cores.
    const queue = [...mutants];
    const worker = async () => {
      for (let m = queue.shift(); m; m = queue.shift()) {
        const verdict = await certifyMutant(m, vectors);
        if (verdict.cases === 0 || verdict.failing === 0) missed.push(`${m.name} (${verdict.cases} cases, none failing)`);
      }
    };
    await Promise.all([worker(), worker()]);
    expect(missed).toEqual([]);
  });
});
