/**
 * The format generators fuzzing draws valid inputs from, per op (generators/<format>/). Each is
 * imported lazily; an op without a generator here fuzzes from its seed corpus alone, but a generator
 * that fails to import is an error (fuzzing quietly without it would look like a clean result).
 */
import fc from 'fast-check';
import type { OpName } from '../../shared/ops.ts';
import type { FormatSources } from './fuzz-input.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

type Loader = () => Promise<FormatSources>;

const LOADERS: Partial<Record<OpName, Loader>> = {
  'journal.read': async () => {
    const { journalHistory, withLayoutSeed } = await import('../../../generators/journal/journal-history.ts');
    const { sampleBytes } = await import('../../../generators/journal/journal-builders.ts');
    const { JOURNAL_MUTATORS } = await import('../../../generators/journal/mutators.ts');
    // bigGroups: now and then a group of exactly 256 records, the R-J6 bound, on the valid side.
    // The layout seed beside the structure: a shrunk case keeps the layout that made it fail.
    const history = withLayoutSeed(journalHistory({ maxLines: 6, maxRecords: 3, bigGroups: true, shuffledLayout: false }));
    return {
      valid: history.map(sampleBytes),
      // The format's own mutators (one rule each) reach rules byte edits rarely hit.
      invalid: fc
        .tuple(history, fc.nat({ max: JOURNAL_MUTATORS.length - 1 }), fc.nat({ max: 1 << 16 }))
        .map(([sample, which, pick]) => JOURNAL_MUTATORS[which]!.apply(sample, pick) ?? sampleBytes(sample)),
    };
  },
  'codegraph.read': async () => {
    const { codegraphModelFile } = await import('../../../generators/codegraph/codegraph-model-file.ts');
    const { MODEL_MUTATORS } = await import('../../../generators/codegraph/model-mutators.ts');
    const model = codegraphModelFile();
    return {
      valid: model,
      invalid: fc
        .tuple(model, fc.nat({ max: MODEL_MUTATORS.length - 1 }), fc.nat({ max: 1 << 16 }))
        .map(([bytes, which, pick]) => MODEL_MUTATORS[which]!.apply(bytes, pick) ?? bytes),
    };
  },
  'morph.c14n': async () => {
    const { jsonText } = await import('../../../generators/morph/json-text.ts');
    const { nearLimitJsonText } = await import('../../../generators/morph/near-limit-json-text.ts');
    return {
      valid: fc.oneof(
        { weight: 9, arbitrary: jsonText().map((t) => utf8(t.text)) },
        // R-M2's bounds, both sides: depth 64/65, 250,000/250,001 nodes (byte edits then land near them too).
        { weight: 1, arbitrary: nearLimitJsonText().map((t) => utf8(t.text)) },
      ),
    };
  },
};

/** The generator-backed sources of `op` (empty when none is available). */
export async function loadFormatSources(op: OpName): Promise<FormatSources> {
  const load = LOADERS[op];
  if (!load) return {};
  return await load();
}
