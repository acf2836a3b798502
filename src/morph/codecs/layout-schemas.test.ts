import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CODEC_MUTATORS } from '../../../generators/morph/codec-mutators.ts';
import { jsonTextIr } from '../../../generators/morph/json-text-ir.ts';
import { recordArrayIr } from '../../../generators/morph/record-array-ir.ts';
import { SPEC_DIR } from '../../shared/registry.ts';
import { toPlain } from '../../shared/json/value.ts';
import { CANDIDATE_PLANS, CODECS, getCodec } from './registry.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const ajv = new Ajv2020({ allErrors: true });
const validators = new Map(
  CODECS.map((c) => [c.id, ajv.compile(JSON.parse(readFileSync(`${SPEC_DIR}/schemas/morph/layout-${c.encoding}.schema.json`, 'utf8')))]),
);

describe('layout metadata schemas (spec/schemas/morph)', () => {
  it('every layout an encoder writes matches its codec schema', () => {
    assertProperty(
      fc.property(fc.oneof(jsonTextIr({ numbers: 'js-safe' }), recordArrayIr({ numbers: 'js-safe' })), (ir) => {
        for (const plan of CANDIDATE_PLANS) {
          const codec = getCodec(plan.encoding, plan.formatVersion)!;
          const e = codec.encode(ir, plan.options);
          if (!e.ok) continue;
          const validate = validators.get(codec.id)!;
          expect(validate(toPlain(e.value.layoutMetadata)), JSON.stringify(validate.errors)).toBe(true);
        }
      }),
      { seed: 3, numRuns: 60 },
    );
  });

  it('layouts the validator refuses with a LAYOUT_ code are refused by the schema too', () => {
    const ir = recordArrayIr({ numbers: 'js-safe' });
    assertProperty(
      fc.property(ir, (value) => {
        for (const plan of CANDIDATE_PLANS) {
          const codec = getCodec(plan.encoding, plan.formatVersion)!;
          const e = codec.encode(value, plan.options);
          if (!e.ok) continue;
          for (const m of CODEC_MUTATORS) {
            if (!m.codecs.includes(codec.id) || !m.code.startsWith('LAYOUT_') && m.code !== 'DUPLICATE_FIELD') continue;
            const bad = m.mutate(e.value, value);
            if (bad === undefined) continue;
            // `2.0` and `1.0` are numbers a schema cannot tell from integers (R-S2 is about lexemes).
            if (/-2\.0$|fraction/.test(m.name)) continue;
            const plain = bad.layoutMetadata === null ? null : toPlain(bad.layoutMetadata as never);
            expect([m.name, validators.get(codec.id)!(plain)]).toEqual([m.name, false]);
          }
        }
      }),
      { seed: 4, numRuns: 20 },
    );
  });
});
