/** Arbitrary entry payloads: any JSON value, exotic number lexemes (R-S2) and unicode/escape-heavy strings. */
import fc from 'fast-check';
import { fromPlain, JsonNumber, type JsonValue } from '../../src/shared/json/value.ts';

const EXOTIC_LEXEMES = ['1.0', '-0', '1E400', '-1e-400', '0.000', '18446744073709551616', '123456789012345678901234567890', '9007199254740993', '2.5e+3'];

/** A payload value: what a definition's serde shape may be (object, bare string, anything). */
export function journalPayload(): fc.Arbitrary<JsonValue> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => fromPlain(v)) },
    { weight: 2, arbitrary: fc.constantFrom(...EXOTIC_LEXEMES).map((l) => new JsonNumber(l) as JsonValue) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s as JsonValue) },
    {
      weight: 1,
      arbitrary: fc
        .array(fc.tuple(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom(...EXOTIC_LEXEMES)), { maxLength: 4 })
        .map((members) => new Map(members.map(([k, l]) => [k, new JsonNumber(l) as JsonValue]))),
    },
  );
}
