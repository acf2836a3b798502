import { describe, expect, it } from 'vitest';
import { buildArtifact } from '../../src/morph/artifact/build-artifact.ts';
import { importArtifact } from '../../src/morph/artifact/import-artifact.ts';
import { CANDIDATE_PLANS } from '../../src/morph/codecs/registry.ts';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import { loadErrorCodes, loadRequirements } from '../../src/shared/registry.ts';
import { artifactMutators } from './artifact-mutators.ts';

describe('artifact mutators', () => {
  const ir = irFromJsonText('[{"id":"c1","n":12,"ok":true},{"id":"c2 😀","n":-3,"ok":null}]');
  if (!ir.ok) throw new Error(ir.error.code);
  // One artifact per registered plan, so no mutator depends on one codec's layout.
  const bases = CANDIDATE_PLANS.map((plan) => {
    const a = buildArtifact({
      ir: ir.value, inputKind: 'json-text', plan, guide: { id: `morph-guide/${plan.encoding}`, version: '1', text: 'g' }, plannerPolicy: 'economy-experimental',
      target: { model: 'gpt-4o', tokenizer: 'o200k_base' }, requestFrame: { task: { id: 'answer', instruction: 'Answer.' }, prefix: '', suffix: '' },
    });
    if (!a.ok) throw new Error(a.error.code);
    return a.value;
  });
  const registered = new Set([...loadErrorCodes('morph'), ...loadErrorCodes('shared')].map((c) => c.code));
  const requirements = new Map([...loadRequirements('morph'), ...loadRequirements('shared')].map((r) => [r.id, r]));

  it('bases import', () => {
    for (const a of bases) expect(importArtifact(a.text).ok).toBe(true);
  });

  for (const mutator of artifactMutators()) {
    it(`${mutator.name} → ${mutator.code}`, () => {
      expect(registered.has(mutator.code)).toBe(true);
      // R-M10 cases break core rules; R-M10 only picks the code, so they are core.
      expect(mutator.requirement === 'R-M10' ? 'core' : requirements.get(mutator.requirement)?.profile).toBe(mutator.profile);
      for (const a of bases) {
        const r = importArtifact(mutator.mutate(a.value));
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error.code, `${mutator.name} on ${a.bundle.metadata.encoding}`).toBe(mutator.code);
      }
    });
  }

  it('names are unique', () => {
    const names = artifactMutators().map((x) => x.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
