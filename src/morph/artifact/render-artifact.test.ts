import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleInputValue } from '../../../generators/morph/bundle-input-value.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { CANDIDATE_PLANS } from '../codecs/registry.ts';
import { getGuide } from '../guides/index.ts';
import { loadTokenCounter } from '../planner/load-token-counter.ts';
import { planEncoding } from '../planner/plan-encoding.ts';
import { decodeBundle } from '../bundle/decode-bundle.ts';
import { buildArtifact } from './build-artifact.ts';
import { importArtifact } from './import-artifact.ts';
import { renderArtifact, renderArtifactDigest } from './render-artifact.ts';
import { sha256Hex } from '../../shared/digest.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const frame = { task: { id: 'answer', instruction: 'Sum the revenue.' }, prefix: 'Be exact.', suffix: 'One line.' };
const target = { model: 'gpt-4o', tokenizer: 'o200k_base' };

describe('renderArtifact', () => {
  it('property: the bundle rebuilt from an imported artifact is the bundle it was built from', () => {
    assertProperty(
      fc.property(bundleInputValue(), fc.constantFrom(...CANDIDATE_PLANS), fc.option(fc.constantFrom('{"type":"object"}', '[1,"x"]'), { nil: undefined }), (ir, plan, schemaText) => {
        const schema = schemaText === undefined ? undefined : (parseJson(schemaText) as { ok: true; value: never }).value;
        const built = buildArtifact({ ir, inputKind: 'json-text', plan, guide: getGuide(plan.encoding)!, plannerPolicy: 'economy-experimental', target, requestFrame: frame, ...(schema === undefined ? {} : { schema }) });
        if (!built.ok) return;
        const imported = importArtifact(built.value.text);
        expect(imported.ok).toBe(true);
        if (!imported.ok) return;
        const r = renderArtifact(imported.value.fields);
        expect(r.ok && r.value.bundle).toBe(built.value.bundle.text);
        expect(r.ok && decodeBundle(r.value.bundle).ok).toBe(true);
        // The digest hashed from the pieces, with neither text built, is the rendered prompt's.
        const digest = renderArtifactDigest(imported.value.fields);
        expect(digest.ok && r.ok && digest.value).toBe(r.ok && sha256Hex(r.value.prompt.rendered));
      }),
      { seed: 4470, numRuns: 120 },
    );
  });

  it('renders the same prompt the planner counted', async () => {
    const ir = parseJson('[{"id":"c1","revenue":129},{"id":"c2","revenue":85}]');
    if (!ir.ok) throw new Error();
    const counter = await loadTokenCounter('o200k_base');
    if (!counter.ok) throw new Error();
    const choice = planEncoding({ ir: ir.value, inputKind: 'json-text', policy: 'economy-experimental', target, requestFrame: frame }, counter.value);
    if (!choice.ok) throw new Error(choice.error.code);
    const built = buildArtifact({ ir: ir.value, inputKind: 'json-text', plan: choice.value.plan, guide: choice.value.guide, plannerPolicy: 'economy-experimental', target, requestFrame: frame });
    if (!built.ok) throw new Error(built.error.code);
    const imported = importArtifact(built.value.text);
    if (!imported.ok) throw new Error(imported.error.code);
    const r = renderArtifact(imported.value.fields);
    expect(r.ok && r.value.prompt.rendered).toBe(choice.value.prompt.rendered);
    expect(r.ok && r.value.prompt.renderedDigest).toBe(choice.value.prompt.renderedDigest);
    expect(r.ok && counter.value(r.value.prompt.rendered)).toBe(choice.value.tokens);
  });
});
