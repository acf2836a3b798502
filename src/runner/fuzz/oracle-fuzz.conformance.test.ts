/**
 * The reference oracle fuzzed with a fixed budget: no exception escapes, no case takes a second,
 * every rejection carries a registered code, and no fail-closed mutator output is accepted.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { OP_NAMES, type OpName, type OpOutcome } from '../../shared/ops.ts';
import { loadErrorCodes, REGISTRY_FORMATS } from '../../shared/registry.ts';
import { loadOracleOp } from '../oracle-ops.ts';
import { FAIL_CLOSED_MUTATORS } from './fail-closed-mutators.ts';
import { formatSources } from './format-sources.ts';
import { fuzzCase, fuzzCaseBytes } from './fuzz-input.ts';
import { builtInCorpus, buildSeedCorpus, caseSourceCorpus, encodedBundleCorpus, goldenCorpus } from './seed-corpus.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

/** Cases per op: the whole file stays within a few seconds. */
const RUNS_PER_OP = 120;
const SEED = 20261202;
const MAX_CASE_MS = 1000;

const registered = new Set(REGISTRY_FORMATS.flatMap((f) => loadErrorCodes(f).map((c) => c.code)));

async function corpusOf(op: OpName) {
  return buildSeedCorpus(op, [goldenCorpus(), caseSourceCorpus(), builtInCorpus(), encodedBundleCorpus()]);
}

function describeOutcome(o: OpOutcome): string {
  if ('skipped' in o) return `skipped: ${o.skipped}`;
  return o.accept ? 'accept' : `reject ${o.error.code}`;
}

describe('the oracle under fuzzing', () => {
  for (const op of OP_NAMES) {
    it(`${op}: never throws, answers within ${MAX_CASE_MS} ms, uses registered codes`, async () => {
      const oracle = await loadOracleOp(op);
      expect(oracle, `the oracle provides ${op}`).toBeDefined();
      const corpus = await corpusOf(op);
      const sources = formatSources(op);
      if (corpus.length === 0 && !sources.valid) {
        // Nothing to start from yet: the op must still refuse arbitrary bytes without breaking.
        corpus.push({ input: new Uint8Array(Buffer.from('{}')), valid: false });
      }
      await assertProperty(
        fc.asyncProperty(fuzzCase(corpus, sources), async (c) => {
          const input = fuzzCaseBytes(corpus, c);
          const started = performance.now();
          const outcome = await oracle!(input);
          const elapsed = performance.now() - started;
          expect(elapsed, `${op} took ${elapsed.toFixed(0)} ms on ${input.length} bytes`).toBeLessThan(MAX_CASE_MS);
          if ('accept' in outcome && !outcome.accept) {
            expect(registered.has(outcome.error.code), `unregistered code ${outcome.error.code}`).toBe(true);
            expect(['core', 'strict']).toContain(outcome.error.profile);
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_OP },
      );
    });
  }

  const ops = [...new Set(FAIL_CLOSED_MUTATORS.map((m) => m.op))];
  for (const op of ops) {
    it(`${op}: no fail-closed mutator output is accepted`, async () => {
      const oracle = (await loadOracleOp(op))!;
      const corpus = (await corpusOf(op)).filter((e) => e.valid);
      const sources = formatSources(op);
      const valid = sources.valid ? fc.sample(sources.valid, { seed: SEED, numRuns: 40 }) : [];
      const bases: Uint8Array[] = [];
      for (const input of [...corpus.map((e) => e.input), ...valid]) {
        const o = await oracle(input);
        if ('accept' in o && o.accept) bases.push(input);
      }
      expect(bases.length, `valid inputs for ${op}`).toBeGreaterThan(0);
      let applied = 0;
      for (const m of FAIL_CLOSED_MUTATORS.filter((x) => x.op === op)) {
        for (const base of bases) {
          const mutated = m.mutate(base);
          if (!mutated) continue;
          applied++;
          const o = await oracle(mutated);
          expect(describeOutcome(o), `${m.name} on a ${base.length}-byte input`).toMatch(new RegExp(`^reject (${m.codes.join('|')})$`));
        }
      }
      expect(applied).toBeGreaterThan(0);
    });
  }
});
