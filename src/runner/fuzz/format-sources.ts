/**
 * The format generators fuzzing draws valid inputs from, per op (generators/<format>/). Each is
 * imported lazily; an op whose generator is missing fuzzes from its seed corpus alone.
 */
import type fc from 'fast-check';
import type { OpName } from '../../shared/ops.ts';
import type { FormatSources } from './fuzz-input.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

type Loader = () => Promise<fc.Arbitrary<Uint8Array>>;

const LOADERS: Partial<Record<OpName, Loader>> = {
  'journal.read': async () => {
    const { journalHistory } = await import('../../../generators/journal/journal-history.ts');
    const { sampleBytes } = await import('../../../generators/journal/_internals/sample.ts');
    return journalHistory({ maxLines: 6, maxRecords: 3 }).map(sampleBytes);
  },
  'morph.c14n': async () => {
    const { jsonText } = await import('../../../generators/morph/json-text.ts');
    return jsonText().map((t) => utf8(t.text));
  },
};

/** The generator-backed sources of `op` (empty when none is available). */
export async function loadFormatSources(op: OpName): Promise<FormatSources> {
  const load = LOADERS[op];
  if (!load) return {};
  try {
    return { valid: await load() };
  } catch {
    return {};
  }
}
