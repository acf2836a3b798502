/** A model file as editable records: each line parsed with the strict core (lexemes kept). */
import { parseJson } from '../../../src/shared/json/parse-value.ts';
import { writeJson } from '../../../src/shared/json/write-value.ts';
import { JsonNumber, type JsonArray, type JsonObject, type JsonValue } from '../../../src/shared/json/value.ts';

/** The lines of a valid model, parsed; mutators edit them and render the result. */
export class ModelLines {
  private constructor(readonly records: JsonObject[]) {}

  /** Parses a valid canonical model (throws on anything else: the input is generator output). */
  static parse(model: Uint8Array): ModelLines {
    const text = Buffer.from(model).toString('utf8');
    const records = text
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => {
        const r = parseJson(l);
        if (!r.ok || !(r.value instanceof Map)) throw new Error('ModelLines: input is not a model');
        return r.value;
      });
    return new ModelLines(records);
  }

  /** Line indices (0-based) of the records of type `t`. */
  of(t: string): number[] {
    const out: number[] = [];
    this.records.forEach((r, n) => {
      if (r.get('t') === t) out.push(n);
    });
    return out;
  }

  get header(): JsonObject {
    return this.records[0]!;
  }

  dict(name: string): string[] {
    return (this.header.get('dict') as JsonObject).get(name) as string[];
  }

  /** Entity lines whose record is a module (m = i). */
  modules(): number[] {
    return this.of('e').filter((n) => int(this.records[n]!.get('m')) === int(this.records[n]!.get('i')));
  }

  /** Entity lines that are not modules. */
  members(): number[] {
    return this.of('e').filter((n) => int(this.records[n]!.get('m')) !== int(this.records[n]!.get('i')));
  }

  /** The canonical text (every line LF-terminated). */
  text(): string {
    return this.records.map((r) => writeJson(r)).join('\n') + '\n';
  }

  bytes(): Uint8Array {
    return new Uint8Array(Buffer.from(this.text(), 'utf8'));
  }
}

/** The value of an integer member. */
export function int(v: JsonValue | undefined): number {
  return Number((v as JsonNumber).lexeme);
}

/** A number from a safe integer or a lexeme. */
export function num(v: number | string): JsonNumber {
  return new JsonNumber(String(v));
}

/** Picks one candidate by a natural; undefined when there is none. */
export function choose<T>(candidates: readonly T[], pick: number): T | undefined {
  return candidates.length === 0 ? undefined : candidates[pick % candidates.length];
}

/** Deep copy of a JSON value (Maps and arrays; numbers and strings are immutable). */
export function copy<T extends JsonValue>(v: T): T {
  if (Array.isArray(v)) return v.map(copy) as T;
  if (v instanceof Map) return new Map([...(v as JsonObject)].map(([k, x]) => [k, copy(x)])) as T;
  return v;
}

/** Walks the Literals of a value (entity `value` or edge `arguments`), yielding each Literal object. */
export function literalsIn(root: JsonValue, isArguments: boolean): JsonObject[] {
  const out: JsonObject[] = [];
  const stack: [JsonValue, boolean][] = [[root, isArguments]];
  while (stack.length > 0) {
    const [v, args] = stack.pop()!;
    if (args) {
      for (const a of v as JsonArray) stack.push([(a as JsonObject).get('value')!, false]);
      continue;
    }
    const lit = v as JsonObject;
    out.push(lit);
    if (lit.get('k') === 'array') for (const it of lit.get('items') as JsonArray) stack.push([it, false]);
    if (lit.get('k') === 'annotation') stack.push([lit.get('arguments')!, true]);
  }
  return out;
}
