import { describe, expect, it } from 'vitest';
import { decodeBundle } from '../../src/morph/bundle/decode-bundle.ts';
import { encodeBundle, type EncodedBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { CANDIDATE_PLANS } from '../../src/morph/codecs/registry.ts';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import { loadErrorCodes, loadRequirements } from '../../src/shared/registry.ts';
import { bundleMutators } from './bundle-mutators.ts';

/** One valid bundle per registered plan, from a value every codec applies to. */
function baseBundles(): EncodedBundle[] {
  const ir = irFromJsonText('[{"id":"c1","n":12,"ok":true},{"id":"c2 😀","n":-3,"ok":null}]');
  if (!ir.ok) throw new Error(ir.error.code);
  return CANDIDATE_PLANS.map((plan) => {
    const b = encodeBundle({ ir: ir.value, inputKind: 'json-text', plan, guide: { id: `morph-guide/${plan.encoding}`, version: '1', text: `Guide for ${plan.encoding}.` } });
    if (!b.ok) throw new Error(`${plan.encoding}: ${b.error.code}`);
    return b.value;
  });
}

describe('bundle mutators', () => {
  const bases = baseBundles();
  const registered = new Set([...loadErrorCodes('morph'), ...loadErrorCodes('shared')].map((c) => c.code));
  const requirements = new Map([...loadRequirements('morph'), ...loadRequirements('shared')].map((r) => [r.id, r]));

  it('bases decode', () => {
    for (const b of bases) expect(decodeBundle(b.text).ok).toBe(true);
  });

  for (const mutator of bundleMutators()) {
    it(`${mutator.name} → ${mutator.code}`, () => {
      expect(registered.has(mutator.code)).toBe(true);
      expect(requirements.get(mutator.requirement)?.profile).toBe(mutator.profile);
      for (const b of bases) {
        const r = decodeBundle(mutator.mutate(b));
        expect(r.ok, `${mutator.name} on ${b.metadata.encoding}`).toBe(false);
        if (!r.ok) expect(r.error.code, `${mutator.name} on ${b.metadata.encoding}`).toBe(mutator.code);
      }
    });
  }

  it('names are unique', () => {
    const names = bundleMutators().map((x) => x.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
