import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackLabelTuple } from '../../generators/journal/track-label-tuple.ts';
import { CODES } from './constants.ts';
import { encodeTrackKey } from './track-key.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const tuple = trackLabelTuple();

/** Code point order of two labels (the reference the key's byte order is held to). */
function compareLabels(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/** Tuple order (R-J10): component by component by code point, a proper prefix first. */
function compareTrackTuples(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const d = compareLabels(a[i]!, b[i]!);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

/** Whether `t` starts with the tuple `prefix`, component by component. */
const startsWith = (t: readonly string[], prefix: readonly string[]) => t.length >= prefix.length && prefix.every((p, i) => t[i] === p);

/** Whether the bytes of `key` start with those of `prefix`. */
const keyHasPrefix = (key: Uint8Array, prefix: Uint8Array) => key.length >= prefix.length && Buffer.compare(key.subarray(0, prefix.length), prefix) === 0;
const key = (t: readonly string[]) => {
  const r = encodeTrackKey(t);
  if (!r.ok) throw new Error('generated label refused');
  return r.value;
};

describe('track key (R-J10)', () => {
  it('encodes the document examples', () => {
    expect(Buffer.from(key(['run_7', 'probe_1'])).toString('utf8')).toBe('run_7\u001fprobe_1\u001f');
    expect(Buffer.from(key(['run_7'])).toString('utf8')).toBe('run_7\u001f');
    expect(key([]).length).toBe(0);
  });

  it('refuses empty labels and control characters, C1 and DEL included', () => {
    for (const bad of ['', 'a\u001fb', 'a\u0000', '\u007f', '\u0085x', 'x\u009f', '\ud800', 'a\udfff', '\udbffx']) {
      const r = encodeTrackKey(['ok', bad]);
      expect(r.ok ? 'accept' : r.error.code, JSON.stringify(bad)).toBe(CODES.INVALID_TRACK_LABEL);
    }
    expect(encodeTrackKey(['\u00a0', '\u0020', '\u2028', '\ud800\udc00', '\udbff\udfff']).ok).toBe(true);
  });

  it('orders keys bytewise exactly as tuples compare component by component', () => {
    assertProperty(
      fc.property(tuple, tuple, (a, b) => {
        expect(Math.sign(Buffer.compare(key(a), key(b)))).toBe(Math.sign(compareTrackTuples(a, b)));
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it("makes a tuple's key a prefix of exactly the keys of the tuples that start with it", () => {
    assertProperty(
      fc.property(fc.array(tuple, { maxLength: 12 }), tuple, (tuples, prefix) => {
        for (const t of [...tuples, [...prefix, 'tail'], prefix]) expect(keyHasPrefix(key(t), key(prefix))).toBe(startsWith(t, prefix));
      }),
      { seed: 43, numRuns: 1000 },
    );
  });

  it('does not let run_7 select run_70', () => {
    expect(keyHasPrefix(key(['run_7', 'x']), key(['run_7']))).toBe(true);
    expect(keyHasPrefix(key(['run_70']), key(['run_7']))).toBe(false);
  });
});
