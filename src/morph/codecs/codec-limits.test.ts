import { describe, expect, it } from 'vitest';
import { JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { LIMITS } from '../constants.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { CODECS, getCodec } from './registry.ts';

const records: JsonValue = [new Map<string, JsonValue>([['a', 'x']])];

describe('R-M2 limits in every codec', () => {
  it('a payload over 16 MiB is LIMIT_EXCEEDED before it is read', () => {
    const huge = 'a'.repeat(LIMITS.MAX_BYTES + 1);
    for (const codec of CODECS) {
      const e = codec.encode(records, codec.optionVariants[0]!);
      expect(e.ok).toBe(true);
      if (!e.ok) continue;
      const r = codec.decode(huge, e.value.layoutMetadata, { inputKind: 'json-text' });
      expect([codec.id, r.ok ? 'ok' : r.error.code]).toEqual([codec.id, 'LIMIT_EXCEEDED']);
    }
  });

  it('16 MiB counts UTF-8 bytes, not UTF-16 units', () => {
    // 6 MiB of U+00E9 is 12 MiB of UTF-8 (accepted size); 9 MiB of it is 18 MiB (refused).
    const codec = getCodec('json-compact', '1')!;
    for (const [units, code] of [[6 * 1024 * 1024, 'ok'], [9 * 1024 * 1024, 'LIMIT_EXCEEDED']] as const) {
      const value = 'é'.repeat(units);
      const e = codec.encode(value, {});
      if (!e.ok) throw new Error('encode');
      const r = codec.decode(e.value.payload, e.value.layoutMetadata, { inputKind: 'json-text' });
      expect(r.ok ? 'ok' : r.error.code).toBe(code);
    }
  });

  it('IRs past the depth or node limit are inapplicable to every codec', () => {
    let deep: JsonValue = null;
    for (let i = 0; i < LIMITS.MAX_DEPTH + 1; i++) deep = [deep];
    const wide: JsonValue = new Array(LIMITS.MAX_NODES).fill(null);
    // 1 root + 125,000 × (record + cell) = 250,001 nodes, shaped as a table for rows and columns.
    const wideRecords: JsonValue = Array.from({ length: 125_000 }, () => new Map([['a', null]]));
    for (const codec of CODECS) {
      const tableOnly = codec.encoding === 'rows-delimited' || codec.encoding === 'columns-json';
      for (const v of tableOnly ? [wideRecords] : [deep, wide, wideRecords]) {
        const r = codec.encode(v, codec.optionVariants[0]!);
        expect([codec.id, r.ok ? 'ok' : r.error.code]).toEqual([codec.id, 'LIMIT_EXCEEDED']);
      }
    }
  });

  it('json-lines shares one node budget across its lines', () => {
    const codec = getCodec('json-lines', '1')!;
    const half = `[${new Array(125_000).fill('0').join(',')}]`;
    const value: JsonValue = [[], []];
    const e = codec.encode(value, {});
    if (!e.ok) throw new Error('encode');
    // 1 root + 2 × 125,001 nodes > 250,000.
    const r = codec.decode(`${half}\n${half}`, e.value.layoutMetadata, { inputKind: 'json-text' });
    expect(r.ok ? 'ok' : r.error.code).toBe('LIMIT_EXCEEDED');
  });

  it('js-value inputs carry their kind through layout metadata', () => {
    for (const codec of CODECS) {
      const e = codec.encode(records, codec.optionVariants[0]!, { inputKind: 'js-value' });
      if (!e.ok) throw new Error('encode');
      expect(e.value.layoutMetadata.get('inputKind')).toBe('js-value');
      const ctx = { inputKind: 'js-value' as const, inputSemanticDigest: semanticDigest(records) };
      expect(codec.decode(e.value.payload, e.value.layoutMetadata, ctx).ok).toBe(true);
      const wrong = codec.decode(e.value.payload, e.value.layoutMetadata, { ...ctx, inputKind: 'json-text' });
      expect(wrong.ok ? 'ok' : wrong.error.code).toBe('INPUT_KIND_MISMATCH');
    }
  });

  it('large declared counts never allocate: a count at the limit with a tiny payload is a count mismatch', () => {
    const codec = getCodec('path-value', '1')!;
    const e = codec.encode([null], {});
    if (!e.ok) throw new Error('encode');
    const meta = new Map(e.value.layoutMetadata);
    meta.set('recordCount', new JsonNumber('250000'));
    const r = codec.decode(e.value.payload, meta, { inputKind: 'json-text' });
    expect(r.ok ? 'ok' : r.error.code).toBe('RECORD_COUNT_MISMATCH');
  });
});
