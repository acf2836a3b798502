/**
 * The conformance tier (`npm run test:conformance`): mutants, independent readers, fuzz-kill
 * and other runs over whole corpora. Each of these tests sets its own timeout.
 */
import { defineConfig } from 'vitest/config';
import { CONFORMANCE_TESTS, FRESH_SEED } from './vitest.shared.ts';

export default defineConfig({
  test: {
    include: [CONFORMANCE_TESTS],
    // The memory tests measure the compiled CLI, as installed: it is built once, first.
    globalSetup: ['conformance/build-compiled-cli.ts'],
    testTimeout: 900_000,
    hookTimeout: 900_000,
    env: { FORMCERT_SEED: FRESH_SEED },
    pool: 'forks',
    // One file at a time: fuzz-kill gives each mutant a time budget, which a neighbour would eat.
    maxWorkers: 1,
  },
});
