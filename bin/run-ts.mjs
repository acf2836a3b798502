#!/usr/bin/env node
// Runs a TypeScript script from the repository (used by npm scripts): node bin/run-ts.mjs <file.ts> [args…]
import { register } from 'tsx/esm/api';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';

register();
const [script, ...rest] = process.argv.slice(2);
if (!script) {
  process.stderr.write('usage: run-ts <file.ts> [args…]\n');
  process.exit(2);
}
process.argv = [process.argv[0], resolve(script), ...rest];
await import(pathToFileURL(resolve(script)).href);
