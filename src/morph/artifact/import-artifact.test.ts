import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { artifactMutators, getAt, reseal, setAt } from '../../../generators/morph/artifact-mutators.ts';
import { bundleInputValue } from '../../../generators/morph/bundle-input-value.ts';
import { sha256Hex } from '../../shared/digest.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import { jsonEqual } from '../../shared/json/equal.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { CANDIDATE_PLANS } from '../codecs/registry.ts';
import { CONTEXT_CODES, DIGEST_PATTERN } from '../bundle/constants.ts';
import { buildArtifact, type BuildArtifactRequest } from './build-artifact.ts';
import { importArtifact } from './import-artifact.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const guide = { id: 'morph-guide/json-compact', version: '1', text: 'Read the payload as one JSON value.' };

function value(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function request(ir: JsonValue, plan = CANDIDATE_PLANS[0]!): BuildArtifactRequest {
  return {
    ir,
    inputKind: 'json-text',
    plan,
    guide: { ...guide, id: `morph-guide/${plan.encoding}` },
    plannerPolicy: 'compatibility',
    target: { model: 'gpt-4o', tokenizer: 'o200k_base' },
    requestFrame: { task: { id: 'answer', instruction: 'Answer from the data.' }, prefix: 'p', suffix: 's' },
  };
}

function built(ir: JsonValue) {
  const r = buildArtifact(request(ir));
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

function codeOf(text: string) {
  const r = importArtifact(text);
  return r.ok ? 'accepted' : r.error.code;
}

const base = built(value('{"id":"c1","amount":1.2300,"tags":["a","😀"],"nested":{"x":null}}'));

describe('morph-artifact/1 build', () => {
  it('has the closed envelope in the document order, with the digests R-M9 defines', () => {
    const a = base.value;
    expect([...a.keys()]).toEqual(['artifactVersion', 'artifactId', 'inputSemanticDigest', 'inputKind', 'plan', 'section', 'modelDependencies', 'dependencyMode', 'target', 'requestFrame', 'integrity']);
    const payload = getAt(a, '/section/payload') as string;
    expect(getAt(a, '/integrity/payloadDigest')).toBe(sha256Hex(payload));
    const deps = canonicalJson(a.get('modelDependencies')!);
    expect(deps.ok && getAt(a, '/integrity/dependenciesDigest') === sha256Hex(deps.value)).toBe(true);
    // The identity object written out by hand from R-M9's list.
    const section = a.get('section') as JsonObject;
    const identity = new Map<string, JsonValue>([
      ['artifactVersion', 'morph-artifact/1'],
      ['inputSemanticDigest', a.get('inputSemanticDigest')!],
      ['inputKind', 'json-text'],
      ['plan', a.get('plan')!],
      ['section', new Map<string, JsonValue>([['encoding', section.get('encoding')!], ['formatVersion', '1'], ['interpretationGuideId', section.get('interpretationGuideId')!], ['layoutMetadata', section.get('layoutMetadata')!], ['payloadDigest', sha256Hex(payload)]])],
      ['dependenciesDigest', getAt(a, '/integrity/dependenciesDigest')!],
      ['target', a.get('target')!],
      ['requestFrame', a.get('requestFrame')!],
    ]);
    const idText = canonicalJson(identity);
    expect(idText.ok && a.get('artifactId') === sha256Hex(idText.value)).toBe(true);
    for (const d of [a.get('artifactId'), a.get('inputSemanticDigest')]) expect(d).toMatch(DIGEST_PATTERN);
    expect(getAt(a, '/requestFrame/templateVersion')).toBe('morph-prompt/1');
    expect(getAt(a, '/modelDependencies/schema')).toBeUndefined();
  });

  it('imports what it builds, in any member order and spacing', () => {
    const r = importArtifact(base.text);
    expect(r.ok).toBe(true);
    const reordered = new Map([...base.value].reverse());
    expect(codeOf(writeJson(reordered))).toBe('accepted');
    expect(codeOf(writeJson(base.value, { indent: 4 }))).toBe('accepted');
  });

  it('property: import(build(x)) = x for every applicable candidate plan', () => {
    assertProperty(
      fc.property(bundleInputValue(), fc.constantFrom(...CANDIDATE_PLANS), (x, plan) => {
        const b = buildArtifact(request(x, plan));
        if (!b.ok) {
          // Only inapplicability may stop a build (the IR is refused, never altered).
          expect(b.error.code).toMatch(/INAPPLICABLE/);
          return;
        }
        const r = importArtifact(b.value.text);
        expect(r.ok).toBe(true);
        if (r.ok) expect(jsonEqual(r.value.ir, x)).toBe(true);
      }),
      { seed: 4440, numRuns: 150 },
    );
  });
});

describe('morph-artifact/1 import refusals (R-M10)', () => {
  for (const mutator of artifactMutators()) {
    it(`${mutator.name} → ${mutator.code} (${mutator.requirement})`, () => {
      const r = importArtifact(mutator.mutate(base.value));
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(mutator.code);
    });
  }

  it('property: any single string member replaced by another string is refused with the code R-M10 names first', () => {
    const leaves: string[] = [];
    const walk = (v: JsonValue, p: string) => {
      if (typeof v === 'string') leaves.push(p);
      else if (isJsonObject(v)) for (const [k, x] of v) walk(x, `${p}/${k}`);
    };
    walk(base.value, '');
    assertProperty(
      fc.property(fc.constantFrom(...leaves), fc.oneof(fc.string({ maxLength: 6 }), fc.stringMatching(/^[0-9a-f]{64}$/), fc.constantFrom('js-value', 'json-text', 'validated', 'economy-experimental', 'task.2')), (pointer, replacement) => {
        const original = getAt(base.value, pointer);
        fc.pre(replacement !== original);
        const r = importArtifact(writeJson(setAt(base.value, pointer, replacement)));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code).toBe(expectedTamperCode(pointer, replacement));
      }),
      { seed: 4441, numRuns: 400 },
    );
  });

  it('property: never throws on arbitrary text or on JSON objects near the shape', () => {
    assertProperty(
      fc.property(fc.oneof(fc.string({ maxLength: 100 }), fc.json({ maxDepth: 3 })), (text) => {
        expect(typeof importArtifact(text).ok).toBe('boolean');
      }),
      { seed: 4442, numRuns: 300 },
    );
  });

  it('a resealed semantic change reaches the codec and the digest recheck', () => {
    const changed = reseal(setAt(base.value, '/section/payload', (getAt(base.value, '/section/payload') as string).replace('1.2300', '1.23')));
    expect(codeOf(writeJson(changed))).toBe('DIGEST_MISMATCH');
  });
});

/** R-M10 as a table: which check a one-string tamper trips first, written from the rule, not the code. */
function expectedTamperCode(pointer: string, v: string): string {
  const hex = DIGEST_PATTERN.test(v);
  const C = CONTEXT_CODES;
  const shapeOr = (okShape: boolean, then: string) => (okShape ? then : C.ARTIFACT_INVALID_MEMBER);
  switch (pointer) {
    case '/artifactVersion': return C.UNSUPPORTED_ARTIFACT_VERSION;
    case '/dependencyMode': return C.UNSUPPORTED_DEPENDENCY_MODE;
    case '/requestFrame/templateVersion': return C.UNSUPPORTED_TEMPLATE_VERSION;
    case '/integrity/algorithm': return C.UNSUPPORTED_INTEGRITY_ALGORITHM;
    case '/integrity/canonicalizationVersion': return C.UNSUPPORTED_CANONICALIZATION;
    case '/artifactId': case '/inputSemanticDigest': case '/integrity/payloadDigest': case '/integrity/dependenciesDigest':
      return shapeOr(hex, C.INTEGRITY_MISMATCH);
    case '/inputKind': return shapeOr(['json-text', 'js-value'].includes(v), C.INTEGRITY_MISMATCH);
    case '/plan/plannerPolicy': return shapeOr(['compatibility', 'economy-experimental', 'validated'].includes(v), C.INTEGRITY_MISMATCH);
    case '/plan/encoding': case '/plan/formatVersion': case '/section/encoding': case '/section/formatVersion': return C.PLAN_SECTION_MISMATCH;
    case '/section/interpretationGuideId': case '/modelDependencies/interpretationGuideId': return C.GUIDE_ID_MISMATCH;
    case '/target/model': case '/target/tokenizer': case '/requestFrame/task/instruction': return shapeOr(v.length > 0, C.INTEGRITY_MISMATCH);
    case '/requestFrame/task/id': return shapeOr(/^[a-z0-9][a-z0-9.-]*$/.test(v), C.INTEGRITY_MISMATCH);
    default:
      // payload, prefix, suffix, guide version and text, layout members: only the digests notice.
      return C.INTEGRITY_MISMATCH;
  }
}
