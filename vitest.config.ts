/** The fast tier (`npm test`): every test but the conformance tier, default per-test timeout. */
import { defineConfig } from 'vitest/config';
import { ALL_TESTS, CONFORMANCE_TESTS, FRESH_SEED, MAX_WORKERS } from './vitest.shared.ts';

export default defineConfig({
  test: {
    include: [ALL_TESTS],
    exclude: ['**/node_modules/**', CONFORMANCE_TESTS],
    env: { FORMCERT_SEED: FRESH_SEED },
    pool: 'forks',
    maxWorkers: MAX_WORKERS,
  },
});
