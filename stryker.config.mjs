/**
 * StrykerJS configuration for mutation testing the reference oracle, one format at a time
 * (scripts/mutation/README.md). Run through `npm run mutation -- <format>`, which sets
 * FORMCERT_MUTATION_FORMAT and writes the score table.
 */
const format = process.env.FORMCERT_MUTATION_FORMAT ?? 'journal';
/** One source file per run (the runner script loops), so every finished file keeps its results. */
const file = process.env.FORMCERT_MUTATION_FILE;
const slug = file ? file.replace(/^src\//, '').replace(/[/.]/g, '-') : format;
const out = `reports/mutation/${format}/${slug}`;

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: file ? [file] : [`src/${format}/**/*.ts`, '!**/*.test.ts', '!**/*.test-helpers.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `${out}.incremental.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `${out}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: Number(process.env.FORMCERT_MUTATION_CONCURRENCY ?? 2),
  // Generous: a loaded machine must not turn slow runs into "timeout" kills.
  timeoutMS: 60000,
  timeoutFactor: 3,
  ignorePatterns: ['dist', 'reports', '.stryker-tmp', 'bench', 'conformance', 'examples'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
