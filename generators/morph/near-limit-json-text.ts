/** Arbitrary JSON texts at and just past the R-M2 depth and node limits, with the verdict the rule gives. */
import fc from 'fast-check';
import { LIMITS } from '../../src/morph/constants.ts';

/** A text near one limit and whether R-M2 accepts it. */
export interface NearLimitText {
  readonly text: string;
  readonly limit: 'depth' | 'nodes';
  readonly accept: boolean;
}

/**
 * Containers nested exactly 64 (accepted) or 65 (refused) deep — arrays, objects or a mix, with a
 * scalar or nothing at the bottom — and arrays of exactly 250,000 or 250,001 nodes. Byte-size
 * texts (16 MiB) are left to unit tests: too large for a generator.
 */
export function nearLimitJsonText(): fc.Arbitrary<NearLimitText> {
  const depth = fc
    .record({
      over: fc.boolean(),
      kinds: fc.array(fc.constantFrom<'a' | 'o'>('a', 'o'), { minLength: LIMITS.MAX_DEPTH + 1, maxLength: LIMITS.MAX_DEPTH + 1 }),
      leaf: fc.constantFrom('', '0', '"x"', 'null', '-0', '1E+3'),
    })
    .map(({ over, kinds, leaf }) => {
      const used = kinds.slice(0, over ? LIMITS.MAX_DEPTH + 1 : LIMITS.MAX_DEPTH);
      const open = used.map((k) => (k === 'a' ? '[' : '{"k":')).join('');
      // An object must hold a value: an empty innermost object becomes `{}` instead of `{"k":}`.
      let text = open + (leaf === '' && used.at(-1) === 'o' ? 'null' : leaf);
      for (let i = used.length - 1; i >= 0; i--) text += used[i] === 'a' ? ']' : '}';
      return { text, limit: 'depth' as const, accept: !over };
    });
  const nodes = fc.record({ over: fc.boolean(), item: fc.constantFrom('0', 'null', '1') }).map(({ over, item }) => {
    // The root array counts one node.
    const items = LIMITS.MAX_NODES - 1 + (over ? 1 : 0);
    return { text: `[${new Array(items).fill(item).join(',')}]`, limit: 'nodes' as const, accept: !over };
  });
  return fc.oneof({ weight: 4, arbitrary: depth }, { weight: 1, arbitrary: nodes });
}
