import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trackLabelTuple } from '../../generators/journal/track-label-tuple.ts';
import { CODES } from './constants.ts';
import { compareTrackKeys, compareTrackTuples, encodeTrackKey, keyHasPrefix, selectByPrefix } from './track-key.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const tuple = trackLabelTuple();
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
    for (const bad of ['', 'a\u001fb', 'a\u0000', '\u007f', '\u0085x', 'x\u009f', '\ud800']) {
      const r = encodeTrackKey(['ok', bad]);
      expect(r.ok ? 'accept' : r.error.code, JSON.stringify(bad)).toBe(CODES.INVALID_TRACK_LABEL);
    }
    expect(encodeTrackKey(['\u00a0', '\u0020', '\u2028']).ok).toBe(true);
  });

  it('orders keys bytewise exactly as tuples compare component by component', () => {
    assertProperty(
      fc.property(tuple, tuple, (a, b) => {
        expect(Math.sign(compareTrackKeys(key(a), key(b)))).toBe(Math.sign(compareTrackTuples(a, b)));
      }),
      { seed: 42, numRuns: 2000 },
    );
  });

  it('selects by key prefix exactly the tuples that start with the prefix tuple', () => {
    assertProperty(
      fc.property(fc.array(tuple, { maxLength: 12 }), tuple, (tuples, prefix) => {
        const withPrefix = [...tuples, [...prefix, 'tail'], prefix];
        const selected = selectByPrefix(withPrefix.map(key), prefix);
        expect(selected.ok).toBe(true);
        if (!selected.ok) return;
        const expected = withPrefix.filter((t) => prefix.every((p, i) => t[i] === p) && t.length >= prefix.length).map(key);
        expect(selected.value.map((k) => Buffer.from(k).toString('hex'))).toEqual(expected.map((k) => Buffer.from(k).toString('hex')));
        for (const t of withPrefix) expect(keyHasPrefix(key(t), key(prefix))).toBe(prefix.every((p, i) => t[i] === p) && t.length >= prefix.length);
      }),
      { seed: 43, numRuns: 1000 },
    );
  });

  it('does not let run_7 select run_70', () => {
    const r = selectByPrefix([key(['run_7', 'x']), key(['run_70'])], ['run_7']);
    expect(r.ok && r.value.length).toBe(1);
  });
});
