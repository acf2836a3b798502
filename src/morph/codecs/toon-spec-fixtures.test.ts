/**
 * The TOON specification's own fixtures (vendor/toon-spec: the decode and encode fixtures of TOON
 * spec v4.0, toon-format/spec at c770bbe) run through the toon codec, in two layers:
 *
 * 1. the official @toon-format/toon package at the pinned 4.1.1, called with each fixture's own
 *    options, agrees with every fixture (the pin and the vendored fixtures match);
 * 2. the MORPH toon codec (toon@4.1.1: fixed indent 2, strict decode, a declared delimiter, canonical
 *    payloads, MORPH's number and member-order rules) either agrees with a fixture — same payload on
 *    encode and a lossless decode back, same value on decode, a refusal where the fixture expects an
 *    error — or refuses it with exactly the code and requirement DEVIATIONS lists for it, grouped by
 *    the MORPH rule that decides it. Nothing is skipped: a listed fixture that agrees, an unlisted one
 *    that is refused, and a listed name that no longer exists all fail.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode as toonDecode, encode as toonEncode } from '@toon-format/toon';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../../shared/json/parse-value.ts';
import { JsonNumber, isJsonArray, isJsonNumber, isJsonObject, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { IDS, TOON_DELIMITERS, TOON_INDENT_SIZE } from '../constants.ts';
import { semanticDigest } from '../digest/semantic-digest.ts';
import { getCodec } from './registry.ts';

const FIXTURES = join(import.meta.dirname, '../../../vendor/toon-spec/tests/fixtures');
const toon = getCodec('toon', '4.1.1')!;

/** A MORPH rule that makes the codec refuse fixtures the official package accepts, and which ones. */
interface Deviation {
  readonly rule: string;
  readonly code: string;
  readonly why: string;
  /** `<category>/<file>: <fixture name>` */
  readonly fixtures: readonly string[];
}

const DEVIATIONS: readonly Deviation[] = [
  {
    rule: 'R-M11b',
    code: 'INVALID_CODEC_OPTIONS',
    why: "toon takes exactly {delimiter}; its indent is fixed at 2, so an indentSize option is refused",
    fixtures: [
      "encode/whitespace.json: respects custom indent size option",
    ],
  },
  {
    rule: 'R-M14',
    code: 'LAYOUT_INVALID_VALUE',
    why: "toon layout metadata fixes strictDecode true and indentSize 2: the non-strict and 4-space decode options cannot be declared",
    fixtures: [
      "decode/arrays-tabular.json: applies LWW for duplicate field names in non-strict mode",
      "decode/arrays-tabular.json: applies LWW when a bare field and a nested group share a name in non-strict mode",
      "decode/blank-lines.json: ignores blank lines inside list array when strict=false",
      "decode/blank-lines.json: ignores blank lines inside tabular array when strict=false",
      "decode/blank-lines.json: ignores multiple blank lines in arrays when strict=false",
      "decode/comments.json: drops hash-leading row silently in non-strict mode",
      "decode/indentation-errors.json: accepts correct indentation with custom indent size (4 spaces with indent=4)",
      "decode/indentation-errors.json: accepts non-multiple indentation when strict=false",
      "decode/indentation-errors.json: accepts deeply nested non-multiples when strict=false",
      "decode/objects-keyed.json: applies LWW for duplicate entry keys in non-strict mode",
      "decode/objects.json: applies last-write-wins for duplicate sibling keys in non-strict mode",
      "decode/objects.json: treats extra brackets after valid array segment as literal key (non-strict)",
      "decode/objects.json: treats bracket segment without a length as literal key (non-strict)",
      "decode/objects.json: treats non-integer bracket content as literal key (non-strict)",
      "decode/objects.json: treats text between bracket segment and colon as literal key (non-strict)",
      "decode/objects.json: applies LWW for nested duplicate sibling keys in non-strict mode",
      "decode/objects.json: applies LWW for duplicate keys within a list-item object in non-strict mode",
    ],
  },
  {
    rule: 'MORPH-TOON-1',
    code: 'TOON_NUMBER_INAPPLICABLE',
    why: "the package rewrites these numbers (-0 as 0; 1e20, past 2^53); MORPH refuses instead of changing the IR",
    fixtures: [
      "encode/primitives.json: encodes negative zero as zero",
      "encode/primitives.json: encodes large number",
    ],
  },
  {
    rule: 'R-M17',
    code: 'CODEC_INAPPLICABLE',
    why: "later tabular rows list their members in another order than the first row; the table would write them in the first row's order, so toon does not apply",
    fixtures: [
      "encode/arrays-objects.json: uses field order from first object for tabular headers",
      "encode/objects-keyed.json: orders fields by the first entry value's encounter order",
    ],
  },
  {
    rule: 'R-M11a',
    code: 'PAYLOAD_CARRIAGE_RETURN',
    why: "a CR byte is refused in every payload, CRLF line ends included",
    fixtures: [
      "decode/whitespace.json: decodes CRLF line terminators",
      "decode/whitespace.json: decodes tabular rows with CRLF line terminators",
      "decode/whitespace.json: keeps an escaped carriage return inside a quoted value",
      "decode/whitespace.json: treats a carriage-return-only line as blank",
      "decode/whitespace.json: strips a trailing carriage return at end of input",
    ],
  },
  {
    rule: 'MORPH-TOON-3',
    code: 'TOON_NOT_CANONICAL',
    why: "the package reads the payload, but it is not the package's own encoding of the value it reads (the decoder requires the exact re-encoding: spacing, quoting, blank lines, comments, number spellings, header forms, [0]: for empty arrays)",
    fixtures: [
      "decode/arrays-nested.json: parses list arrays containing objects with nested properties",
      "decode/arrays-nested.json: parses objects containing arrays (including empty arrays) in list format",
      "decode/arrays-nested.json: parses empty root-level array",
      "decode/arrays-nested.json: parses complex mixed object with arrays and nested objects",
      "decode/arrays-nested.json: parses quoted key with list array format",
      "decode/arrays-nested.json: accepts bare bracket pair as empty inner array list item",
      "decode/arrays-primitive.json: parses empty arrays",
      "decode/arrays-primitive.json: parses quoted key with empty array",
      "decode/arrays-primitive.json: parses quoted empty string key with empty array",
      "decode/arrays-tabular.json: parses nulls and quoted values in tabular rows",
      "decode/arrays-tabular.json: treats a key-value line at header depth whose value contains the active delimiter as end of rows, not a row",
      "decode/blank-lines.json: accepts blank line between root-level fields",
      "decode/blank-lines.json: accepts whitespace-only line at non-multiple indent as blank in strict mode",
      "decode/blank-lines.json: accepts trailing newline at end of file",
      "decode/blank-lines.json: accepts multiple trailing newlines",
      "decode/blank-lines.json: accepts blank line after array ends",
      "decode/blank-lines.json: accepts blank line between nested object fields",
      "decode/blank-lines.json: accepts blank line between header and first list item",
      "decode/blank-lines.json: accepts blank line between header and first tabular row",
      "decode/blank-lines.json: accepts blank line between header and first entry row",
      "decode/comments.json: strips comment line between tabular rows without terminating rows",
      "decode/comments.json: strips comment line between header and first row",
      "decode/comments.json: strips comment line whose indentation is not a multiple of indentSize",
      "decode/comments.json: strips outdented comment inside nested object scope without closing it",
      "decode/comments.json: strips comment inside list array without counting as item",
      "decode/comments.json: strips comment before root array header",
      "decode/comments.json: strips comment containing an unterminated quote without unescaping",
      "decode/comments.json: decodes document of only comments to empty object",
      "decode/comments.json: decodes comments and blank lines only to empty object",
      "decode/comments.json: decodes former root scalar starting with hash to empty object",
      "decode/comments.json: parses hyphen list item with hash-leading token as string",
      "decode/comments.json: parses hash after key-value colon as string value",
      "decode/delimiters.json: parses nested arrays inside list items with default comma delimiter",
      "decode/delimiters.json: parses nested arrays inside list items with default comma delimiter when parent uses pipe",
      "decode/delimiters.json: object values in list items follow document delimiter",
      "decode/delimiters.json: parses quoted comma in object values",
      "decode/indentation-errors.json: accepts tabs in quoted string values",
      "decode/indentation-errors.json: accepts tabs in quoted keys",
      "decode/indentation-errors.json: accepts tabs in quoted array elements",
      "decode/numbers.json: parses number with trailing zeros in fractional part",
      "decode/numbers.json: parses negative number with positive exponent",
      "decode/numbers.json: parses lowercase exponent",
      "decode/numbers.json: parses uppercase exponent with negative sign",
      "decode/numbers.json: parses negative zero as zero",
      "decode/numbers.json: parses negative zero with fractional part",
      "decode/numbers.json: parses array with mixed numeric forms",
      "decode/numbers.json: treats leading zero as string not number",
      "decode/numbers.json: parses integer with positive exponent",
      "decode/numbers.json: parses zero with exponent as number",
      "decode/numbers.json: parses negative zero with exponent as number",
      "decode/numbers.json: parses exponent notation",
      "decode/numbers.json: parses exponent notation with uppercase E",
      "decode/numbers.json: parses negative exponent notation",
      "decode/numbers.json: treats unquoted leading-zero number as string",
      "decode/numbers.json: treats unquoted multi-leading-zero as string",
      "decode/numbers.json: treats unquoted octal-like as string",
      "decode/numbers.json: treats leading-zeros in array as strings",
      "decode/numbers.json: treats unquoted negative leading-zero number as string",
      "decode/numbers.json: treats negative leading-zeros in array as strings",
      "decode/numbers.json: treats leading-plus integer as string",
      "decode/numbers.json: treats leading-plus tokens in array as strings",
      "decode/numbers.json: parses positive exponent sign as number",
      "decode/numbers.json: treats Infinity and NaN tokens as strings",
      "decode/objects-keyed.json: parses a quoted entry key containing a colon",
      "decode/objects-keyed.json: splits an entry row at its first unquoted colon before delimiter splitting",
      "decode/objects-keyed.json: decodes the cell token [] as a string, not an empty array",
      "decode/objects-keyed.json: accepts a declared entry count of zero",
      "decode/objects-keyed.json: accepts a single entry row",
      "decode/objects-keyed.json: ignores comment lines between entry rows",
      "decode/objects.json: parses unquoted value shaped like an inline array header after the key",
      "decode/objects.json: parses unquoted value shaped like a tabular array header after the key",
      "decode/objects.json: decodes \\uXXXX in quoted key (case-insensitive hex)",
      "decode/objects.json: accepts unquoted key outside the encoder key pattern (hyphen)",
      "decode/objects.json: accepts unquoted key outside the encoder key pattern (leading digit)",
      "decode/objects.json: accepts unquoted hyphen-leading value in strict mode",
      "decode/objects.json: accepts unquoted colon-containing value in strict mode",
      "decode/objects.json: materializes quoted __proto__ key as an ordinary own key",
      "decode/primitives.json: decodes \\uXXXX with mixed-case hex digits",
      "decode/primitives.json: decodes supplementary scalar (U+1F680) in quoted string as literal UTF-8",
      "decode/whitespace.json: tolerates spaces around commas in inline arrays",
      "decode/whitespace.json: tolerates spaces around pipes in inline arrays",
      "decode/whitespace.json: tolerates spaces around tabs in inline arrays",
      "decode/whitespace.json: tolerates leading and trailing spaces in tabular row values",
      "decode/whitespace.json: tolerates spaces around delimiters with quoted values",
      "decode/whitespace.json: parses empty tokens as empty string",
    ],
  },
];

interface Fixture {
  readonly id: string;
  readonly category: 'encode' | 'decode';
  /** The fixture as the package's own tests read it (JSON.parse). */
  readonly plain: { input: unknown; expected: unknown; shouldError?: boolean; options?: Record<string, unknown> };
  /** The same fixture read by the strict JSON core: number lexemes and member order kept. */
  readonly input: JsonValue;
  readonly expected: JsonValue;
  readonly options: JsonObject;
}

function loadFixtures(): Fixture[] {
  const out: Fixture[] = [];
  for (const category of ['encode', 'decode'] as const) {
    for (const file of readdirSync(join(FIXTURES, category)).sort()) {
      const bytes = readFileSync(join(FIXTURES, category, file));
      const parsed = parseJson(bytes);
      if (!parsed.ok || !isJsonObject(parsed.value)) throw new Error(`${category}/${file}: not a fixture file`);
      const plainTests = (JSON.parse(bytes.toString('utf8')) as { tests: Fixture['plain'][] }).tests;
      const tests = parsed.value.get('tests') as JsonObject[];
      tests.forEach((t, i) => {
        out.push({
          id: `${category}/${file}: ${t.get('name') as string}`,
          category,
          plain: plainTests[i]!,
          input: t.get('input')!,
          expected: t.get('expected')!,
          options: (t.get('options') as JsonObject | undefined) ?? new Map(),
        });
      });
    }
  }
  return out;
}

/** Exact IR equality as MORPH sees it: member order counts; numbers are equal when the same double. */
function sameValue(a: JsonValue, b: JsonValue): boolean {
  if (isJsonNumber(a) || isJsonNumber(b)) return isJsonNumber(a) && isJsonNumber(b) && Object.is(Number(a.lexeme), Number(b.lexeme));
  if (isJsonArray(a) || isJsonArray(b)) return isJsonArray(a) && isJsonArray(b) && a.length === b.length && a.every((x, i) => sameValue(x, b[i]!));
  if (isJsonObject(a) || isJsonObject(b)) {
    if (!isJsonObject(a) || !isJsonObject(b) || a.size !== b.size) return false;
    const bk = [...b.keys()];
    return [...a].every(([k, v], i) => bk[i] === k && sameValue(v, b.get(k)!));
  }
  return a === b;
}

/** A fixture's decode options as toon layout metadata (R-M14): MORPH's layout states them. */
function layoutFor(options: JsonObject, delimiter: string): JsonObject {
  return new Map<string, JsonValue>([
    ['adapter', IDS.TOON_ADAPTER],
    ['packageVersion', IDS.TOON_PACKAGE_VERSION],
    ['delimiter', delimiter],
    ['indentSize', options.get('indentSize') ?? new JsonNumber(String(TOON_INDENT_SIZE))],
    ['strictDecode', options.get('strict') ?? true],
    ['inputKind', 'json-text'],
  ]);
}

/** What the MORPH codec does with a fixture: 'agree', `refused <code> <requirement>`, or a mismatch. */
function runMorph(f: Fixture): string {
  if (f.category === 'encode') {
    // The package's default delimiter is the comma; any other fixture option is passed on as a codec option.
    const options = { delimiter: ',', ...Object.fromEntries(f.options) } as Record<string, string>;
    const r = toon.encode(f.input, options);
    if (!r.ok) return `refused ${r.error.code} ${r.error.requirement}`;
    if (r.value.payload !== f.expected) return `mismatch: wrote ${JSON.stringify(r.value.payload)}`;
    const back = toon.decode(r.value.payload, r.value.layoutMetadata, { inputKind: 'json-text', inputSemanticDigest: semanticDigest(f.input) });
    if (!back.ok) return `mismatch: its own payload is refused (${back.error.code})`;
    return sameValue(back.value, f.input) ? 'agree' : 'mismatch: the payload decodes to another value';
  }
  // The payload does not declare its delimiter: it is accepted when some declared delimiter accepts it.
  const results = TOON_DELIMITERS.map((d) => toon.decode(f.input as string, layoutFor(f.options, d), { inputKind: 'json-text' }));
  const accepted = results.find((r) => r.ok);
  if (f.plain.shouldError === true) return accepted === undefined ? 'agree' : 'mismatch: accepted a payload the fixture says is an error';
  if (accepted?.ok) return sameValue(accepted.value, f.expected) ? 'agree' : 'mismatch: decoded another value';
  const codes = new Set(results.map((r) => (r.ok ? '' : `${r.error.code} ${r.error.requirement}`)));
  // Decoding does not depend on the declared delimiter before the canonical check, so all three agree.
  return codes.size === 1 ? `refused ${[...codes][0]}` : `mismatch: the delimiters disagree (${[...codes].join(', ')})`;
}

const fixtures = loadFixtures();

describe('TOON spec v4.0 fixtures (vendor/toon-spec)', () => {
  it('are the 516 vendored cases, uniquely named', () => {
    expect(fixtures.length).toBe(516);
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
  });

  it('the official package 4.1.1 agrees with every fixture under its own options', () => {
    const disagreements: string[] = [];
    for (const f of fixtures) {
      const o = f.plain.options ?? {};
      try {
        if (f.category === 'encode') {
          if (toonEncode(f.plain.input, o) !== f.plain.expected) disagreements.push(f.id);
        } else {
          const v = toonDecode(f.plain.input as string, o);
          if (f.plain.shouldError === true) disagreements.push(`${f.id} (no error)`);
          else expect(v, f.id).toEqual(f.plain.expected);
        }
      } catch (e) {
        // A thrown decode error is the expected outcome of a shouldError fixture, never of another.
        if (f.plain.shouldError !== true) disagreements.push(`${f.id} (threw ${e instanceof Error ? e.message : String(e)})`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('the MORPH toon codec agrees with every fixture or refuses it for the listed MORPH rule', () => {
    const listed = new Map(DEVIATIONS.flatMap((d) => d.fixtures.map((id) => [id, `refused ${d.code} ${d.rule}`] as const)));
    const got = fixtures.map((f) => [f.id, runMorph(f)] as const);
    expect(got.filter(([id, outcome]) => outcome !== (listed.get(id) ?? 'agree'))).toEqual([]);
    expect([...listed.keys()].filter((id) => !fixtures.some((f) => f.id === id))).toEqual([]);
  });
});
