/**
 * Stage 1 of the reader ("validate every line against the schema for its t"): from the scanned
 * members of one line to a typed record. Checks what the per-record JSON Schemas in
 * spec/schemas/codegraph say, plus the lexeme rule JSON Schema cannot say (R-C9).
 */
import { ok, OK, type Result } from '../shared/errors.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { memberPointer, type CheckContext, type Checked, type Refused, type UInt, type Where } from './check-context.ts';
import { COUNT_MEMBERS, DICT_MEMBERS, QUOTED_UNITS, quoteBounded, EOF_MEMBERS, FILE_MEMBERS, HEADER_MEMBERS, LITERAL_MEMBERS, SCHEMA_VERSION, TRAIT_KEYS } from './constants.ts';
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

/** Characters of a Literal's `k` a long line keeps: more than a refusal quotes, so the kind left reads as the same unknown one. */
const KIND_KEPT_CHARACTERS = QUOTED_UNITS + 1;

/**
 * How many leading characters of a string value the scanner builds the checks read, when not all of it
 * (see ScanOptions.keptCharactersOf); 0 when they read all of it. Read for its type, or its type and
 * emptiness, only (1): a header's `root` and `lang`, the extractor's `name` and `version`
 * (readNonEmpty), and inside a Literal member (an entity's `value`, an edge's `arguments`) every string
 * but a `k` — a string Literal's value and an enum's name are checked to be strings, a NamedArgument's
 * name to be a non-empty one, and anywhere else there (a `type`, an item, an argument) a string breaks
 * the shape whatever it holds (R-C8). A `k` is checked against the closed vocabulary and quoted in a
 * refusal: its first KIND_KEPT_CHARACTERS decide both (a longer one is no kind, and the quote is cut).
 * Member names are not values (see NAME_HELD_UNITS).
 */
export function keptCharactersOf(member: string, key: string | undefined): number {
  if (member === 'root' || member === 'lang') return key === undefined ? 1 : 0;
  if (member === 'extractor') return key === 'name' || key === 'version' ? 1 : 0;
  if (member === 'value' || member === 'arguments') return key === 'k' ? KIND_KEPT_CHARACTERS : 1;
  return 0;
}

const HEADER_ALLOWED: ReadonlySet<string> = new Set(HEADER_MEMBERS);

function isObject(v: Lite | undefined): v is LiteObject {
  return v instanceof Map;
}

/** Reads the record type tag; a line without a known `t` is refused (CG-REC-1). */
export function readRecordType(m: ScannedMembers, ctx: CheckContext): Result<string> {
  for (let j = 0; j < m.count; j++) {
    if (m.names[j] === 't') {
      const t = m.values[j];
      if (t === 'header' || t === 'f' || t === 'e' || t === 'x' || t === 'eof') return RECORD_TYPE_RESULT[t];
      return ctx.refusal('RECORD_TYPE_UNKNOWN', `unknown record type ${JSON.stringify(t)}`, { at: m.starts[j]!, pointer: '/t', member: 't' });
    }
  }
  return ctx.refusal('RECORD_TYPE_UNKNOWN', 'the record has no t member', { member: 't' });
}
/** The read type tags, shared (a line's tag costs no allocation). */
const RECORD_TYPE_RESULT = { header: ok('header'), f: ok('f'), e: ok('e'), x: ok('x'), eof: ok('eof') } as const;

/** Stage 1: validates one scanned line against its record schema and returns the typed record. */
export function validateRecordSchema(m: ScannedMembers, ctx: CheckContext): Result<ModelRecord> {
  const t = readRecordType(m, ctx);
  if (!t.ok) return t;
  switch (t.value) {
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
  return { at: m.starts[j]!, pointer: memberPointer(name), member: name };
}

function find(m: ScannedMembers, name: string): number {
  for (let j = 0; j < m.count; j++) if (m.names[j] === name) return j;
  return -1;
}

/** CG-REC-2: a required member must be present; gives its position in the member table. */
function required(m: ScannedMembers, name: string, ctx: CheckContext): Result<number> {
  const j = find(m, name);
  if (j < 0) return ctx.refusal('RECORD_MEMBER_MISSING', `the record lacks required member "${name}"`, { member: name });
  return ok(j);
}

function readString(v: Lite | undefined, ctx: CheckContext, where: Where): Result<string> {
  if (typeof v !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'expected a string', where);
  return ok(v);
}

function readNonEmpty(v: Lite | undefined, ctx: CheckContext, where: Where): Result<string> {
  const s = readString(v, ctx, where);
  // R-C2: names, versions, paths and the language are non-empty.
  if (s.ok && s.value === '' && ctx.enforces('RECORD_EMPTY_STRING')) return ctx.refusal('RECORD_EMPTY_STRING', 'expected a non-empty string', where);
  return s;
}

function refuseUnknown(m: ScannedMembers, allowed: ReadonlySet<string>, ctx: CheckContext): Checked {
  for (let j = 0; j < m.count; j++) {
    // R-C2, R-C7: header, f, x and eof records are closed.
    if (!allowed.has(m.names[j]!) && ctx.enforces('RECORD_MEMBER_UNKNOWN')) {
      return ctx.refusal('RECORD_MEMBER_UNKNOWN', `unknown member "${m.names[j]}"`, whereOf(m, j, m.names[j]!));
    }
  }
  return OK;
}

function refuseUnknownIn(obj: LiteObject, allowed: readonly string[], ctx: CheckContext, where: Where): Checked {
  for (const name of obj.keys()) {
    if (!allowed.includes(name) && ctx.enforces('RECORD_MEMBER_UNKNOWN')) {
      return ctx.refusal('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, { ...where, pointer: `${where.pointer}/${name}`, member: name });
    }
  }
  return OK;
}

function validateHeader(m: ScannedMembers, ctx: CheckContext): Result<HeaderRecord> {
  const closed = refuseUnknown(m, HEADER_ALLOWED, ctx);
  if (!closed.ok) return closed;
  const jv = required(m, 'schemaVersion', ctx);
  if (!jv.ok) return jv;
  const schemaVersion = readString(m.values[jv.value], ctx, whereOf(m, jv.value, 'schemaVersion'));
  if (!schemaVersion.ok) return schemaVersion;
  // CG-HDR-1: only contract version 1.0.0.
  if (schemaVersion.value !== SCHEMA_VERSION) {
    return ctx.refusal('UNSUPPORTED_VERSION', `schemaVersion ${JSON.stringify(schemaVersion.value)} is not ${SCHEMA_VERSION}`, whereOf(m, jv.value, 'schemaVersion'));
  }
  const jl = required(m, 'lang', ctx);
  if (!jl.ok) return jl;
  const lang = readNonEmpty(m.values[jl.value], ctx, whereOf(m, jl.value, 'lang'));
  if (!lang.ok) return lang;
  const je = required(m, 'extractor', ctx);
  if (!je.ok) return je;
  const extractor = m.values[je.value];
  const we = whereOf(m, je.value, 'extractor');
  if (!isObject(extractor)) return ctx.refusal('RECORD_MEMBER_TYPE', 'extractor must be an object', we);
  for (const name of ['name', 'version']) {
    const w = { ...we, pointer: `/extractor/${name}`, member: name };
    if (!extractor.has(name)) return ctx.refusal('RECORD_MEMBER_MISSING', `extractor lacks "${name}"`, w);
    const text = readNonEmpty(extractor.get(name), ctx, w);
    if (!text.ok) return text;
  }
  const jr = required(m, 'root', ctx);
  if (!jr.ok) return jr;
  const root = readString(m.values[jr.value], ctx, whereOf(m, jr.value, 'root'));
  if (!root.ok) return root;
  const jrep = find(m, 'repository');
  let repository: LiteObject | undefined;
  if (jrep >= 0) {
    const rep = m.values[jrep];
    // Only scanned when not observing: the scanner kept the span, so type-check from the first byte.
    if (rep === undefined) {
      if (ctx.lineBuffer[m.starts[jrep]!] !== 0x7b) return ctx.refusal('RECORD_MEMBER_TYPE', 'repository must be an object', whereOf(m, jrep, 'repository'));
    } else if (!isObject(rep)) {
      return ctx.refusal('RECORD_MEMBER_TYPE', 'repository must be an object', whereOf(m, jrep, 'repository'));
    } else {
      repository = rep;
    }
  }
  const jd = required(m, 'dict', ctx);
  if (!jd.ok) return jd;
  const wd = whereOf(m, jd.value, 'dict');
  const dictValue = m.values[jd.value];
  if (!isObject(dictValue)) return ctx.refusal('RECORD_MEMBER_TYPE', 'dict must be an object', wd);
  const dictClosed = refuseUnknownIn(dictValue, DICT_MEMBERS, ctx, wd);
  if (!dictClosed.ok) return dictClosed;
  const lists: Record<string, string[]> = {};
  for (const name of DICT_MEMBERS) {
    const w = { ...wd, pointer: `/dict/${name}`, member: name };
    const list = dictValue.get(name);
    if (list === undefined) return ctx.refusal('RECORD_MEMBER_MISSING', `dict lacks "${name}"`, w);
    if (!Array.isArray(list)) return ctx.refusal('RECORD_MEMBER_TYPE', `dict.${name} must be an array`, w);
    const items: string[] = [];
    for (let n = 0; n < list.length; n++) {
      const item = list[n];
      const pointer = `/dict/${name}/${n}`;
      // CG-REC-2: the document itself says kinds are non-empty strings (core).
      if (name === 'kinds' && item === '') return ctx.refusal('RECORD_MEMBER_TYPE', 'a kind is a non-empty string', { ...w, pointer });
      const text = readNonEmpty(item, ctx, { ...w, pointer });
      if (!text.ok) return text;
      items.push(text.value);
    }
    lists[name] = items;
  }
  const dict: Dictionaries = { kinds: lists.kinds!, traits: lists.traits!, edges: lists.edges!, provenance: lists.provenance! };
  return ok({ type: 'header', schemaVersion: schemaVersion.value, lang: lang.value, extractor, root: root.value, repository, hasRepository: jrep >= 0, dict });
}

function validateFile(m: ScannedMembers, ctx: CheckContext): Result<FileRecord> {
  const closed = refuseUnknown(m, FILE_ALLOWED, ctx);
  if (!closed.ok) return closed;
  const ji = required(m, 'i', ctx);
  if (!ji.ok) return ji;
  const iv = m.values[ji.value];
  const i = typeof iv === 'number' ? iv : ctx.readIndex(iv, whereOf(m, ji.value, 'i'));
  if (typeof i !== 'number' && !i.ok) return i;
  const jp = required(m, 'path', ctx);
  if (!jp.ok) return jp;
  const path = readNonEmpty(m.values[jp.value], ctx, whereOf(m, jp.value, 'path'));
  if (!path.ok) return path;
  return ok({ type: 'f', i: typeof i === 'number' ? i : i.value, path: path.value });
}
const FILE_ALLOWED: ReadonlySet<string> = new Set(FILE_MEMBERS);

function validateEof(m: ScannedMembers, ctx: CheckContext): Result<EofRecord> {
  const closed = refuseUnknown(m, EOF_ALLOWED, ctx);
  if (!closed.ok) return closed;
  const jc = required(m, 'counts', ctx);
  if (!jc.ok) return jc;
  const wc = whereOf(m, jc.value, 'counts');
  const counts = m.values[jc.value];
  if (!isObject(counts)) return ctx.refusal('RECORD_MEMBER_TYPE', 'counts must be an object', wc);
  const countsClosed = refuseUnknownIn(counts, COUNT_MEMBERS, ctx, wc);
  if (!countsClosed.ok) return countsClosed;
  const values: UInt[] = [];
  for (const name of COUNT_MEMBERS) {
    const w = { ...wc, pointer: `/counts/${name}`, member: name };
    if (!counts.has(name)) return ctx.refusal('RECORD_MEMBER_MISSING', `counts lacks "${name}"`, w);
    const n = ctx.readUInt(counts.get(name), w);
    if (!n.ok) return n;
    values.push(n.value);
  }
  return ok({ type: 'eof', files: values[0]!, entities: values[1]!, edges: values[2]! });
}
const EOF_ALLOWED: ReadonlySet<string> = new Set(EOF_MEMBERS);

/** Checks an array of unsigned integers without copying it. */
function checkIndexArray(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): Checked {
  if (!Array.isArray(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'expected an array of unsigned integers', whereOf(m, j, name));
  for (let n = 0; n < v.length; n++) {
    const item = v[n];
    if (typeof item === 'number') continue;
    const index = ctx.readIndex(item, { ...whereOf(m, j, name), pointer: `/${name}/${n}` });
    if (!index.ok) return index;
  }
  return OK;
}

function readIndexArray(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): Result<number[]> {
  if (!Array.isArray(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'expected an array of unsigned integers', whereOf(m, j, name));
  // The scanner already built an array: keep it when every item is a plain number (the usual case).
  let plain = true;
  for (let n = 0; n < v.length && plain; n++) plain = typeof v[n] === 'number';
  if (plain) return ok(v as number[]);
  const out = new Array<number>(v.length);
  for (let n = 0; n < v.length; n++) {
    const item = v[n];
    if (typeof item === 'number') {
      out[n] = item;
      continue;
    }
    const index = ctx.readIndex(item, { ...whereOf(m, j, name), pointer: `/${name}/${n}` });
    if (!index.ok) return index;
    out[n] = index.value;
  }
  return ok(out);
}

/** An anchor as read: `[fileRef, startLine, endLine]`. */
export type Anchor = [number, UInt, UInt];

/** Reads `[fileRef, startLine, endLine]`; the line rules themselves are integrity checks (stage 5). */
export function readAnchor(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): Result<Anchor> {
  if (Array.isArray(v) && v.length === 3) {
    if (typeof v[0] === 'number' && typeof v[1] === 'number' && typeof v[2] === 'number') return ok(v as Anchor);
  }
  const where = whereOf(m, j, name);
  if (!Array.isArray(v) || v.length !== 3) return ctx.refusal('RECORD_MEMBER_TYPE', 'an anchor is [fileRef, startLine, endLine]', where);
  const file = ctx.readIndex(v[0], { ...where, pointer: `${where.pointer}/0` });
  if (!file.ok) return file;
  const start = ctx.readUInt(v[1], { ...where, pointer: `${where.pointer}/1` });
  if (!start.ok) return start;
  const end = ctx.readUInt(v[2], { ...where, pointer: `${where.pointer}/2` });
  if (!end.ok) return end;
  return ok([file.value, start.value, end.value]);
}

/** An index member: the scanner's plain number, or the refusal of a value that is not an index. */
function readIndexMember(v: Lite | undefined, ctx: CheckContext, m: ScannedMembers, j: number, name: string): number | Refused {
  if (typeof v === 'number') return v;
  const r = ctx.readIndex(v, whereOf(m, j, name));
  return r.ok ? r.value : r;
}

function validateEntity(m: ScannedMembers, ctx: CheckContext): Result<EntityRecord> {
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
      case 'i': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        i = r;
        break;
      }
      case 'k': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        k = r;
        break;
      }
      case 'm': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        mod = r;
        break;
      }
      case 'tr': {
        const r = readIndexArray(v, ctx, m, j, name);
        if (!r.ok) return r;
        tr = r.value;
        break;
      }
      case 's':
        if (typeof v !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'expected a string', whereOf(m, j, name));
        s = v;
        break;
      case 'd':
        // R-C4: absence is the only way to say "no disambiguator".
        if (v === null) {
          if (ctx.enforces('NULL_NOT_ABSENT')) return ctx.refusal('NULL_NOT_ABSENT', 'd: null is refused; leave d out', whereOf(m, j, name));
        } else {
          if (typeof v !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'expected a string', whereOf(m, j, name));
          d = v;
        }
        break;
      default: {
        const tk = TRAIT_KEY_INDEX.get(name);
        if (tk === undefined) break; // R-C4: a key no trait contributes passes untouched.
        const shape = TRAIT_KEYS[tk]!.shape;
        if (shape === 'entityRef') {
          if (v === null && name === 'declaredType') {
            if (ctx.enforces('NULL_NOT_ABSENT')) return ctx.refusal('NULL_NOT_ABSENT', 'declaredType: null is refused; leave it out', whereOf(m, j, name));
            continue;
          }
          if (typeof v !== 'number') {
            const r = ctx.readIndex(v, whereOf(m, j, name));
            if (!r.ok) return r;
          }
        } else if (shape === 'entityRefs' || shape === 'fileRefs') {
          const r = checkIndexArray(v, ctx, m, j, name);
          if (!r.ok) return r;
        } else if (shape === 'string') {
          // Built only when observing; otherwise the first byte of the value says its type.
          if (v === undefined ? ctx.lineBuffer[m.starts[j]!] !== 0x22 : typeof v !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'expected a string', whereOf(m, j, name));
        } else if (shape === 'anchor') {
          const r = readAnchor(v, ctx, m, j, name);
          if (!r.ok) return r;
        } else if (shape === 'metrics') {
          if (!isObject(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'metrics must be an object', whereOf(m, j, name));
          for (const [key, n] of v) {
            if (typeof n === 'number') continue;
            const r = ctx.readUInt(n, { ...whereOf(m, j, name), pointer: `/metrics/${key}` });
            if (!r.ok) return r;
          }
        } else {
          literalRefs = [];
          const r = validateLiteral(v, false, ctx, m, j, literalRefs);
          if (!r.ok) return r;
        }
        traitValues[tk] = v;
        present |= 1 << tk;
      }
    }
  }
  if (i < 0) return missing('i', ctx);
  if (k < 0) return missing('k', ctx);
  if (tr === undefined) return missing('tr', ctx);
  if (mod < 0) return missing('m', ctx);
  if (s === undefined) return missing('s', ctx);
  return ok({ type: 'e', i, k, tr, m: mod, s, d, traitValues, traitKeysPresent: present, literalRefs });
}
const NO_REFS: LiteralRef[] = [];

function missing(name: string, ctx: CheckContext): Refused {
  return ctx.refusal('RECORD_MEMBER_MISSING', `the record lacks required member "${name}"`, { member: name });
}

function validateEdge(m: ScannedMembers, ctx: CheckContext): Result<EdgeRecord> {
  let k = -1;
  let f = -1;
  let o = -1;
  let p = -1;
  let anchor: Anchor | undefined;
  let sourceFile: number | undefined;
  let args: Lite[] | undefined;
  let literalRefs: LiteralRef[] = NO_REFS;
  for (let j = 0; j < m.count; j++) {
    const name = m.names[j]!;
    const v = m.values[j];
    switch (name) {
      case 't':
        break;
      case 'k': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        k = r;
        break;
      }
      case 'f': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        f = r;
        break;
      }
      case 'o': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        o = r;
        break;
      }
      case 'p': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        p = r;
        break;
      }
      case 'anchor': {
        const r = readAnchor(v, ctx, m, j, name);
        if (!r.ok) return r;
        anchor = r.value;
        break;
      }
      case 'sourceFile': {
        const r = readIndexMember(v, ctx, m, j, name);
        if (typeof r !== 'number') return r;
        sourceFile = r;
        break;
      }
      case 'arguments': {
        if (!Array.isArray(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'arguments must be an array of NamedArgument', whereOf(m, j, name));
        literalRefs = [];
        const r = validateLiteral(v, true, ctx, m, j, literalRefs);
        if (!r.ok) return r;
        args = v;
        break;
      }
      default:
        // R-C7: an edge is closed.
        if (ctx.enforces('RECORD_MEMBER_UNKNOWN')) return ctx.refusal('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, whereOf(m, j, name));
    }
  }
  if (k < 0) return missing('k', ctx);
  if (f < 0) return missing('f', ctx);
  if (o < 0) return missing('o', ctx);
  if (p < 0) return missing('p', ctx);
  if (anchor === undefined) return missing('anchor', ctx);
  return ok({ type: 'x', k, f, o, p, anchor, sourceFile, arguments: args, literalRefs });
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
export function validateLiteral(root: Lite | undefined, isArguments: boolean, ctx: CheckContext, m: ScannedMembers, j: number, refs: LiteralRef[]): Checked {
  const base = '/' + m.names[j]!;
  const stack: LiteralNode[] = [{ v: root, parent: undefined, token: '', args: isArguments }];
  const where = { at: m.starts[j]!, member: m.names[j]! };
  while (stack.length > 0) {
    const node = stack.pop()!;
    const v = node.v;
    if (node.args) {
      if (!Array.isArray(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'expected an array of NamedArgument', literalWhere(where, base, node));
      for (let n = v.length - 1; n >= 0; n--) {
        const arg = v[n];
        const argNode: LiteralNode = { v: arg, parent: node, token: String(n), args: false };
        if (!isObject(arg)) return ctx.refusal('RECORD_MEMBER_TYPE', 'a NamedArgument is an object', literalWhere(where, base, argNode));
        for (const name of arg.keys()) {
          if (name !== 'name' && name !== 'value' && ctx.enforces('RECORD_MEMBER_UNKNOWN')) {
            return ctx.refusal('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, literalWhere(where, base, argNode, '/' + name, name));
          }
        }
        if (!arg.has('name')) return ctx.refusal('RECORD_MEMBER_MISSING', 'a NamedArgument needs a name', literalWhere(where, base, argNode, '/name', 'name'));
        const argName = arg.get('name');
        if (typeof argName !== 'string' || argName === '') {
          const text = readNonEmpty(argName, ctx, literalWhere(where, base, argNode, '/name'));
          if (!text.ok) return text;
        }
        if (!arg.has('value')) return ctx.refusal('RECORD_MEMBER_MISSING', 'a NamedArgument needs a value', literalWhere(where, base, argNode, '/value', 'value'));
        stack.push({ v: arg.get('value'), parent: argNode, token: 'value', args: false });
      }
      continue;
    }
    if (!isObject(v)) return ctx.refusal('RECORD_MEMBER_TYPE', 'a Literal is an object', literalWhere(where, base, node));
    const kind = v.get('k');
    if (kind === undefined) return ctx.refusal('RECORD_MEMBER_MISSING', 'a Literal needs k', literalWhere(where, base, node, '/k', 'k'));
    if (typeof kind !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'a Literal k is a string', literalWhere(where, base, node, '/k'));
    const members = Object.hasOwn(LITERAL_MEMBERS, kind) ? LITERAL_MEMBERS[kind] : undefined;
    if (members === undefined) {
      if (ctx.enforces('LITERAL_KIND_UNKNOWN')) return ctx.refusal('LITERAL_KIND_UNKNOWN', `unknown Literal kind ${quoteBounded(kind)}`, literalWhere(where, base, node, '/k'));
      continue;
    }
    if (ctx.enforces('RECORD_MEMBER_UNKNOWN')) { // R-C8: an unknown member comes before a missing one, whatever the count
      for (const name of v.keys()) {
        if (name !== 'k' && !members.includes(name)) {
          return ctx.refusal('RECORD_MEMBER_UNKNOWN', `unknown member "${name}"`, literalWhere(where, base, node, '/' + name, name));
        }
      }
    }
    for (const name of members) {
      if (!v.has(name)) return ctx.refusal('RECORD_MEMBER_MISSING', `a ${kind} Literal needs ${name}`, literalWhere(where, base, node, '/' + name, name));
    }
    switch (kind) {
      case 'boolean':
        if (typeof v.get('value') !== 'boolean') return ctx.refusal('RECORD_MEMBER_TYPE', 'a boolean Literal holds a boolean', literalWhere(where, base, node, '/value'));
        break;
      case 'number': {
        const n = v.get('value');
        if (typeof n !== 'number' && !(n instanceof JsonNumber)) return ctx.refusal('RECORD_MEMBER_TYPE', 'a number Literal holds a number', literalWhere(where, base, node, '/value'));
        break;
      }
      case 'string':
        if (typeof v.get('value') !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'a string Literal holds a string', literalWhere(where, base, node, '/value'));
        break;
      case 'enum':
        if (typeof v.get('name') !== 'string') return ctx.refusal('RECORD_MEMBER_TYPE', 'an enum Literal name is a string', literalWhere(where, base, node, '/name'));
        break;
      case 'array': {
        const items = v.get('items');
        if (!Array.isArray(items)) return ctx.refusal('RECORD_MEMBER_TYPE', 'an array Literal holds items', literalWhere(where, base, node, '/items'));
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
      let ref: number;
      if (typeof type === 'number') {
        ref = type;
      } else {
        const r = ctx.readIndex(type, literalWhere(where, base, node, '/type'));
        if (!r.ok) return r;
        ref = r.value;
      }
      refs.push(new LiteralTypeRef(ref, node, base));
    }
  }
  return OK;
}
