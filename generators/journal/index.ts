/** journal's registry for the runner: its ops, golden case source and fuzz sources. */
import fc from 'fast-check';
import { ops } from '../../src/journal/ops.ts';
import type { FormatRegistry } from '../../src/shared/format-registry.ts';
import * as caseSource from './golden-cases.ts';
import { sampleBytes } from './journal-builders.ts';
import { journalHistory, withLayoutSeed } from './journal-history.ts';
import { JOURNAL_MUTATORS } from './mutators.ts';

export const JOURNAL_FORMAT: FormatRegistry = {
  format: 'journal',
  ops,
  caseSource: { module: 'generators/journal/golden-cases.ts', goldenCases: caseSource.goldenCases, exports: caseSource },
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
