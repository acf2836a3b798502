/** A small deterministic PRNG (mulberry32): rendering choices derived from one generated seed, seeded edits of inputs. */
export type Rng = () => number;

/** Returns a generator of floats in [0, 1) fully determined by `seed`. */
export function makeRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
