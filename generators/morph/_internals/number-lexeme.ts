/** Arbitraries for JSON number lexemes in every grammar form. */
import fc from 'fast-check';

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max });
const intPart = fc.oneof(fc.constant('0'), fc.tuple(fc.constantFrom(...'123456789'), digits(0, 6)).map(([a, b]) => a + b));

/**
 * Any RFC 8259 number lexeme: sign, `0` or a non-zero-led integer, optional fraction (trailing
 * zeros kept), optional exponent with `e`/`E` and optional sign; plus the notable forms
 * `-0`, `1.2300`, `1e3`, `1E+3` and integers beyond 2^53.
 */
export function anyNumberLexeme(): fc.Arbitrary<string> {
  const general = fc
    .tuple(fc.boolean(), intPart, fc.option(digits(1, 5), { nil: undefined }), fc.option(fc.tuple(fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), digits(1, 3)), { nil: undefined }))
    .map(([neg, i, frac, exp]) => `${neg ? '-' : ''}${i}${frac === undefined ? '' : `.${frac}`}${exp === undefined ? '' : exp.join('')}`);
  const big = fc.bigInt({ min: 2n ** 53n + 1n, max: 2n ** 70n }).chain((b) => fc.constantFrom(b.toString(), `-${b}`));
  const notable = fc.constantFrom('-0', '1.2300', '1e3', '1E+3', '0.0', '-0.0', '1E400', '9007199254740993', '1e-7');
  return fc.oneof({ weight: 5, arbitrary: general }, { weight: 1, arbitrary: big }, { weight: 2, arbitrary: notable });
}

/** Lexemes a JavaScript number carries unchanged (TOON-applicable, MORPH-TOON-1). */
export function jsSafeNumberLexeme(): fc.Arbitrary<string> {
  return fc
    .oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }), fc.maxSafeInteger())
    .filter((n) => !Object.is(n, -0))
    .map((n) => String(n));
}
