/**
 * Settings both test tiers share. The fresh property seed is drawn once per run here (the
 * config is evaluated once, in the main process) and handed to every worker through the
 * environment, so one printed number replays the whole run's fresh properties.
 */
import { availableParallelism } from 'node:os';

const requested = process.env.FORMCERT_SEED;
/** This run's fresh fast-check seed (see test-support/assert-property.ts). */
export const FRESH_SEED = requested !== undefined && requested !== '' ? requested : String((Math.random() * 0x7fffffff) | 0);
process.env.FORMCERT_SEED = FRESH_SEED;
console.log(`properties: fresh seed ${FRESH_SEED} (replay with FORMCERT_SEED=${FRESH_SEED})`);

/** Files of the conformance tier: long runs over whole corpora, mutants and real processes. */
export const CONFORMANCE_TESTS = '{src,generators,conformance,scripts,bench,golden}/**/*.conformance.test.ts';
/** Every test file of the repository. */
export const ALL_TESTS = '{src,generators,conformance,scripts,bench,golden,test-support}/**/*.test.ts';

/**
 * Test files run at once. vitest's default leaves one core idle (cores − 1), which on the 2-core CI
 * machine means one file at a time; most test time is spent waiting on child processes, so two
 * workers at least keep both cores busy.
 */
export const MAX_WORKERS = Math.max(2, availableParallelism());
