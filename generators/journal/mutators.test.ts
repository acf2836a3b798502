import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadErrorCodes, loadRequirements } from '../../src/shared/registry.ts';
import { readJournalBytes } from '../../src/journal/read-journal.ts';
import { journalHistory } from './journal-history.ts';
import { JOURNAL_MUTATORS } from './mutators.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

/** Mutators that build multi-MiB lines or 257-record groups: few runs, a longer time limit. */
const HEAVY = new Map([
  ['frame-too-large', 2],
  ['payload-budget', 2],
  ['group-too-many-records', 10],
]);
const HEAVY_TIMEOUT_MS = 30_000;

describe('journal mutators', () => {
  it('declare registered codes and requirements', () => {
    const codes = new Set([...loadErrorCodes('journal'), ...loadErrorCodes('shared')].map((c) => c.code));
    const reqs = new Set([...loadRequirements('journal'), ...loadRequirements('shared')].map((r) => r.id));
    for (const m of JOURNAL_MUTATORS) {
      expect(codes.has(m.code), m.name).toBe(true);
      expect(reqs.has(m.requirement), m.name).toBe(true);
    }
    expect(new Set(JOURNAL_MUTATORS.map((m) => m.name)).size).toBe(JOURNAL_MUTATORS.length);
  });

  for (const m of JOURNAL_MUTATORS) {
    it(`${m.name}: the oracle refuses with ${m.code} (${m.requirement}, ${m.profile})`, () => {
      let applied = 0;
      assertProperty(
        fc.property(journalHistory({ maxLines: 4, maxRecords: 3 }), fc.nat(), (sample, pick) => {
          const bytes = m.apply(sample, pick);
          if (bytes === undefined) return;
          applied++;
          const r = readJournalBytes(bytes);
          expect(r.ok ? 'accept' : r.error.code).toBe(m.code);
          if (!r.ok) expect(r.error.profile === 'core' || r.error.profile === 'strict').toBe(true);
        }),
        { seed: 4242, numRuns: HEAVY.get(m.name) ?? 120 },
      );
      expect(applied).toBeGreaterThan(0);
    }, HEAVY.has(m.name) ? HEAVY_TIMEOUT_MS : undefined);
  }
});
