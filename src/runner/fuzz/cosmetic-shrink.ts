/**
 * The cosmetic pass after fast-check's structural shrink: where the format says spacing and member
 * order carry no meaning for an op, the shrunk input is rewritten compact and (where the format has
 * one) in its canonical member order — kept only when the same finding still reproduces on the
 * rewritten bytes. A person then reads `{"schema":3,…}` instead of a shuffled, tab-padded line,
 * and whatever spacing is left is spacing the disagreement needs.
 *
 * Only whole JSON values are rewritten: a line (or text) that does not scan as one JSON value is
 * kept byte for byte, because its bytes may be what the disagreement is about. Tokens keep their
 * bytes (number lexemes, string escapes); only the bytes between tokens and the order of members go.
 */
import type { OpName } from '../../shared/ops.ts';

/** The member order one object level should take, and the orders of the levels under its members. */
export interface MemberOrder {
  /** Names in canonical order; members not named here follow them in their original order. */
  readonly order: readonly string[];
  /** The order of the object held by a member, by member name. */
  readonly members?: Readonly<Record<string, MemberOrder>>;
  /** The order of the objects that are items of an array held by a member, by member name. */
  readonly items?: Readonly<Record<string, MemberOrder>>;
}

/** What the format lets the cosmetic pass change in an op's input. */
export interface CosmeticRules {
  /** The input is LF-separated lines, each rewritten on its own; otherwise it is one JSON text. */
  readonly lines: boolean;
  /** The bytes that are insignificant between tokens. */
  readonly spacing: readonly number[];
  /** The canonical member order of a line's (or the text's) root object; undefined: order is kept. */
  readonly order?: MemberOrder;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

/** R-J8: an entry's and its metadata's canonical member order. */
const JOURNAL_METADATA: MemberOrder = { order: ['principal', 'correlation', 'causation', 'request', 'link', 'at_us'] };
const JOURNAL_ENTRY: MemberOrder = { order: ['position', 'kind', 'id', 'version', 'metadata', 'payload'], members: { metadata: JOURNAL_METADATA } };

/**
 * The ops whose inputs have insignificant spacing, by the format's own words. Ops that are absent
 * (bundles, binary encodings) are left as fast-check shrank them.
 */
export const COSMETIC_RULES: Partial<Record<OpName, CosmeticRules>> = {
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
  // CG-FILE-1: space and tab between tokens (CR only in core, so it stays). R-C1: member order is free, writers put `t` first.
  'codegraph.read': { lines: true, spacing: [SPACE, TAB], order: { order: ['t'] } },
  // MORPH-IR-2: whitespace may surround tokens, but members keep display order (the IR sees it).
  'morph.c14n': { lines: false, spacing: [SPACE, TAB, LF, CR] },
};

/** Testee runs the cosmetic pass may spend on one finding (apart from --shrink-budget, so a replay reproduces it). */
export const COSMETIC_BUDGET = 32;

/** Deeper values are left as they are (the pass recurses; such inputs are about depth anyway). */
const MAX_DEPTH = 256;

type Node =
  | { readonly kind: 'token'; readonly start: number; readonly end: number }
  | { readonly kind: 'array'; readonly items: readonly Node[] }
  | { readonly kind: 'object'; readonly members: readonly { readonly name: string; readonly key: Node; readonly value: Node }[] };

const STRUCTURAL = new Set([0x7b, 0x7d, 0x5b, 0x5d, 0x2c, 0x3a, 0x22]);

/** Scans one JSON value from `start` (spacing around tokens allowed); undefined when none starts there. */
function scanValue(bytes: Uint8Array, start: number, end: number, spacing: ReadonlySet<number>): { node: Node; end: number } | undefined {
  let i = start;
  const skip = () => {
    while (i < end && spacing.has(bytes[i]!)) i++;
  };
  const value = (depth: number): Node | undefined => {
    if (depth > MAX_DEPTH) return undefined;
    skip();
    if (i >= end) return undefined;
    const b = bytes[i]!;
    if (b === 0x22) {
      const s = i++;
      while (i < end && bytes[i] !== 0x22) i += bytes[i] === 0x5c ? 2 : 1;
      if (i >= end) return undefined;
      i++;
      return { kind: 'token', start: s, end: i };
    }
    if (b === 0x5b) {
      i++;
      const items: Node[] = [];
      skip();
      if (bytes[i] === 0x5d) {
        i++;
        return { kind: 'array', items };
      }
      for (;;) {
        const item = value(depth + 1);
        if (!item) return undefined;
        items.push(item);
        skip();
        if (bytes[i] === 0x2c) i++;
        else if (bytes[i] === 0x5d) {
          i++;
          return { kind: 'array', items };
        } else return undefined;
      }
    }
    if (b === 0x7b) {
      i++;
      const members: { name: string; key: Node; value: Node }[] = [];
      skip();
      if (bytes[i] === 0x7d) {
        i++;
        return { kind: 'object', members };
      }
      for (;;) {
        skip();
        if (bytes[i] !== 0x22) return undefined;
        const key = value(depth + 1);
        if (key?.kind !== 'token') return undefined;
        skip();
        if (bytes[i] !== 0x3a) return undefined;
        i++;
        const v = value(depth + 1);
        if (!v) return undefined;
        // The raw name (escapes not decoded): an escaped name is not a canonical name and keeps its place.
        members.push({ name: Buffer.from(bytes.subarray(key.start + 1, key.end - 1)).toString('latin1'), key, value: v });
        skip();
        if (bytes[i] === 0x2c) i++;
        else if (bytes[i] === 0x7d) {
          i++;
          return { kind: 'object', members };
        } else return undefined;
      }
    }
    // A bare token (number or literal): kept byte for byte, whatever its spelling.
    const s = i;
    while (i < end && !STRUCTURAL.has(bytes[i]!) && !spacing.has(bytes[i]!)) i++;
    return i > s ? { kind: 'token', start: s, end: i } : undefined;
  };
  const root = value(0);
  return root ? { node: root, end: i } : undefined;
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

function writeNode(bytes: Uint8Array, node: Node, order: MemberOrder | undefined, out: number[]): void {
  if (node.kind === 'token') {
    for (let i = node.start; i < node.end; i++) out.push(bytes[i]!);
  } else if (node.kind === 'array') {
    out.push(0x5b);
    node.items.forEach((item, at) => {
      if (at > 0) out.push(0x2c);
      writeNode(bytes, item, order, out);
    });
    out.push(0x5d);
  } else {
    out.push(0x7b);
    ordered(node.members, order).forEach((m, at) => {
      if (at > 0) out.push(0x2c);
      writeNode(bytes, m.key, undefined, out);
      out.push(0x3a);
      const inner = order?.members?.[m.name] ?? (m.value.kind === 'array' ? order?.items?.[m.name] : undefined);
      writeNode(bytes, m.value, order ? inner : undefined, out);
    });
    out.push(0x7d);
  }
}

/** The compact (and, with `reorder`, canonically ordered) form of one unit, or the unit itself when it is no JSON value. */
function rewriteUnit(bytes: Uint8Array, start: number, end: number, rules: CosmeticRules, reorder: boolean): Uint8Array {
  const unit = bytes.subarray(start, end);
  const spacing = new Set(rules.spacing);
  // Stray bytes right before the root's bracket (a BOM, a mutated byte) and whatever follows the root
  // value (a CR, a second value) are kept byte for byte: they are likely what the finding is about.
  let from = start;
  while (from < end && !STRUCTURAL.has(bytes[from]!) && !spacing.has(bytes[from]!)) from++;
  if (from === end || (bytes[from] !== 0x7b && bytes[from] !== 0x5b)) from = start;
  const scanned = scanValue(bytes, from, end, spacing);
  if (!scanned) return unit;
  let rest = scanned.end;
  while (rest < end && spacing.has(bytes[rest]!)) rest++;
  const out: number[] = [...bytes.subarray(start, from)];
  writeNode(bytes, scanned.node, reorder ? rules.order : undefined, out);
  // Spacing before trailing bytes is kept with them: it may separate two tokens.
  for (let i = rest < end ? scanned.end : end; i < end; i++) out.push(bytes[i]!);
  return Uint8Array.from(out);
}

/** The units the pass rewrites: the LF-separated lines (the last one may lack its LF), or the whole input. */
function unitsOf(bytes: Uint8Array, rules: CosmeticRules): { start: number; end: number }[] {
  if (!rules.lines) return [{ start: 0, end: bytes.length }];
  const units: { start: number; end: number }[] = [];
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
 * `input` with the chosen units rewritten compact (and reordered with `reorder`); line separators
 * and every unit that is no JSON value stay as they were.
 */
export function rewriteCosmetically(input: Uint8Array, rules: CosmeticRules, reorder: boolean, pick: (unit: number) => boolean = () => true): Uint8Array {
  const units = unitsOf(input, rules);
  const parts: Uint8Array[] = [];
  units.forEach((u, at) => {
    if (at > 0) parts.push(Uint8Array.of(LF));
    parts.push(pick(at) ? rewriteUnit(input, u.start, u.end, rules, reorder) : input.subarray(u.start, u.end));
  });
  return new Uint8Array(Buffer.concat(parts));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.length).equals(Buffer.from(b.buffer, b.byteOffset, b.length));
}

/**
 * Removes cosmetic differences from a shrunk input while `stillFails` says the finding survives:
 * first all units compact, else unit by unit; then the same with canonical member order. At most
 * `budget` calls of `stillFails`. Resolves to the input unchanged for an op without cosmetic rules.
 */
export async function shrinkCosmetically(
  op: OpName,
  input: Uint8Array,
  stillFails: (candidate: Uint8Array) => Promise<boolean>,
  budget = COSMETIC_BUDGET,
): Promise<Uint8Array> {
  const rules = COSMETIC_RULES[op];
  if (!rules) return input;
  let current = input;
  let left = budget;
  const attempt = async (candidate: Uint8Array): Promise<boolean> => {
    if (sameBytes(candidate, current) || left <= 0) return false;
    left--;
    if (!(await stillFails(candidate))) return false;
    current = candidate;
    return true;
  };
  for (const reorder of rules.order ? [false, true] : [false]) {
    if (await attempt(rewriteCosmetically(current, rules, reorder))) continue;
    // The whole rewrite lost the finding: some unit's spacing or order matters; keep that one as it is.
    const count = unitsOf(current, rules).length;
    for (let unit = 0; unit < count && left > 0; unit++) await attempt(rewriteCosmetically(current, rules, reorder, (u) => u === unit));
  }
  return current;
}
