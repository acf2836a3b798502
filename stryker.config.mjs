/**
 * StrykerJS configuration for mutation testing the reference oracle, one format at a time
 * (scripts/mutation/README.md). Run through `npm run mutation -- <format>`, which sets
 * FORMCERT_MUTATION_FORMAT and writes the score table.
 */
const format = process.env.FORMCERT_MUTATION_FORMAT ?? 'journal';
/** The source files of this run (comma-separated; the runner script batches a format's files). */
const files = process.env.FORMCERT_MUTATION_FILES?.split(',').filter(Boolean) ?? [];
/** Stryker's own report (large, not committed): run-mutation.ts splits it into one results file per source file. */
const out = `reports/mutation/${format}/stryker-report`;

/**
 * The in-process runner of the golden cases (scripts/mutation/golden-runner.mjs), unless the format's
 * own unit and property tests are wanted too: those run under vitest, which costs seconds per mutant.
 */
const withProperties = process.env.FORMCERT_MUTATION_PROPERTIES === '1';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: withProperties ? 'vitest' : 'formcert-golden',
  ...(withProperties ? { vitest: { configFile: 'vitest.mutation.config.ts', related: false } } : {}),
  plugins: withProperties ? ['@stryker-mutator/vitest-runner'] : ['./scripts/mutation/golden-runner.mjs'],
  mutate: files.length > 0 ? files : [`src/${format}/**/*.ts`, '!**/*.test.ts', '!**/*.test-helpers.ts'],
  coverageAnalysis: 'perTest',
  // Resuming is per file (run-mutation.ts skips files whose committed results match their source).
  incremental: false,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `${out}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // A static mutant needs a fresh process that runs every case of the format (minutes each on the
  // multi-MiB vectors); FORMCERT_MUTATION_IGNORE_STATIC=1 leaves them out of a run, and the score
  // table counts them as not detected (scripts/mutation/score-table.ts).
  ignoreStatic: process.env.FORMCERT_MUTATION_IGNORE_STATIC === '1',
  concurrency: Number(process.env.FORMCERT_MUTATION_CONCURRENCY ?? 2),
  // Generous: a loaded machine must not turn slow runs into "timeout" kills.
  timeoutMS: 15000,
  timeoutFactor: 3,
  // The dry run of `shared` runs every format's cases, multi-MiB inputs among them, instrumented:
  // Stryker's default 5 minutes is too short for it on two loaded cores.
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ['dist', 'reports', '.stryker-tmp', 'bench', 'conformance', 'examples', 'scratch-tmp'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
