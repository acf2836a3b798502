import { describe, expect, it } from 'vitest';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import { decodeBundle } from '../../src/morph/bundle/decode-bundle.ts';
import { caseId } from '../../src/shared/vectors.ts';
import { goldenCases } from './golden-cases.ts';

describe('morph golden cases', () => {
  const cases = goldenCases();
  it('are deterministic and uniquely named', () => {
    expect(goldenCases()).toEqual(cases);
    expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    // Two cases with the same op and input would be one vector.
    const ids = cases.map((c) => caseId(c.op, c.input));
    expect(cases.filter((_, i) => ids.indexOf(ids[i]!) !== i).map((c) => c.name)).toEqual([]);
    // goldenCases() builds the 16 and 64 MiB edge cases each time.
  }, 60_000);
  it('cover every morph op', () => {
    expect([...new Set(cases.map((c) => c.op))].sort()).toEqual(['morph.c14n', 'morph.decode', 'morph.encode', 'morph.import']);
  });
  it('the c14n cases get the verdict they declare from the IR builder', () => {
    for (const c of cases.filter((x) => x.op === 'morph.c14n')) {
      const r = irFromJsonText(c.input);
      const got = r.ok ? 'accept' : r.error.code;
      expect([c.name, got]).toEqual([c.name, c.expect.verdict === 'reject' ? c.expect.code : 'accept']);
    }
  });
  it('the codec recipes carried in bundles get their declared verdict from the bundle decoder', () => {
    const decodes = cases.filter((x) => x.op === 'morph.decode' && x.name.startsWith('ctx-recipe-'));
    expect(decodes.length).toBeGreaterThan(80);
    for (const c of decodes) {
      const r = decodeBundle(c.input);
      const got = r.ok ? 'accept' : r.error.code;
      expect([c.name, got]).toEqual([c.name, c.expect.verdict === 'reject' ? c.expect.code : 'accept']);
    }
  });
  it('have both verdicts for every rejectable requirement they cite', () => {
    const c14n = cases.filter((x) => x.op === 'morph.c14n');
    expect(c14n.some((c) => c.expect.verdict === 'accept' && c.requirements.includes('R-M2'))).toBe(true);
    expect(c14n.some((c) => c.expect.verdict === 'reject' && c.requirements.includes('R-M2'))).toBe(true);
    expect(c14n.length).toBeGreaterThan(80);
  });
});
