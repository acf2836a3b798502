/**
 * Stage 1 of the reader ("validate every line against the schema for its t"): from the scanned
 * members of one line to a typed record. Checks what the per-record JSON Schemas in
 * spec/schemas/codegraph say, plus the lexeme rule JSON Schema cannot say (R-C9).
 */
import { JsonNumber } from '../shared/json/value.ts';
import type { CheckContext, Where } from './check-context.ts';
import { COUNT_MEMBERS, DICT_MEMBERS, EOF_MEMBERS, FILE_MEMBERS, HEADER_MEMBERS, LITERAL_MEMBERS, SCHEMA_VERSION, TRAIT_KEYS } from './constants.ts';
import type { Dictionaries, EdgeRecord, EntityRecord, EofRecord, FileRecord, HeaderRecord, LiteralRef, ModelRecord } from './records.ts';
import type { Lite, LiteObject, ScannedMembers } from './scan-json.ts';

/** Position of each R-C4 trait key in TRAIT_KEYS. */
export const TRAIT_KEY_INDEX: ReadonlyMap<string, number> = new Map(TRAIT_KEYS.map((t, j) => [t.key, j]));

/**
 * Top-level members whose values the checks read; others are only scanned unless observing. String
 * trait keys are not built either: their type is read from the first byte of the value.
 */
export const READ_MEMBERS: ReadonlySet<string> = new Set([
  't', 'i', 'k', 'tr', 'm', 's', 'd', 'f', 'o', 'p', 'anchor', 'path', 'sourceFile', 'arguments',
  'schemaVersion', 'lang', 'extractor', 'root', 'dict', 'counts',
  ...TRAIT_KEYS.filter((t) => t.shape !== 'string').map((t) => t.key),
]);

const HEADER_ALLOWED: ReadonlySet<string> = new Set(HEADER_MEMBERS);

function isObject(v: Lite | undefined): v is LiteObject {
  return v instanceof Map;
}

/** Reads the record type tag; a line without a known `t` is refused (CG-REC-1). */
export function readRecordType(m: ScannedMembers, ctx: CheckContext): string {
  for (let j = 0; j < m.count; j++) {
    if (m.names[j] === 't') {
      const t = m.values[j];
      if (t === 'header' || t === 'f' || t === 'e' || t === 'x' || t === 'eof') return t;
      return ctx.reject('RECORD_TYPE_UNKNOWN', `unknown record type ${JSON.stringify(t)}`, { at: m.starts[j]!, pointer: '/t', member: 't' });
    }
  }
  return ctx.reject('RECORD_TYPE_UNKNOWN', 'the record has no t member', { member: 't' });
}

/** Stage 1: validates one scanned line against its record schema and returns the typed record. */
export function validateRecordSchema(m: ScannedMembers, ctx: CheckContext): ModelRecord {
  const t = readRecordType(m, ctx);
  switch (t) {
    case 'header':
      return validateHeader(m, ctx);
    case 'f':
      return validateFile(m, ctx);
    case 'e':
      return validateEntity(m, ctx);
    case 'x':
      return validateEdge(m, ctx);
    default:
      return validateEof(m, ctx);
  }
}

function whereOf(m: ScannedMembers, j: number, name: string): Where {
  return { at: m.starts[j]!, pointer: '/' + name.replace(/~/g, '~0').replace(/\//g, '~1'), member: name };
}

function find(m: ScannedMembers, name: string): number {
  for (let j = 0; j < m.count; j++) if (m.names[j] === name) return j;
  return -1;
}

/** CG-REC-2: a required member must be present. */
function required(m: ScannedMembers, name: string, ctx: CheckContext): number {
  const j = find(m, name);
  if (j < 0) ctx.reject('RECORD_MEMBER_MISSING', `the record lacks required member "${name}"`, { member: name });
  return j;
}

function readString(v: Lite | undefined, ctx: CheckContext, where: Where): string {
  if (typeof v !== 'string') ctx.reject('RECORD_MEMBER_TYPE', 'expected a string', where);
  return v;
}

function readNonEmpty(v: Lite | undefined, ctx: CheckContext, where: Where): string {
  const s = readString(v, ctx, where);
  // R-C2: names, versions, paths and the language are non-empty.
  if (s === '') ctx.refuse('RECORD_EMPTY_STRING', 'expected a non-empty string', where);
  return s;
}

function refuseUnknown(m: ScannedMembers, allowed: ReadonlySet<string>, ctx: CheckContext): void {
  for (let j = 0; j < m.count; j++) {
    // R-C2, R-C7: header, f, x and eof records are closed.
    if (!allowed.has(m.names[j]!)) ctx.refuse('RECORD_MEMBER_UNKNOWN', `unknown member "${m.names[j]}"`, whereOf(m, j, m.names[j]!));
  }
}

function refuseUnknownIn(obj: LiteObject, allowed: readonly string[], ctx: CheckContext, where: Where): void {
  for (const name of obj.keys()) {
    if (!allowed.includes(name)) ctx.refuse('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, { ...where, pointer: `${where.pointer}/${name}`, member: name });
  }
}

function validateHeader(m: ScannedMembers, ctx: CheckContext): HeaderRecord {
  refuseUnknown(m, HEADER_ALLOWED, ctx);
  const jv = required(m, 'schemaVersion', ctx);
  const schemaVersion = readString(m.values[jv], ctx, whereOf(m, jv, 'schemaVersion'));
  // CG-HDR-1: only contract version 1.0.0.
  if (schemaVersion !== SCHEMA_VERSION) ctx.reject('UNSUPPORTED_VERSION', `schemaVersion ${JSON.stringify(schemaVersion)} is not ${SCHEMA_VERSION}`, whereOf(m, jv, 'schemaVersion'));
  const jl = required(m, 'lang', ctx);
  const lang = readNonEmpty(m.values[jl], ctx, whereOf(m, jl, 'lang'));
  const je = required(m, 'extractor', ctx);
  const extractor = m.values[je];
  const we = whereOf(m, je, 'extractor');
  if (!isObject(extractor)) return ctx.reject('RECORD_MEMBER_TYPE', 'extractor must be an object', we);
  for (const name of ['name', 'version']) {
    if (!extractor.has(name)) ctx.reject('RECORD_MEMBER_MISSING', `extractor lacks "${name}"`, { ...we, pointer: `/extractor/${name}`, member: name });
    readNonEmpty(extractor.get(name), ctx, { ...we, pointer: `/extractor/${name}`, member: name });
  }
  const jr = required(m, 'root', ctx);
  const root = readString(m.values[jr], ctx, whereOf(m, jr, 'root'));
  const jrep = find(m, 'repository');
  let repository: LiteObject | undefined;
  if (jrep >= 0) {
    const rep = m.values[jrep];
    // Only scanned when not observing: the scanner kept the span, so type-check from the first byte.
    if (rep === undefined) {
      if (ctx.lineBuffer[m.starts[jrep]!] !== 0x7b) ctx.reject('RECORD_MEMBER_TYPE', 'repository must be an object', whereOf(m, jrep, 'repository'));
    } else if (!isObject(rep)) {
      ctx.reject('RECORD_MEMBER_TYPE', 'repository must be an object', whereOf(m, jrep, 'repository'));
    } else {
      repository = rep;
    }
  }
  const jd = required(m, 'dict', ctx);
  const wd = whereOf(m, jd, 'dict');
  const dictValue = m.values[jd];
  if (!isObject(dictValue)) return ctx.reject('RECORD_MEMBER_TYPE', 'dict must be an object', wd);
  refuseUnknownIn(dictValue, DICT_MEMBERS, ctx, wd);
  const lists: Record<string, string[]> = {};
  for (const name of DICT_MEMBERS) {
    const w = { ...wd, pointer: `/dict/${name}`, member: name };
    const list = dictValue.get(name);
    if (list === undefined) ctx.reject('RECORD_MEMBER_MISSING', `dict lacks "${name}"`, w);
    if (!Array.isArray(list)) return ctx.reject('RECORD_MEMBER_TYPE', `dict.${name} must be an array`, w);
    lists[name] = list.map((item, n) => {
      const pointer = `/dict/${name}/${n}`;
      // CG-REC-2: the document itself says kinds are non-empty strings (core).
      if (name === 'kinds' && item === '') ctx.reject('RECORD_MEMBER_TYPE', 'a kind is a non-empty string', { ...w, pointer });
      return readNonEmpty(item, ctx, { ...w, pointer });
    });
  }
  const dict: Dictionaries = { kinds: lists.kinds!, traits: lists.traits!, edges: lists.edges!, provenance: lists.provenance! };
  return { type: 'header', schemaVersion, lang, extractor, root, repository, hasRepository: jrep >= 0, dict };
}

function validateFile(m: ScannedMembers, ctx: CheckContext): FileRecord {
  refuseUnknown(m, FILE_ALLOWED, ctx);
  const ji = required(m, 'i', ctx);
  const i = ctx.readIndex(m.values[ji], whereOf(m, ji, 'i'));
  const jp = required(m, 'path', ctx);
  const path = readNonEmpty(m.values[jp], ctx, whereOf(m, jp, 'path'));
  return { type: 'f', i, path };
}
const FILE_ALLOWED: ReadonlySet<string> = new Set(FILE_MEMBERS);

function validateEof(m: ScannedMembers, ctx: CheckContext): EofRecord {
  refuseUnknown(m, EOF_ALLOWED, ctx);
  const jc = required(m, 'counts', ctx);
  const wc = whereOf(m, jc, 'counts');
  const counts = m.values[jc];
  if (!isObject(counts)) return ctx.reject('RECORD_MEMBER_TYPE', 'counts must be an object', wc);
  refuseUnknownIn(counts, COUNT_MEMBERS, ctx, wc);
  const read = (name: string) => {
    const w = { ...wc, pointer: `/counts/${name}`, member: name };
    if (!counts.has(name)) ctx.reject('RECORD_MEMBER_MISSING', `counts lacks "${name}"`, w);
    return ctx.readUInt(counts.get(name), w);
  };
  return { type: 'eof', files: read('files'), entities: read('entities'), edges: read('edges') };
}
const EOF_ALLOWED: ReadonlySet<string> = new Set(EOF_MEMBERS);

/** Checks an array of unsigned integers without copying it. */
function checkIndexArray(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): void {
  if (!Array.isArray(v)) ctx.reject('RECORD_MEMBER_TYPE', 'expected an array of unsigned integers', whereOf(m, j, name));
  for (let n = 0; n < v.length; n++) {
    const item = v[n];
    if (typeof item !== 'number') ctx.readIndex(item, { ...whereOf(m, j, name), pointer: `/${name}/${n}` });
  }
}

function readIndexArray(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): number[] {
  if (!Array.isArray(v)) return ctx.reject('RECORD_MEMBER_TYPE', 'expected an array of unsigned integers', whereOf(m, j, name));
  // The scanner already built an array: keep it when every item is a plain number (the usual case).
  let plain = true;
  for (let n = 0; n < v.length && plain; n++) plain = typeof v[n] === 'number';
  if (plain) return v as number[];
  const out = new Array<number>(v.length);
  for (let n = 0; n < v.length; n++) {
    const item = v[n];
    out[n] = typeof item === 'number' ? item : ctx.readIndex(item, { ...whereOf(m, j, name), pointer: `/${name}/${n}` });
  }
  return out;
}

/** Reads `[fileRef, startLine, endLine]`; the line rules themselves are integrity checks (stage 5). */
export function readAnchor(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): [number, number | bigint, number | bigint] {
  if (Array.isArray(v) && v.length === 3) {
    if (typeof v[0] === 'number' && typeof v[1] === 'number' && typeof v[2] === 'number') return v as [number, number, number];
  }
  const where = whereOf(m, j, name);
  if (!Array.isArray(v) || v.length !== 3) return ctx.reject('RECORD_MEMBER_TYPE', 'an anchor is [fileRef, startLine, endLine]', where);
  return [
    ctx.readIndex(v[0], { ...where, pointer: `${where.pointer}/0` }),
    ctx.readUInt(v[1], { ...where, pointer: `${where.pointer}/1` }),
    ctx.readUInt(v[2], { ...where, pointer: `${where.pointer}/2` }),
  ];
}

function validateEntity(m: ScannedMembers, ctx: CheckContext): EntityRecord {
  let i = -1;
  let k = -1;
  let mod = -1;
  let tr: number[] | undefined;
  let s: string | undefined;
  let d: string | undefined;
  let present = 0;
  const traitValues: (Lite | undefined)[] = new Array(TRAIT_KEYS.length);
  let literalRefs: LiteralRef[] = NO_REFS;
  for (let j = 0; j < m.count; j++) {
    const name = m.names[j]!;
    const v = m.values[j];
    switch (name) {
      case 't':
        break;
      case 'i':
        i = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'k':
        k = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'm':
        mod = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'tr':
        tr = readIndexArray(v, ctx, m, j, name);
        break;
      case 's':
        s = typeof v === 'string' ? v : readString(v, ctx, whereOf(m, j, name));
        break;
      case 'd':
        // R-C4: absence is the only way to say "no disambiguator".
        if (v === null) ctx.refuse('NULL_NOT_ABSENT', 'd: null is refused; leave d out', whereOf(m, j, name));
        else d = typeof v === 'string' ? v : readString(v, ctx, whereOf(m, j, name));
        break;
      default: {
        const tk = TRAIT_KEY_INDEX.get(name);
        if (tk === undefined) break; // R-C4: a key no trait contributes passes untouched.
        const shape = TRAIT_KEYS[tk]!.shape;
        if (shape === 'entityRef') {
          if (v === null && name === 'declaredType') {
            ctx.refuse('NULL_NOT_ABSENT', 'declaredType: null is refused; leave it out', whereOf(m, j, name));
            continue;
          }
          if (typeof v !== 'number') ctx.readIndex(v, whereOf(m, j, name));
        } else if (shape === 'entityRefs' || shape === 'fileRefs') {
          checkIndexArray(v, ctx, m, j, name);
        } else if (shape === 'string') {
          // Built only when observing; otherwise the first byte of the value says its type.
          if (v === undefined ? ctx.lineBuffer[m.starts[j]!] !== 0x22 : typeof v !== 'string') readString(v ?? null, ctx, whereOf(m, j, name));
        } else if (shape === 'anchor') {
          readAnchor(v, ctx, m, j, name);
        } else if (shape === 'metrics') {
          if (!isObject(v)) ctx.reject('RECORD_MEMBER_TYPE', 'metrics must be an object', whereOf(m, j, name));
          for (const [key, n] of v) if (typeof n !== 'number') ctx.readUInt(n, { ...whereOf(m, j, name), pointer: `/metrics/${key}` });
        } else {
          literalRefs = [];
          validateLiteral(v, false, ctx, m, j, literalRefs);
        }
        traitValues[tk] = v;
        present |= 1 << tk;
      }
    }
  }
  if (i < 0) missing('i', ctx);
  if (k < 0) missing('k', ctx);
  if (tr === undefined) missing('tr', ctx);
  if (mod < 0) missing('m', ctx);
  if (s === undefined) missing('s', ctx);
  return { type: 'e', i, k, tr: tr!, m: mod, s: s!, d, traitValues, traitKeysPresent: present, literalRefs };
}
const NO_REFS: LiteralRef[] = [];

function missing(name: string, ctx: CheckContext): never {
  return ctx.reject('RECORD_MEMBER_MISSING', `the record lacks required member "${name}"`, { member: name });
}

function validateEdge(m: ScannedMembers, ctx: CheckContext): EdgeRecord {
  let k = -1;
  let f = -1;
  let o = -1;
  let p = -1;
  let anchor: [number, number | bigint, number | bigint] | undefined;
  let sourceFile: number | undefined;
  let args: Lite[] | undefined;
  let literalRefs: LiteralRef[] = NO_REFS;
  for (let j = 0; j < m.count; j++) {
    const name = m.names[j]!;
    const v = m.values[j];
    switch (name) {
      case 't':
        break;
      case 'k':
        k = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'f':
        f = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'o':
        o = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'p':
        p = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'anchor':
        anchor = readAnchor(v, ctx, m, j, name);
        break;
      case 'sourceFile':
        sourceFile = typeof v === 'number' ? v : ctx.readIndex(v, whereOf(m, j, name));
        break;
      case 'arguments':
        if (!Array.isArray(v)) return ctx.reject('RECORD_MEMBER_TYPE', 'arguments must be an array of NamedArgument', whereOf(m, j, name));
        literalRefs = [];
        validateLiteral(v, true, ctx, m, j, literalRefs);
        args = v;
        break;
      default:
        // R-C7: an edge is closed.
        ctx.refuse('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, whereOf(m, j, name));
    }
  }
  if (k < 0) missing('k', ctx);
  if (f < 0) missing('f', ctx);
  if (o < 0) missing('o', ctx);
  if (p < 0) missing('p', ctx);
  if (anchor === undefined) missing('anchor', ctx);
  return { type: 'x', k, f, o, p, anchor, sourceFile, arguments: args, literalRefs };
}

/** A node of the Literal walk; its pointer is built from the parent chain only when an error is reported. */
interface LiteralNode {
  readonly v: Lite | undefined;
  readonly parent: LiteralNode | undefined;
  readonly token: string;
  readonly args: boolean;
}

function literalWhere(where: { at: number; member: string }, base: string, node: LiteralNode, suffix = '', member?: string): Where {
  return { at: where.at, pointer: pointerOfNode(node, base, suffix), member: member ?? where.member };
}

/** A Literal `type` ref whose pointer is only spelled out when an error needs it. */
class LiteralTypeRef implements LiteralRef {
  constructor(
    readonly ref: number,
    private readonly node: LiteralNode,
    private readonly base: string,
  ) {}
  get pointer(): string {
    return pointerOfNode(this.node, this.base, '/type');
  }
}

function pointerOfNode(node: LiteralNode, base: string, suffix = ''): string {
  const tokens: string[] = [];
  for (let n: LiteralNode | undefined = node; n !== undefined; n = n.parent) if (n.token !== '') tokens.push(n.token);
  return base + tokens.reverse().map((t) => '/' + t).join('') + suffix;
}

/**
 * R-C8: checks a Literal (or, when `isArguments`, an array of NamedArgument) iteratively and collects
 * every `type` reference with its pointer, for the closure check of stage 5.
 */
export function validateLiteral(root: Lite | undefined, isArguments: boolean, ctx: CheckContext, m: ScannedMembers, j: number, refs: LiteralRef[]): void {
  const base = '/' + m.names[j]!;
  const stack: LiteralNode[] = [{ v: root, parent: undefined, token: '', args: isArguments }];
  const where = { at: m.starts[j]!, member: m.names[j]! };
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.v;
    if (node.args) {
      if (!Array.isArray(v)) ctx.reject('RECORD_MEMBER_TYPE', 'expected an array of NamedArgument', literalWhere(where, base, node));
      for (let n = v.length - 1; n >= 0; n--) {
        const arg = v[n];
        const argNode: LiteralNode = { v: arg, parent: node, token: String(n), args: false };
        if (!isObject(arg)) ctx.reject('RECORD_MEMBER_TYPE', 'a NamedArgument is an object', literalWhere(where, base, argNode));
        for (const name of arg.keys()) {
          if (name !== 'name' && name !== 'value') ctx.refuse('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, literalWhere(where, base, argNode, '/' + name, name));
        }
        if (!arg.has('name')) ctx.reject('RECORD_MEMBER_MISSING', 'a NamedArgument needs a name', literalWhere(where, base, argNode, '/name', 'name'));
        const argName = arg.get('name');
        if (typeof argName !== 'string' || argName === '') readNonEmpty(argName, ctx, literalWhere(where, base, argNode, '/name'));
        if (!arg.has('value')) ctx.reject('RECORD_MEMBER_MISSING', 'a NamedArgument needs a value', literalWhere(where, base, argNode, '/value', 'value'));
        stack.push({ v: arg.get('value'), parent: argNode, token: 'value', args: false });
      }
      continue;
    }
    if (!isObject(v)) ctx.reject('RECORD_MEMBER_TYPE', 'a Literal is an object', literalWhere(where, base, node));
    const kind = v.get('k');
    if (kind === undefined) ctx.reject('RECORD_MEMBER_MISSING', 'a Literal needs k', literalWhere(where, base, node, '/k', 'k'));
    if (typeof kind !== 'string') ctx.reject('RECORD_MEMBER_TYPE', 'a Literal k is a string', literalWhere(where, base, node, '/k'));
    const members = Object.hasOwn(LITERAL_MEMBERS, kind) ? LITERAL_MEMBERS[kind] : undefined;
    if (members === undefined) {
      ctx.refuse('LITERAL_KIND_UNKNOWN', `unknown Literal kind ${JSON.stringify(kind)}`, literalWhere(where, base, node, '/k'));
      continue;
    }
    if (v.size !== members.length + 1) {
      for (const name of v.keys()) {
        if (name !== 'k' && !members.includes(name)) ctx.refuse('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, literalWhere(where, base, node, '/' + name, name));
      }
    }
    for (const name of members) {
      if (!v.has(name)) ctx.reject('RECORD_MEMBER_MISSING', `a ${kind} Literal needs ${name}`, literalWhere(where, base, node, '/' + name, name));
    }
    switch (kind) {
      case 'boolean':
        if (typeof v.get('value') !== 'boolean') ctx.reject('RECORD_MEMBER_TYPE', 'a boolean Literal holds a boolean', literalWhere(where, base, node, '/value'));
        break;
      case 'number': {
        const n = v.get('value');
        if (typeof n !== 'number' && !(n instanceof JsonNumber)) ctx.reject('RECORD_MEMBER_TYPE', 'a number Literal holds a number', literalWhere(where, base, node, '/value'));
        break;
      }
      case 'string':
        if (typeof v.get('value') !== 'string') ctx.reject('RECORD_MEMBER_TYPE', 'a string Literal holds a string', literalWhere(where, base, node, '/value'));
        break;
      case 'enum':
        if (typeof v.get('name') !== 'string') ctx.reject('RECORD_MEMBER_TYPE', 'an enum Literal name is a string', literalWhere(where, base, node, '/name'));
        break;
      case 'array': {
        const items = v.get('items');
        if (!Array.isArray(items)) ctx.reject('RECORD_MEMBER_TYPE', 'an array Literal holds items', literalWhere(where, base, node, '/items'));
        const itemsNode: LiteralNode = { v: items, parent: node, token: 'items', args: false };
        for (let n = items.length - 1; n >= 0; n--) stack.push({ v: items[n], parent: itemsNode, token: String(n), args: false });
        break;
      }
      case 'annotation':
        stack.push({ v: v.get('arguments'), parent: node, token: 'arguments', args: true });
        break;
    }
    if (kind === 'enum' || kind === 'class' || kind === 'annotation') {
      const type = v.get('type');
      const ref = typeof type === 'number' ? type : ctx.readIndex(type, literalWhere(where, base, node, '/type'));
      refs.push(new LiteralTypeRef(ref, node, base));
    }
  }
}
