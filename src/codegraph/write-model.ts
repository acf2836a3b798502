/**
 * The canonical writer: from a graph in natural-key form (the `codegraph.read` observation's shape)
 * to a model.jsonl. Dictionaries list exactly the members used, sorted (CG-WRITE-1); files sorted;
 * entities in R-C6 order with surrogates assigned by that order; edges sorted, ties broken by their
 * text so the output does not depend on input order. Two runs give byte-identical files.
 */
import { writeJson } from '../shared/json/write-value.ts';
import { JsonNumber, type JsonArray, type JsonObject, type JsonValue } from '../shared/json/value.ts';
import { compareUtf16 } from '../shared/text.ts';
import { integralValueOf } from './check-context.ts';
import { SCHEMA_VERSION, TRAIT_KEYS, type TraitValueShape } from './constants.ts';

const SHAPE_OF = new Map<string, TraitValueShape>(TRAIT_KEYS.map((t) => [t.key, t.shape]));

function obj(v: JsonValue | undefined, what: string): JsonObject {
  if (!(v instanceof Map)) throw new TypeError(`writeModel: ${what} must be an object`);
  return v;
}
function arr(v: JsonValue | undefined, what: string): JsonArray {
  if (!Array.isArray(v)) throw new TypeError(`writeModel: ${what} must be an array`);
  return v;
}
function str(v: JsonValue | undefined, what: string): string {
  if (typeof v !== 'string') throw new TypeError(`writeModel: ${what} must be a string`);
  return v;
}
function num(n: number): JsonNumber {
  return new JsonNumber(String(n));
}
function keyText(key: JsonValue): string {
  const k = arr(key, 'an entity key');
  return JSON.stringify([str(k[0], 'key module'), str(k[1], 'key symbol'), k[2] === null ? null : str(k[2], 'key disambiguator')]);
}
function lineValue(v: JsonValue): bigint {
  const n = v instanceof JsonNumber ? integralValueOf(v.lexeme) : undefined;
  if (n === undefined) throw new TypeError('writeModel: a line number must be an integer');
  return n;
}
function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareUtf16);
}

interface SortableEntity {
  readonly module: string;
  readonly isModule: boolean;
  readonly symbol: string;
  readonly d: string | null;
  readonly source: JsonObject;
}

function compareEntities(a: SortableEntity, b: SortableEntity): number {
  // R-C6: module path, the module before its members, symbol, disambiguator (absent first).
  const byModule = compareUtf16(a.module, b.module);
  if (byModule !== 0) return byModule;
  if (a.isModule !== b.isModule) return a.isModule ? -1 : 1;
  const bySymbol = compareUtf16(a.symbol, b.symbol);
  if (bySymbol !== 0) return bySymbol;
  if (a.d === null || b.d === null) return a.d === b.d ? 0 : a.d === null ? -1 : 1;
  return compareUtf16(a.d, b.d);
}

/** Writes the canonical model.jsonl text of a graph. Throws TypeError on a graph that is not one. */
export function writeModel(graph: JsonValue): string {
  const g = obj(graph, 'the graph');
  const files = sortedUnique(arr(g.get('files'), 'files').map((p) => str(p, 'a file path')));
  const fileIndex = new Map(files.map((p, i) => [p, i]));
  const fileRef = (p: JsonValue) => {
    const i = fileIndex.get(str(p, 'a file path'));
    if (i === undefined) throw new TypeError(`writeModel: path ${JSON.stringify(p)} is not in files`);
    return num(i);
  };

  const entities: SortableEntity[] = arr(g.get('entities'), 'entities').map((e) => {
    const source = obj(e, 'an entity');
    const key = arr(source.get('key'), 'an entity key');
    const module = str(key[0], 'key module');
    const symbol = str(key[1], 'key symbol');
    const d = key[2] === null ? null : str(key[2], 'key disambiguator');
    // CG-MOD-2: the module of a path is the entity [path, path, null].
    return { module, isModule: module === symbol && d === null, symbol, d, source };
  });
  entities.sort(compareEntities);
  const surrogate = new Map<string, number>();
  const moduleOf = new Map<string, number>();
  entities.forEach((e, i) => {
    surrogate.set(JSON.stringify([e.module, e.symbol, e.d]), i);
    if (e.isModule) moduleOf.set(e.module, i);
  });
  const entityRef = (key: JsonValue) => {
    const i = surrogate.get(keyText(key));
    if (i === undefined) throw new TypeError(`writeModel: no entity has key ${keyText(key)}`);
    return num(i);
  };

  const kinds = sortedUnique(entities.map((e) => str(e.source.get('kind'), 'an entity kind')));
  const traits = sortedUnique(entities.flatMap((e) => arr(e.source.get('traits'), 'traits').map((t) => str(t, 'a trait'))));
  const edgesIn = arr(g.get('edges'), 'edges').map((x) => obj(x, 'an edge'));
  const edgeKinds = sortedUnique(edgesIn.map((x) => str(x.get('kind'), 'an edge kind')));
  const provenance = sortedUnique(edgesIn.map((x) => str(x.get('provenance'), 'a provenance')));
  const indexIn = (list: string[]) => new Map(list.map((v, i) => [v, i]));
  const kindIx = indexIn(kinds);
  const traitIx = indexIn(traits);
  const edgeIx = indexIn(edgeKinds);
  const provIx = indexIn(provenance);

  const literal = (root: JsonValue, isArguments: boolean): JsonValue => {
    // Rebuilt with canonical member order (k first, then the kind's members in R-C8 order).
    const convert = (v: JsonValue, args: boolean): JsonValue => {
      if (args) {
        return arr(v, 'arguments').map((a) => {
          const na = obj(a, 'a NamedArgument');
          return new Map<string, JsonValue>([
            ['name', str(na.get('name'), 'an argument name')],
            ['value', convert(na.get('value')!, false)],
          ]);
        });
      }
      const lit = obj(v, 'a Literal');
      const out: JsonObject = new Map([['k', lit.get('k')!]]);
      for (const name of ['value', 'type', 'name', 'items', 'arguments']) {
        if (!lit.has(name)) continue;
        const m = lit.get(name)!;
        if (name === 'type') out.set(name, entityRef(m));
        else if (name === 'items') out.set(name, arr(m, 'items').map((it) => convert(it, false)));
        else if (name === 'arguments') out.set(name, convert(m, true));
        else out.set(name, m);
      }
      return out;
    };
    return convert(root, isArguments);
  };

  const lines: string[] = [];
  const header: JsonObject = new Map<string, JsonValue>([
    ['t', 'header'],
    ['schemaVersion', str(g.get('schemaVersion') ?? SCHEMA_VERSION, 'schemaVersion')],
    ['lang', str(g.get('lang'), 'lang')],
    ['extractor', obj(g.get('extractor'), 'extractor')],
    ['root', str(g.get('root'), 'root')],
  ]);
  if (g.has('repository')) header.set('repository', g.get('repository')!);
  header.set(
    'dict',
    new Map<string, JsonValue>([
      ['kinds', kinds],
      ['traits', traits],
      ['edges', edgeKinds],
      ['provenance', provenance],
    ]),
  );
  lines.push(writeJson(header));
  for (const [i, path] of files.entries()) lines.push(writeJson(new Map<string, JsonValue>([['t', 'f'], ['i', num(i)], ['path', path]])));

  entities.forEach((e, i) => {
    const rec: JsonObject = new Map<string, JsonValue>([
      ['t', 'e'],
      ['i', num(i)],
      ['k', num(kindIx.get(str(e.source.get('kind'), 'kind'))!)],
      ['tr', sortedUnique(arr(e.source.get('traits'), 'traits') as string[]).map((t) => num(traitIx.get(t)!))],
    ]);
    const m = moduleOf.get(e.module);
    if (m === undefined) throw new TypeError(`writeModel: no module entity for path ${JSON.stringify(e.module)}`);
    rec.set('m', num(m));
    rec.set('s', e.symbol);
    if (e.d !== null) rec.set('d', e.d);
    for (const [name, value] of obj(e.source.get('attrs'), 'attrs')) {
      switch (SHAPE_OF.get(name)) {
        case 'entityRef':
          rec.set(name, entityRef(value));
          break;
        case 'entityRefs':
          rec.set(name, arr(value, name).map(entityRef));
          break;
        case 'fileRefs':
          rec.set(name, arr(value, name).map(fileRef));
          break;
        case 'anchor': {
          const a = arr(value, name);
          rec.set(name, [fileRef(a[0]!), a[1]!, a[2]!]);
          break;
        }
        case 'literal':
          rec.set(name, literal(value, false));
          break;
        default:
          rec.set(name, value);
      }
    }
    lines.push(writeJson(rec));
  });

  const edges = edgesIn.map((x) => {
    const anchor = arr(x.get('anchor'), 'an edge anchor');
    const rec: JsonObject = new Map<string, JsonValue>([
      ['t', 'x'],
      ['k', num(edgeIx.get(x.get('kind') as string)!)],
      ['f', entityRef(x.get('from')!)],
      ['o', entityRef(x.get('to')!)],
      ['p', num(provIx.get(x.get('provenance') as string)!)],
      ['anchor', [fileRef(anchor[0]!), anchor[1]!, anchor[2]!]],
    ]);
    if (x.has('sourceFile')) rec.set('sourceFile', fileRef(x.get('sourceFile')!));
    if (x.has('arguments')) rec.set('arguments', literal(x.get('arguments')!, true));
    const key = [
      Number((rec.get('f') as JsonNumber).lexeme),
      Number((rec.get('o') as JsonNumber).lexeme),
      Number((rec.get('k') as JsonNumber).lexeme),
      Number((rec.get('anchor') as JsonArray)[0] instanceof JsonNumber ? ((rec.get('anchor') as JsonArray)[0] as JsonNumber).lexeme : 0),
    ];
    return { key, start: lineValue(anchor[1]!), end: lineValue(anchor[2]!), p: Number((rec.get('p') as JsonNumber).lexeme), text: writeJson(rec) };
  });
  edges.sort(
    (a, b) =>
      a.key[0]! - b.key[0]! ||
      a.key[1]! - b.key[1]! ||
      a.key[2]! - b.key[2]! ||
      a.key[3]! - b.key[3]! ||
      (a.start < b.start ? -1 : a.start > b.start ? 1 : 0) ||
      (a.end < b.end ? -1 : a.end > b.end ? 1 : 0) ||
      a.p - b.p ||
      compareUtf16(a.text, b.text),
  );
  for (const x of edges) lines.push(x.text);
  lines.push(
    writeJson(
      new Map<string, JsonValue>([
        ['t', 'eof'],
        ['counts', new Map<string, JsonValue>([['files', num(files.length)], ['entities', num(entities.length)], ['edges', num(edges.length)]])],
      ]),
    ),
  );
  return lines.join('\n') + '\n';
}
