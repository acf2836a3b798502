/**
 * One registry per format (issue 16): the registries declare every op of the contract exactly once,
 * the lazily loaded reference oracle answers each op with the registry's own handler, and the runner
 * reads case sources and fuzz sources from them (no other per-format table).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FORMAT_NAMES } from '../shared/format-registry.ts';
import { OP_NAMES, type OpName } from '../shared/ops.ts';
import { FORMAT_REGISTRIES, registryOf } from './format-registries.ts';
import { formatSources } from './fuzz/format-sources.ts';
import { InputFiles } from './input-files.ts';
import { loadOracleOp } from './oracle-ops.ts';
import { FORMATS } from './vectors/constants.ts';

describe('the format registries', () => {
  it('list the formats in report order, each op of the contract in exactly one, under its own format', () => {
    expect(FORMAT_REGISTRIES.map((r) => r.format)).toEqual([...FORMAT_NAMES]);
    expect([...FORMAT_NAMES]).toEqual([...FORMATS]);
    const declared = FORMAT_REGISTRIES.flatMap((r) => Object.keys(r.ops));
    expect([...declared].sort()).toEqual([...OP_NAMES].sort());
    for (const r of FORMAT_REGISTRIES) {
      for (const op of Object.keys(r.ops)) expect(op.startsWith(`${r.format}.`), op).toBe(true);
      for (const op of Object.keys(r.fuzzSources)) expect(r.ops[op as OpName], op).toBeDefined();
      for (const op of Object.keys(r.fuzzSeeds)) expect(r.ops[op as OpName], op).toBeDefined();
      for (const m of r.failClosedMutators) expect(r.ops[m.op], m.name).toBeDefined();
      expect(r.caseSource.module).toBe(`generators/${r.format}/golden-cases.ts`);
    }
  });

  it('declare built-in fuzz seeds the oracle accepts, and fail-closed mutators it refuses with their codes', async () => {
    for (const r of FORMAT_REGISTRIES) {
      for (const [op, seeds] of Object.entries(r.fuzzSeeds) as [OpName, readonly string[]][]) {
        for (const seed of seeds) {
          const outcome = await r.ops[op]!(new Uint8Array(Buffer.from(seed, 'utf8')));
          expect('accept' in outcome && outcome.accept, `${op} seed ${seed.slice(0, 60)}`).toBe(true);
          for (const m of r.failClosedMutators.filter((x) => x.op === op)) {
            const bad = m.mutate(new Uint8Array(Buffer.from(seed, 'utf8')));
            if (bad === undefined) continue;
            const refused = await r.ops[op]!(bad);
            expect('accept' in refused && !refused.accept ? refused.error.code : 'accepted', m.name).toBeOneOf([...m.codes]);
          }
        }
      }
      // Every op with fail-closed mutators has a seed for them to start from.
      for (const m of r.failClosedMutators) expect(r.fuzzSeeds[m.op]?.length, m.name).toBeGreaterThan(0);
    }
  });

  it('are what the lazily loaded reference oracle answers with, op by op', async () => {
    for (const op of OP_NAMES) expect(await loadOracleOp(op), op).toBe(registryOf(op)!.ops[op]);
  });

  it("break some of an op's generated inputs with its format's fail-closed mutators, each refused with the mutator's code", async () => {
    // morph.c14n: a BOM before the text, a value after it; codegraph.read: a BOM, a CR, a version, no eof, a record after it.
    for (const op of ['morph.c14n', 'codegraph.read'] as const) {
      const oracle = registryOf(op)!.ops[op]!;
      const mutators = registryOf(op)!.failClosedMutators.filter((m) => m.op === op);
      const codes = new Set<string>();
      for (const input of fc.sample(formatSources(op).valid!, { seed: 7, numRuns: 200 })) {
        const outcome = await oracle(input);
        if ('accept' in outcome && !outcome.accept) codes.add(outcome.error.code);
      }
      // Most inputs stay valid (seven in eight); every mutator's code turns up among the refusals.
      for (const m of mutators) expect(m.codes.some((code) => codes.has(code)), `${op} ${m.name}`).toBe(true);
    }
  });

  it('give fuzzing its generator sources and certify its input file names', async () => {
    expect(formatSources('journal.read').invalid).toBeDefined();
    expect(formatSources('codegraph.read').valid).toBeDefined();
    expect(formatSources('morph.c14n').valid).toBeDefined();
    expect(formatSources('journal.track-key')).toEqual({});
    const files = new InputFiles();
    try {
      expect(await files.write('a', 'journal.read', new Uint8Array())).toMatch(/a\.jsonl$/);
      expect(await files.write('b', 'morph.decode', new Uint8Array())).toMatch(/b\.txt$/);
      expect(await files.write('c', 'morph.c14n', new Uint8Array())).toMatch(/c\.json$/);
    } finally {
      files.dispose();
    }
  });
});
