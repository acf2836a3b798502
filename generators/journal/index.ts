/** journal's registry for the runner: its ops, golden case source, fuzz sources, seeds and fail-closed mutators. */
import fc from 'fast-check';
import { ops } from '../../src/journal/ops.ts';
import type { FormatRegistry } from '../../src/shared/format-registry.ts';
import { JOURNAL_FAIL_CLOSED_MUTATORS } from './fail-closed-mutators.ts';
import { JOURNAL_FUZZ_SEEDS } from './fuzz-seeds.ts';
import * as caseSource from './golden-cases.ts';
import { sampleBytes } from './journal-builders.ts';
import { journalHistory, withLayoutSeed } from './journal-history.ts';
import { JOURNAL_MUTATORS } from './mutators.ts';

export const JOURNAL_FORMAT: FormatRegistry = {
  format: 'journal',
  ops,
  caseSource: { module: 'generators/journal/golden-cases.ts', goldenCases: caseSource.goldenCases, exports: caseSource },
  fuzzSeeds: JOURNAL_FUZZ_SEEDS,
  failClosedMutators: JOURNAL_FAIL_CLOSED_MUTATORS,
  fuzzSources: {
    'journal.read': () => {
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
  },
};
