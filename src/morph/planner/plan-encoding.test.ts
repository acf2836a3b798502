import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleInputValue } from '../../../generators/morph/bundle-input-value.ts';
import { sha256Hex } from '../../shared/digest.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { CANDIDATE_PLANS } from '../codecs/registry.ts';
import { CONTEXT_CODES } from '../bundle/constants.ts';
import { loadTokenCounter, type TokenCounter } from './load-token-counter.ts';
import { planEncoding, type PlanRequest } from './plan-encoding.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const guideFor = (encoding: string) => ({ id: `morph-guide/${encoding}`, version: '1', text: `How to read ${encoding}.` });

function value(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function request(ir: JsonValue, policy = 'economy-experimental'): PlanRequest {
  return { ir, inputKind: 'json-text', policy, target: { model: 'gpt-4o', tokenizer: 'o200k_base' }, requestFrame: { task: { id: 'answer', instruction: 'Answer.' }, prefix: 'P', suffix: 'S' }, guideFor };
}

const records = value('[{"id":"c1","country":"US","revenue":129,"active":true},{"id":"c2","country":"CA","revenue":85,"active":false},{"id":"c3","country":"US","revenue":220,"active":true}]');

describe('planner (R-M15)', () => {
  it('compatibility always picks json-compact', () => {
    const r = planEncoding(request(records, 'compatibility'), (t) => t.length);
    expect(r.ok && r.value.plan.encoding).toBe('json-compact');
    expect(r.ok && r.value.candidates.length).toBe(1);
  });

  it('validated refuses with NO_QUALITY_EVIDENCE; an unknown policy is refused', () => {
    expect(planEncoding(request(records, 'validated'), (t) => t.length)).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.NO_QUALITY_EVIDENCE } });
    expect(planEncoding(request(records, 'cheapest'), (t) => t.length)).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.UNKNOWN_PLANNER_POLICY } });
  });

  it('weighs every candidate in R-M15 order and tokenizes each full rendered prompt in exactly one call', () => {
    const seen: string[] = [];
    const r = planEncoding(request(records), (t) => {
      seen.push(t);
      return t.length;
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.candidates.map((c) => c.plan)).toEqual(CANDIDATE_PLANS);
    const weighed = r.value.candidates.filter((c) => c.tokens !== undefined);
    expect(seen.length).toBe(weighed.length);
    for (const text of seen) expect(text.startsWith('MORPH-PROMPT/1 ')).toBe(true);
    expect(seen).toContain(r.value.prompt.rendered);
    expect(seen.map((t) => t.length)).toEqual(weighed.map((c) => c.tokens));
    // A uniform primitive record array fits every codec.
    expect(r.value.candidates.every((c) => c.tokens !== undefined)).toBe(true);
  });

  it('passes toon over when it would reorder integer-like member names (R-M17), weighing the others', () => {
    const r = planEncoding(request(value('[{"b":1,"2":"x"},{"b":2,"2":"y"}]')), (t) => t.length);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const byEncoding = r.value.candidates.map((c) => [c.plan.encoding, c.refused ?? 'weighed']);
    expect(byEncoding.filter(([e]) => e === 'toon').map(([, why]) => why)).toEqual(['CODEC_INAPPLICABLE', 'CODEC_INAPPLICABLE', 'CODEC_INAPPLICABLE']);
    expect(byEncoding.filter(([e]) => e !== 'toon').every(([, why]) => why === 'weighed')).toBe(true);
    expect(r.value.plan.encoding).not.toBe('toon');
  });

  it('property: the choice is the minimum, and the earliest candidate among ties', () => {
    assertProperty(
      fc.property(bundleInputValue(), fc.integer({ min: 1, max: 4 }), (ir, buckets) => {
        // A counter with few distinct values forces ties.
        const count: TokenCounter = (t) => parseInt(sha256Hex(t).slice(0, 4), 16) % buckets;
        const r = planEncoding(request(ir), count);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const counted = r.value.candidates.map((c) => c.tokens ?? Infinity);
        const min = Math.min(...counted);
        expect(r.value.tokens).toBe(min);
        expect(r.value.plan).toEqual(r.value.candidates[counted.indexOf(min)]!.plan);
        expect(count(r.value.prompt.rendered)).toBe(min);
        // json-compact applies to every IR.
        expect(r.value.candidates[0]!.tokens).toBeDefined();
      }),
      { seed: 4450, numRuns: 60 },
    );
  });

  it('with the real o200k_base tokenizer, picks the fewest tokens of the rendered prompt', async () => {
    const counter = await loadTokenCounter('o200k_base');
    expect(counter.ok).toBe(true);
    if (!counter.ok) return;
    const r = planEncoding(request(records), counter.value);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const counts = r.value.candidates.map((c) => c.tokens ?? Infinity);
    expect(r.value.tokens).toBe(Math.min(...counts));
    expect(counter.value(r.value.prompt.rendered)).toBe(r.value.tokens);
    expect(new Set(counts).size).toBeGreaterThan(1);
  });

  it('counts special-token spellings as plain text (MORPH-PLAN-2), for both shipped encodings', async () => {
    for (const name of ['o200k_base', 'cl100k_base']) {
      const counter = await loadTokenCounter(name);
      if (!counter.ok) throw new Error(counter.error.code);
      expect(counter.value('<|endoftext|>')).toBeGreaterThan(1);
      expect(counter.value('hello world')).toBe(2);
    }
    expect(await loadTokenCounter('p50k_base')).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.UNSUPPORTED_TOKENIZER } });
  });
});
