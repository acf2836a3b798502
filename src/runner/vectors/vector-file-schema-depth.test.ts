/** Issue 11 item 9: a vector file nested thousands deep is checked like any other, no stack overflow. */
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../shared/json/parse-value.ts';
import { checkVectorFileShape, toSchemaInstance } from './vector-file-schema.ts';

describe('vector file schema check on deep nesting', () => {
  it('converts a 20,000-deep value and reports the shape problem instead of crashing', () => {
    const depth = 20_000;
    const text = `{"format":"journal","cases":[{"id":"x","note":${'['.repeat(depth)}1${']'.repeat(depth)}}]}`;
    const parsed = parseJson(text, { maxDepth: depth + 10 });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const node = toSchemaInstance(parsed.value) as { cases: Array<{ note: unknown }> };
    let inner: unknown = node.cases[0]!.note;
    let levels = 0;
    while (Array.isArray(inner)) {
      inner = inner[0];
      levels++;
    }
    expect(levels).toBe(depth);
    expect(inner).toBe(1);
    expect(checkVectorFileShape(parsed.value)).toContain("(root): must have required property 'source'");
    const proto = parseJson('{"__proto__":{"a":[1,{"b":2}]}}');
    expect(proto.ok).toBe(true);
    if (!proto.ok) return;
    const plain = toSchemaInstance(proto.value) as object;
    expect(Object.getOwnPropertyNames(plain)).toEqual(['__proto__']);
    expect(JSON.stringify(Object.getOwnPropertyDescriptor(plain, '__proto__')!.value)).toBe('{"a":[1,{"b":2}]}');
  });
});
