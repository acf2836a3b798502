/**
 * `bundleInputValue()`: small JSON values (as lexeme-keeping IR) for bundle, artifact and source-map
 * properties: varied number lexemes, escapes, non-BMP characters, marker-like strings, nested containers.
 */
import fc from 'fast-check';
import { JsonNumber, type JsonValue } from '../../src/shared/json/value.ts';

/** Number lexemes that JSON allows, including spellings a double would lose (R-S2). */
const lexeme = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.constantFrom('0', '-0', '1.0', '1.2300', '1e3', '1E-7', '-12.5e+2', '9007199254740993', '1E400'),
);

/** Strings mixing plain text, escapes, non-BMP characters and MORPH marker look-alikes. */
const text = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.constantFrom('', '😀', 'a\u0000b', 'tab\there', 'line\nbreak', '"quoted"', 'back\\slash', '\u2028', '<<<MORPH:', '>>>', '<<<MORPH-PROMPT:'),
);

/** A JSON value of depth at most 4 with at most 5 members or items per container. */
export function bundleInputValue(): fc.Arbitrary<JsonValue> {
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      fc.constant(null),
      fc.boolean(),
      text,
      lexeme.map((l) => new JsonNumber(l)),
      fc.array(tie('value'), { maxLength: 5 }),
      fc.uniqueArray(fc.tuple(text, tie('value')), { maxLength: 5, selector: ([k]) => k }).map((entries) => new Map(entries)),
    ),
  }));
  return value;
}
