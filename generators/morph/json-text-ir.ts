/** Arbitrary IRs as JSON text produces them: every lexeme form, unicode keys, nesting. */
import fc from 'fast-check';
import { JsonNumber, type JsonValue } from '../../src/shared/json/value.ts';
import type { Ir } from '../../src/morph/ir/types.ts';
import { anyNumberLexeme, jsSafeNumberLexeme } from './_internals/number-lexeme.ts';
import { unicodeString } from './_internals/unicode-string.ts';

/** Options: `numbers` = 'any' (every lexeme form) or 'js-safe' (TOON-applicable lexemes only). */
export interface JsonTextIrOptions {
  readonly numbers?: 'any' | 'js-safe';
  readonly maxDepth?: number;
}

/** An IR (strict JSON value, lexemes kept, members in display order, keys unique per object). */
export function jsonTextIr(options: JsonTextIrOptions = {}): fc.Arbitrary<Ir> {
  const number = (options.numbers === 'js-safe' ? jsSafeNumberLexeme() : anyNumberLexeme()).map((l) => new JsonNumber(l));
  const scalar: fc.Arbitrary<JsonValue> = fc.oneof(fc.constant(null), fc.boolean(), unicodeString(), number);
  const { value } = fc.letrec<{ value: JsonValue }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: options.maxDepth ?? 4 },
      scalar,
      fc.array(tie('value'), { maxLength: 5 }),
      fc.uniqueArray(fc.tuple(unicodeString(6), tie('value')), { maxLength: 5, selector: ([k]) => k }).map((entries) => new Map(entries)),
    ),
  }));
  return value;
}
