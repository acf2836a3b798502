/**
 * Every hand-written codec recipe (generators/morph/codec-section-recipes.ts: one per rejection the
 * seed and the resolutions list) decoded at codec level: the verdict, code, rule and profile declared.
 */
import { describe, expect, it } from 'vitest';
import { codecSectionRecipes, type CodecSectionRecipe } from '../../../generators/morph/codec-section-recipes.ts';
import type { JsonObject } from '../../shared/json/value.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import { getCodec } from './registry.ts';

function run(c: CodecSectionRecipe): unknown {
  const codec = getCodec(c.encoding, c.formatVersion)!;
  const value = irFromJsonText(c.base);
  if (!value.ok) throw new Error(`base does not parse: ${c.base}`);
  const enc = codec.encode(value.value, c.options ?? codec.optionVariants[0]!);
  if (!enc.ok) throw new Error(`base not encodable: ${enc.error.code}`);
  const meta: JsonObject = new Map(enc.value.layoutMetadata);
  for (const [k, v] of Object.entries(c.meta ?? {})) {
    if (v === undefined) meta.delete(k);
    else meta.set(k, v);
  }
  const declared = c.declared === undefined ? value : irFromJsonText(c.declared);
  if (!declared.ok) throw new Error(`declared value does not parse: ${c.declared}`);
  const r = codec.decode(c.payload ?? enc.value.payload, meta, { inputKind: 'json-text', inputSemanticDigest: semanticDigest(declared.value) });
  return r.ok ? { verdict: 'accept' } : { verdict: 'reject', code: r.error.code, requirement: r.error.requirement, profile: r.error.profile };
}

describe('codec section recipes', () => {
  const recipes = codecSectionRecipes();
  it('are uniquely named and cover every codec with accepted and rejected sections', () => {
    expect(new Set(recipes.map((r) => r.name)).size).toBe(recipes.length);
    for (const enc of ['json-compact', 'json-lines', 'rows-delimited', 'columns-json', 'path-value', 'toon']) {
      const mine = recipes.filter((r) => r.encoding === enc);
      expect([enc, mine.some((r) => r.expect.verdict === 'accept'), mine.some((r) => r.expect.verdict === 'reject')]).toEqual([enc, true, true]);
    }
  });
  for (const c of recipes) {
    it(c.name, () => {
      const expected = c.expect.verdict === 'accept' ? { verdict: 'accept' } : { verdict: 'reject', code: c.expect.code, requirement: c.requirement, profile: c.profile };
      expect(run(c)).toEqual(expected);
    });
  }
});
