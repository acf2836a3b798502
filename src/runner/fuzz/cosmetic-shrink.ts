/**
 * The cosmetic pass after fast-check's structural shrink: where the format says spacing and member
 * order carry no meaning for an op, the shrunk input is rewritten compact, in its canonical member
 * order, or both — each rewrite kept only when the same finding (class, oracle code, rule) still
 * reproduces on the rewritten bytes. A person then reads `{"schema":3,…}` instead of a shuffled,
 * tab-padded line; whatever spacing is left is spacing the disagreement needs, and even then the
 * members stand in canonical order around it.
 *
 * Only whole JSON values are rewritten: a line (or text) that does not scan as one JSON value by the
 * shared token toolkit (R-S1 tokens: strings with their escapes, number lexemes, literals) is kept
 * byte for byte, because its bytes may be what the disagreement is about. Tokens keep their bytes
 * (number lexemes, string escapes); only the bytes between tokens and the order of members change.
 */
import { COUNT_MEMBERS, DICT_MEMBERS, EDGE_MEMBERS, ENTITY_CORE_MEMBERS, EOF_MEMBERS, FILE_MEMBERS, HEADER_MEMBERS } from '../../codegraph/constants.ts';
import { ENTRY_MEMBERS, METADATA_MEMBERS } from '../../journal/constants.ts';
import { ARTIFACT_MEMBER_ORDER } from '../../morph/bundle/constants.ts';
import { BYTE } from '../../shared/json/constants.ts';
import { LITERAL_FALSE, LITERAL_NULL, LITERAL_TRUE, scanLiteral, scanNumber, scanStringBody, TOKEN_FAILED, TokenScan } from '../../shared/json/scan-tokens.ts';
import type { OpName } from '../../shared/ops.ts';
import { compareUtf16 } from '../../shared/text.ts';

/** The member order one object level should take, and the orders of the levels under its members. */
export interface MemberOrder {
  /** Names in canonical order; members not named here follow them in their original order. */
  readonly order: readonly string[];
  /** The order of the object held by a member, by member name. */
  readonly members?: Readonly<Record<string, MemberOrder>>;
  /** The order of the objects that are items of an array held by a member, by member name. */
  readonly items?: Readonly<Record<string, MemberOrder>>;
  /**
   * The order depends on the object's record type: the string value of `member` picks one of
   * `orders` (codegraph's `t`, CG-WRITE-1); an object of no listed type keeps its order. When set,
   * `order` applies to no object.
   */
  readonly byType?: { readonly member: string; readonly orders: Readonly<Record<string, MemberOrder>> };
}

/** What the format lets the cosmetic pass change in an op's input. */
export interface CosmeticRules {
  /** The input is LF-separated lines, each rewritten on its own; otherwise it is one JSON text. */
  readonly lines: boolean;
  /** The bytes that are insignificant between tokens. */
  readonly spacing: readonly number[];
  /** The canonical member order of a line's (or the text's) root object; undefined: order is kept. */
  readonly order?: MemberOrder;
  /**
   * Lines may change places where the format says so: returns the lines (each one unit) in canonical
   * record order, or undefined when nothing moves. Tried as a whole, after the member passes.
   */
  readonly recordOrder?: (bytes: Uint8Array, units: readonly Unit[]) => readonly Unit[] | undefined;
  /**
   * A root member whose string value is a whole file of another op in canonical padded base64 (RFC
   * 4648 §4): the passes rewrite that file by its op's rules and encode it again.
   */
  readonly embedded?: { readonly member: string; readonly op: OpName };
}

/** One unit of an input: a line (without its LF) or the whole text, by byte range. */
export interface Unit {
  readonly start: number;
  readonly end: number;
}

/** An op whose input has nothing cosmetic: why, by rule. */
export interface NoCosmeticRules {
  readonly none: string;
}

/** The three rewrites, tried in this order: spacing first (the common noise), then order on top, then order alone. */
export const COSMETIC_PASSES = ['compact', 'compact-ordered', 'ordered'] as const;
export type CosmeticPass = (typeof COSMETIC_PASSES)[number];

const { SPACE, TAB, LF, CR } = BYTE;
/** RFC 8259 whitespace: what the strict JSON core skips between tokens of a whole JSON text (R-S1). */
const JSON_SPACING = [SPACE, TAB, LF, CR];

/** R-J8: an entry's and its metadata's canonical member order (the journal writer's own lists). */
const JOURNAL_METADATA: MemberOrder = { order: METADATA_MEMBERS };
const JOURNAL_ENTRY: MemberOrder = { order: ENTRY_MEMBERS, members: { metadata: JOURNAL_METADATA } };

/** CG-WRITE-1: a Literal has `k` first, then its kind's members in R-C8 order; a NamedArgument is `name, value`. */
const CODEGRAPH_LITERAL: { order: readonly string[]; items: Record<string, MemberOrder> } = { order: ['k', 'value', 'type', 'name', 'items', 'arguments'], items: {} };
const CODEGRAPH_ARGUMENT: MemberOrder = { order: ['name', 'value'], members: { value: CODEGRAPH_LITERAL } };
// A Literal nests: `items` holds Literals, `arguments` NamedArguments, whose `value` is a Literal again.
CODEGRAPH_LITERAL.items.items = CODEGRAPH_LITERAL;
CODEGRAPH_LITERAL.items.arguments = CODEGRAPH_ARGUMENT;

/**
 * CG-WRITE-1: each record type's member order (the codegraph writer's own lists). An entity's attributes follow `d` in the order given
 * (they are not named here, so they keep their relative order); its `value` attribute is a Literal.
 */
const CODEGRAPH_RECORD: MemberOrder = {
  order: [],
  byType: {
    member: 't',
    orders: {
      header: {
        order: HEADER_MEMBERS,
        members: { dict: { order: DICT_MEMBERS } },
      },
      f: { order: FILE_MEMBERS },
      e: { order: ENTITY_CORE_MEMBERS, members: { value: CODEGRAPH_LITERAL } },
      x: { order: EDGE_MEMBERS, items: { arguments: CODEGRAPH_ARGUMENT } },
      eof: { order: EOF_MEMBERS, members: { counts: { order: COUNT_MEMBERS } } },
    },
  },
};

/** MORPH-ART-2, in the artifact writer's own order. Options, layout metadata and schema are the codec's or the user's: kept. */
const MORPH_ARTIFACT: MemberOrder = (() => {
  const o = ARTIFACT_MEMBER_ORDER;
  return {
    order: o.envelope,
    members: {
      plan: { order: o.plan },
      section: { order: o.section },
      modelDependencies: { order: o.modelDependencies },
      target: { order: o.target },
      requestFrame: { order: o.requestFrame, members: { task: { order: o.task } } },
      integrity: { order: o.integrity },
    },
  };
})();

/** CG-ORD-4's edge key: `f`, `o`, `k`, the anchor's file, start and end, `p`. */
const EDGE_KEY = ['f', 'o', 'k', 'anchor', 'p'];

/**
 * CG-WRITE-1: edges with equal CG-ORD-4 keys are ordered by their text. The file, entity and edge
 * orders themselves are rules a reader checks (FILE_ORDER, ENTITY_ORDER, EDGE_ORDER), and moving an f
 * or e record renumbers it: only a run of consecutive x lines whose keys are written alike (the same
 * lexemes) may change places.
 */
function orderTiedEdges(bytes: Uint8Array, units: readonly Unit[]): readonly Unit[] | undefined {
  const spacing = new Set([SPACE, TAB]);
  const keyOf = (u: Unit): string | undefined => {
    const scanned = scanValue(bytes, u.start, u.end, spacing);
    if (scanned?.node.kind !== 'object' || scanned.end !== u.end) return undefined;
    const members = scanned.node.members;
    if (textOf(bytes, members.find((m) => m.name === 't')?.value) !== '"x"') return undefined;
    // Each key member written once, compactly (the anchor: its three items); else the edge stays put.
    const parts: string[] = [];
    for (const name of EDGE_KEY) {
      const found = members.filter((m) => m.name === name);
      if (found.length !== 1) return undefined;
      const v = found[0]!.value;
      parts.push(v.kind === 'array' ? v.items.map((item) => textOf(bytes, item) ?? '?').join(',') : (textOf(bytes, v) ?? '?'));
    }
    return parts.includes('?') ? undefined : parts.join(' ');
  };
  const out = [...units];
  let moved = false;
  for (let at = 0; at < out.length; ) {
    const key = keyOf(out[at]!);
    let to = at + 1;
    while (key !== undefined && to < out.length && keyOf(out[to]!) === key) to++;
    if (to - at > 1) {
      const line = (u: Unit) => Buffer.from(bytes.subarray(u.start, u.end)).toString('utf8');
      const run = out.slice(at, to).sort((a, b) => compareUtf16(line(a), line(b)));
      if (run.some((u, i) => u !== out[at + i])) moved = true;
      out.splice(at, to - at, ...run);
    }
    at = to;
  }
  return moved ? out : undefined;
}

/** The bytes of a token node as Latin-1 text (undefined for a container or no node). */
function textOf(bytes: Uint8Array, node: Node | undefined): string | undefined {
  return node?.kind === 'token' ? Buffer.from(bytes.subarray(node.start, node.end)).toString('latin1') : undefined;
}

/**
 * What each op's input lets the pass change, by the format's own words; every op has a decision.
 * Strings are never touched but for an `embedded` file (the journal of journal.append): the JSON
 * text inside morph.encode's `input` string keeps its bytes.
 */
export const COSMETIC_RULES: Readonly<Record<OpName, CosmeticRules | NoCosmeticRules>> = {
  // JRN-LINE-1: inside a line only space and tab are insignificant. R-J8: readers accept any member
  // order; writers use header, frame and entry orders (the three share no member name). Payloads
  // are the application's: their order is kept.
  'journal.read': {
    lines: true,
    spacing: [SPACE, TAB],
    order: {
      order: ['schema', 'generation', 'origin', 'group', 'first', 'frontier', 'entries', ...JOURNAL_ENTRY.order],
      members: JOURNAL_ENTRY.members,
      items: { entries: JOURNAL_ENTRY },
    },
  },
  // JRN-OP-1: one strict JSON object (R-S1 whitespace between tokens), `journal` then `group`, the
  // group's entries in the wire shape of JRN-ENT-1, whose canonical order is R-J8's.
  // The journal it carries is a journal file: its lines take journal.read's passes. An append forwards
  // stored lines byte for byte (R-J8), so this changes the expected bytes (the oracle's observation),
  // never the verdict or code; like every rewrite it is kept only when the finding survives it.
  'journal.append': {
    lines: false,
    spacing: JSON_SPACING,
    order: { order: ['journal', 'group'], items: { group: JOURNAL_ENTRY } },
    embedded: { member: 'journal', op: 'journal.read' },
  },
  // JRN-OP-3: a strict JSON array of strings: spacing only (an array has no member order).
  'journal.track-key': { lines: false, spacing: JSON_SPACING },
  // CG-FILE-1: space and tab between tokens (CR only in core, so it stays). R-C1: member order is
  // free; CG-WRITE-1 gives each record type's canonical order.
  'codegraph.read': { lines: true, spacing: [SPACE, TAB], order: CODEGRAPH_RECORD, recordOrder: orderTiedEdges },
  // MORPH-IR-2: whitespace may surround tokens, but members keep display order (the IR sees it).
  'morph.c14n': { lines: false, spacing: JSON_SPACING },
  // MORPH-CTX-2..8, R-M6a, R-M11: a bundle's header, markers and sections are exact text (METADATA and
  // SCHEMA are JCS, payloads canonical, the boundary derived from the content): no byte is cosmetic.
  'morph.decode': { none: 'MORPH-CTX-2..8, R-M6a, R-M11: every byte of a bundle is significant (exact markers, JCS sections, canonical payloads, a boundary derived from them)' },
  // MORPH-ART-1: one strict JSON text; member order and insignificant whitespace are free. The
  // order is MORPH-ART-2's (the first unknown member in document order is what a reader reports,
  // so a reorder can change the code: the finding check keeps it then).
  'morph.import': { lines: false, spacing: JSON_SPACING, order: MORPH_ARTIFACT },
  // MORPH-ENC-1: a strict JSON object `input`, `plan` (`encoding`, `formatVersion`, `options`), `guide`
  // (`id`, `version`, `text`, MORPH-ENC-2); the codec options are kept as given.
  'morph.encode': {
    lines: false,
    spacing: JSON_SPACING,
    order: { order: ['input', 'plan', 'guide'], members: { plan: { order: ['encoding', 'formatVersion', 'options'] }, guide: { order: ['id', 'version', 'text'] } } },
  },
};

/** The op's cosmetic rules, or undefined when nothing in its input is cosmetic. */
export function cosmeticRules(op: OpName): CosmeticRules | undefined {
  const rules = COSMETIC_RULES[op];
  return 'none' in rules ? undefined : rules;
}

/** Testee runs the cosmetic pass may spend on one finding (apart from --shrink-budget, so a replay reproduces it). */
export const COSMETIC_BUDGET = 32;

/** Deeper values are left as they are (the pass recurses; such inputs are about depth anyway). */
const MAX_DEPTH = 256;

interface Member {
  /** The raw name (escapes not decoded): an escaped name is not a canonical name and keeps its place. */
  readonly name: string;
  readonly key: Node;
  readonly value: Node;
}

/** A scanned value: its byte range, and for a container its parts (the bytes between them are spacing and punctuation). */
type Node =
  | { readonly kind: 'token'; readonly start: number; readonly end: number }
  | { readonly kind: 'array'; readonly start: number; readonly end: number; readonly items: readonly Node[] }
  | { readonly kind: 'object'; readonly start: number; readonly end: number; readonly members: readonly Member[] };

/** Scans one JSON value from `start` (spacing around tokens allowed); undefined when none starts there. */
function scanValue(bytes: Uint8Array, start: number, end: number, spacing: ReadonlySet<number>): { node: Node; end: number } | undefined {
  const scan = new TokenScan();
  let i = start;
  const skip = () => {
    while (i < end && spacing.has(bytes[i]!)) i++;
  };
  const token = (after: number): Node | undefined => {
    if (after === TOKEN_FAILED) return undefined;
    const node: Node = { kind: 'token', start: i, end: after };
    i = after;
    return node;
  };
  const value = (depth: number): Node | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    skip();
    if (i >= end) return undefined;
    const b = bytes[i]!;
    const s = i;
    if (b === BYTE.QUOTE) {
      // Lone surrogate escapes are tokens here: whether they are allowed is the reader's question.
      const close = scanStringBody(bytes, i + 1, end, scan, true);
      return token(close === TOKEN_FAILED ? close : close + 1);
    }
    if (b === BYTE.LOWER_T) return token(scanLiteral(bytes, i, end, LITERAL_TRUE, scan));
    if (b === BYTE.LOWER_F) return token(scanLiteral(bytes, i, end, LITERAL_FALSE, scan));
    if (b === BYTE.LOWER_N) return token(scanLiteral(bytes, i, end, LITERAL_NULL, scan));
    if (b === BYTE.MINUS || (b >= BYTE.ZERO && b <= BYTE.NINE)) return token(scanNumber(bytes, i, end, scan));
    if (b === BYTE.LEFT_BRACKET) {
      i++;
      const items: Node[] = [];
      skip();
      if (bytes[i] === BYTE.RIGHT_BRACKET) {
        i++;
        return { kind: 'array', start: s, end: i, items };
      }
      for (;;) {
        const item = value(depth + 1);
        if (!item) return undefined;
        items.push(item);
        skip();
        if (bytes[i] === BYTE.COMMA) i++;
        else if (bytes[i] === BYTE.RIGHT_BRACKET) {
          i++;
          return { kind: 'array', start: s, end: i, items };
        } else return undefined;
      }
    }
    if (b === BYTE.LEFT_BRACE) {
      i++;
      const members: Member[] = [];
      skip();
      if (bytes[i] === BYTE.RIGHT_BRACE) {
        i++;
        return { kind: 'object', start: s, end: i, members };
      }
      for (;;) {
        skip();
        if (bytes[i] !== BYTE.QUOTE) return undefined;
        const key = value(depth + 1);
        if (!key) return undefined;
        skip();
        if (bytes[i] !== BYTE.COLON) return undefined;
        i++;
        const v = value(depth + 1);
        if (!v) return undefined;
        members.push({ name: Buffer.from(bytes.subarray(key.start + 1, key.end - 1)).toString('latin1'), key, value: v });
        skip();
        if (bytes[i] === BYTE.COMMA) i++;
        else if (bytes[i] === BYTE.RIGHT_BRACE) {
          i++;
          return { kind: 'object', start: s, end: i, members };
        } else return undefined;
      }
    }
    return undefined;
  };
  const root = value(0);
  return root ? { node: root, end: i } : undefined;
}

/** The order of one object: its record type's where the order depends on it, else `order` itself. */
function orderOf(bytes: Uint8Array, node: Node & { kind: 'object' }, order: MemberOrder | undefined): MemberOrder | undefined {
  if (!order?.byType) return order;
  const type = node.members.find((m) => m.name === order.byType!.member)?.value;
  if (type?.kind !== 'token' || bytes[type.start] !== BYTE.QUOTE) return undefined;
  const name = Buffer.from(bytes.subarray(type.start + 1, type.end - 1)).toString('latin1');
  return Object.hasOwn(order.byType.orders, name) ? order.byType.orders[name] : undefined;
}

function ordered<T extends { readonly name: string }>(members: readonly T[], order: MemberOrder | undefined): readonly T[] {
  if (!order) return members;
  const rank = (name: string) => {
    const r = order.order.indexOf(name);
    return r < 0 ? order.order.length : r;
  };
  // Stable: unnamed members (and duplicates) keep their relative order.
  return members.map((m, at) => ({ m, at })).sort((a, b) => rank(a.m.name) - rank(b.m.name) || a.at - b.at).map((x) => x.m);
}

/** How one rewrite treats a value: drop the spacing between tokens or keep it, and put members in canonical order or not. */
interface RewriteMode {
  readonly compact: boolean;
  readonly reorder: boolean;
  /** Tokens written as other bytes (an embedded file rewritten by its own op's rules). */
  readonly replace?: ReadonlyMap<Node, Uint8Array>;
}

function copy(bytes: Uint8Array, from: number, to: number, out: number[]): void {
  for (let i = from; i < to; i++) out.push(bytes[i]!);
}

/**
 * Writes `node`. Compact: punctuation only between tokens. Spacing kept: each gap (after an opening
 * bracket, between two parts, before the closing one) keeps its bytes and its place, so reordered
 * members move and the layout stays; inside a member, the bytes around its colon go with it.
 */
function writeNode(bytes: Uint8Array, node: Node, order: MemberOrder | undefined, mode: RewriteMode, out: number[]): void {
  if (node.kind === 'token') {
    const replaced = mode.replace?.get(node);
    if (replaced) for (const b of replaced) out.push(b);
    else copy(bytes, node.start, node.end, out);
    return;
  }
  const parts: readonly { readonly start: number; readonly end: number }[] = node.kind === 'array' ? node.items : node.members.map((m) => ({ start: m.key.start, end: m.value.end }));
  const open = node.kind === 'array' ? BYTE.LEFT_BRACKET : BYTE.LEFT_BRACE;
  const close = node.kind === 'array' ? BYTE.RIGHT_BRACKET : BYTE.RIGHT_BRACE;
  out.push(open);
  if (parts.length === 0) {
    if (!mode.compact) copy(bytes, node.start + 1, node.end - 1, out);
    out.push(close);
    return;
  }
  if (!mode.compact) copy(bytes, node.start + 1, parts[0]!.start, out);
  const levelOrder = node.kind === 'object' ? orderOf(bytes, node, order) : undefined;
  const writeAt = (at: number) => {
    if (node.kind === 'array') {
      writeNode(bytes, node.items[at]!, order, mode, out);
      return;
    }
    const members = mode.reorder ? ordered(node.members, levelOrder) : node.members;
    const m = members[at]!;
    copy(bytes, m.key.start, m.key.end, out);
    if (mode.compact) out.push(BYTE.COLON);
    else copy(bytes, m.key.end, m.value.start, out);
    const inner = levelOrder?.members?.[m.name] ?? (m.value.kind === 'array' ? levelOrder?.items?.[m.name] : undefined);
    writeNode(bytes, m.value, inner, mode, out);
  };
  for (let at = 0; at < parts.length; at++) {
    if (at > 0) {
      // The separator of this position (comma and its spacing) stays in place whatever member moves there.
      if (mode.compact) out.push(BYTE.COMMA);
      else copy(bytes, parts[at - 1]!.end, parts[at]!.start, out);
    }
    writeAt(at);
  }
  if (!mode.compact) copy(bytes, parts[parts.length - 1]!.end, node.end - 1, out);
  out.push(close);
}

/** Whether `b` may stand right before the root value's bracket as a stray byte (not structural, not spacing). */
function isStray(b: number, spacing: ReadonlySet<number>): boolean {
  return !spacing.has(b) && b !== BYTE.LEFT_BRACE && b !== BYTE.LEFT_BRACKET && b !== BYTE.QUOTE && b !== BYTE.RIGHT_BRACE && b !== BYTE.RIGHT_BRACKET && b !== BYTE.COMMA && b !== BYTE.COLON;
}

/** One unit rewritten by `pass`, or the unit itself when it is no JSON value. */
function rewriteUnit(bytes: Uint8Array, start: number, end: number, rules: CosmeticRules, pass: CosmeticPass): Uint8Array {
  const unit = bytes.subarray(start, end);
  const spacing = new Set(rules.spacing);
  // Stray bytes right before the root's bracket (a BOM, a mutated byte) and whatever follows the root
  // value (a CR, a second value) are kept byte for byte: they are likely what the finding is about.
  let from = start;
  while (from < end && isStray(bytes[from]!, spacing)) from++;
  if (from === end || (bytes[from] !== BYTE.LEFT_BRACE && bytes[from] !== BYTE.LEFT_BRACKET)) from = start;
  const scanned = scanValue(bytes, from, end, spacing);
  if (!scanned) return unit;
  const replace = rules.embedded ? rewriteEmbedded(bytes, scanned.node, rules.embedded, pass) : undefined;
  const mode: RewriteMode = { compact: pass !== 'ordered', reorder: pass !== 'compact', ...(replace ? { replace } : {}) };
  const out: number[] = [];
  copy(bytes, start, from, out);
  if (!mode.compact) {
    // Spacing kept: the bytes around the root value stay as they were.
    copy(bytes, from, scanned.node.start, out);
    writeNode(bytes, scanned.node, rules.order, mode, out);
    copy(bytes, scanned.end, end, out);
    return Uint8Array.from(out);
  }
  let rest = scanned.end;
  while (rest < end && spacing.has(bytes[rest]!)) rest++;
  writeNode(bytes, scanned.node, rules.order, mode, out);
  // Spacing before trailing bytes is kept with them: it may separate two tokens.
  copy(bytes, rest < end ? scanned.end : end, end, out);
  return Uint8Array.from(out);
}

/** RFC 4648 §4 alphabet and padding: a string body of only these bytes needs no unescaping. */
const BASE64_BODY = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The embedded file of `root` (its member `embedded.member`, a canonical padded base64 string)
 * rewritten by its op's rules for `pass` and encoded again, as a replacement for that token; none
 * when the member is absent, repeated, not such a string, or the rewrite changes nothing.
 */
function rewriteEmbedded(bytes: Uint8Array, root: Node, embedded: NonNullable<CosmeticRules['embedded']>, pass: CosmeticPass): Map<Node, Uint8Array> | undefined {
  if (root.kind !== 'object') return undefined;
  const found = root.members.filter((m) => m.name === embedded.member);
  const token = found.length === 1 ? found[0]!.value : undefined;
  const rules = cosmeticRules(embedded.op);
  const body = textOf(bytes, token)?.slice(1, -1);
  if (!token || !rules || bytes[token.start] !== BYTE.QUOTE || body === undefined || !BASE64_BODY.test(body)) return undefined;
  const file = Buffer.from(body, 'base64');
  // Only a canonical encoding is decoded: another spelling of the same bytes may be the finding (JRN-OP-1).
  if (file.toString('base64') !== body) return undefined;
  const rewritten = Buffer.from(rewriteCosmetically(new Uint8Array(file), rules, pass));
  if (rewritten.equals(file)) return undefined;
  return new Map([[token, new Uint8Array(Buffer.from(`"${rewritten.toString('base64')}"`, 'latin1'))]]);
}

/** `input` with its units in the order `order` gives (the LF separators stay in place). */
function joinUnits(input: Uint8Array, order: readonly Unit[]): Uint8Array {
  const parts: Uint8Array[] = [];
  order.forEach((u, at) => {
    if (at > 0) parts.push(Uint8Array.of(LF));
    parts.push(input.subarray(u.start, u.end));
  });
  return new Uint8Array(Buffer.concat(parts));
}

/** `input` with its records in canonical order where the format lets them move, or undefined when none moves (or the op has no such rule). */
export function reorderRecords(input: Uint8Array, rules: CosmeticRules): Uint8Array | undefined {
  const order = rules.recordOrder?.(input, unitsOf(input, rules));
  return order ? joinUnits(input, order) : undefined;
}

/** The units the pass rewrites: the LF-separated lines (the last one may lack its LF), or the whole input. */
function unitsOf(bytes: Uint8Array, rules: CosmeticRules): Unit[] {
  if (!rules.lines) return [{ start: 0, end: bytes.length }];
  const units: Unit[] = [];
  let start = 0;
  for (let i = 0; i <= bytes.length; i++) {
    if (i === bytes.length || bytes[i] === LF) {
      units.push({ start, end: i });
      start = i + 1;
    }
  }
  return units;
}

/**
 * `input` with the chosen units rewritten by `pass`; line separators and every unit that is no JSON
 * value stay as they were.
 */
export function rewriteCosmetically(input: Uint8Array, rules: CosmeticRules, pass: CosmeticPass, pick: (unit: number) => boolean = () => true): Uint8Array {
  const units = unitsOf(input, rules);
  const parts: Uint8Array[] = [];
  units.forEach((u, at) => {
    if (at > 0) parts.push(Uint8Array.of(LF));
    parts.push(pick(at) ? rewriteUnit(input, u.start, u.end, rules, pass) : input.subarray(u.start, u.end));
  });
  return new Uint8Array(Buffer.concat(parts));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/**
 * Removes cosmetic differences from a shrunk input while `stillFails` says the finding survives. Per
 * pass (compact; compact in canonical order; canonical order with the spacing kept, for the units
 * whose spacing the finding needs): all units at once, else unit by unit; then the records in
 * canonical order where the format lets them move (codegraph's tied edges). At most `budget` calls of
 * `stillFails`, none for a rewrite that changes nothing. Resolves to the input unchanged for an op
 * without cosmetic rules.
 */
export async function shrinkCosmetically(
  op: OpName,
  input: Uint8Array,
  stillFails: (candidate: Uint8Array) => Promise<boolean>,
  budget = COSMETIC_BUDGET,
): Promise<Uint8Array> {
  const rules = cosmeticRules(op);
  if (!rules) return input;
  let current = input;
  let left = budget;
  // A rewrite one pass already tried (the order-only pass of a compacted unit is the compact-ordered one) is not run again.
  const tried = new Set<string>();
  const attempt = async (candidate: Uint8Array): Promise<boolean> => {
    if (sameBytes(candidate, current) || left <= 0) return false;
    const text = Buffer.from(candidate.buffer, candidate.byteOffset, candidate.length).toString('latin1');
    if (tried.has(text)) return false;
    tried.add(text);
    left--;
    if (!(await stillFails(candidate))) return false;
    current = candidate;
    return true;
  };
  for (const pass of rules.order || rules.embedded ? COSMETIC_PASSES : (['compact'] as const)) {
    if (await attempt(rewriteCosmetically(current, rules, pass))) continue;
    // The whole rewrite lost the finding: some unit's spacing or order matters; keep that one as it is.
    const count = unitsOf(current, rules).length;
    for (let unit = 0; unit < count && left > 0; unit++) await attempt(rewriteCosmetically(current, rules, pass, (u) => u === unit));
  }
  // Records last: they are compared by their text, which the member passes made canonical where they could.
  const reordered = reorderRecords(current, rules);
  if (reordered) await attempt(reordered);
  return current;
}
