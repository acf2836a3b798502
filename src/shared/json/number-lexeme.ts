/** Reading JSON number lexemes as integers (R-S2), without going through a float. */

const INTEGER_LEXEME = /^-?(?:0|[1-9][0-9]*)$/;
const NUMBER_LEXEME = /^(-?)(0|[1-9][0-9]*)(?:\.([0-9]+))?(?:[eE]([+-]?[0-9]+))?$/;

/** Magnitudes with more digits than this are clamped to 10^CLAMP_DIGITS (far beyond any 64-bit value). */
const CLAMP_DIGITS = 40;

/** True when `lexeme` is an integer lexeme `-?(0|[1-9][0-9]*)` (R-S2); `-0` included. */
export function isIntegerLexeme(lexeme: string): boolean {
  return INTEGER_LEXEME.test(lexeme);
}

/**
 * The exact value of a number lexeme whose value is a whole number (`1.0` → 1n, `1e3` → 1000n,
 * `-0` → 0n, `-2.50e1` → -25n), or undefined when it has a fractional part or is not a lexeme.
 * Magnitudes beyond 10^40 are clamped to ±10^40, so `1e999999999` costs nothing to read; such a
 * value is outside every 64-bit range either way.
 */
export function integralValue(lexeme: string): bigint | undefined {
  const m = NUMBER_LEXEME.exec(lexeme);
  if (!m) return undefined;
  const negative = m[1] === '-';
  const fraction = m[3] ?? '';
  let digits = (m[2]! + fraction).replace(/^0+/, '');
  if (digits === '') return 0n;
  const exponentText = m[4] ?? '0';
  // An exponent too long to be a safe number is clamped like a long magnitude.
  let exp = exponentText.replace(/^[+-]/, '').length > 15 ? (exponentText.startsWith('-') ? -Infinity : Infinity) : Number(exponentText) - fraction.length;
  // Trailing zeros move into the exponent, so `1.000e0` is seen as whole.
  while (exp < 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exp++;
  }
  if (exp < 0) return undefined;
  const magnitude = digits.length + exp > CLAMP_DIGITS ? 10n ** BigInt(CLAMP_DIGITS) : BigInt(digits) * 10n ** BigInt(exp);
  return negative ? -magnitude : magnitude;
}
