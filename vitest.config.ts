import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{src,generators,conformance,scripts,bench,golden}/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
