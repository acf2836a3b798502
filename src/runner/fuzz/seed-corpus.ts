/**
 * The seed corpus of one op: the inputs fuzzing starts from and mutates. It gathers the golden
 * vectors of the op, the cases of the format's case source (generators/<format>/golden-cases.ts)
 * and a few built-in minimal inputs, so that fuzzing works before golden/ is regenerated.
 * Accepted inputs come first, smallest first, so that shrinking moves towards a small valid base.
 */
import { caseId } from '../../shared/vectors.ts';
import type { OpName } from '../../shared/ops.ts';
import { registryOf } from '../format-registries.ts';
import { loadVectors } from '../vectors/load-vectors.ts';

/** One corpus input and whether its source declared it valid. */
export interface CorpusEntry {
  readonly input: Uint8Array;
  readonly valid: boolean;
}

/** The built-in minimal valid inputs of `op`, declared by its format's registry. */
function builtInSeeds(op: OpName): readonly string[] {
  return registryOf(op)?.fuzzSeeds[op] ?? [];
}

/** A source of corpus inputs (golden vectors, case sources) for `op`. */
export type CorpusSource = (op: OpName) => Promise<CorpusEntry[]>;

/** Golden vectors of the op found under `dir`; a directory that cannot be loaded is an error, never an empty corpus. */
export function goldenCorpus(dir?: string): CorpusSource {
  return async (op) => {
    const vectors = await loadVectors(dir);
    return vectors.filter((v) => v.op === op).map((v) => ({ input: v.input, valid: v.expect.verdict === 'accept' }));
  };
}

/** The cases of the op's format's case source (declared by its registry). */
export function caseSourceCorpus(): CorpusSource {
  return async (op) => {
    const out: CorpusEntry[] = [];
    for (const c of registryOf(op)?.caseSource.goldenCases() ?? []) {
      if (c.op !== op) continue;
      const input = typeof c.input === 'string' ? new Uint8Array(Buffer.from(c.input, 'utf8')) : c.input;
      out.push({ input, valid: c.expect.verdict === 'accept' });
    }
    return out;
  };
}

/** The built-in minimal inputs of the op. */
export function builtInCorpus(): CorpusSource {
  return async (op) => builtInSeeds(op).map((s) => ({ input: new Uint8Array(Buffer.from(s, 'utf8')), valid: true }));
}

/** morph.decode inputs made by the oracle's own encoder from the built-in encode requests. */
export function encodedBundleCorpus(): CorpusSource {
  return async (op) => {
    if (op !== 'morph.decode') return [];
    const encode = registryOf('morph.encode')?.ops['morph.encode'];
    const out: CorpusEntry[] = [];
    for (const request of builtInSeeds('morph.encode')) {
      const outcome = await encode!(new Uint8Array(Buffer.from(request, 'utf8')));
      if (!('accept' in outcome) || !outcome.accept || !(outcome.observation instanceof Map)) continue;
      const bundle = outcome.observation.get('bundle');
      if (typeof bundle === 'string') out.push({ input: new Uint8Array(Buffer.from(bundle, 'utf8')), valid: true });
    }
    return out;
  };
}

/** Inputs over this size are left out of the corpus: fuzzing wants many small cases. */
export const MAX_CORPUS_INPUT_BYTES = 64 * 1024;

/** Gathers, de-duplicates and orders the corpus of `op` (valid first, then by size, then by id). */
export async function buildSeedCorpus(op: OpName, sources: readonly CorpusSource[]): Promise<CorpusEntry[]> {
  const byId = new Map<string, CorpusEntry>();
  for (const source of sources) {
    for (const entry of await source(op)) {
      if (entry.input.length > MAX_CORPUS_INPUT_BYTES) continue;
      const id = caseId(op, entry.input);
      const seen = byId.get(id);
      if (!seen || (entry.valid && !seen.valid)) byId.set(id, entry);
    }
  }
  return [...byId.entries()]
    .sort(([ia, a], [ib, b]) => Number(b.valid) - Number(a.valid) || a.input.length - b.input.length || (ia < ib ? -1 : ia > ib ? 1 : 0))
    .map(([, e]) => e);
}
