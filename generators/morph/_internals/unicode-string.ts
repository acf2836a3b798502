/** String arbitraries mixing ASCII, structural characters, controls, BMP and non-BMP code points. */
import fc from 'fast-check';

const SPECIAL = ['"', '\\', '/', '~', '~0', '~1', ',', '\t', '|', ';', '\n', '\r', '\u0000', '\u001f', '\u007f', '\u2028', 'é', '\uFF61', '😀', '𝄞', ' '];

/** A string whose characters stress escaping, delimiters, pointers and UTF-16/UTF-8 length differences. */
export function unicodeString(maxLength = 8): fc.Arbitrary<string> {
  const unit = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...'abcxyz019_-') },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c)) },
  );
  return fc.array(unit, { maxLength }).map((parts) => parts.join(''));
}
