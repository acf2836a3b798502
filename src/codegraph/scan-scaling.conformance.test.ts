/**
 * The reader's duplicate checks cost linear time in the line (R-S1 member names, R-C4 trait indices,
 * core's reading of repeated members):
 * a line 4 times as long must take about 4 times as long, not 16. Measured as a ratio within one run
 * (best of three each), so the machine's speed does not matter; a quadratic check gives ratios of 18
 * to 21 here, a linear one 3 to 5.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../shared/errors.ts';
import { readModelBytes } from './read-model.ts';

/** The example model; its entity 7 line is the one the shapes below lengthen. */
const EXAMPLE = readFileSync(fileURLToPath(new URL('../../examples/codegraph/model.jsonl', import.meta.url)), 'utf8');
const ENTITY_LINE = '{"t":"e","i":7,"k":0,"tr":[],"m":6,"s":"Deprecated"}';
const N = 20_000;
const RATIO_MAX = 8;

/** The example model with entity 7's trait list `tr` and `extra` (members after a comma) at its line's end. */
function modelWith(tr: string, extra: string): Buffer {
  if (!EXAMPLE.includes(ENTITY_LINE)) throw new Error('examples/codegraph/model.jsonl no longer holds the entity this test lengthens');
  return Buffer.from(EXAMPLE.replace(ENTITY_LINE, `{"t":"e","i":7,"k":0,"tr":[${tr}],"m":6,"s":"Deprecated"${extra}}`));
}

/** Distinct member names `prefix0` … `prefix{n-1}`, each with the value 0. */
function members(prefix: string, n: number): string {
  return Array.from({ length: n }, (_, k) => `"${prefix}${k}":0`).join(',');
}

/** The best of three wall times of reading `bytes`, in milliseconds. */
function bestTime(bytes: Buffer, profile: Profile): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const t0 = performance.now();
    readModelBytes(bytes, profile);
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

const SHAPES: { name: string; profile: Profile; model: (n: number) => Buffer }[] = [
  { name: 'member names of a nested object (R-S1)', profile: 'strict', model: (n) => modelWith('', `,"x":{${members('n', n)}}`) },
  { name: 'top-level member names (R-S1)', profile: 'strict', model: (n) => modelWith('', `,${members('u', n)}`) },
  { name: 'trait indices repeated in tr (R-C4, not enforced by core)', profile: 'core', model: (n) => modelWith(Array(n).fill('1').join(','), ',"comment":"c"') },
  // Core reads the last of repeated members: every name again, after all of them (each repeat used to take its earlier one out of the table).
  { name: 'top-level member names repeated (core, the last read)', profile: 'core', model: (n) => modelWith('', `,${members('u', n)},${members('u', n)}`) },
];

describe('the codegraph duplicate checks scale linearly', () => {
  for (const shape of SHAPES) {
    it(shape.name, () => {
      const small = shape.model(N);
      const large = shape.model(4 * N);
      // The model is valid apart from what the shape adds, so the line is read up to the check measured.
      expect(readModelBytes(small, shape.profile).ok, 'the lengthened model is read whole').toBe(true);
      bestTime(small, shape.profile); // warm-up: the JIT compiles the scanner before either measure
      const ratio = bestTime(large, shape.profile) / bestTime(small, shape.profile);
      expect(ratio, `reading ${4 * N} items took ${ratio.toFixed(1)} times as long as ${N}`).toBeLessThan(RATIO_MAX);
    });
  }
});
