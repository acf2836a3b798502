import { describe, expect, it } from 'vitest';
import { ops } from '../../src/journal/ops.ts';
import { loadRequirements } from '../../src/shared/registry.ts';
import { caseId } from '../../src/shared/vectors.ts';
import { renderSamples } from '../../test-support/sample-snapshot.ts';
import { sampleBytes } from './_internals/sample.ts';
import { goldenCases } from './golden-cases.ts';
import { journalHistory } from './journal-history.ts';
import { largeFrameCases } from './large-frame-cases.ts';

const cases = goldenCases();

describe('journal golden cases', () => {
  it('are deterministic, uniquely named, small and distinct', () => {
    const again = goldenCases();
    expect(again.map((c) => caseId(c.op, c.input))).toEqual(cases.map((c) => caseId(c.op, c.input)));
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => caseId(c.op, c.input))).size).toBe(cases.length);
    expect(cases.length).toBeGreaterThan(250);
    const size = (c: (typeof cases)[number]) => (typeof c.input === 'string' ? Buffer.byteLength(c.input) : c.input.length);
    // The R-J6 frame and budget bounds need multi-MiB inputs (large-frame-cases.ts); everything else stays small.
    const large = new Set(largeFrameCases().map((c) => c.name));
    expect(cases.filter((c) => large.has(c.name)).map((c) => size(c) > 4 * 1024 * 1024 && size(c) < 9 * 1024 * 1024)).toStrictEqual(largeFrameCases().map(() => true));
    const total = cases.filter((c) => !large.has(c.name)).reduce((s, c) => s + size(c), 0);
    expect(total).toBeLessThan(4 * 1024 * 1024);
  }, 60_000);

  it('cover every op and, per requirement, an accepted and a rejected case wherever both exist', () => {
    expect(new Set(cases.map((c) => c.op))).toEqual(new Set(['journal.read', 'journal.append', 'journal.track-key']));
    for (const r of loadRequirements('journal')) {
      const mine = cases.filter((c) => c.requirements.includes(r.id));
      if (r.rejectable) expect(mine.some((c) => c.expect.verdict === 'reject'), `${r.id} reject`).toBe(true);
      if (r.id !== 'R-J11') expect(mine.some((c) => c.expect.verdict === 'accept'), `${r.id} accept`).toBe(true);
    }
  });

  it('agree with the oracle on every declared verdict and code', async () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const input = typeof c.input === 'string' ? Buffer.from(c.input, 'utf8') : c.input;
      const o = await ops[c.op]!(input);
      const got = 'skipped' in o ? `skipped` : o.accept ? 'accept' : `reject ${o.error.code}`;
      const want = c.expect.verdict === 'reject' ? `reject ${c.expect.code}` : c.expect.verdict;
      if (want !== 'either' && got !== want) disagreements.push(`${c.name}: declared ${want}, oracle ${got}`);
    }
    expect(disagreements).toEqual([]);
  }, 60_000);

  it('freeze what seed 42 generates (no-regression)', async () => {
    await expect(renderSamples(journalHistory(), sampleBytes, { numRuns: 50 })).toMatchFileSnapshot('./__snapshots__/journal-history.txt');
  });
});
