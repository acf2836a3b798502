/**
 * An independent renderer of journal lines for the generators (it does not use the oracle's writer):
 * canonical compact form, or (readers accept any order and spacing, R-J8) shuffled members and
 * random space/tab padding between tokens.
 */
import { JsonNumber, type JsonValue } from '../../../src/shared/json/value.ts';
import type { Rng } from '../../prng.ts';

/** How to lay out a line. */
export interface RenderStyle {
  /** When set, member order is shuffled and spaces/tabs inserted using this generator. */
  readonly rng?: Rng;
}

function quote(s: string): string {
  // JSON.stringify escapes lone surrogates as \udxxx (well-formed JSON) and controls minimally.
  return JSON.stringify(s);
}

/** Renders one JSON value on one line (no LF inside). */
export function renderJson(value: JsonValue, style: RenderStyle = {}): string {
  const rng = style.rng;
  const pad = (): string => {
    if (!rng || rng() < 0.7) return '';
    return rng() < 0.5 ? ' ' : rng() < 0.5 ? '\t' : '  ';
  };
  const out: string[] = [];
  const stack: (JsonValue | { text: string })[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (v === null) out.push('null');
    else if (typeof v === 'boolean') out.push(String(v));
    else if (typeof v === 'string') out.push(quote(v));
    else if (v instanceof JsonNumber) out.push(v.lexeme);
    else if (Array.isArray(v)) {
      out.push('[' + pad());
      stack.push({ text: pad() + ']' });
      for (let i = v.length - 1; i >= 0; i--) {
        stack.push(v[i]!);
        if (i > 0) stack.push({ text: pad() + ',' + pad() });
      }
    } else if (v instanceof Map) {
      out.push('{' + pad());
      stack.push({ text: pad() + '}' });
      const items = [...v];
      if (rng) {
        for (let i = items.length - 1; i > 0; i--) {
          const j = Math.floor(rng() * (i + 1));
          const t = items[i]!;
          items[i] = items[j]!;
          items[j] = t;
        }
      }
      for (let i = items.length - 1; i >= 0; i--) {
        const [k, x] = items[i]!;
        stack.push(x);
        stack.push({ text: quote(k) + pad() + ':' + pad() });
        if (i > 0) stack.push({ text: pad() + ',' + pad() });
      }
    } else out.push((v as { text: string }).text);
  }
  return out.join('');
}

/** Deep copy of a JsonValue (mutators edit copies). */
export function cloneJson<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => cloneJson(x)) as T;
  if (v instanceof Map) return new Map([...(v as Map<string, JsonValue>)].map(([k, x]): [string, JsonValue] => [k, cloneJson(x)])) as T;
  return v;
}
