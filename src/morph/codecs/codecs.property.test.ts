import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextIr } from '../../../generators/morph/json-text-ir.ts';
import { recordArrayIr } from '../../../generators/morph/record-array-ir.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { jsonEqual } from '../../shared/json/equal.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import type { Ir } from '../ir/types.ts';
import { CANDIDATE_PLANS, CODECS, getCodec } from './registry.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const anyIr = fc.oneof(jsonTextIr(), recordArrayIr(), jsonTextIr({ numbers: 'js-safe' }), recordArrayIr({ numbers: 'js-safe' }));

describe('codec round trips', () => {
  it('decode(encode(x)) has the digest of x for every applicable plan and delimiter, and encode refuses exactly what supports refuses', () => {
    const applied = new Map<string, number>();
    assertProperty(
      fc.property(anyIr, (ir: Ir) => {
        const digest = semanticDigest(ir);
        for (const plan of CANDIDATE_PLANS) {
          const codec = getCodec(plan.encoding, plan.formatVersion)!;
          const s = codec.supports(ir, plan.options);
          const e = codec.encode(ir, plan.options);
          expect(e.ok).toBe(s.ok);
          if (!e.ok) {
            if (!s.ok) expect(e.error.code).toBe(s.error.code);
            continue;
          }
          const key = `${codec.id} ${JSON.stringify(plan.options)}`;
          applied.set(key, (applied.get(key) ?? 0) + 1);
          expect(codec.validateLayoutMetadata(e.value.layoutMetadata).ok).toBe(true);
          const d = codec.decode(e.value.payload, e.value.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: digest });
          expect(d.ok ? semanticDigest(d.value) : d.error).toBe(digest);
          // R-S3 equality as well: same lexemes (toon only accepts lexemes a JS number prints back unchanged).
          if (d.ok) expect(jsonEqual(d.value, ir)).toBe(true);
        }
      }),
      { seed: 7, numRuns: 200 },
    );
    // Every plan (each delimiter included) was exercised.
    expect([...applied.keys()].sort()).toEqual(CANDIDATE_PLANS.map((p) => `${p.encoding}@${p.formatVersion} ${JSON.stringify(p.options)}`).sort());
  });

  it('inapplicable inputs are refused and the IR is left untouched', () => {
    assertProperty(
      fc.property(jsonTextIr(), (ir: Ir) => {
        const before = semanticDigest(ir);
        for (const plan of CANDIDATE_PLANS) getCodec(plan.encoding, plan.formatVersion)!.encode(ir, plan.options);
        expect(semanticDigest(ir)).toBe(before);
      }),
      { seed: 8, numRuns: 60 },
    );
  });

  it('json-compact payloads are the JSON text of the value', () => {
    assertProperty(
      fc.property(jsonTextIr(), (ir: Ir) => {
        const e = getCodec('json-compact', '1')!.encode(ir, {});
        const p = e.ok ? parseJson(e.value.payload) : undefined;
        expect(p?.ok && jsonEqual(p.value, ir)).toBe(true);
      }),
      { seed: 9, numRuns: 100 },
    );
  });
});

describe('decoders never throw', () => {
  const anyMeta = fc.oneof(
    fc.constant(null),
    jsonTextIr(),
    fc.constantFrom(...CODECS).chain((c) => {
      // Valid layouts of real encodings, so fuzzing reaches the payload stages.
      const sample = c.encode([new Map([['a', 'x']])], c.optionVariants[0]!);
      return fc.constant(sample.ok ? sample.value.layoutMetadata : null);
    }),
  );
  const anyPayload = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), jsonTextIr().map((v) => JSON.stringify(v)), fc.constantFrom('[', '"', '\n', '["","array",1]\n["/0","object"]', '[2]: 1,2', '"a"\t"b'));
  it('returns a Result on arbitrary payload and metadata for every codec', () => {
    assertProperty(
      fc.property(fc.constantFrom(...CODECS), anyPayload, anyMeta, (codec, payload, meta) => {
        const r = codec.decode(payload, meta as never, { inputKind: 'json-text' });
        expect(typeof r.ok).toBe('boolean');
        if (!r.ok) expect(r.error.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }),
      { seed: 10, numRuns: 600 },
    );
  });

  it('a randomly edited valid payload is refused or decodes to exactly the declared value', () => {
    const edit = fc.record({ at: fc.nat(), del: fc.nat({ max: 3 }), ins: fc.oneof(fc.constant(''), fc.constantFrom('"', '\\', '\n', '\t', ',', '|', ';', ':', ' ', '-', '0', '[', ']', '{', '}', '~', '/', 'null', '- ', '  ')) });
    assertProperty(
      fc.property(anyIr, fc.nat(), fc.array(edit, { minLength: 1, maxLength: 3 }), (ir: Ir, which, edits) => {
        const digest = semanticDigest(ir);
        const plans = CANDIDATE_PLANS.filter((p) => getCodec(p.encoding, p.formatVersion)!.supports(ir, p.options).ok);
        const plan = plans[which % plans.length]!;
        const codec = getCodec(plan.encoding, plan.formatVersion)!;
        const e = codec.encode(ir, plan.options);
        if (!e.ok) return;
        let payload = e.value.payload;
        for (const { at, del, ins } of edits) {
          const i = payload.length === 0 ? 0 : at % (payload.length + 1);
          payload = payload.slice(0, i) + ins + payload.slice(i + del);
        }
        const d = codec.decode(payload, e.value.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: digest });
        if (d.ok) expect(semanticDigest(d.value)).toBe(digest);
        else expect(d.error.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      }),
      { seed: 11, numRuns: 1500 },
    );
  });
});
