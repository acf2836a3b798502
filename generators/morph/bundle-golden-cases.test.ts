import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ops } from '../../src/morph/ops.ts';
import { SPEC_DIR } from '../../src/shared/registry.ts';
import { caseId } from '../../src/shared/vectors.ts';
import { bundleGoldenCases } from './bundle-golden-cases.ts';
import { goldenCases } from './golden-cases.ts';

const requirements = (JSON.parse(readFileSync(join(SPEC_DIR, 'morph/requirements-context.json'), 'utf8')) as { requirements: Array<{ id: string; rejectable: boolean }> }).requirements;

describe('part-2 golden cases', () => {
  const cases = bundleGoldenCases();

  it('are deterministic, small, and named uniquely within the morph format', () => {
    expect(bundleGoldenCases()).toEqual(cases);
    const names = cases.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(cases.map((c) => caseId(c.op, c.input))).size).toBe(cases.length);
    // goldenCases() (golden-cases.ts) carries these after its own; names stay unique across the format.
    const all = goldenCases().map((c) => c.name);
    expect(new Set(all).size).toBe(all.length);
    expect(cases.length).toBeGreaterThan(300);
    expect(cases.length).toBeLessThan(1500);
    const size = (c: (typeof cases)[number]) => (typeof c.input === 'string' ? Buffer.byteLength(c.input) : c.input.length);
    // The bundle-size rule needs one input just past its 16 MiB bound (the exact edge is a unit test,
    // spec/coverage-gaps.json); a payload's bound (R-M2, in bytes and in UTF-16 units) likewise, and
    // hashing past 65,536 units (R-M9, R-M4) a text of 200,000 units. Every other case stays small.
    const MIB_16 = 16 * 1024 * 1024;
    const bundleBound = cases.filter((c) => c.requirements.includes('MORPH-CTX-5'));
    expect(bundleBound.map((c) => size(c) > MIB_16 && size(c) < MIB_16 + 4096)).toStrictEqual([true]);
    const atEdge: Record<string, [min: number, max: number]> = {
      'art-payload-over-16-mib-with-cr-resealed': [MIB_16, MIB_16 + 4096],
      'art-payload-over-16-mib-utf8-with-cr-resealed': [MIB_16, MIB_16 + 4096],
      'art-accept-long-payload-surrogate-pairs': [200_000, 204_800],
      'enc-accept-long-input-surrogate-pairs': [200_000, 204_800],
      // MORPH-ART-1's text limits: a 16 MiB guide written with escapes (24 MiB) and 4 MiB more of text; one string past 16 MiB.
      'art-accept-text-at-both-limits': [28 * 1024 * 1024, 28 * 1024 * 1024 + 4096],
      'art-text-over-20-mib-by-one-byte': [28 * 1024 * 1024, 28 * 1024 * 1024 + 4096],
      'art-guide-wide-over-16-mib': [MIB_16, MIB_16 + 4096],
      'art-member-name-over-16-mib': [MIB_16, MIB_16 + 4096],
      'enc-request-text-over-20-mib': [20 * 1024 * 1024, 20 * 1024 * 1024 + 4096],
      // The JSON writer's 65,536-unit slices of a long string: four strings just past one slice.
      'enc-accept-strings-past-65536-units': [262_144, 266_240],
    };
    for (const [name, [min, max]] of Object.entries(atEdge)) {
      const c = cases.find((x) => x.name === name);
      expect(c && size(c) >= min && size(c) <= max, name).toBe(true);
    }
    const sized = [...bundleBound, ...cases.filter((c) => Object.hasOwn(atEdge, c.name))];
    // JSON-LIMIT-1's value limit needs 250,000 values (about 500 KB of zeros, stored compressed); nothing else is large.
    const valueLimit = cases.filter((c) => c.requirements.includes('JSON-LIMIT-1') && !Object.hasOwn(atEdge, c.name) && size(c) >= 32 * 1024);
    expect(valueLimit.map((c) => c.name).sort()).toStrictEqual(['art-artifact-250001-values', 'ctx-accept-schema-250000-values', 'ctx-schema-250001-values']);
    for (const c of valueLimit) expect(size(c), c.name).toBeLessThan(512 * 1024);
    for (const c of cases.filter((x) => !sized.includes(x) && !valueLimit.includes(x))) expect(size(c), c.name).toBeLessThan(32 * 1024);
  }, 60_000);

  it('cover decode, import and encode, each with accepted and rejected cases', () => {
    for (const op of ['morph.decode', 'morph.import', 'morph.encode']) {
      expect(cases.some((c) => c.op === op && c.expect.verdict === 'accept'), op).toBe(true);
      expect(cases.some((c) => c.op === op && c.expect.verdict === 'reject'), op).toBe(true);
    }
  });

  it('give every rejectable part-2 requirement an accepted and a rejected case', () => {
    // MORPH-CTX-5 needs a 16 MiB input: it is tested in validate-file.test.ts, not as a golden vector.
    const exempt = new Set(['MORPH-CTX-5']);
    for (const r of requirements.filter((x) => x.rejectable && !exempt.has(x.id))) {
      expect(cases.some((c) => c.requirements.includes(r.id) && c.expect.verdict === 'accept'), `${r.id} accept`).toBe(true);
      expect(cases.some((c) => c.requirements.includes(r.id) && c.expect.verdict === 'reject'), `${r.id} reject`).toBe(true);
    }
  });

  it('declare the verdict and code the reference oracle gives', async () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const outcome = await ops[c.op]!(typeof c.input === 'string' ? new TextEncoder().encode(c.input) : c.input);
      const got = 'skipped' in outcome ? 'skipped' : outcome.accept ? 'accept' : outcome.error.code;
      const want = c.expect.verdict === 'reject' ? c.expect.code : c.expect.verdict;
      if (got !== want) disagreements.push(`${c.name}: declared ${want}, oracle ${got}`);
    }
    expect(disagreements).toEqual([]);
    // The 16 and 64 MiB cases are parsed and hashed whole.
  }, 120_000);
});
