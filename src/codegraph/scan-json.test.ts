import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../shared/json/parse-value.ts';
import { jsonEqual } from '../shared/json/equal.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { emptyMembers, LineScanner, type Lite } from './scan-json.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

function toJson(v: Lite): JsonValue {
  if (typeof v === 'number') return new JsonNumber(String(v));
  if (Array.isArray(v)) return v.map(toJson);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, toJson(x)]));
  return v;
}

/** Runs the scanner on one line: the object it builds, or the failure code. */
function scan(bytes: Buffer, strict = true): { ok: true; value: JsonValue | 'not-object' } | { ok: false; code: string } {
  const scanner = new LineScanner({ allowDuplicates: !strict, allowLoneSurrogates: !strict });
  const members = emptyMembers();
  const scanned = scanner.scanRecord(bytes, 0, bytes.length, members, undefined);
  if (!scanned.ok) return { ok: false, code: scanned.error.code };
  if (!scanned.value) return { ok: true, value: 'not-object' };
  const obj = new Map<string, JsonValue>();
  for (let j = 0; j < members.count; j++) obj.set(members.names[j]!, toJson(members.values[j]!));
  return { ok: true, value: obj };
}

function shared(bytes: Buffer): { ok: true; value: JsonValue | 'not-object' } | { ok: false; code: string } {
  const r = parseJson(bytes);
  if (!r.ok) return { ok: false, code: r.error.code };
  return { ok: true, value: r.value instanceof Map ? r.value : 'not-object' };
}

function agree(bytes: Buffer): void {
  const a = scan(bytes);
  const b = shared(bytes);
  expect(a.ok, bytes.toString('latin1')).toBe(b.ok);
  if (!a.ok && !b.ok) expect(a.code).toBe(b.code);
  if (a.ok && b.ok) {
    if (a.value === 'not-object' || b.value === 'not-object') expect(a.value).toBe(b.value);
    else expect(jsonEqual(a.value, b.value)).toBe(true);
  }
}

/** JSON-ish text built from fragments that often form (and often break) strict JSON. */
const fragment = fc.constantFrom(
  '{', '}', '[', ']', ',', ':', '"a"', '"t"', '"\\u00e9"', '"\\ud83d\\ude00"', '"\\ud800"', '"\\udc00x"', '"\\x"', '"\\/"',
  '0', '-0', '01', '1.0', '1e3', '1E+2', '-', '1.', '.5', 'true', 'tru', 'null', 'nul', 'false', ' ', '\t', '\r', '\n',
  '"é"', '"😀"', '"a\tb"', '12345678901234567890', '"\\"', '"\\\\"',
);

describe('LineScanner', () => {
  it('agrees with the shared strict parser on generated JSON objects', () => {
    assertProperty(
      fc.property(fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue()), (value) => {
        agree(Buffer.from(JSON.stringify(value), 'utf8'));
      }),
      { seed: 1, numRuns: 300 },
    );
  });

  it('agrees with the shared parser on fragment soup (syntax, escapes, surrogates, lexemes, duplicates)', () => {
    assertProperty(
      fc.property(fc.array(fragment, { maxLength: 14 }), (parts) => {
        agree(Buffer.from('{' + parts.join(''), 'utf8'));
        agree(Buffer.from(parts.join(''), 'utf8'));
        agree(Buffer.from(`{"t":${parts.join('')}}`, 'utf8'));
      }),
      { seed: 2, numRuns: 1500 },
    );
  });

  it('reads top-level index arrays (its fast path) as the shared parser does, near misses included', () => {
    const item = fc.oneof(
      fc.nat().map(String),
      fc.constantFrom('0', '00', '01', '-1', '-0', '1.0', '1e3', '123456789012345', '1234567890123456', '99999999999999999999', ' 7', '7 ', '', 'x', '[]', '"a"'),
    );
    assertProperty(
      fc.property(fc.array(item, { maxLength: 6 }), fc.constantFrom('tr', 'anchor', 'other'), (items, name) => {
        agree(Buffer.from(`{"${name}":[${items.join(',')}],"t":"e"}`, 'utf8'));
      }),
      { seed: 3, numRuns: 400 },
    );
  });

  it('refuses duplicate members at any depth in strict mode and keeps the last in core mode', () => {
    // Top-level names the scanner interns ("t", "anchor") are checked by id, others by text; a name
    // spelled with escapes is the same name either way round.
    const texts = ['{"a":1,"a":2}', '{"t":1,"i":0,"t":2}', '{"\\u0074":1,"t":2}', '{"t":1,"\\u0074":2}', '{"anchor":1,"x":0,"anch\\u006fr":2}'];
    for (const text of [...texts, '{"x":{"b":1,"b":2}}', '{"x":[{"c":1,"\\u0063":2}]}']) {
      expect(scan(Buffer.from(text))).toStrictEqual({ ok: false, code: 'JSON_DUPLICATE_MEMBER' });
      expect(scan(Buffer.from(text), false).ok).toBe(true);
    }
    // The refusal points at the repeated member itself, whatever member came before it.
    const pointerOf = (text: string) => {
      const bytes = Buffer.from(text);
      const r = new LineScanner({ allowDuplicates: false, allowLoneSurrogates: false }).scanRecord(bytes, 0, bytes.length, emptyMembers(), undefined);
      return r.ok ? 'accepted' : r.error.location.pointer;
    };
    expect(pointerOf('{"x":{"b":1,"c":2,"b":3}}')).toBe('/x/b');
    expect(pointerOf('{"x":[0,{"c":1,"d":[],"\\u0063":2}]}')).toBe('/x/1/c');
    expect(pointerOf('{"a":1,"b":2,"a":3}')).toBe('/a');
    // Core: the last occurrence wins, in the place of the last one.
    const n = (v: number) => new JsonNumber(String(v));
    const core = (text: string) => scan(Buffer.from(text), false);
    expect(core(texts[1]!)).toStrictEqual({ ok: true, value: new Map([['i', n(0)], ['t', n(2)]]) });
    expect(core(texts[2]!)).toStrictEqual({ ok: true, value: new Map([['t', n(2)]]) });
    expect(core(texts[3]!)).toStrictEqual({ ok: true, value: new Map([['t', n(2)]]) });
    expect(core(texts[4]!)).toStrictEqual({ ok: true, value: new Map([['x', n(0)], ['anchor', n(2)]]) });
  });

  it('keeps lexemes: canonical short integers as numbers, everything else verbatim', () => {
    const r = scan(Buffer.from('{"a":[0,123456789012345,1234567890123456,1.0,-0,1e3,2.50]}'));
    expect(r.ok && r.value !== 'not-object' && (r.value as Map<string, JsonValue>).get('a')).toStrictEqual(
      ['0', '123456789012345', '1234567890123456', '1.0', '-0', '1e3', '2.50'].map((l) => new JsonNumber(l)),
    );
  });

  it('reads deep nesting without recursion (R-S2a)', () => {
    const depth = 20000;
    const text = Buffer.from('{"x":' + '[{"a":'.repeat(depth) + '1' + '}]'.repeat(depth) + '}');
    for (const wanted of [undefined, new Set<string>()]) {
      const scanner = new LineScanner({ allowDuplicates: false, allowLoneSurrogates: false });
      expect(scanner.scanRecord(text, 0, text.length, emptyMembers(), wanted)).toStrictEqual({ ok: true, value: true });
    }
  });
});
