import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundleInputValue } from '../../../generators/morph/bundle-input-value.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { writeJson, writeString } from '../../shared/json/write-value.ts';
import { jsonEqual } from '../../shared/json/equal.ts';
import { appendPointer } from '../../shared/json/pointer.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { buildSourceMap } from './build-source-map.ts';
import { assertProperty } from '../../../test-support/assert-property.ts';

function value(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(r.error.code);
  return r.value;
}

/** Every (pointer, key, value) in pre-order document order, computed independently of the map. */
function preorder(v: JsonValue, pointer = '', key?: string, out: Array<{ pointer: string; key?: string; value: JsonValue }> = []) {
  out.push({ pointer, key, value: v });
  if (Array.isArray(v)) for (const [i, x] of v.entries()) preorder(x, appendPointer(pointer, i), undefined, out);
  else if (v instanceof Map) for (const [k, x] of v) preorder(x, appendPointer(pointer, k), k, out);
  return out;
}

describe('morph-source-map/1 (R-M16)', () => {
  it('maps a value with non-BMP and escaped content in UTF-16 code units', () => {
    const v = value('{"😀k":"a\\u0001😀","n":[1.50,{"\\"":null}]}');
    const map = buildSourceMap(v);
    expect(map.text).toBe('{"😀k":"a\\u0001😀","n":[1.50,{"\\"":null}]}');
    expect(map.format).toBe('morph-source-map/1');
    expect(map.encoding).toBe('json-compact');
    expect(map.offsetUnit).toBe('utf16-code-units');
    const spans = Object.fromEntries(map.entries.map((e) => [e.pointer, e.spans.map((s) => [s.role, s.start, s.end])]));
    // "😀" is two UTF-16 code units, so the key "😀k" quoted spans [1, 6).
    expect(spans['/😀k']).toEqual([['key', 1, 6], ['value', 7, 18]]);
    expect(map.text.slice(7, 18)).toBe('"a\\u0001😀"');
    expect(spans['']).toEqual([['value', 0, map.text.length]]);
    expect(spans['/n/0']).toEqual([['value', 24, 28]]);
    expect(spans['/n/1/"']).toEqual([['key', 30, 34], ['value', 35, 39]]);
    expect(map.entries.map((e) => e.pointer)).toEqual(['', '/😀k', '/n', '/n/0', '/n/1', '/n/1/"']);
  });

  it('escapes ~ and / in pointers (RFC 6901)', () => {
    const map = buildSourceMap(value('{"a/b":{"m~n":1}}'));
    expect(map.entries.map((e) => e.pointer)).toEqual(['', '/a~1b', '/a~1b/m~0n']);
  });

  it('property: text is the compact writer output; spans slice exactly each node and key, in pre-order', () => {
    assertProperty(
      fc.property(bundleInputValue(), (v) => {
        const map = buildSourceMap(v);
        expect(map.text).toBe(writeJson(v));
        const nodes = preorder(v);
        expect(map.entries.map((e) => e.pointer)).toEqual(nodes.map((n) => n.pointer));
        map.entries.forEach((entry, i) => {
          const node = nodes[i]!;
          const roles = entry.spans.map((s) => s.role);
          expect(roles).toEqual(node.key === undefined ? ['value'] : ['key', 'value']);
          for (const s of entry.spans) {
            expect(s.unit).toBe('utf16-code-units');
            const slice = map.text.slice(s.start, s.end);
            if (s.role === 'key') expect(slice).toBe(writeString(node.key!));
            else {
              expect(slice).toBe(writeJson(node.value));
              const reparsed = parseJson(slice);
              expect(reparsed.ok && jsonEqual(reparsed.value, node.value)).toBe(true);
            }
          }
        });
      }),
      { seed: 4430, numRuns: 200 },
    );
  });
});
