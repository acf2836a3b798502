import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codegraphModelFile } from '../../generators/codegraph/codegraph-model-file.ts';
import { MODEL_MUTATORS } from '../../generators/codegraph/model-mutators.ts';
import { recordSchemas, validateWithSchema } from './record-schemas.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const lines = (b: Uint8Array) => Buffer.from(b).toString('utf8').split('\n').filter((l) => l !== '');

describe('per-record JSON Schemas', () => {
  it('compile with ajv in strict mode', () => {
    expect(Object.keys(recordSchemas()).sort()).toStrictEqual(['e', 'eof', 'f', 'header', 'x']);
  });

  it('accept every record of every generated valid model', () => {
    assertProperty(
      fc.property(codegraphModelFile(), (bytes) => {
        for (const line of lines(bytes)) {
          const record = JSON.parse(line);
          const ok = validateWithSchema(record);
          expect(ok ? 'ok' : JSON.stringify(recordSchemas()[record.t as 'e']?.errors), line).toBe('ok');
        }
      }),
      { seed: 31, numRuns: 80 },
    );
  });

  it('refuse a record broken by a mutator whose rule a schema can state', () => {
    const schemaRules = new Set(['edge-without-provenance', 'edge-without-anchor', 'entity-without-required', 'index-as-string', 'negative-count', 'fractional-ref', 'unsupported-version', 'unknown-member', 'unknown-literal-member', 'empty-lang', 'empty-path', 'literal-kind-unknown', 'd-null', 'declared-type-null', 'traits-vocabulary', 'edges-vocabulary', 'provenance-vocabulary', 'kinds-duplicate', 'duplicate-trait', 'line-zero', 'header-without-dict']);
    const models = fc.sample(codegraphModelFile({ maxMembers: 5, maxEdges: 5 }), { seed: 32, numRuns: 10 });
    for (const mutator of MODEL_MUTATORS.filter((m) => schemaRules.has(m.name))) {
      models.forEach((model, n) => {
        const bad = mutator.apply(model, n);
        if (bad === undefined) return;
        const refused = lines(bad).some((l) => !validateWithSchema(JSON.parse(l)));
        expect(refused, mutator.name).toBe(true);
      });
    }
  });

  it('accept what only the reader refuses: an integer written 1.0 (R-C9) and a trait key without its trait', () => {
    expect(validateWithSchema({ t: 'f', i: 1.0, path: 'a' })).toBe(true);
    expect(validateWithSchema(JSON.parse('{"t":"f","i":1.0,"path":"a"}'))).toBe(true);
    expect(validateWithSchema({ t: 'e', i: 0, k: 0, tr: [], m: 0, s: 'a', comment: 'no TComment declared' })).toBe(true);
  });
});
