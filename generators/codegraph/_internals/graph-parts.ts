/** Building blocks of generated codegraph models: name pools, literals, and the graph assembly. */
import fc from 'fast-check';
import { JsonNumber, type JsonArray, type JsonObject, type JsonValue } from '../../../src/shared/json/value.ts';
import { EDGE_KINDS, PROVENANCES, TRAITS } from '../../../src/codegraph/constants.ts';

/**
 * Module paths: ASCII, accented, an empty path, a BMP character above the surrogates (U+FF61) and a
 * non-BMP one (U+1F600), whose UTF-16 order (surrogate 0xD83D < 0xFF61) differs from code-point order.
 */
export const MODULE_POOL = ['com.acme', 'com.acme.order', 'org.util', 'ünïcödé', '', '\uff61mod', '\u{1f600}mod', 'java.lang', 'Z', 'a/b'];
/** Symbols; the same remarks apply, plus characters that need escaping in JSON. */
export const SYMBOL_POOL = ['A', 'B', 'a', 'Order', 'Order.<init>(java.lang.String)', 'f()', '\uff61x', '\u{1f600}x', '\u{1f600}', 'x"q\\', 'tab\tsym', '', 'ß', '\u007f'];
export const DISAMBIGUATOR_POOL = ['', '1', '2', 'overload', '\u{10ffff}', '\uffff'];
export const KIND_POOL = ['annotation', 'class', 'constructor', 'enum', 'interface', 'method', 'package', 'parameter', 'record'];
export const FILE_POOL = ['com/acme/A.java', 'com/acme/B.java', 'org/util/U.java', 'ü/ä.java', '\u{1f600}.java', '\uff61.java', 'a b/c.java', 'Z.java'];

/** A Literal whose `type` refs are placeholders (naturals) resolved against the entity keys later. */
export type LiteralDraft = { readonly k: string; readonly [member: string]: unknown };

const numberLexeme = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('0.5', '1.50', '-0.0', '1e3', '2E-2', '12345678901234567890', '0'),
);

/** Literals of every kind (R-C8), nested up to a small depth. */
export const literalDraft: fc.Arbitrary<LiteralDraft> = fc.letrec<{ lit: LiteralDraft; args: LiteralDraft[] }>((tie) => ({
  lit: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant({ k: 'null' }),
    fc.boolean().map((value) => ({ k: 'boolean', value })),
    numberLexeme.map((value) => ({ k: 'number', value: new JsonNumber(value) })),
    fc.constantFrom(...SYMBOL_POOL).map((value) => ({ k: 'string', value })),
    fc.record({ type: fc.nat(), name: fc.constantFrom('RUNTIME', 'CLASS', 'A') }).map((r) => ({ k: 'enum', ...r })),
    fc.nat().map((type) => ({ k: 'class', type })),
    fc.array(tie('lit'), { maxLength: 3 }).map((items) => ({ k: 'array', items })),
    fc.record({ type: fc.nat(), arguments: tie('args') }).map((r) => ({ k: 'annotation', ...r })),
  ),
  args: fc.array(
    fc.record({ name: fc.constantFrom('value', 'name', 'x'), value: tie('lit') }).map((a) => ({ k: '__arg', ...a })),
    { maxLength: 2 },
  ),
})).lit;

/** NamedArgument drafts (edge arguments). */
export const argumentsDraft = fc.array(fc.record({ name: fc.constantFrom('value', 'since', 'n'), value: literalDraft }), { minLength: 1, maxLength: 3 });

/** A member entity before keys are resolved: picks are naturals taken modulo the pools. */
export interface MemberDraft {
  readonly module: number;
  readonly symbol: string;
  readonly d: string | undefined;
  readonly kind: string;
  readonly traits: readonly string[];
  readonly picks: readonly number[];
  readonly literal: LiteralDraft;
  readonly declaredTypeAbsent: boolean;
  readonly extra: boolean;
}

export const memberDraft: fc.Arbitrary<MemberDraft> = fc.record({
  module: fc.nat(),
  symbol: fc.constantFrom(...SYMBOL_POOL),
  d: fc.option(fc.constantFrom(...DISAMBIGUATOR_POOL), { nil: undefined }),
  kind: fc.constantFrom(...KIND_POOL),
  traits: fc.subarray([...TRAITS]),
  picks: fc.array(fc.nat(), { minLength: 16, maxLength: 16 }),
  literal: literalDraft,
  declaredTypeAbsent: fc.boolean(),
  extra: fc.boolean(),
});

export interface EdgeDraft {
  readonly from: number;
  readonly to: number;
  readonly kind: string;
  readonly provenance: string;
  readonly file: number;
  readonly start: number;
  readonly span: number;
  readonly sourceFile: number | undefined;
  readonly args: readonly { name: string; value: LiteralDraft }[] | undefined;
}

export const edgeDraft: fc.Arbitrary<EdgeDraft> = fc.record({
  from: fc.nat(),
  to: fc.nat(),
  kind: fc.constantFrom(...EDGE_KINDS),
  provenance: fc.constantFrom(...PROVENANCES),
  file: fc.nat(),
  start: fc.integer({ min: 1, max: 400 }),
  span: fc.nat(30),
  sourceFile: fc.option(fc.nat(), { nil: undefined }),
  args: fc.option(argumentsDraft, { nil: undefined }),
});

/** Everything a generated model is made from. */
export interface ModelDraft {
  readonly lang: string;
  readonly extractor: { name: string; version: string; extra: boolean };
  readonly root: string;
  readonly repository: boolean;
  readonly modules: readonly string[];
  readonly files: readonly string[];
  readonly members: readonly MemberDraft[];
  readonly edges: readonly EdgeDraft[];
  readonly hub: number;
  readonly fanOut: number;
}

type Key = [string, string, string | null];

const keyText = (k: Key) => JSON.stringify(k);

/** Turns a draft into a graph in natural-key form (the `codegraph.read` observation's shape). */
export function assembleGraph(draft: ModelDraft): JsonObject {
  const keys: Key[] = draft.modules.map((p) => [p, p, null]);
  const kinds: string[] = draft.modules.map(() => 'package');
  const seen = new Set(keys.map(keyText));
  const members: { key: Key; draft: MemberDraft }[] = [];
  // A rich member that carries every trait, so every trait-key mutator has a site.
  const rich: MemberDraft = {
    module: 0,
    symbol: 'Rich',
    d: undefined,
    kind: 'class',
    traits: [...TRAITS],
    picks: Array.from({ length: 16 }, (_, n) => n * 7 + 1),
    literal: { k: 'annotation', type: 1, arguments: [{ name: 'value', value: { k: 'enum', type: 0, name: 'RUNTIME' } }] },
    declaredTypeAbsent: false,
    extra: true,
  };
  for (const m of [rich, ...draft.members]) {
    const module = draft.modules[m.module % draft.modules.length]!;
    // CG-MOD-2: [P, P, null] is the module itself; a member named like its module needs a d.
    const d = m.d ?? (m.symbol === module ? '0' : undefined);
    const key: Key = [module, m.symbol, d ?? null];
    if (seen.has(keyText(key))) continue;
    seen.add(keyText(key));
    members.push({ key, draft: m });
    keys.push(key);
    kinds.push(m.kind);
  }
  const pickKey = (n: number) => keys[n % keys.length]!;
  const pickFile = (n: number) => draft.files[n % draft.files.length]!;
  const literal = (l: LiteralDraft): JsonValue => {
    const out: JsonObject = new Map([['k', l.k as string]]);
    for (const [name, v] of Object.entries(l)) {
      if (name === 'k') continue;
      if (name === 'type') out.set('type', pickKey(v as number));
      else if (name === 'items') out.set('items', (v as LiteralDraft[]).map(literal));
      else if (name === 'arguments') out.set('arguments', (v as { name: string; value: LiteralDraft }[]).map(namedArgument));
      else out.set(name, v as JsonValue);
    }
    return out;
  };
  const namedArgument = (a: { name: string; value: LiteralDraft }): JsonValue =>
    new Map<string, JsonValue>([
      ['name', a.name],
      ['value', literal(a.value)],
    ]);

  const entities: JsonValue[] = draft.modules.map(
    (p, n) =>
      new Map<string, JsonValue>([
        ['key', [p, p, null]],
        ['kind', 'package'],
        ['traits', ['TModule']],
        ['attrs', new Map<string, JsonValue>([['definedIn', [pickFile(n), pickFile(n)]]])],
      ]),
  );
  for (const { key, draft: m } of members) {
    const attrs: JsonObject = new Map();
    const p = m.picks;
    const traits = new Set(m.traits);
    if (m.extra) attrs.set('x-note', new Map<string, JsonValue>([['n', new JsonNumber('2.50')], ['big', new JsonNumber('18446744073709551615')], ['list', [null, true, 'ü']]]));
    if (traits.has('TChildOf')) attrs.set('parent', pickKey(p[0]!));
    if (traits.has('TComment')) attrs.set('comment', m.symbol + ' comment');
    if (traits.has('TInvocable')) attrs.set('signature', m.symbol + '()');
    if (traits.has('TMetrics')) attrs.set('metrics', new Map<string, JsonValue>([['cyclomatic', new JsonNumber(String(p[1]! % 40))], ['sloc', new JsonNumber(p[2]! % 2 ? '9007199254740993' : String(p[2]! % 500))]]));
    if (traits.has('TModule')) attrs.set('definedIn', [pickFile(p[3]!), pickFile(p[3]!)]);
    if (traits.has('TNamed')) attrs.set('name', m.symbol);
    if (traits.has('TSourceAnchor')) attrs.set('anchor', [pickFile(p[4]!), new JsonNumber(String(1 + (p[5]! % 300))), new JsonNumber(String(1 + (p[5]! % 300) + (p[6]! % 20)))]);
    if (traits.has('TType')) attrs.set('typeParameters', [pickKey(p[7]!), pickKey(p[7]!)]);
    if (traits.has('TTypedEntity') && !m.declaredTypeAbsent) attrs.set('declaredType', pickKey(p[8]!));
    if (traits.has('TWithValue')) attrs.set('value', literal(m.literal));
    if (traits.has('TWithParameters')) attrs.set('parameters', [pickKey(p[9]!), pickKey(p[10]!)]);
    if (traits.has('TWithLocalVariables')) attrs.set('localVariables', p[11]! % 3 === 0 ? [] : [pickKey(p[11]!)]);
    entities.push(
      new Map<string, JsonValue>([
        ['key', key],
        ['kind', m.kind],
        ['traits', [...traits].sort()],
        ['attrs', attrs],
      ]),
    );
  }

  const edges: JsonValue[] = [];
  const addEdge = (e: EdgeDraft) => {
    const from = pickKey(e.from);
    let to = pickKey(e.to);
    if (keyText(from) === keyText(to)) to = pickKey(e.to + 1);
    if (keyText(from) === keyText(to)) return; // one entity only: no edge possible (CG-INT-2)
    const edge: JsonObject = new Map<string, JsonValue>([
      ['kind', e.kind],
      ['from', from],
      ['to', to],
      ['provenance', e.provenance],
      ['anchor', [pickFile(e.file), new JsonNumber(String(e.start)), new JsonNumber(String(e.start + e.span))]],
    ]);
    if (e.sourceFile !== undefined) edge.set('sourceFile', pickFile(e.sourceFile));
    if (e.args !== undefined) edge.set('arguments', e.args.map(namedArgument));
    edges.push(edge);
  };
  // A fixed edge with nested arguments, so every Literal-ref mutator has a site in the edges.
  addEdge({
    from: draft.modules.length,
    to: 0,
    kind: 'annotationUse',
    provenance: 'declared',
    file: 0,
    start: 3,
    span: 0,
    sourceFile: 0,
    args: [{ name: 'value', value: { k: 'array', items: [{ k: 'class', type: 1 }, { k: 'annotation', type: 0, arguments: [{ name: 'n', value: { k: 'enum', type: 0, name: 'A' } }] }] } }],
  });
  for (const e of draft.edges) addEdge(e);
  // Wide fan-out: one hub with many outgoing edges, ties included.
  for (let n = 0; n < draft.fanOut; n++) addEdge({ from: draft.hub, to: n, kind: 'invocation', provenance: 'derived', file: n, start: 1 + (n % 3), span: 0, sourceFile: undefined, args: undefined });

  const graph: JsonObject = new Map<string, JsonValue>([
    ['schemaVersion', '1.0.0'],
    ['lang', draft.lang],
  ]);
  const extractor: JsonObject = new Map<string, JsonValue>([
    ['name', draft.extractor.name],
    ['version', draft.extractor.version],
  ]);
  if (draft.extractor.extra) extractor.set('noClasspath', true);
  graph.set('extractor', extractor);
  graph.set('root', draft.root);
  if (draft.repository) graph.set('repository', new Map<string, JsonValue>([['url', 'https://example.invalid/r.git'], ['commit', 'abc123']]));
  graph.set('files', [...draft.files] as JsonArray);
  graph.set('entities', entities);
  graph.set('edges', edges);
  void kinds;
  return graph;
}
