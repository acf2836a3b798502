/**
 * Mutators: each turns a valid canonical model into an invalid one by breaking exactly one rule, and
 * declares the rule, the code the reader must answer with, and the rule's profile. `apply` returns
 * undefined when the model has no site for the mutation.
 */
import type { Profile } from '../../src/shared/errors.ts';
import type { JsonArray, JsonObject } from '../../src/shared/json/value.ts';
import type { ReaderCode } from '../../src/codegraph/constants.ts';
import { choose, copy, int, literalsIn, ModelLines, num } from './_internals/model-lines.ts';

/** One mutation: which rule it breaks, the code that must come back, and how. */
export interface ModelMutator {
  readonly name: string;
  readonly requirement: string;
  readonly code: ReaderCode;
  readonly profile: Profile;
  /** From a valid model to an invalid one; `pick` chooses among the candidate sites. */
  readonly apply: (model: Uint8Array, pick: number) => Uint8Array | undefined;
}

type Edit = (m: ModelLines, pick: number) => boolean;

/** A mutator that edits parsed records (returns false when there is no site). */
function onRecords(name: string, requirement: string, code: ReaderCode, profile: Profile, edit: Edit): ModelMutator {
  return {
    name,
    requirement,
    code,
    profile,
    apply: (model, pick) => {
      const m = ModelLines.parse(model);
      return edit(m, pick) ? m.bytes() : undefined;
    },
  };
}

/** A mutator on the text (returns undefined when there is no site). */
function onText(name: string, requirement: string, code: ReaderCode, profile: Profile, edit: (text: string, pick: number) => string | Uint8Array | undefined): ModelMutator {
  return {
    name,
    requirement,
    code,
    profile,
    apply: (model, pick) => {
      const out = edit(Buffer.from(model).toString('utf8'), pick);
      return out === undefined ? undefined : typeof out === 'string' ? new Uint8Array(Buffer.from(out, 'utf8')) : out;
    },
  };
}

const rec = (m: ModelLines, n: number) => m.records[n]!;
const entityCount = (m: ModelLines) => m.of('e').length;
const fileCount = (m: ModelLines) => m.of('f').length;

/** Sets an entity ref (or the item of a ref array) of some entity or edge to a dangling value. */
function danglingEntity(name: string, member: string): ModelMutator {
  return onRecords(name, 'CG-INT-1', 'DANGLING_ENTITY_REF', 'core', (m, pick) => {
    const t = member === 'f' || member === 'o' ? 'x' : 'e';
    const n = choose(m.of(t).filter((l) => rec(m, l).has(member)), pick);
    if (n === undefined) return false;
    const bad = num(entityCount(m) + (pick % 3));
    const v = rec(m, n).get(member)!;
    if (Array.isArray(v)) {
      if (v.length === 0) v.push(bad);
      else v[pick % v.length] = bad;
    } else {
      rec(m, n).set(member, bad);
    }
    return true;
  });
}

/** Points a Literal `type` to a missing entity, in an entity value or inside edge arguments. */
function danglingLiteral(name: string, where: 'entity' | 'edge'): ModelMutator {
  return onRecords(name, 'CG-INT-1', 'DANGLING_ENTITY_REF', 'core', (m, pick) => {
    const sites = where === 'entity'
      ? m.of('e').filter((l) => rec(m, l).has('value')).flatMap((l) => literalsIn(rec(m, l).get('value')!, false))
      : m.of('x').filter((l) => rec(m, l).has('arguments')).flatMap((l) => literalsIn(rec(m, l).get('arguments')!, true));
    const lit = choose(sites.filter((s) => s.has('type')), pick);
    if (lit === undefined) return false;
    lit.set('type', num(entityCount(m) + (pick % 2)));
    return true;
  });
}

function danglingFile(name: string, t: 'e' | 'x', member: 'anchor' | 'definedIn' | 'sourceFile'): ModelMutator {
  return onRecords(name, 'CG-INT-1', 'DANGLING_FILE_REF', 'core', (m, pick) => {
    const n = choose(m.of(t).filter((l) => rec(m, l).has(member)), pick);
    if (n === undefined) return false;
    const bad = num(fileCount(m) + (pick % 2));
    const v = rec(m, n).get(member)!;
    if (member === 'sourceFile') rec(m, n).set(member, bad);
    else if (member === 'anchor') (v as JsonArray)[0] = bad;
    else if ((v as JsonArray).length === 0) (v as JsonArray).push(bad);
    else (v as JsonArray)[pick % (v as JsonArray).length] = bad;
    return true;
  });
}

/** Rewrites one integer member in a form that names the same value but is not an integer lexeme. */
function integerLexeme(name: string, find: (m: ModelLines, pick: number) => { holder: JsonObject | JsonArray; key: string | number } | undefined): ModelMutator {
  return onRecords(name, 'R-C9', 'RECORD_INTEGER_LEXEME', 'strict', (m, pick) => {
    const site = find(m, pick);
    if (site === undefined) return false;
    const get = () => (site.holder instanceof Map ? site.holder.get(site.key as string) : site.holder[site.key as number]);
    const value = int(get());
    const forms = value === 0 ? ['0.0', '-0', '0e5', '0E0'] : [`${value}.0`, `${value}e0`, `${value * 10}E-1`, `${value}.000`];
    const lexeme = num(forms[pick % forms.length]!);
    if (site.holder instanceof Map) site.holder.set(site.key as string, lexeme);
    else site.holder[site.key as number] = lexeme;
    return true;
  });
}

/** Swaps the content of two entity lines while keeping each line's i. */
function swapEntityContent(m: ModelLines, a: number, b: number): void {
  const ra = rec(m, a);
  const rb = rec(m, b);
  const ia = ra.get('i')!;
  const ib = rb.get('i')!;
  m.records[a] = rb;
  m.records[b] = ra;
  rb.set('i', ia);
  ra.set('i', ib);
}

/** Consecutive member pairs (line indices) of one module. */
function memberPairs(m: ModelLines): [number, number][] {
  const lines = m.of('e');
  const out: [number, number][] = [];
  for (let j = 1; j < lines.length; j++) {
    const a = rec(m, lines[j - 1]!);
    const b = rec(m, lines[j]!);
    if (int(a.get('m')) !== int(a.get('i')) && int(b.get('m')) !== int(b.get('i')) && int(a.get('m')) === int(b.get('m'))) out.push([lines[j - 1]!, lines[j]!]);
  }
  return out;
}

function edgeKey(r: JsonObject): number[] {
  const a = r.get('anchor') as JsonArray;
  return [int(r.get('f')), int(r.get('o')), int(r.get('k')), int(a[0]), int(a[1]), int(a[2]), int(r.get('p'))];
}

function lexLess(a: number[], b: number[]): boolean {
  for (let j = 0; j < a.length; j++) if (a[j] !== b[j]) return a[j]! < b[j]!;
  return false;
}

/** Every mutator, one per rule (and per reference position where closure is concerned). */
export const MODEL_MUTATORS: readonly ModelMutator[] = [
  // Sequence (CG-SEQ-*)
  onRecords('header-not-first', 'CG-SEQ-1', 'HEADER_MISSING', 'core', (m) => {
    [m.records[0], m.records[1]] = [m.records[1]!, m.records[0]!];
    return true;
  }),
  onRecords('header-twice', 'CG-SEQ-1', 'HEADER_DUPLICATE', 'core', (m, pick) => {
    m.records.splice(1 + (pick % (m.records.length - 1)), 0, copy(m.header));
    return true;
  }),
  onRecords('f-after-e', 'CG-SEQ-2', 'SECTION_ORDER', 'core', (m) => {
    const f = m.of('f');
    const e = m.of('e');
    if (f.length === 0 || e.length === 0) return false;
    const extra = copy(rec(m, f[f.length - 1]!));
    extra.set('i', num(f.length));
    m.records.splice(e[e.length - 1]! + 1, 0, extra);
    return true;
  }),
  onRecords('e-after-x', 'CG-SEQ-2', 'SECTION_ORDER', 'core', (m) => {
    const e = m.of('e');
    const x = m.of('x');
    if (x.length === 0) return false;
    const extra = copy(rec(m, e[e.length - 1]!));
    extra.set('i', num(e.length));
    m.records.splice(x[0]! + 1, 0, extra);
    return true;
  }),
  onRecords('f-index-gap', 'CG-SEQ-3', 'RECORD_INDEX_NOT_DENSE', 'core', (m, pick) => {
    const n = choose(m.of('f'), pick);
    if (n === undefined) return false;
    rec(m, n).set('i', num(int(rec(m, n).get('i')) + 1 + (pick % 2)));
    return true;
  }),
  onRecords('e-index-repeat', 'CG-SEQ-3', 'RECORD_INDEX_NOT_DENSE', 'core', (m, pick) => {
    const n = choose(m.of('e').slice(1), pick);
    if (n === undefined) return false;
    rec(m, n).set('i', num(int(rec(m, n).get('i')) - 1));
    return true;
  }),
  onRecords('eof-missing', 'CG-SEQ-4', 'EOF_MISSING', 'core', (m) => {
    m.records.pop();
    return true;
  }),
  onRecords('truncated-at-line', 'CG-SEQ-4', 'EOF_MISSING', 'core', (m, pick) => {
    const keep = 1 + (pick % (m.records.length - 1));
    m.records.length = keep;
    return true;
  }),
  onText('truncated-mid-line', 'CG-FILE-1', 'JSON_SYNTAX', 'core', (text, pick) => {
    const lastStart = text.lastIndexOf('\n', text.length - 2) + 1;
    const len = text.length - 1 - lastStart;
    return text.slice(0, lastStart + 1 + (pick % (len - 1)));
  }),
  onRecords('content-after-eof', 'CG-SEQ-4', 'EOF_NOT_LAST', 'core', (m, pick) => {
    m.records.push(copy(m.records[pick % m.records.length]!));
    return true;
  }),
  // File text (R-C1, R-S1)
  onText('eof-without-lf', 'R-C1', 'MODEL_FINAL_LF_MISSING', 'strict', (text) => text.slice(0, -1)),
  onText('crlf-line-ends', 'R-C1', 'MODEL_CARRIAGE_RETURN', 'strict', (text) => text.replace(/\n/g, '\r\n')),
  onText('cr-before-lf', 'R-C1', 'MODEL_CARRIAGE_RETURN', 'strict', (text, pick) => {
    const lines = text.split('\n');
    const n = pick % (lines.length - 1);
    lines[n] += '\r';
    return lines.join('\n');
  }),
  onText('byte-order-mark', 'R-C1', 'JSON_BOM', 'strict', (text) => '\ufeff' + text),
  onText('invalid-utf8', 'CG-FILE-1', 'JSON_INVALID_UTF8', 'core', (text, pick) => {
    const at = text.indexOf('"path":"');
    if (at < 0) return undefined;
    const bytes = Buffer.from(text, 'utf8');
    const cut = Buffer.byteLength(text.slice(0, at + 8), 'utf8');
    const bad = [[0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82]][pick % 4]!;
    return new Uint8Array(Buffer.concat([bytes.subarray(0, cut), Buffer.from(bad), bytes.subarray(cut)]));
  }),
  onText('duplicate-member', 'R-S1', 'JSON_DUPLICATE_MEMBER', 'strict', (text, pick) => {
    const lines = text.split('\n');
    const n = 1 + (pick % (lines.length - 2));
    lines[n] = lines[n]!.replace(/^\{"t":"([a-z]+)"/, '{"t":"$1","t":"$1"');
    return lines.join('\n');
  }),
  onText('lone-surrogate', 'R-S1', 'JSON_LONE_SURROGATE', 'strict', (text, pick) => {
    const lines = text.split('\n');
    const badEscape = ['\\udead', '\\uD800', '\\ud83d\\u0041', 'x\\udc00\\ud800'][pick % 4]!;
    lines[0] = lines[0]!.replace('"root":"', `"root":"${badEscape}`);
    return lines.join('\n');
  }),
  onText('trailing-comma', 'CG-FILE-1', 'JSON_SYNTAX', 'core', (text, pick) => {
    const lines = text.split('\n');
    const n = pick % (lines.length - 1);
    lines[n] = lines[n]!.replace(/\}$/, ',}');
    return lines.join('\n');
  }),
  // Record shapes (CG-REC-*, R-C2, R-C7, R-C8, R-C9)
  onRecords('unknown-record-type', 'CG-REC-1', 'RECORD_TYPE_UNKNOWN', 'core', (m, pick) => {
    const n = choose([...m.of('f'), ...m.of('e'), ...m.of('x')], pick);
    if (n === undefined) return false;
    rec(m, n).set('t', ['y', 'E', 'edge', ''][pick % 4]!);
    return true;
  }),
  onText('line-not-object', 'CG-REC-1', 'RECORD_TYPE_UNKNOWN', 'core', (text, pick) => {
    const lines = text.split('\n');
    lines[lines.length - 2] = ['[]', '"eof"', '1', 'null'][pick % 4]!;
    return lines.join('\n');
  }),
  onRecords('edge-without-provenance', 'CG-INT-3', 'RECORD_MEMBER_MISSING', 'core', (m, pick) => {
    const n = choose(m.of('x'), pick);
    if (n === undefined) return false;
    rec(m, n).delete('p');
    return true;
  }),
  onRecords('edge-without-anchor', 'CG-INT-3', 'RECORD_MEMBER_MISSING', 'core', (m, pick) => {
    const n = choose(m.of('x'), pick);
    if (n === undefined) return false;
    rec(m, n).delete('anchor');
    return true;
  }),
  onRecords('entity-without-required', 'CG-REC-2', 'RECORD_MEMBER_MISSING', 'core', (m, pick) => {
    const n = choose(m.of('e'), pick);
    if (n === undefined) return false;
    rec(m, n).delete(['s', 'tr', 'k', 'm', 'i'][pick % 5]!);
    return true;
  }),
  onRecords('header-without-dict', 'CG-REC-2', 'RECORD_MEMBER_MISSING', 'core', (m, pick) => {
    m.header.delete(['dict', 'lang', 'root', 'extractor', 'schemaVersion'][pick % 5]!);
    return true;
  }),
  onRecords('index-as-string', 'CG-REC-2', 'RECORD_MEMBER_TYPE', 'core', (m, pick) => {
    const n = choose(m.of('f'), pick);
    if (n === undefined) return false;
    rec(m, n).set('i', String(int(rec(m, n).get('i'))));
    return true;
  }),
  onRecords('negative-count', 'CG-REC-2', 'RECORD_MEMBER_TYPE', 'core', (m, pick) => {
    (m.records[m.records.length - 1]!.get('counts') as JsonObject).set(['files', 'entities', 'edges'][pick % 3]!, num(-1));
    return true;
  }),
  onRecords('fractional-ref', 'CG-REC-2', 'RECORD_MEMBER_TYPE', 'core', (m, pick) => {
    const n = choose(m.of('x'), pick);
    if (n === undefined) return false;
    rec(m, n).set(pick % 2 ? 'f' : 'o', num('0.5'));
    return true;
  }),
  onRecords('unsupported-version', 'CG-HDR-1', 'UNSUPPORTED_VERSION', 'core', (m, pick) => {
    m.header.set('schemaVersion', ['1.0.1', '2.0.0', '1.0', ''][pick % 4]!);
    return true;
  }),
  onRecords('unknown-member', 'R-C2', 'RECORD_MEMBER_UNKNOWN', 'strict', (m, pick) => {
    const n = choose([0, ...m.of('f'), ...m.of('x'), m.records.length - 1], pick)!;
    rec(m, n).set('zz', null);
    return true;
  }),
  onRecords('unknown-literal-member', 'R-C8', 'RECORD_MEMBER_UNKNOWN', 'strict', (m, pick) => {
    const lit = choose(m.of('x').filter((l) => rec(m, l).has('arguments')).flatMap((l) => literalsIn(rec(m, l).get('arguments')!, true)), pick);
    if (lit === undefined) return false;
    lit.set('extra', true);
    return true;
  }),
  onRecords('empty-lang', 'R-C2', 'RECORD_EMPTY_STRING', 'strict', (m) => {
    m.header.set('lang', '');
    return true;
  }),
  onRecords('empty-path', 'R-C2', 'RECORD_EMPTY_STRING', 'strict', (m, pick) => {
    const n = choose(m.of('f'), pick);
    if (n === undefined) return false;
    rec(m, n).set('path', '');
    return true;
  }),
  onRecords('literal-kind-unknown', 'R-C8', 'LITERAL_KIND_UNKNOWN', 'strict', (m, pick) => {
    const lit = choose(m.of('x').filter((l) => rec(m, l).has('arguments')).flatMap((l) => literalsIn(rec(m, l).get('arguments')!, true)), pick);
    if (lit === undefined) return false;
    lit.set('k', ['tuple', 'Enum', 'int'][pick % 3]!);
    return true;
  }),
  onRecords('d-null', 'R-C4', 'NULL_NOT_ABSENT', 'strict', (m, pick) => {
    const n = choose(m.members(), pick);
    if (n === undefined) return false;
    rec(m, n).set('d', null);
    return true;
  }),
  onRecords('declared-type-null', 'R-C4', 'NULL_NOT_ABSENT', 'strict', (m, pick) => {
    const n = choose(m.of('e').filter((l) => rec(m, l).has('declaredType')), pick);
    if (n === undefined) return false;
    rec(m, n).set('declaredType', null);
    return true;
  }),
  integerLexeme('lexeme-file-index', (m, pick) => {
    const n = choose(m.of('f'), pick);
    return n === undefined ? undefined : { holder: rec(m, n), key: 'i' };
  }),
  integerLexeme('lexeme-entity-kind', (m, pick) => {
    const n = choose(m.of('e'), pick);
    return n === undefined ? undefined : { holder: rec(m, n), key: pick % 2 ? 'k' : 'm' };
  }),
  integerLexeme('lexeme-trait-index', (m, pick) => {
    const n = choose(m.of('e').filter((l) => (rec(m, l).get('tr') as JsonArray).length > 0), pick);
    return n === undefined ? undefined : { holder: rec(m, n).get('tr') as JsonArray, key: 0 };
  }),
  integerLexeme('lexeme-anchor-line', (m, pick) => {
    const n = choose(m.of('x'), pick);
    return n === undefined ? undefined : { holder: rec(m, n).get('anchor') as JsonArray, key: 1 + (pick % 2) };
  }),
  integerLexeme('lexeme-metric', (m, pick) => {
    const n = choose(m.of('e').filter((l) => rec(m, l).has('metrics')), pick);
    return n === undefined ? undefined : { holder: rec(m, n).get('metrics') as JsonObject, key: 'cyclomatic' };
  }),
  integerLexeme('lexeme-literal-type', (m, pick) => {
    const lit = choose(m.of('x').filter((l) => rec(m, l).has('arguments')).flatMap((l) => literalsIn(rec(m, l).get('arguments')!, true)).filter((l) => l.has('type')), pick);
    return lit === undefined ? undefined : { holder: lit, key: 'type' };
  }),
  integerLexeme('lexeme-count', (m, pick) => ({ holder: m.records[m.records.length - 1]!.get('counts') as JsonObject, key: ['files', 'entities', 'edges'][pick % 3]! })),
  onRecords('integer-beyond-64-bits', 'R-C9', 'RECORD_INTEGER_LEXEME', 'strict', (m, pick) => {
    const n = choose(m.of('e').filter((l) => rec(m, l).has('metrics')), pick);
    if (n === undefined) return false;
    (rec(m, n).get('metrics') as JsonObject).set('sloc', num('18446744073709551616'));
    return true;
  }),
  // Dictionaries (CG-DICT-*, R-C2, R-C3)
  ...(['traits', 'edges', 'provenance'] as const).map((name) =>
    onRecords(`${name}-vocabulary`, 'R-C3', 'DICT_UNKNOWN_MEMBER', 'strict', (m, pick) => {
      const list = m.dict(name);
      if (list.length === 0) return false;
      list[pick % list.length] = { traits: 'TBogus', edges: 'calls', provenance: 'guessed' }[name];
      return true;
    }),
  ),
  ...(['kinds', 'traits'] as const).map((name) =>
    onRecords(`${name}-unsorted`, 'CG-DICT-2', 'DICT_UNSORTED', 'core', (m, pick) => {
      const list = m.dict(name);
      if (list.length < 2) return false;
      const j = pick % (list.length - 1);
      [list[j], list[j + 1]] = [list[j + 1]!, list[j]!];
      return true;
    }),
  ),
  onRecords('kinds-duplicate', 'R-C2', 'DICT_DUPLICATE', 'strict', (m) => {
    const list = m.dict('kinds');
    list.push(list[list.length - 1]!);
    return true;
  }),
  onRecords('kind-index-undeclared', 'CG-DICT-1', 'DICT_INDEX_UNDECLARED', 'core', (m, pick) => {
    const n = choose(m.of('e'), pick);
    if (n === undefined) return false;
    rec(m, n).set('k', num(m.dict('kinds').length + (pick % 2)));
    return true;
  }),
  onRecords('trait-index-undeclared', 'CG-DICT-1', 'DICT_INDEX_UNDECLARED', 'core', (m, pick) => {
    const n = choose(m.of('e'), pick);
    if (n === undefined) return false;
    (rec(m, n).get('tr') as JsonArray).push(num(m.dict('traits').length));
    return true;
  }),
  onRecords('edge-index-undeclared', 'CG-DICT-1', 'DICT_INDEX_UNDECLARED', 'core', (m, pick) => {
    const n = choose(m.of('x'), pick);
    if (n === undefined) return false;
    if (pick % 2) rec(m, n).set('k', num(m.dict('edges').length));
    else rec(m, n).set('p', num(m.dict('provenance').length));
    return true;
  }),
  onRecords('duplicate-trait', 'R-C4', 'DUPLICATE_TRAIT', 'strict', (m, pick) => {
    const n = choose(m.of('e'), pick);
    if (n === undefined) return false;
    const tr = rec(m, n).get('tr') as JsonArray;
    if (tr.length === 0) return false;
    tr.push(tr[pick % tr.length]!);
    return true;
  }),
  // Trait keys (CG-TRAIT-1)
  onRecords('trait-key-missing', 'CG-TRAIT-1', 'TRAIT_KEY_MISSING', 'core', (m, pick) => {
    const keys = ['parent', 'comment', 'signature', 'metrics', 'definedIn', 'name', 'anchor', 'typeParameters', 'value', 'parameters', 'localVariables'];
    const sites = m.of('e').flatMap((l) => keys.filter((k) => rec(m, l).has(k)).map((k) => [l, k] as const));
    const site = choose(sites, pick);
    if (site === undefined) return false;
    rec(m, site[0]).delete(site[1]);
    return true;
  }),
  onRecords('trait-key-undeclared', 'CG-TRAIT-1', 'TRAIT_KEY_UNDECLARED', 'core', (m, pick) => {
    const n = choose(m.modules(), pick);
    if (n === undefined) return false;
    rec(m, n).set(['comment', 'name', 'signature'][pick % 3]!, 'x');
    return true;
  }),
  // Integrity (CG-INT-*)
  danglingEntity('dangling-edge-from', 'f'),
  danglingEntity('dangling-edge-to', 'o'),
  danglingEntity('dangling-parent', 'parent'),
  danglingEntity('dangling-declared-type', 'declaredType'),
  danglingEntity('dangling-type-parameter', 'typeParameters'),
  danglingEntity('dangling-parameter', 'parameters'),
  danglingEntity('dangling-local-variable', 'localVariables'),
  danglingLiteral('dangling-entity-literal-type', 'entity'),
  danglingLiteral('dangling-argument-literal-type', 'edge'),
  danglingFile('dangling-entity-anchor-file', 'e', 'anchor'),
  danglingFile('dangling-defined-in', 'e', 'definedIn'),
  danglingFile('dangling-edge-anchor-file', 'x', 'anchor'),
  danglingFile('dangling-source-file', 'x', 'sourceFile'),
  onRecords('self-edge', 'CG-INT-2', 'SELF_EDGE', 'core', (m, pick) => {
    const n = choose(m.of('x'), pick);
    if (n === undefined) return false;
    rec(m, n).set('o', rec(m, n).get('f')!);
    return true;
  }),
  onRecords('line-zero', 'CG-INT-5', 'LINE_RANGE', 'core', (m, pick) => {
    const n = choose([...m.of('x'), ...m.of('e').filter((l) => rec(m, l).has('anchor'))], pick);
    if (n === undefined) return false;
    const a = rec(m, n).get('anchor') as JsonArray;
    a[1] = num(0);
    return true;
  }),
  onRecords('line-start-after-end', 'CG-INT-5', 'LINE_RANGE', 'core', (m, pick) => {
    const n = choose([...m.of('x'), ...m.of('e').filter((l) => rec(m, l).has('anchor'))], pick);
    if (n === undefined) return false;
    const a = rec(m, n).get('anchor') as JsonArray;
    a[1] = num(int(a[2]) + 1 + (pick % 5));
    return true;
  }),
  onRecords('count-mismatch', 'CG-INT-4', 'EOF_COUNT_MISMATCH', 'core', (m, pick) => {
    const counts = m.records[m.records.length - 1]!.get('counts') as JsonObject;
    const name = ['files', 'entities', 'edges'][pick % 3]!;
    const v = int(counts.get(name));
    counts.set(name, num(pick % 2 || v === 0 ? v + 1 : v - 1));
    return true;
  }),
  // Modules (CG-MOD-*)
  onRecords('module-ref-forward', 'CG-MOD-1', 'MODULE_REF_INVALID', 'core', (m, pick) => {
    const n = choose(m.members(), pick);
    if (n === undefined) return false;
    rec(m, n).set('m', num(int(rec(m, n).get('i')) + 1 + (pick % 3)));
    return true;
  }),
  onRecords('module-ref-not-module', 'CG-MOD-1', 'MODULE_REF_INVALID', 'core', (m, pick) => {
    const pair = choose(memberPairs(m), pick);
    if (pair === undefined) return false;
    rec(m, pair[1]).set('m', rec(m, pair[0]).get('i')!);
    return true;
  }),
  onRecords('module-disambiguator', 'CG-MOD-2', 'MODULE_DISAMBIGUATOR', 'strict', (m, pick) => {
    const n = choose(m.modules(), pick);
    if (n === undefined) return false;
    rec(m, n).set('d', ['', 'x'][pick % 2]!);
    return true;
  }),
  // Order and uniqueness (CG-ORD-*, R-C6)
  onRecords('entity-order', 'CG-ORD-1', 'ENTITY_ORDER', 'core', (m, pick) => {
    const pair = choose(memberPairs(m), pick);
    if (pair === undefined) return false;
    swapEntityContent(m, pair[0], pair[1]);
    return true;
  }),
  onRecords('module-order', 'CG-ORD-1', 'ENTITY_ORDER', 'core', (m, pick) => {
    const mods = m.modules();
    if (mods.length < 2) return false;
    const j = 1 + (pick % (mods.length - 1));
    // A later module renamed below an earlier one (its members keep their m, so only the module line breaks).
    if (rec(m, mods[j - 1]!).get('s') === '') return false;
    rec(m, mods[j]!).set('s', '');
    return true;
  }),
  onRecords('duplicate-entity', 'CG-ORD-2', 'DUPLICATE_ENTITY', 'core', (m, pick) => {
    const pair = choose(memberPairs(m), pick);
    if (pair === undefined) return false;
    const [a, b] = [rec(m, pair[0]), rec(m, pair[1])];
    b.set('s', a.get('s')!);
    if (a.has('d')) b.set('d', a.get('d')!);
    else b.delete('d');
    return true;
  }),
  onRecords('duplicate-module-path', 'CG-ORD-2', 'DUPLICATE_ENTITY', 'core', (m, pick) => {
    const mods = m.modules();
    if (mods.length < 2) return false;
    const j = 1 + (pick % (mods.length - 1));
    rec(m, mods[j]!).set('s', rec(m, mods[j - 1]!).get('s')!);
    return true;
  }),
  onRecords('member-keyed-as-module', 'CG-ORD-2', 'DUPLICATE_ENTITY', 'core', (m, pick) => {
    const n = choose(m.members(), pick);
    if (n === undefined) return false;
    const mod = m.of('e').find((l) => int(rec(m, l).get('i')) === int(rec(m, n).get('m')))!;
    rec(m, n).set('s', rec(m, mod).get('s')!);
    rec(m, n).delete('d');
    return true;
  }),
  onRecords('file-order', 'CG-ORD-3', 'FILE_ORDER', 'core', (m, pick) => {
    const f = m.of('f');
    if (f.length < 2) return false;
    const j = pick % (f.length - 1);
    const [a, b] = [rec(m, f[j]!), rec(m, f[j + 1]!)];
    const pa = a.get('path')!;
    a.set('path', b.get('path')!);
    b.set('path', pa);
    return true;
  }),
  onRecords('duplicate-file', 'R-C6', 'DUPLICATE_FILE', 'strict', (m, pick) => {
    const f = m.of('f');
    if (f.length < 2) return false;
    const j = pick % (f.length - 1);
    rec(m, f[j + 1]!).set('path', rec(m, f[j]!).get('path')!);
    return true;
  }),
  onRecords('edge-order', 'CG-ORD-4', 'EDGE_ORDER', 'core', (m, pick) => {
    const x = m.of('x');
    const pairs: number[] = [];
    for (let j = 1; j < x.length; j++) if (lexLess(edgeKey(rec(m, x[j - 1]!)), edgeKey(rec(m, x[j]!)))) pairs.push(j);
    const j = choose(pairs, pick);
    if (j === undefined) return false;
    [m.records[x[j - 1]!], m.records[x[j]!]] = [rec(m, x[j]!), rec(m, x[j - 1]!)];
    return true;
  }),
];
