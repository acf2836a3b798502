import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_CODES } from './constants.ts';
import { jsonEqual } from './equal.ts';
import { canonicalJson } from './jcs.ts';
import { parseJson } from './parse-value.ts';
import { fromPlain, type JsonNumber, toPlain } from './value.ts';
import { writeJson } from './write-value.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

const SEED = 20261202;

describe('parseJson', () => {
  it('agrees with JSON.parse on every JSON text fast-check makes, and writes it back byte for byte', () => {
    assertProperty(
      fc.property(fc.json(), (text) => {
        const r = parseJson(text);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(toPlain(r.value)).toStrictEqual(JSON.parse(text));
        expect(writeJson(r.value)).toBe(text);
      }),
      { seed: SEED, numRuns: 500 },
    );
  });

  it('shareEmpty gives every empty object and array one shared value that cannot be changed, the same text otherwise', () => {
    const text = '[{},[],{"a":{}},[[]],{ },[ ]]';
    const shared = parseJson(text, { shareEmpty: true });
    const fresh = parseJson(text);
    if (!shared.ok || !fresh.ok) throw new Error('fixture');
    expect(writeJson(shared.value)).toBe(writeJson(fresh.value));
    const [o1, a1, withEmpty, nested, o2, a2] = shared.value as [Map<string, unknown>, unknown[], Map<string, unknown>, unknown[][], Map<string, unknown>, unknown[]];
    expect(o1).toBe(o2);
    expect(o1).toBe(withEmpty.get('a'));
    expect(a1).toBe(a2);
    expect(a1).toBe(nested[0]);
    expect(() => o1.set('x', 1)).toThrow(TypeError);
    expect(() => o1.delete('x')).toThrow(TypeError);
    expect(() => a1.push(1)).toThrow(TypeError);
    expect(o1.size + a1.length).toBe(0);
    // Without the option each one is its own.
    const [f1, , , , f2] = fresh.value as Map<string, unknown>[];
    expect(f1).not.toBe(f2);
  });

  it('keeps number lexemes exactly (R-S2)', () => {
    for (const lexeme of ['1.0', '-0', '1e3', '1E+3', '1.2300', '18446744073709551616', '-9223372036854775809', '1e400', '0.0e-0']) {
      const r = parseJson(`[${lexeme}]`);
      expect(r.ok && (r.value as JsonNumber[])[0]!.lexeme).toBe(lexeme);
    }
  });

  it('refuses each R-S1 fault with its code and location', () => {
    const cases: Array<[string | Uint8Array, string, number]> = [
      ['{"a":1,"a":1}', JSON_CODES.DUPLICATE_MEMBER, 7],
      ['["\\udc00"]', JSON_CODES.LONE_SURROGATE, 2],
      ['["\\ud800x"]', JSON_CODES.LONE_SURROGATE, 2],
      [new Uint8Array([0xef, 0xbb, 0xbf, 0x31]), JSON_CODES.BOM, 0],
      [new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]), JSON_CODES.INVALID_UTF8, 2],
      ['[1] x', JSON_CODES.SYNTAX, 4],
      ['NaN', JSON_CODES.SYNTAX, 0],
      ['[1,]', JSON_CODES.SYNTAX, 3],
      ['/* c */ 1', JSON_CODES.SYNTAX, 0],
      ['"a\tb"', JSON_CODES.SYNTAX, 2],
      ['01', JSON_CODES.SYNTAX, 1],
    ];
    for (const [input, code, at] of cases) {
      const r = parseJson(input);
      expect(r.ok ? 'accepted' : [r.error.code, r.error.location.byteOffset]).toStrictEqual([code, at]);
    }
  });

  it('marks grammar and UTF-8 faults core, what R-S1 adds strict', () => {
    const profile = (input: string | Uint8Array) => {
      const r = parseJson(input);
      return r.ok ? 'accepted' : `${r.error.requirement}/${r.error.profile}`;
    };
    expect(profile('[1,]')).toBe('JSON-SYNTAX-1/core');
    expect(profile(new Uint8Array([0x22, 0xc0, 0x80, 0x22]))).toBe('JSON-SYNTAX-1/core');
    expect(profile('{"a":1,"a":2}')).toBe('R-S1/strict');
    expect(profile('"\\udc00"')).toBe('R-S1/strict');
    expect(profile(new Uint8Array([0xef, 0xbb, 0xbf, 0x31]))).toBe('R-S1/strict');
  });

  it('points at the member or item where the refusal happened', () => {
    const r = parseJson('{"a":[1,{"b~/":tru}]}');
    expect(r.ok ? undefined : r.error.location.pointer).toBe('/a/1/b~0~1');
    const lines = parseJson('[\n1,\n2 3]');
    expect(lines.ok ? undefined : [lines.error.location.line, lines.error.location.column]).toStrictEqual([3, 3]);
  });

  it('enforces size, depth and node limits only when asked', () => {
    const code = (text: string, o: object) => {
      const r = parseJson(text, o);
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(code('[[1]]', { maxDepth: 2 })).toBe('accepted');
    expect(code('[[[1]]]', { maxDepth: 2 })).toBe(JSON_CODES.LIMIT_EXCEEDED);
    expect(code('[1,2]', { maxNodes: 3 })).toBe('accepted');
    expect(code('[1,2,3]', { maxNodes: 3 })).toBe(JSON_CODES.LIMIT_EXCEEDED);
    expect(code('[1]', { maxBytes: 3 })).toBe('accepted');
    expect(code('[1] ', { maxBytes: 3 })).toBe(JSON_CODES.LIMIT_EXCEEDED);
  });

  it('tolerates under the core profile exactly what R-S1 adds to RFC 8259', () => {
    const core = (input: string | Uint8Array) => {
      const r = parseJson(input, { tolerant: true });
      return r.ok ? toPlain(r.value) : r.error.code;
    };
    expect(core(new Uint8Array([0xef, 0xbb, 0xbf, 0x31]))).toBe(1);
    expect(core('{"a":1,"b":2,"a":3}')).toStrictEqual({ a: 3, b: 2 });
    expect(core('["\\udc00","\\ud800x"]')).toStrictEqual(['\udc00', '\ud800x']);
    // The grammar and UTF-8 stay refused, and a BOM is passed over only at the start.
    expect(core('[1,]')).toBe(JSON_CODES.SYNTAX);
    expect(core(new Uint8Array([0x5b, 0x22, 0xff, 0x22, 0x5d]))).toBe(JSON_CODES.INVALID_UTF8);
    expect(core(new Uint8Array([0x20, 0xef, 0xbb, 0xbf, 0x31]))).toBe(JSON_CODES.SYNTAX);
    // A duplicate keeps the first one's place: the order of the members is the order names first appear.
    const r = parseJson('{"a":1,"b":2,"a":3}', { tolerant: true });
    expect(r.ok && [...(r.value as Map<string, unknown>).keys()]).toStrictEqual(['a', 'b']);
  });

  it('reads under the core profile every text strict reads, to the same value, and never cites R-S1', () => {
    const nearJson = fc.json().chain((t) =>
      fc.tuple(fc.nat(t.length), fc.constantFrom('\\ud800', ',"a":1', '\ufeff', 'x', '\\')).map(([at, ins]) => t.slice(0, at) + ins + t.slice(at)),
    );
    assertProperty(
      fc.property(fc.oneof(fc.json(), nearJson), (text) => {
        const strict = parseJson(Buffer.from(text, 'utf8'));
        const core = parseJson(Buffer.from(text, 'utf8'), { tolerant: true });
        if (strict.ok) expect(core.ok && jsonEqual(core.value, strict.value)).toBe(true);
        if (!core.ok) expect(core.error.profile).toBe('core');
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });

  it('never throws, whatever bytes it gets', () => {
    const near = fc.json().chain((t) =>
      fc.tuple(fc.nat(t.length), fc.uint8Array({ maxLength: 4 })).map(([at, ins]) => {
        const b = Buffer.from(t, 'utf8');
        return Buffer.concat([b.subarray(0, at), ins, b.subarray(at + 1)]);
      }),
    );
    assertProperty(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 64 }), near), (bytes) => {
        const r = parseJson(bytes);
        if (r.ok) expect(() => JSON.parse(Buffer.from(bytes).toString('utf8'))).not.toThrow();
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });
});

describe('parseJson string and text limits (JSON-LIMIT-1)', () => {
  const refusal = (text: string, options: Parameters<typeof parseJson>[1]) => {
    const r = parseJson(text, options);
    return r.ok ? 'accepted' : { code: r.error.code, byteOffset: r.error.location.byteOffset, pointer: r.error.location.pointer };
  };

  it('counts a string by its UTF-8 bytes once its escapes are read, and refuses it where it starts', () => {
    // "é" is two bytes, "\u00e9" six bytes of text for the same two; "\ud83d\ude00" twelve for four.
    expect(refusal('["abcé"]', { maxStringBytes: 5 })).toBe('accepted');
    expect(refusal('["abcéd"]', { maxStringBytes: 5 })).toStrictEqual({ code: JSON_CODES.LIMIT_EXCEEDED, byteOffset: 1, pointer: '/0' });
    expect(refusal('["\\u00e9\\u00e9\\n"]', { maxStringBytes: 5 })).toBe('accepted');
    expect(refusal('["\\ud83d\\ude00x"]', { maxStringBytes: 5 })).toBe('accepted');
    expect(refusal('["\\ud83d\\ude00xy"]', { maxStringBytes: 5 })).toMatchObject({ code: JSON_CODES.LIMIT_EXCEEDED });
    // A member name is held to the same bound; its place is its object's.
    expect(refusal('{"a":{"abcdef":1}}', { maxStringBytes: 5 })).toStrictEqual({ code: JSON_CODES.LIMIT_EXCEEDED, byteOffset: 6, pointer: '/a' });
  });

  it('totals every string and member name read, those of a repeated member included', () => {
    expect(refusal('{"ab":"cd","e":"f"}', { maxTextBytes: 6 })).toBe('accepted');
    expect(refusal('{"ab":"cd","e":"fg"}', { maxTextBytes: 6 })).toStrictEqual({ code: JSON_CODES.LIMIT_EXCEEDED, byteOffset: 15, pointer: '/e' });
    expect(refusal('{"a":"b","a":"c"}', { maxTextBytes: 3, tolerant: true })).toMatchObject({ code: JSON_CODES.LIMIT_EXCEEDED });
    expect(refusal('{"a":"b","a":"c"}', { maxTextBytes: 4, tolerant: true })).toBe('accepted');
  });

  it('measures exactly the bytes of the string it builds, on every string fast-check makes', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const size = Buffer.byteLength(text, 'utf8');
        // Written as it is and with every code unit past ASCII escaped (a pair as two escapes).
        const escaped = JSON.stringify(text).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
        for (const json of [JSON.stringify(text), escaped]) {
          expect(parseJson(json, { maxStringBytes: size }).ok).toBe(true);
          expect(parseJson(json, { maxTextBytes: size }).ok).toBe(true);
          if (size === 0) continue;
          const over = parseJson(json, { maxStringBytes: size - 1 });
          expect(over.ok ? 'accepted' : over.error.code).toBe(JSON_CODES.LIMIT_EXCEEDED);
        }
      }),
      { seed: SEED, numRuns: 500 },
    );
  });
});

describe('jsonEqual (R-S3)', () => {
  it('ignores member order and whitespace but not lexemes, array order or types', () => {
    const eq = (a: string, b: string) => {
      const x = parseJson(a);
      const y = parseJson(b);
      return x.ok && y.ok && jsonEqual(x.value, y.value);
    };
    expect(eq('{"a":1,"b":[1,2]}', '{ "b" : [1,2], "a" : 1 }')).toBe(true);
    expect(eq('{"a":1}', '{"a":1.0}')).toBe(false);
    expect(eq('[1,2]', '[2,1]')).toBe(false);
    expect(eq('"1"', '1')).toBe(false);
    expect(eq('{"a":1}', '{"a":1,"b":null}')).toBe(false);
    expect(eq('"\\u00e9"', '"é"')).toBe(true);
  });
});

describe('canonicalJson (RFC 8785)', () => {
  it('matches the RFC number and ordering examples', () => {
    const jcs = (text: string) => {
      const r = parseJson(text);
      const c = r.ok ? canonicalJson(r.value) : undefined;
      return c?.ok ? c.value : c?.error.code;
    };
    expect(jcs('[1.0, -0, 1E+3, 4.50, 0.002, 1e-7, 1e30, 333333333.33333329, 9007199254740993]')).toBe(
      '[1,0,1000,4.5,0.002,1e-7,1e+30,333333333.3333333,9007199254740992]',
    );
    expect(jcs('{"b":1,"a":{"\\u20ac":1,"\\ud83d\\ude00":2,"\\ufb33":3},"\\u0080":0}')).toBe(
      '{"a":{"\u20ac":1,"\u{1f600}":2,"\ufb33":3},"b":1,"\u0080":0}',
    );
    expect(jcs('"\\u000f\\u001f\\t\\"\\\\/"')).toBe('"\\u000f\\u001f\\t\\"\\\\/"');
    expect(jcs('[1e400]')).toBe(JSON_CODES.JCS_NUMBER_RANGE);
  });

  it('is idempotent and sorts members by UTF-16 code unit', () => {
    assertProperty(
      fc.property(fc.jsonValue(), (v) => {
        const c = canonicalJson(fromPlain(v));
        expect(c.ok).toBe(true);
        if (!c.ok) return;
        const again = parseJson(c.value);
        expect(again.ok && canonicalJson(again.value)).toStrictEqual(c);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
