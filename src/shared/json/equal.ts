/** Semantic equality of JSON values (R-S3) and a readable difference list. Iterative: any depth. */
import { appendPointer } from './pointer.ts';
import { JsonNumber, type JsonValue } from './value.ts';
import { writeJson } from './write-value.ts';

type Kind = 'null' | 'boolean' | 'string' | 'number' | 'array' | 'object';

function kindOf(v: JsonValue): Kind {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (v instanceof JsonNumber) return 'number';
  return Array.isArray(v) ? 'array' : 'object';
}

/**
 * Walks both values in step and reports each difference until `report` returns false.
 * Same type; arrays elementwise in order; objects as member sets; numbers by lexeme; strings by code points.
 */
function walkDifferences(a: JsonValue, b: JsonValue, report: (pointer: string, line: string) => boolean): void {
  const work: Array<[string, JsonValue, JsonValue]> = [['', a, b]];
  while (work.length > 0) {
    const [ptr, x, y] = work.pop()!;
    const kx = kindOf(x);
    const ky = kindOf(y);
    if (kx !== ky) {
      if (!report(ptr, `expected ${kx} ${preview(x)}, got ${ky} ${preview(y)}`)) return;
      continue;
    }
    if (kx === 'number') {
      if ((x as JsonNumber).lexeme !== (y as JsonNumber).lexeme && !report(ptr, `expected ${preview(x)}, got ${preview(y)}`)) return;
    } else if (kx === 'array') {
      const xa = x as JsonValue[];
      const ya = y as JsonValue[];
      if (xa.length !== ya.length && !report(ptr, `expected ${xa.length} items, got ${ya.length}`)) return;
      for (let i = Math.min(xa.length, ya.length) - 1; i >= 0; i--) work.push([appendPointer(ptr, i), xa[i]!, ya[i]!]);
    } else if (kx === 'object') {
      const xo = x as Map<string, JsonValue>;
      const yo = y as Map<string, JsonValue>;
      for (const [k, v] of xo) {
        if (!yo.has(k)) {
          if (!report(appendPointer(ptr, k), `missing member, expected ${preview(v)}`)) return;
        }
      }
      for (const [k, v] of yo) {
        if (!xo.has(k) && !report(appendPointer(ptr, k), `unexpected member ${preview(v)}`)) return;
      }
      const shared = [...xo.keys()].filter((k) => yo.has(k)).reverse();
      for (const k of shared) work.push([appendPointer(ptr, k), xo.get(k)!, yo.get(k)!]);
    } else if (x !== y) {
      if (!report(ptr, `expected ${preview(x)}, got ${preview(y)}`)) return;
    }
  }
}

/** R-S3 semantic equality. */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  let equal = true;
  walkDifferences(a, b, () => (equal = false));
  return equal;
}

/** Differences as lines `<pointer>: <what>`, document order, at most `limit` lines. */
export function jsonDiff(expected: JsonValue, actual: JsonValue, limit = 50): string[] {
  const lines: string[] = [];
  walkDifferences(expected, actual, (pointer, line) => {
    lines.push(`${pointer === '' ? '(root)' : pointer}: ${line}`);
    return lines.length < limit;
  });
  return lines;
}

function preview(v: JsonValue): string {
  const text = writeJson(v);
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
}
