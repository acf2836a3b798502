import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertProperty } from '../../../test-support/assert-property.ts';
import {
  decodeStringBody,
  LITERAL_TRUE,
  NUMBER_EXPONENT,
  NUMBER_FRACTION,
  NUMBER_NEGATIVE,
  scanLiteral,
  scanNumber,
  scanStringBody,
  STRING_ESCAPED,
  STRING_LONE_SURROGATE,
  TOKEN_FAILED,
  TOKEN_FAULT,
  TokenScan,
} from './scan-tokens.ts';

/** Scans `text` as one string token (quotes included); the decoded text or the fault. */
function stringToken(text: string, allowLoneSurrogates = false): { text: string; flags: number } | { fault: number; at: number; truncated: boolean } {
  const buf = Buffer.from(text, 'utf8');
  const scan = new TokenScan();
  const close = scanStringBody(buf, 1, buf.length, scan, allowLoneSurrogates);
  if (close === TOKEN_FAILED) return { fault: scan.fault, at: scan.faultAt, truncated: scan.truncated };
  expect(close).toBe(buf.length - 1);
  return { text: decodeStringBody(buf, 1, close, scan.flags), flags: scan.flags };
}

const NUMBER_GRAMMAR = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$/;

describe('the shared token toolkit', () => {
  it('decodes every string JSON.stringify writes, escapes and all, to what JSON.parse reads', () => {
    assertProperty(
      fc.property(fc.string({ unit: 'grapheme' }), fc.boolean(), (s, escapeAll) => {
        // Either the minimal escapes of JSON.stringify or every code unit as \uXXXX (pairs included).
        const token = escapeAll ? `"${escapeEveryUnit(s)}"` : JSON.stringify(s);
        const r = stringToken(token);
        expect(r).toStrictEqual({ text: JSON.parse(token), flags: expect.any(Number) });
      }),
      { seed: 11, numRuns: 400 },
    );
  });

  it('decodes a long escaped body (unescaped into one buffer, then decoded once) as JSON.parse does', () => {
    const long = fc.tuple(fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ unit: 'grapheme' })).map(([unit, tail]) => unit.repeat(Math.ceil(1100 / unit.length)) + tail);
    assertProperty(
      fc.property(long, fc.boolean(), (s, escapeAll) => {
        const token = escapeAll ? `"${escapeEveryUnit(s)}"` : JSON.stringify(s);
        expect(stringToken(token)).toStrictEqual({ text: JSON.parse(token), flags: expect.any(Number) });
      }),
      { seed: 12, numRuns: 150 },
    );
    // Escapes at both ends of the body, a pair straddling nothing, and a tolerated lone surrogate (the piecewise path).
    for (const body of [`\\\\${'a'.repeat(1100)}\\ud83d\\ude00`, `\\u00e9${'\\n'.repeat(600)}\\"`, `${'b'.repeat(1100)}\\ud800`]) {
      expect(stringToken(`"${body}"`, true)).toMatchObject({ text: JSON.parse(`"${body}"`) });
    }
  });

  it('decodes a range a chunked reader cut inside a pair or an escape unit by unit, as before the one-buffer path', () => {
    // A short body goes through the reused buffer; a half of a pair or an escape left open by the cut
    // does not, and reads as the piecewise decoder reads it.
    for (const [body, text] of [['a\\ud83d', 'a\ud83d'], ['\\udc00b', '\udc00b'], ['\\ud83d\\ude00\\n', '\ud83d\ude00\n'], ['\\u00e9\\"', 'é"']] as const) {
      const buf = Buffer.from(body);
      expect(decodeStringBody(buf, 0, buf.length, STRING_ESCAPED)).toBe(text);
    }
  });

  it('refuses a lone surrogate escape (R-S1) unless told to keep it, and keeps it as that code unit', () => {
    for (const body of ['\\ud800', '\\udc00', '\\ud800\\u0041', '\\ud800x']) {
      expect(stringToken(`"${body}"`)).toMatchObject({ fault: TOKEN_FAULT.LONE_SURROGATE, at: 1 });
      const kept = stringToken(`"${body}"`, true);
      expect(kept).toStrictEqual({ text: JSON.parse(`"${body}"`), flags: STRING_ESCAPED | STRING_LONE_SURROGATE });
    }
  });

  it('names each fault and where it is, and says when it sits at the end of the range', () => {
    expect(stringToken('"abc')).toStrictEqual({ fault: TOKEN_FAULT.UNTERMINATED_STRING, at: 4, truncated: true });
    expect(stringToken('"a\u0001"')).toStrictEqual({ fault: TOKEN_FAULT.CONTROL_CHARACTER, at: 2, truncated: false });
    expect(stringToken('"a\\x"')).toStrictEqual({ fault: TOKEN_FAULT.INVALID_ESCAPE, at: 2, truncated: false });
    expect(stringToken('"a\\')).toStrictEqual({ fault: TOKEN_FAULT.INVALID_ESCAPE, at: 2, truncated: true });
    expect(stringToken('"\\u12zz"')).toStrictEqual({ fault: TOKEN_FAULT.INVALID_UNICODE_ESCAPE, at: 1, truncated: false });
    expect(stringToken('"\\u12')).toStrictEqual({ fault: TOKEN_FAULT.TRUNCATED_UNICODE_ESCAPE, at: 1, truncated: true });
    // A non-hex byte decides the escape before the end: no later byte can mend it.
    expect(stringToken('"\\u1"')).toStrictEqual({ fault: TOKEN_FAULT.INVALID_UNICODE_ESCAPE, at: 1, truncated: false });
    // A malformed escape after a high surrogate is a grammar fault of that second escape.
    expect(stringToken('"\\ud800\\uzzzz"')).toStrictEqual({ fault: TOKEN_FAULT.INVALID_UNICODE_ESCAPE, at: 7, truncated: false });
    // A high surrogate at the very end may have its partner past the range.
    expect(stringToken('"\\ud800')).toStrictEqual({ fault: TOKEN_FAULT.LONE_SURROGATE, at: 1, truncated: true });
  });

  it('scans exactly the RFC 8259 number lexemes and reports their parts', () => {
    const part = fc.constantFrom('-', '0', '1', '9', '.', 'e', 'E', '+', '00', '12');
    assertProperty(
      fc.property(fc.array(part, { minLength: 1, maxLength: 8 }), (parts) => {
        const text = parts.join('');
        const buf = Buffer.from(text + ',');
        const scan = new TokenScan();
        const after = scanNumber(buf, 0, buf.length - 1, scan);
        // The scanner stops at the longest lexeme prefix; the whole text is a lexeme exactly when it reaches the end.
        const whole = after === text.length;
        expect(whole, text).toBe(NUMBER_GRAMMAR.test(text));
        if (whole) {
          expect(Boolean(scan.flags & NUMBER_NEGATIVE)).toBe(text.startsWith('-'));
          expect(Boolean(scan.flags & NUMBER_FRACTION)).toBe(text.includes('.'));
          expect(Boolean(scan.flags & NUMBER_EXPONENT)).toBe(/[eE]/.test(text));
          expect(scan.integer).toBe(Number(/^-?([0-9]+)/.exec(text)![1]));
        }
      }),
      { seed: 12, numRuns: 600 },
    );
  });

  it('scans literals and charges a broken one to its first byte', () => {
    const scan = new TokenScan();
    expect(scanLiteral(Buffer.from('true,'), 0, 5, LITERAL_TRUE, scan)).toBe(4);
    expect(scanLiteral(Buffer.from('trUe'), 0, 4, LITERAL_TRUE, scan)).toBe(TOKEN_FAILED);
    expect([scan.fault, scan.faultAt, scan.truncated]).toStrictEqual([TOKEN_FAULT.INVALID_LITERAL, 0, false]);
    expect(scanLiteral(Buffer.from(' tru'), 1, 4, LITERAL_TRUE, scan)).toBe(TOKEN_FAILED);
    expect([scan.faultAt, scan.truncated]).toStrictEqual([1, true]);
  });
});

/** Every UTF-16 code unit of `s` as a `\\uXXXX` escape (a pair becomes two escapes). */
function escapeEveryUnit(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += `\\u${s.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}
