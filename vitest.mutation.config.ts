/**
 * The test run Stryker mutates against (scripts/mutation/README.md): the golden vectors through the
 * oracle, one test per case, plus the format's own property tests. Not a tier of `npm test`.
 */
import { defineConfig } from 'vitest/config';

const format = process.env.FORMCERT_MUTATION_FORMAT ?? 'journal';
/** Property and unit tests that exercise each format's oracle directly (fast, in-process). */
const FORMAT_TESTS: Record<string, string[]> = {
  journal: ['src/journal/**/*.test.ts', 'generators/journal/properties.test.ts'],
  codegraph: ['src/codegraph/**/*.test.ts'],
  morph: ['src/morph/**/*.test.ts'],
  shared: ['src/shared/**/*.test.ts'],
};

/** Tests of these formats that spawn `bin/formcert.mjs`. */
const SPAWNING_TESTS = ['src/journal/validate-file.test.ts', 'src/journal/profiles.test.ts', 'src/codegraph/profile.test.ts', 'src/morph/validate-file.test.ts'];

export default defineConfig({
  test: {
    include: ['scripts/mutation/golden-oracle.mutation.ts', ...(process.env.FORMCERT_MUTATION_PROPERTIES === '1' ? (FORMAT_TESTS[format] ?? []) : [])],
    // Tests that drive the CLI in a child process cannot see Stryker's active mutant: they only cost time.
    exclude: ['**/node_modules/**', '**/*.conformance.test.ts', ...SPAWNING_TESTS],
    env: { FORMCERT_SEED: '1', FORMCERT_MUTATION_FORMAT: format },
    pool: 'forks',
    // Instrumented code runs several times slower than the original.
    testTimeout: 60_000,
  },
});
