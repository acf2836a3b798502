import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { journalHistory } from '../../generators/journal/journal-history.ts';
import { sampleBytes } from '../../generators/journal/journal-builders.ts';
import { JOURNAL_MUTATORS } from '../../generators/journal/mutators.ts';
import { SPEC_DIR } from '../shared/registry.ts';
import { readJournalBytes } from './read-journal.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const load = (name: string) => JSON.parse(readFileSync(`${SPEC_DIR}/schemas/journal/${name}.schema.json`, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
for (const name of ['metadata', 'entry', 'group-frame', 'header']) ajv.addSchema(load(name));
const header = ajv.getSchema('https://formcert.invalid/schemas/journal/header.schema.json')!;
const frame = ajv.getSchema('https://formcert.invalid/schemas/journal/group-frame.schema.json')!;
const entry = ajv.getSchema('https://formcert.invalid/schemas/journal/entry.schema.json')!;

/** Schema verdict on a whole file (JSON.parse per line: the schemas describe shapes, not lexemes). */
function schemaAccepts(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('utf8');
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  try {
    const values = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    return values.every((v, i) => (i === 0 ? header(v) : 'group' in v ? frame(v) : entry(v)) === true);
  } catch {
    return false;
  }
}

describe('journal JSON Schemas', () => {
  it('accept every line the oracle accepts (v3 and v2, canonical or shuffled)', () => {
    assertProperty(
      fc.property(journalHistory({ tornTail: false }), (s) => {
        expect(schemaAccepts(sampleBytes(s))).toBe(true);
      }),
      { seed: 31, numRuns: 150 },
    );
  });

  it('refuse the member-set and type breaks the oracle refuses', () => {
    const shapeBreaks = ['unknown-member', 'missing-entry-member', 'missing-metadata-member', 'missing-frame-member', 'kind-not-string', 'kind-unknown', 'id-empty', 'group-version', 'group-empty', 'link-shape', 'metadata-wrong-type', 'retired-at-member'];
    const mutators = JOURNAL_MUTATORS.filter((m) => shapeBreaks.includes(m.name));
    expect(mutators.length).toBe(shapeBreaks.length);
    assertProperty(
      fc.property(journalHistory({ tornTail: false, maxLines: 3 }), fc.nat(), (s, pick) => {
        for (const m of mutators) {
          const bytes = m.apply(s, pick);
          if (!bytes) continue;
          expect(readJournalBytes(bytes).ok).toBe(false);
          expect(schemaAccepts(bytes), m.name).toBe(false);
        }
      }),
      { seed: 32, numRuns: 60 },
    );
  });
});
