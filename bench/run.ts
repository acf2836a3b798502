/**
 * `npm run bench [-- --quick] [-- name…]`: runs every bench/*.bench.ts (or those whose name contains a
 * given word) and prints their figures. Each module default-exports an async function returning lines
 * to print. `--quick` picks the small preset (see bench-size.ts); the size variables still win.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A benchmark module's entry point: prints nothing itself, returns the lines of its report. */
export type Benchmark = () => Promise<string[]>;

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--quick')) process.env.FORMCERT_BENCH_QUICK = '1';
const filters = args.filter((a) => a !== '--quick');
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((w) => f.includes(w)))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { default: Benchmark };
  process.stdout.write(`\n## ${file.replace(/\.bench\.ts$/, '')}\n`);
  for (const line of await mod.default()) process.stdout.write(line + '\n');
}
