/** Arbitrary uniform record arrays: the IRs rows-delimited and columns-json apply to. */
import fc from 'fast-check';
import { JsonNumber, type JsonValue } from '../../src/shared/json/value.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import { anyNumberLexeme, jsSafeNumberLexeme } from './_internals/number-lexeme.ts';
import { unicodeString } from './_internals/unicode-string.ts';

/**
 * A non-empty array of objects sharing one key set of primitives. Later records may list their
 * members in another order (encoders must write them in the first record's field order).
 */
export function recordArrayIr(options: { numbers?: 'any' | 'js-safe'; maxRows?: number } = {}): fc.Arbitrary<Ir> {
  const number = (options.numbers === 'js-safe' ? jsSafeNumberLexeme() : anyNumberLexeme()).map((l) => new JsonNumber(l));
  const cell: fc.Arbitrary<JsonValue> = fc.oneof(fc.constant(null), fc.boolean(), unicodeString(), number);
  return fc.uniqueArray(unicodeString(5), { minLength: 1, maxLength: 5 }).chain((fields) =>
    fc.array(fc.tuple(fc.array(cell, { minLength: fields.length, maxLength: fields.length }), fc.boolean()), { minLength: 1, maxLength: options.maxRows ?? 6 }).map((rows) =>
      rows.map(([cells, reorder], r) => {
        const entries = fields.map((f, i) => [f, cells[i]!] as [string, JsonValue]);
        // Every record after the first may display its members reversed.
        return new Map(r > 0 && reorder ? entries.reverse() : entries);
      }),
    ),
  );
}
