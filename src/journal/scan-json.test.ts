import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../shared/json/equal.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { CODES, READER_LIMITS } from './constants.ts';
import { asBuffer, JsonLineScanner, parseJsonText, PayloadSpan } from './scan-json.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

/** Random JSON-ish byte strings: valid texts with a few bytes replaced, inserted or dropped. */
const nearJson = fc
  .tuple(
    fc.json({ maxDepth: 3 }),
    fc.array(fc.tuple(fc.nat(), fc.constantFrom(...'"\\{}[],:0-1eE.+ \tnultrfasx\u00e9'.split('').map((c) => Buffer.from(c)), Buffer.of(0xff), Buffer.of(0xed, 0xa0, 0x80), Buffer.from('\\ud800'), Buffer.from('\\udc00\\ud800'), Buffer.from('"a":1,"a"'), Buffer.of(0xef, 0xbb, 0xbf)), fc.constantFrom('insert', 'replace', 'drop')), { maxLength: 3 }),
  )
  .map(([text, edits]) => {
    let b = Buffer.from(text);
    for (const [at, bytes, op] of edits) {
      const i = b.length === 0 ? 0 : at % b.length;
      if (op === 'insert') b = Buffer.concat([b.subarray(0, i), bytes, b.subarray(i)]);
      else if (op === 'replace') b = Buffer.concat([b.subarray(0, i), bytes, b.subarray(i + 1)]);
      else b = Buffer.concat([b.subarray(0, i), b.subarray(i + 1)]);
    }
    return new Uint8Array(b);
  });

describe('journal JSON scanner', () => {
  const scanner = new JsonLineScanner();
  const scanJson = (buf: Buffer, start: number, end: number, spanPayloads: boolean) => scanner.scan(buf, start, end, spanPayloads);
  it('agrees with the shared strict parser on verdict, code and value (random near-JSON inputs)', () => {
    assertProperty(
      fc.property(nearJson, (bytes) => {
        const mine = parseJsonText(bytes);
        const shared = parseJson(bytes);
        expect(mine.ok).toBe(shared.ok);
        if (mine.ok && shared.ok) expect(jsonEqual(mine.value, shared.value)).toBe(true);
        if (!mine.ok && !shared.ok) expect(mine.error.code).toBe(shared.error.code);
      }),
      { seed: 20261202, numRuns: 3000 },
    );
  });

  it('measures a spanned payload exactly as its compact serialization', () => {
    assertProperty(
      fc.property(fc.json({ maxDepth: 4 }), fc.string({ unit: 'binary', maxLength: 6 }), (text, s) => {
        const payload = `[${text},${JSON.stringify(s)},"\\u0001\\/\\u00e9\\ud83d\\ude00\\n\\u001f\\"\\\\"]`;
        const line = Buffer.from(`{"payload": ${payload} , "x":1}`);
        const r = scanJson(line, 0, line.length, true);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const span = (r.value as Map<string, unknown>).get('payload') as PayloadSpan;
        expect(span).toBeInstanceOf(PayloadSpan);
        const full = parseJson(line.subarray(span.start, span.end));
        expect(full.ok).toBe(true);
        if (full.ok) expect(span.compactLength).toBe(Buffer.byteLength(writeJson(full.value)));
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('validates a spanned payload as strictly as a built one', () => {
    for (const bad of ['{"payload":{"a":1,"a":2}}', '{"payload":"\\ud800"}', '{"payload":[01]}', '{"payload":{"a" 1}}', '{"payload":tru}']) {
      const b = asBuffer(Buffer.from(bad));
      const spanned = scanJson(b, 0, b.length, true);
      const built = scanJson(b, 0, b.length, false);
      expect(spanned.ok).toBe(false);
      expect(built.ok).toBe(false);
      if (!spanned.ok && !built.ok) expect(spanned.error.code).toBe(built.error.code);
    }
  });

  it('reads any depth without recursion: a line up to READER_LIMITS.MAX_DEPTH, an op input at any', () => {
    const line = (depth: number) => Buffer.from('{"payload":' + '['.repeat(depth - 1) + ']'.repeat(depth - 1) + '}');
    const at = line(READER_LIMITS.MAX_DEPTH);
    expect(scanJson(at, 0, at.length, true).ok).toBe(true);
    const past = line(READER_LIMITS.MAX_DEPTH + 1);
    const r = scanJson(past, 0, past.length, true);
    // R-S2a, JSON-LIMIT-1: refused at the bracket that opens one container too many.
    expect(r.ok ? 'accept' : [r.error.code, r.error.location.byteOffset]).toEqual([CODES.LIMIT_EXCEEDED, '{"payload":'.length + READER_LIMITS.MAX_DEPTH - 1]);
    const depth = 100_000;
    expect(parseJsonText(Buffer.from('['.repeat(depth) + ']'.repeat(depth))).ok).toBe(true);
  });
});
