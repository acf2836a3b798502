/**
 * Format-agnostic, token-aware mutations of JSON-lines bytes, as plain data so that fast-check can
 * shrink them (fewer mutations, smaller indices, earlier table entries). Each mutation picks its
 * target by index modulo the number of candidates, so any mutation applies to any input.
 */
import fc from 'fast-check';
import { scanSpans, type MemberSpan, type Span, type Spans } from './scan-spans.ts';
import { spliceBytes } from '../../shared/byte-edits.ts';

/** One edit of the input bytes. */
export type ByteMutation =
  | { readonly kind: 'number'; readonly nth: number; readonly lexeme: string }
  | { readonly kind: 'string'; readonly nth: number; readonly text: string }
  | { readonly kind: 'value'; readonly nth: number; readonly text: string }
  | { readonly kind: 'set-member'; readonly nth: number; readonly text: string }
  | { readonly kind: 'copy-member'; readonly from: number; readonly to: number }
  | { readonly kind: 'rename-member'; readonly nth: number; readonly name: string }
  | { readonly kind: 'add-member'; readonly nth: number; readonly name: string; readonly text: string }
  | { readonly kind: 'duplicate-member'; readonly nth: number }
  | { readonly kind: 'delete-member'; readonly nth: number }
  | { readonly kind: 'line'; readonly nth: number; readonly edit: LineEdit }
  | { readonly kind: 'truncate'; readonly at: number }
  | { readonly kind: 'prefix'; readonly bytes: readonly number[] }
  | { readonly kind: 'suffix'; readonly bytes: readonly number[] }
  | { readonly kind: 'strip-final-lf' }
  | { readonly kind: 'append-line'; readonly nth: number }
  | { readonly kind: 'insert'; readonly at: number; readonly bytes: readonly number[] }
  | { readonly kind: 'insert-at-line'; readonly nth: number; readonly end: boolean; readonly bytes: readonly number[] }
  | { readonly kind: 'delete'; readonly at: number; readonly length: number };

/** What a line mutation does to the chosen line. */
export type LineEdit = 'duplicate' | 'delete' | 'swap-next' | 'blank-before' | 'spaces-before' | 'cr-before-lf' | 'join-next';

const LINE_EDITS: readonly LineEdit[] = ['duplicate', 'delete', 'swap-next', 'blank-before', 'spaces-before', 'cr-before-lf', 'join-next'];

/** Lexemes that sit on the boundaries the formats draw (R-S2 integer grammars, limits, counts). `+1`/`-1`/`*2` are relative. */
export const NUMBER_LEXEMES: readonly string[] = [
  '+1', '-1', '0', '1', '2', '-0', '1.0', '1e0', '01', '*2', '-2', '255', '256', '257', '1024', '1025',
  '18446744073709551615', '18446744073709551616', '9223372036854775807', '9223372036854775808',
  '-9223372036854775808', '-9223372036854775809', '9007199254740993', '1E400',
];

/** Strings around the rules on text: empty, reserved namespaces, escapes, code-unit versus code-point order, limits. */
export const STRING_TEXTS: readonly string[] = [
  '""', '"harmos:x"', '"harmos:work/a/b/c"', '"harmos:work//b"', '"harmos:work/a/"', '"harmos:sidecar/Ab/c"',
  '"harmos:sidecar/a.b-1/c"', '"harmos:guest//n"', '"\\u0000"', '"\\ud800"', '"\\udc00\\ud800"',
  '"\\ud83d\\ude00"', '"1.0.1"', '"\uffff"', '"\u{10000}"', '"\uff61"', '"a"', '"zz"', '"\u001f"', '"a\\/b"',
  `"${'é'.repeat(513)}"`, `"${'a'.repeat(1025)}"`, `"${'a'.repeat(1024)}"`, '"Transaction"', '"Record"',
];

/** Replacement values of another type or shape. */
export const VALUE_TEXTS: readonly string[] = [
  'null', 'true', '0', '""', '[]', '{}', '-1', '1.0', '"x"', '{"UndoOf":1}', '{"RedoOf":1,"UndoOf":1}', '[0]',
  '{"k":"null"}', '{"k":"nope"}', '[256]', '[-1]', '[1.0]',
];

/** Member names the formats close over or retire. */
export const MEMBER_NAMES: readonly string[] = [
  'at', 'x', 'd', 'group', 'link', 'payload', 'parent', 'name', 'anchor', 'declaredType', 'value', 'sourceFile',
  'arguments', 'comment', 'repository', 'metrics', 'definedIn', 'position', 't',
];

/** Member names whose values the format rules constrain (positions, references, counts, ids, texts). */
export const TARGET_MEMBERS: readonly string[] = [
  'schema', 'generation', 'origin', 'group', 'first', 'frontier', 'position', 'kind', 'id', 'version', 'principal',
  'correlation', 'causation', 'request', 'link', 'UndoOf', 'RedoOf', 'at_us', 'payload',
  't', 'schemaVersion', 'lang', 'i', 'path', 'k', 'tr', 'm', 's', 'd', 'f', 'o', 'p', 'anchor', 'parent', 'declaredType',
  'sourceFile', 'files', 'entities', 'edges', 'kinds', 'traits', 'provenance', 'metrics', 'value', 'type',
];

/** Bytes that break a file's framing or encoding. */
export const INSERT_BYTES: readonly (readonly number[])[] = [
  [0x0d], [0x0a], [0x20], [0x09], [0xef, 0xbb, 0xbf], [0xff], [0xc3], [0xed, 0xa0, 0x80], [0x22], [0x2c], [0x7d],
  [0x00], [0x0a, 0x0a], [0xc0, 0xaf], [0xf4, 0x90, 0x80, 0x80],
];

const index = fc.nat({ max: 1 << 20 });

/** Arbitrary of one mutation. */
export function byteMutation(): fc.Arbitrary<ByteMutation> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('number' as const),
        nth: index,
        lexeme: fc.oneof({ weight: 1, arbitrary: fc.constantFrom('+1', '-1') }, { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LEXEMES) }),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('string' as const), nth: index, text: fc.constantFrom(...STRING_TEXTS) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('value' as const), nth: index, text: fc.constantFrom(...VALUE_TEXTS) }) },
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('set-member' as const),
        nth: index,
        text: fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom('+1', '-1', '0', '1') },
          { weight: 2, arbitrary: fc.constantFrom(...NUMBER_LEXEMES) },
          { weight: 1, arbitrary: fc.constantFrom(...STRING_TEXTS) },
          { weight: 1, arbitrary: fc.constantFrom(...VALUE_TEXTS) },
        ),
      }),
    },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('copy-member' as const), from: index, to: index }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rename-member' as const), nth: index, name: fc.constantFrom(...MEMBER_NAMES) }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('add-member' as const),
        nth: index,
        name: fc.constantFrom(...MEMBER_NAMES),
        text: fc.constantFrom(...VALUE_TEXTS),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate-member' as const), nth: index }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('delete-member' as const), nth: index }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('line' as const), nth: index, edit: fc.constantFrom(...LINE_EDITS) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncate' as const), at: index }) },
    // File boundaries: a byte-order mark or stray byte first, bytes after the end, the final LF, a record after the last.
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('prefix' as const), bytes: fc.constantFrom(...INSERT_BYTES) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('suffix' as const), bytes: fc.constantFrom(...INSERT_BYTES) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('strip-final-lf' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('append-line' as const), nth: index }) },
    // Offset 0 is where a byte-order mark or a stray byte matters most, so it gets its own share.
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('insert' as const), at: fc.oneof(fc.constant(0), index), bytes: fc.constantFrom(...INSERT_BYTES) }) },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('insert-at-line' as const), nth: index, end: fc.boolean(), bytes: fc.constantFrom(...INSERT_BYTES) }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), at: index, length: fc.integer({ min: 1, max: 8 }) }) },
  );
}

function splice(bytes: Uint8Array, span: Span, replacement: Uint8Array | string): Uint8Array {
  return spliceBytes(bytes, span.start, span.end, replacement);
}

const TARGET_KEYS = new Set(TARGET_MEMBERS.map((n) => JSON.stringify(n)));

/** The members whose names the format rules constrain. */
function targetMembers(bytes: Uint8Array, members: readonly MemberSpan[]): MemberSpan[] {
  return members.filter((x) => TARGET_KEYS.has(text(bytes, x.key)));
}

function pick<T>(items: readonly T[], nth: number): T | undefined {
  return items.length === 0 ? undefined : items[nth % items.length];
}

function text(bytes: Uint8Array, span: Span): string {
  return Buffer.from(bytes.subarray(span.start, span.end)).toString('utf8');
}

/** The new lexeme for a number: absolute, or relative to an integer lexeme (`+1`, `-1`, `*2`). */
function numberLexeme(current: string, lexeme: string): string {
  if (lexeme !== '+1' && lexeme !== '-1' && lexeme !== '*2') return lexeme;
  if (!/^-?(0|[1-9][0-9]*)$/.test(current)) return lexeme === '*2' ? current + '0' : current + '1';
  const n = BigInt(current);
  return String(lexeme === '+1' ? n + 1n : lexeme === '-1' ? n - 1n : n * 2n);
}

/** Applies one mutation; an inapplicable one (no candidate) leaves the bytes as they are. `known` are the spans of `bytes`, when scanned already. */
export function applyByteMutation(bytes: Uint8Array, m: ByteMutation, known?: Spans): Uint8Array {
  switch (m.kind) {
    case 'truncate':
      return bytes.subarray(0, m.at % (bytes.length + 1));
    case 'prefix':
      return splice(bytes, { start: 0, end: 0 }, new Uint8Array(m.bytes));
    case 'suffix':
      return splice(bytes, { start: bytes.length, end: bytes.length }, new Uint8Array(m.bytes));
    case 'strip-final-lf':
      return bytes[bytes.length - 1] === 0x0a ? bytes.subarray(0, bytes.length - 1) : bytes;
    case 'insert': {
      const at = m.at % (bytes.length + 1);
      return splice(bytes, { start: at, end: at }, new Uint8Array(m.bytes));
    }
    case 'delete': {
      if (bytes.length === 0) return bytes;
      const at = m.at % bytes.length;
      return splice(bytes, { start: at, end: Math.min(bytes.length, at + m.length) }, '');
    }
    default:
      break;
  }
  const spans = known ?? scanSpans(bytes);
  switch (m.kind) {
    case 'number': {
      const span = pick(spans.numbers, m.nth);
      return span ? splice(bytes, span, numberLexeme(text(bytes, span), m.lexeme)) : bytes;
    }
    case 'string': {
      const span = pick(spans.strings, m.nth);
      return span ? splice(bytes, span, m.text) : bytes;
    }
    case 'value': {
      const member = pick(spans.members, m.nth);
      return member ? splice(bytes, member.value, m.text) : bytes;
    }
    case 'set-member': {
      const member = pick(targetMembers(bytes, spans.members), m.nth);
      if (!member) return bytes;
      const current = text(bytes, member.value);
      return splice(bytes, member.value, NUMBER_LEXEMES.includes(m.text) ? numberLexeme(current, m.text) : m.text);
    }
    case 'copy-member': {
      // One member's value copied onto another of the same line (causation = position, o = f, …).
      const targets = targetMembers(bytes, spans.members);
      const from = pick(targets, m.from);
      if (!from) return bytes;
      const line = spans.lines.find((l) => l.start <= from.key.start && from.key.start <= l.end);
      const sameLine = targets.filter((x) => x !== from && line !== undefined && line.start <= x.key.start && x.key.start <= line.end);
      const to = pick(sameLine, m.to);
      return to ? splice(bytes, to.value, text(bytes, from.value)) : bytes;
    }
    case 'rename-member': {
      const member = pick(spans.members, m.nth);
      return member ? splice(bytes, member.key, JSON.stringify(m.name)) : bytes;
    }
    case 'add-member': {
      const member = pick(spans.members, m.nth);
      if (!member) return bytes;
      return splice(bytes, { start: member.key.start, end: member.key.start }, `${JSON.stringify(m.name)}:${m.text},`);
    }
    case 'duplicate-member': {
      const member = pick(spans.members, m.nth);
      if (!member) return bytes;
      const copy = text(bytes, { start: member.key.start, end: member.value.end });
      return splice(bytes, { start: member.key.start, end: member.key.start }, copy + ',');
    }
    case 'delete-member': {
      const member = pick(spans.members, m.nth);
      if (!member) return bytes;
      let end = member.value.end;
      let start = member.key.start;
      if (bytes[end] === 0x2c) end++;
      else if (start > 0 && bytes[start - 1] === 0x2c) start--;
      return splice(bytes, { start, end }, '');
    }
    case 'line':
      return editLine(bytes, spans.lines, m.nth, m.edit);
    case 'append-line': {
      const line = pick(spans.lines, m.nth);
      if (!line) return bytes;
      const lead = bytes[bytes.length - 1] === 0x0a ? '' : '\n';
      return splice(bytes, { start: bytes.length, end: bytes.length }, lead + text(bytes, line) + '\n');
    }
    case 'insert-at-line': {
      // Line starts and ends are where framing rules (BOM, CR, blank lines, trailing bytes) bite.
      const line = pick(spans.lines, m.nth);
      const at = line ? (m.end ? line.end : line.start) : 0;
      return splice(bytes, { start: at, end: at }, new Uint8Array(m.bytes));
    }
  }
}

function editLine(bytes: Uint8Array, lines: readonly Span[], nth: number, edit: LineEdit): Uint8Array {
  const line = pick(lines, nth);
  if (!line) return bytes;
  const lineEnd = Math.min(bytes.length, line.end + 1);
  const whole = bytes.subarray(line.start, lineEnd);
  switch (edit) {
    case 'duplicate':
      return splice(bytes, { start: lineEnd, end: lineEnd }, whole[whole.length - 1] === 0x0a ? whole : Buffer.concat([whole, Buffer.from('\n')]));
    case 'delete':
      return splice(bytes, { start: line.start, end: lineEnd }, '');
    case 'swap-next': {
      const next = lines[(lines.indexOf(line) + 1) % lines.length]!;
      if (next.start <= line.start) return bytes;
      const a = text(bytes, line);
      const b = text(bytes, next);
      return splice(bytes, { start: line.start, end: next.end }, b + text(bytes, { start: line.end, end: next.start }) + a);
    }
    case 'blank-before':
      return splice(bytes, { start: line.start, end: line.start }, '\n');
    case 'spaces-before':
      return splice(bytes, { start: line.start, end: line.start }, ' \t\n');
    case 'cr-before-lf':
      return splice(bytes, { start: line.end, end: line.end }, '\r');
    case 'join-next':
      return line.end < bytes.length ? splice(bytes, { start: line.end, end: line.end + 1 }, '') : bytes;
  }
}

/**
 * Spans of the bases mutated so far (corpus entries, which every fuzz run mutates thousands of times):
 * a base is never written to, so its scan holds for as long as it lives.
 */
const BASE_SPANS = new WeakMap<Uint8Array, Spans>();

function baseSpans(bytes: Uint8Array): Spans {
  let spans = BASE_SPANS.get(bytes);
  if (!spans) {
    spans = scanSpans(bytes);
    BASE_SPANS.set(bytes, spans);
  }
  return spans;
}

/** Kinds that edit bytes by offset alone, without scanning for tokens. */
const UNSCANNED = new Set<ByteMutation['kind']>(['truncate', 'prefix', 'suffix', 'strip-final-lf', 'insert', 'delete']);

/** Applies mutations in order; the base's token scan is reused from an earlier call on the same base. */
export function applyByteMutations(bytes: Uint8Array, mutations: readonly ByteMutation[]): Uint8Array {
  let out = bytes;
  for (const m of mutations) out = applyByteMutation(out, m, out === bytes && !UNSCANNED.has(m.kind) ? baseSpans(bytes) : undefined);
  return out;
}
