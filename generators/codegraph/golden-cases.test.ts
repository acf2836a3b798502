import { describe, expect, it } from 'vitest';
import { readModel } from '../../src/codegraph/read-observation.ts';
import { loadRequirements } from '../../src/shared/registry.ts';
import { readFileSync } from 'node:fs';
import { BASE_MODEL, goldenCases } from './golden-cases.ts';
import { MODEL_MUTATORS } from './model-mutators.ts';

const cases = goldenCases();

describe('codegraph golden cases', () => {
  it('are a few hundred, uniquely named, deterministic', () => {
    expect(cases.length).toBeGreaterThan(200);
    const names = cases.map((c) => c.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toStrictEqual([]);
    const again = goldenCases();
    expect(again.map((c) => Buffer.from(c.input).toString('base64'))).toStrictEqual(cases.map((c) => Buffer.from(c.input).toString('base64')));
  });

  it('examples/codegraph holds the base model and one of its mutations', () => {
    expect(readFileSync(new URL('../../examples/codegraph/model.jsonl', import.meta.url), 'utf8')).toBe(BASE_MODEL);
    const dangling = MODEL_MUTATORS.find((m) => m.name === 'dangling-argument-literal-type')!.apply(Buffer.from(BASE_MODEL), 0)!;
    expect(readFileSync(new URL('../../examples/codegraph/dangling-literal-type.jsonl', import.meta.url))).toStrictEqual(Buffer.from(dangling));
  });

  it('declare what the reference reader answers', () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      const input = typeof c.input === 'string' ? Buffer.from(c.input, 'utf8') : c.input;
      const r = readModel(input, 'strict');
      const got = r.ok ? 'accept' : `reject ${r.error.code}`;
      const want = c.expect.verdict === 'reject' ? `reject ${c.expect.code}` : c.expect.verdict;
      if (want !== 'either' && got !== want) disagreements.push(`${c.name}: declared ${want}, reader ${got}`);
    }
    expect(disagreements).toStrictEqual([]);
    // Reads every case, the 4-8 MiB ones at the reader limits among them: seconds on a loaded machine.
  }, 60_000);

  it('cover every requirement: an accepted case each, and a refused one where the rule can be broken', () => {
    const gaps: string[] = [];
    for (const r of loadRequirements('codegraph')) {
      const mine = cases.filter((c) => c.requirements.includes(r.id));
      if (!mine.some((c) => c.expect.verdict === 'accept')) gaps.push(`${r.id}: no accepted case`);
      if (r.rejectable && !mine.some((c) => c.expect.verdict === 'reject')) gaps.push(`${r.id}: no refused case`);
    }
    expect(gaps).toStrictEqual([]);
  });
});
