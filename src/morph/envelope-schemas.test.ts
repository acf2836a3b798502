/**
 * The artifact and bundle-metadata schemas (spec/schemas/morph/artifact.schema.json,
 * bundle-metadata.schema.json) are written from spec/morph/context.md, not from the oracle: here the
 * two are held to each other on every golden morph.import and morph.decode case. A strict case the
 * oracle accepts matches the schema; a case it refuses for the envelope's shape or a fixed string
 * does not. Codes a schema cannot see (digests, agreement between members, the payload) make no claim.
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/morph/golden-cases.ts';
import { SPEC_DIR } from '../shared/registry.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { toPlain } from '../shared/json/value.ts';
import type { CaseSpec } from '../shared/vectors.ts';
import { CONTEXT_CODES } from './bundle/constants.ts';

const ajv = new Ajv2020({ allErrors: true, allowUnionTypes: true });
const compileSchema = (name: string) => ajv.compile(JSON.parse(readFileSync(`${SPEC_DIR}/schemas/morph/${name}.schema.json`, 'utf8')));
const matchesArtifact = compileSchema('artifact');
const matchesMetadata = compileSchema('bundle-metadata');

/** Refusals of the artifact's shape or fixed strings (MORPH-ART-2, R-M8, MORPH-ART-3, MORPH-ART-4): the schema says the same. */
const ARTIFACT_SHAPE_CODES: ReadonlySet<string> = new Set([
  CONTEXT_CODES.ARTIFACT_NOT_OBJECT,
  CONTEXT_CODES.ARTIFACT_UNKNOWN_MEMBER,
  CONTEXT_CODES.ARTIFACT_MISSING_MEMBER,
  CONTEXT_CODES.ARTIFACT_INVALID_MEMBER,
  CONTEXT_CODES.UNSUPPORTED_ARTIFACT_VERSION,
  CONTEXT_CODES.UNSUPPORTED_DEPENDENCY_MODE,
  CONTEXT_CODES.UNSUPPORTED_TEMPLATE_VERSION,
  CONTEXT_CODES.UNSUPPORTED_INTEGRITY_ALGORITHM,
  CONTEXT_CODES.UNSUPPORTED_CANONICALIZATION,
  CONTEXT_CODES.UNSUPPORTED_ARTIFACT_DEPENDENCY,
]);

const strictCases = (op: string): CaseSpec[] => goldenCases().filter((c) => c.op === op && c.expect.verdict !== 'either');
const textOf = (input: CaseSpec['input']) => (typeof input === 'string' ? input : Buffer.from(input).toString('utf8'));

/** The value of a JSON text, as plain JS, or undefined when it is not strict JSON (a refusal of the JSON layer). */
function readPlain(text: string): unknown {
  const parsed = parseJson(text);
  return parsed.ok ? toPlain(parsed.value) : undefined;
}

/** The METADATA section's text of a bundle whose markers frame it, else undefined. */
function metadataText(bundle: string): string | undefined {
  const match = /<<<MORPH:([0-9a-f]{24}):BEGIN:METADATA>>>\n([\s\S]*?)\n<<<MORPH:\1:END:METADATA>>>/.exec(bundle);
  return match?.[2];
}

describe('spec/schemas/morph/artifact.schema.json against the oracle on golden morph.import cases', () => {
  const cases = strictCases('morph.import');

  it('matches every artifact the oracle accepts', () => {
    const accepted = cases.filter((c) => c.expect.verdict === 'accept');
    expect(accepted.length).toBeGreaterThan(20);
    for (const c of accepted) expect([c.name, matchesArtifact(readPlain(textOf(c.input))), matchesArtifact.errors]).toEqual([c.name, true, null]);
    // Generous: the artifacts at the 16 MiB payload and 64 MiB file bounds are read whole.
  }, 60_000);

  it('refuses every artifact the oracle refuses for its shape or a fixed string', () => {
    const refused = cases.filter((c) => c.expect.verdict === 'reject' && ARTIFACT_SHAPE_CODES.has(c.expect.code));
    expect(refused.length).toBeGreaterThan(20);
    for (const c of refused) {
      const value = readPlain(textOf(c.input));
      if (value === undefined) continue;
      expect([c.name, matchesArtifact(value)]).toEqual([c.name, false]);
    }
  });
});

describe('spec/schemas/morph/bundle-metadata.schema.json against the oracle on golden morph.decode cases', () => {
  const cases = strictCases('morph.decode');

  it('matches the METADATA of every bundle the oracle accepts', () => {
    const accepted = cases.filter((c) => c.expect.verdict === 'accept');
    expect(accepted.length).toBeGreaterThan(20);
    for (const c of accepted) {
      const text = metadataText(textOf(c.input));
      expect([c.name, text !== undefined && matchesMetadata(readPlain(text)), matchesMetadata.errors]).toEqual([c.name, true, null]);
    }
  });

  it('refuses the METADATA of every bundle the oracle refuses with BUNDLE_METADATA_INVALID', () => {
    const refused = cases.filter((c) => c.expect.verdict === 'reject' && c.expect.code === CONTEXT_CODES.BUNDLE_METADATA_INVALID);
    let judged = 0;
    for (const c of refused) {
      const text = metadataText(textOf(c.input));
      const value = text === undefined ? undefined : readPlain(text);
      if (value === undefined) continue;
      judged += 1;
      expect([c.name, matchesMetadata(value)]).toEqual([c.name, false]);
    }
    expect(judged).toBeGreaterThan(5);
  });
});
