/**
 * The bulk a hostile input repeats: string characters, object members, array items, nesting and
 * whitespace, each in the forms that cost a reader most (escapes, surrogate pairs, long names, long
 * values, repeated names, numbers past every width). The format files say where the bulk goes.
 */
import fc from 'fast-check';
import { INDEX, PADDED } from './plan.ts';

/** What a template's BULK mark takes. */
export type BulkKind = 'chars' | 'members' | 'items' | 'depth' | 'space';

/** One repeated unit, its separator and (for nesting) its closer. */
export interface Bulk {
  readonly kind: BulkKind;
  readonly open: string;
  readonly separator: string;
  readonly close: string;
}

/** String body characters: plain, raw multi-byte, escaped, escaped pairs, an index (all different). */
const charUnit = fc.constantFrom('a', 'é', '😀', '\\u00e9', '\\ud83d\\ude00', '\\\\', '\\"', '\\n', ' ', `s${PADDED}`, 'x'.repeat(4096));

/**
 * A run of ASCII closed by one character outside Latin-1: the text with the widest string per UTF-8
 * byte a JavaScript reader can build (V8 holds it as UTF-16, two bytes a character, where a text of
 * Latin-1 alone takes one), so strings built from it cost twice their input.
 */
const WIDE_TAIL = `${'w'.repeat(250)}→`;

/** Member names: distinct short or long ones (past 64 UTF-16 units), escaped pairs, two-byte texts, one name repeated. */
const memberName = fc.constantFrom(`k${INDEX}`, `${'L'.repeat(70)}${INDEX}`, `${WIDE_TAIL}${INDEX}`, `${'\\ud83d\\ude00'.repeat(40)}${INDEX}`, `${'é'.repeat(70)}${INDEX}`, 'k', 'i');

/** Values: scalars, containers, a long string, numbers past every width. */
const value = fc.constantFrom(
  '0',
  INDEX,
  'null',
  'true',
  '"w"',
  `"${'w'.repeat(800)}"`,
  `"${WIDE_TAIL}${INDEX}"`,
  `"${'\\u00e9'.repeat(200)}"`,
  '[]',
  '{}',
  '[0,1,2]',
  '{"a":"b"}',
  '{"k":"string","value":"v"}',
  '-1.5e300',
  '1e400',
  '123456789012345678901234567890',
  `"s${PADDED}"`,
);

/** A bulk of the given kind. */
export function bulkOf(kind: BulkKind): fc.Arbitrary<Bulk> {
  switch (kind) {
    case 'chars':
      return charUnit.map((open) => ({ kind, open, separator: '', close: '' }));
    case 'members':
      return fc.tuple(memberName, value).map(([name, v]) => ({ kind, open: `"${name}":${v}`, separator: ',', close: '' }));
    case 'items':
      return value.map((open) => ({ kind, open, separator: ',', close: '' }));
    case 'depth':
      return fc.constantFrom(['[', ']'], ['[[', ']]'], ['{"a":[', ']}'], ['{"k":"array","items":[', ']}']).map(([open, close]) => ({ kind, open: open!, separator: '', close: close! }));
    case 'space':
      return fc.constantFrom(' ', '\t', '\n', '\r\n', '    ').map((open) => ({ kind, open, separator: '', close: '' }));
  }
}
