#!/usr/bin/env node
// Entry point. An installed package runs the compiled CLI in dist/. A clone of the repository, which
// has the TypeScript sources and the dev dependencies, runs those sources, so that what the tests and
// developers run is always the code as it stands (no stale build).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// FORMCERT_COMPILED=1 runs the compiled CLI from a clone too (after `npm run build`): the memory tests
// measure what an installed package runs, without the TypeScript loader's own 40 MiB.
const compiled = process.env.FORMCERT_COMPILED === '1';
if (compiled && !existsSync(join(root, 'dist', 'src', 'cli', 'main.js'))) {
  process.stderr.write('formcert: FORMCERT_COMPILED=1 but dist/ is not built (run `npm run build`)\n');
  process.exit(2);
}
let main;
if (!compiled && existsSync(join(root, 'src', 'cli', 'main.ts')) && existsSync(join(root, 'node_modules', 'tsx'))) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import('../src/cli/main.ts'));
} else {
  ({ main } = await import('../dist/src/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
