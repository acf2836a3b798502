import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonTextIr } from '../../../generators/morph/json-text-ir.ts';
import { isJsonArray, isJsonObject, JsonNumber, type JsonValue } from '../../shared/json/value.ts';
import { irFromJsonText } from '../ir/ir-from-json-text.ts';
import type { Ir } from '../ir/types.ts';
import { c14nText, semanticDigest } from './semantic-digest.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

function ir(text: string): Ir {
  const r = irFromJsonText(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

/** Reverses member order everywhere (a different display order of the same value). */
function reverseMembers(v: JsonValue): JsonValue {
  if (isJsonArray(v)) return v.map(reverseMembers);
  if (isJsonObject(v)) return new Map([...v].reverse().map(([k, x]) => [k, reverseMembers(x)]));
  return v;
}

/** The value with its first number (in pre-order) spelled differently but equal as a double: 1 → 1e0, 1.5 → 1.5e0. */
function respellFirstNumber(v: JsonValue): JsonValue | undefined {
  let done = false;
  const visit = (x: JsonValue): JsonValue => {
    if (done) return x;
    if (x instanceof JsonNumber) {
      done = true;
      return new JsonNumber(/[eE]/.test(x.lexeme) ? x.lexeme.replace(/[eE]/, (e) => `0${e}`).replace(/^(-?\d+)0([eE])/, '$1.0$2') : `${x.lexeme}e0`);
    }
    if (isJsonArray(x)) return x.map(visit);
    if (isJsonObject(x)) return new Map([...x].map(([k, y]) => [k, visit(y)]));
    return x;
  };
  const out = visit(v);
  return done ? out : undefined;
}

describe('morph-c14n/1', () => {
  it('writes the tagged forms of the table, with UTF-8 byte lengths', () => {
    // Worked by hand from the rule: é is 2 UTF-8 bytes, 😀 is 4; keys sorted by UTF-16 code unit.
    expect(c14nText(ir('{"b":[1.20,-0,"é"],"a":{"y":true,"x":null},"😀":false}'))).toBe(
      'morph-c14n/1\nO3:{K1:a;O2:{K1:x;N;K1:y;B1;}K1:b;A3:[D4:1.20;D2:-0;S2:é;]K4:😀;B0;}',
    );
    expect(c14nText(ir('[]'))).toBe('morph-c14n/1\nA0:[]');
    expect(c14nText(ir('{}'))).toBe('morph-c14n/1\nO0:{}');
    expect(c14nText(ir('""'))).toBe('morph-c14n/1\nS0:;');
  });

  it('is the SHA-256 of that text in lowercase hex', () => {
    const v = ir('{"k":"v"}');
    expect(semanticDigest(v)).toBe(createHash('sha256').update('morph-c14n/1\nO1:{K1:k;S1:v;}', 'utf8').digest('hex'));
    expect(semanticDigest(v)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('hashes the whole text when it is hashed in runs: a text of many runs, with a piece across each cut', () => {
    // Pieces of 1,000 and 3 units against runs of 65,536: the cuts fall inside pieces, the last run is short.
    const big = ir(JSON.stringify(Array.from({ length: 300 }, (_, i) => ['x'.repeat(1000 + (i % 7)), i])));
    expect(semanticDigest(big)).toBe(createHash('sha256').update(c14nText(big), 'utf8').digest('hex'));
  });

  it('sorts keys by UTF-16 code unit, not by code point', () => {
    // By code point U+FF61 comes before U+1F600; by UTF-16 unit the pair's high half 0xD83D comes first.
    expect(c14nText(ir('{"\uFF61":1,"😀":2}'))).toBe('morph-c14n/1\nO2:{K4:😀;D1:2;K3:\uFF61;D1:1;}');
  });

  it('ignores member order and notices array order, types and lexemes', () => {
    assertProperty(
      fc.property(jsonTextIr(), (v) => {
        expect(semanticDigest(reverseMembers(v))).toBe(semanticDigest(v));
      }),
      { seed: 1, numRuns: 200 },
    );
    const distinct = ['[1,2]', '[2,1]', '1', '1.0', '1e0', '1E0', '"1"', '-0', '0', 'null', '[]', '{}', '[null]', '{"a":1}', '{"a":"1"}', '{"1":"a"}', 'true', 'false', '"true"'];
    const digests = distinct.map((t) => semanticDigest(ir(t)));
    expect(new Set(digests).size).toBe(distinct.length);
  });

  it('notices a swap of two different array items and a respelled number anywhere', () => {
    assertProperty(
      fc.property(jsonTextIr(), jsonTextIr(), jsonTextIr(), (a, b, rest) => {
        fc.pre(semanticDigest(a) !== semanticDigest(b));
        expect(semanticDigest([a, b, rest])).not.toBe(semanticDigest([b, a, rest]));
      }),
      { seed: 2, numRuns: 100 },
    );
    assertProperty(
      fc.property(jsonTextIr(), (v) => {
        const respelled = respellFirstNumber(v);
        fc.pre(respelled !== undefined);
        expect(semanticDigest(respelled!)).not.toBe(semanticDigest(v));
      }),
      { seed: 6, numRuns: 100 },
    );
  });

  it('keeps lengths unambiguous when strings hold the framing characters', () => {
    // Without byte lengths these two would serialize alike.
    const a = new Map<string, JsonValue>([['a', 'x;K1:b;S1:y']]);
    const b = new Map<string, JsonValue>([['a', 'x'], ['b', 'y']]);
    expect(semanticDigest(a)).not.toBe(semanticDigest(b));
    expect(semanticDigest(new JsonNumber('1'))).not.toBe(semanticDigest('1'));
  });

  it('handles depth without recursion', () => {
    let deep: JsonValue = null;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(semanticDigest(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
