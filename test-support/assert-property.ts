/**
 * Runs a fast-check property twice: once with its fixed seed (the regression run every
 * checkout repeats) and once with this run's fresh seed, so properties keep exploring
 * beyond their first run. The fresh seed comes from FORMCERT_SEED (set once per test run by
 * vitest.config.ts, or by the user to replay a failure) and is named in every failure. The fresh
 * run makes half the fixed run's attempts: the fixed run is the regression floor, and the fresh
 * runs add up across CI runs, so the fast tier pays 1.5× a property's budget rather than 2×. A
 * property's examples run in the fixed run only.
 */
import fc from 'fast-check';

/** The environment variable that fixes the fresh seed, to replay a failure. */
export const FRESH_SEED_VARIABLE = 'FORMCERT_SEED';

/** fast-check's own default number of runs, used when a property names none. */
const DEFAULT_RUNS = 100;

/** This run's fresh seed: FORMCERT_SEED when set, else one drawn now. */
export function freshSeed(): number {
  const fromEnv = process.env[FRESH_SEED_VARIABLE];
  if (fromEnv !== undefined && fromEnv !== '') {
    const seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) throw new Error(`${FRESH_SEED_VARIABLE}=${fromEnv} is not an integer seed`);
    return seed;
  }
  return (Math.random() * 0x7fffffff) | 0;
}

function explainFresh(error: unknown, seed: number): Error {
  const cause = error instanceof Error ? error.message : String(error);
  return new Error(
    `property failed with the fresh seed ${seed} (the fixed seed passed); replay with ${FRESH_SEED_VARIABLE}=${seed}\n${cause}`,
    { cause: error },
  );
}

/** Asserts a synchronous property with its fixed seed, then with the fresh one. */
export function assertProperty<Ts>(property: fc.IProperty<Ts>, params?: fc.Parameters<Ts>): void;
/** Asserts an asynchronous property with its fixed seed, then with the fresh one. */
export function assertProperty<Ts>(property: fc.IAsyncProperty<Ts>, params?: fc.Parameters<Ts>): Promise<void>;
export function assertProperty<Ts>(
  property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>,
  params: fc.Parameters<Ts> = {},
): void | Promise<void> {
  const seed = freshSeed();
  // The replay path of the fixed run means nothing for another seed; its examples (counterexamples kept
  // as regressions, which fast-check counts among the runs) ran once there, so every fresh run explores.
  const { path: _fixedPath, examples: _fixedExamples, ...rest } = params;
  const fresh: fc.Parameters<Ts> = { ...rest, seed, numRuns: Math.ceil((params.numRuns ?? DEFAULT_RUNS) / 2) };
  if (property.isAsync()) {
    const asyncProperty = property as fc.IAsyncProperty<Ts>;
    return (async () => {
      await fc.assert(asyncProperty, params);
      try {
        await fc.assert(asyncProperty, fresh);
      } catch (error) {
        throw explainFresh(error, seed);
      }
    })();
  }
  const syncProperty = property as fc.IProperty<Ts>;
  fc.assert(syncProperty, params);
  try {
    fc.assert(syncProperty, fresh);
  } catch (error) {
    throw explainFresh(error, seed);
  }
}
