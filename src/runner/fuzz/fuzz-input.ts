/**
 * The arbitrary of fuzz inputs for one op: a corpus input (or a format generator's output) with
 * zero to three byte mutations. Zero mutations test the valid side (rejected-valid,
 * wrong-observation); mutations test fail-closed behaviour. Everything is plain data, so
 * fast-check shrinks towards the first (smallest valid) corpus entry and fewer, simpler mutations.
 */
import fc from 'fast-check';
import { applyByteMutations, byteMutation, type ByteMutation } from './byte-mutations.ts';
import type { FormatSources } from '../../shared/format-registry.ts';
import type { CorpusEntry } from './seed-corpus.ts';

/** One generated case before it becomes bytes. */
export interface FuzzCase {
  /** Index into the corpus, or -1 for a generator-made base. */
  readonly base: number;
  /** The generator-made base, when `base` is -1. */
  readonly generated?: Uint8Array;
  readonly mutations: readonly ByteMutation[];
}


/** At most this many mutations are stacked on one base. */
export const MAX_MUTATIONS = 3;

/** Arbitrary of fuzz cases over `corpus` (which must not be empty unless a generator is given). */
export function fuzzCase(corpus: readonly CorpusEntry[], sources: FormatSources = {}): fc.Arbitrary<FuzzCase> {
  // Mostly mutated inputs (fail-closed), a share of untouched ones (rejected-valid, wrong-observation).
  const mutations = fc.oneof(
    { weight: 1, arbitrary: fc.constant([]) },
    { weight: 5, arbitrary: fc.array(byteMutation(), { minLength: 1, maxLength: MAX_MUTATIONS }) },
  );
  const fromCorpus = fc.record({ base: fc.nat({ max: Math.max(0, corpus.length - 1) }), mutations });
  const generated: fc.Arbitrary<FuzzCase>[] = [];
  if (sources.valid) generated.push(fc.record({ base: fc.constant(-1), generated: sources.valid, mutations }));
  // A format mutator's output already breaks one rule; further edits would mostly mask it behind an earlier fault.
  if (sources.invalid) generated.push(fc.record({ base: fc.constant(-1), generated: sources.invalid, mutations: fc.constant([]) }));
  if (generated.length === 0) return fromCorpus;
  return corpus.length === 0 ? fc.oneof(...generated) : fc.oneof(fromCorpus, ...generated);
}

/** The bytes of one fuzz case. */
export function fuzzCaseBytes(corpus: readonly CorpusEntry[], c: FuzzCase): Uint8Array {
  const base = c.base < 0 ? c.generated! : corpus[c.base]!.input;
  return applyByteMutations(base, c.mutations);
}
