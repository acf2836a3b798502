/**
 * Round trip of real documents: every strict-JSON `.json`/`.map` file under node_modules, through
 * every plan that applies to it. The counts are printed so a run shows what was covered.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import { loadRealJsonCorpus } from '../../../generators/morph/real-json-corpus.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { CANDIDATE_PLANS, getCodec } from './registry.ts';

describe('real JSON documents from node_modules', () => {
  it('round-trip through every applicable codec with their semantic digest', () => {
    const corpus = loadRealJsonCorpus();
    expect(corpus.documents.length).toBeGreaterThan(100);
    const applied = new Map<string, number>();
    const failures: string[] = [];
    for (const doc of [...corpus.documents, ...corpus.recordArrays]) {
      const digest = semanticDigest(doc.ir);
      for (const plan of CANDIDATE_PLANS) {
        const codec = getCodec(plan.encoding, plan.formatVersion)!;
        const e = codec.encode(doc.ir, plan.options);
        if (!e.ok) continue;
        const key = `${codec.id}${plan.options.delimiter === undefined ? '' : ` ${JSON.stringify(plan.options.delimiter)}`}`;
        applied.set(key, (applied.get(key) ?? 0) + 1);
        const d = codec.decode(e.value.payload, e.value.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: digest });
        if (!d.ok) failures.push(`${doc.path} ${key}: ${d.error.code}`);
        else if (semanticDigest(d.value) !== digest) failures.push(`${doc.path} ${key}: digest differs`);
      }
    }
    console.log(`real-data: ${corpus.files} files, ${corpus.documents.length} strict JSON within limits, skipped ${JSON.stringify(corpus.skipped)}, ${corpus.recordArrays.length} record arrays found inside; applicable: ${JSON.stringify(Object.fromEntries(applied))}`);
    expect(failures).toEqual([]);
    // json-compact and path-value apply to every accepted IR.
    const all = corpus.documents.length + corpus.recordArrays.length;
    expect(applied.get('json-compact@1')).toBe(all);
    expect(applied.get('path-value@1')).toBe(all);
    // Every extracted record array is a real table for the row and column codecs (and so is a whole
    // document that is itself an array of records, as some package data files are).
    expect(applied.get('columns-json@1')).toBeGreaterThanOrEqual(corpus.recordArrays.length);
    expect(applied.get('columns-json@1')).toBeLessThanOrEqual(all);
    expect(corpus.recordArrays.length).toBeGreaterThan(0);
  });

  it('JSONTestSuite documents the strict reader accepts round-trip too (edge-case lexemes, escapes, unicode)', () => {
    const dir = join(import.meta.dirname, '../../../vendor/JSONTestSuite/test_parsing');
    const names = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
    let accepted = 0;
    const failures: string[] = [];
    for (const name of names) {
      const r = irFromJsonText(readFileSync(join(dir, name)));
      if (!r.ok) continue;
      accepted++;
      const digest = semanticDigest(r.value);
      for (const plan of CANDIDATE_PLANS) {
        const codec = getCodec(plan.encoding, plan.formatVersion)!;
        const e = codec.encode(r.value, plan.options);
        if (!e.ok) continue;
        const d = codec.decode(e.value.payload, e.value.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: digest });
        if (!d.ok || semanticDigest(d.value) !== digest) failures.push(`${name} ${codec.id}`);
      }
    }
    console.log(`JSONTestSuite: ${names.length} files, ${accepted} accepted by the strict reader and round-tripped`);
    expect(accepted).toBeGreaterThan(90);
    expect(failures).toEqual([]);
  });
});
