/**
 * `npm run gen:types`: TypeScript types from every spec/schemas/**\/X.schema.json into
 * src/generated/**\/X.schema.ts, with json-schema-to-typescript. `--check` exits 1 when they are stale.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFromFile } from 'json-schema-to-typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS = join(ROOT, 'spec/schemas');
const OUT = join(ROOT, 'src/generated');

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? schemaFiles(join(dir, e.name)) : e.name.endsWith('.schema.json') ? [join(dir, e.name)] : []))
    .sort();
}

/** The generated file for every schema: output path → contents. */
export async function generateTypes(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const file of schemaFiles(SCHEMAS)) {
    const rel = relative(SCHEMAS, file).replace(/\.json$/, '.ts');
    const ts = await compileFromFile(file, {
      cwd: dirname(file),
      bannerComment: `/* Generated from spec/schemas/${relative(SCHEMAS, file)} by \`npm run gen:types\`. Do not edit. */`,
      additionalProperties: false,
      unreachableDefinitions: true,
      format: true,
    });
    out.set(join(OUT, rel), ts);
  }
  return out;
}

/** Paths whose generated contents differ from what is on disk. */
export async function staleTypes(): Promise<string[]> {
  const stale: string[] = [];
  for (const [path, ts] of await generateTypes()) {
    if (!existsSync(path) || readFileSync(path, 'utf8') !== ts) stale.push(relative(ROOT, path));
  }
  return stale;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (process.argv.includes('--check')) {
    const stale = await staleTypes();
    for (const p of stale) process.stderr.write(`stale: ${p} (run npm run gen:types)\n`);
    process.exitCode = stale.length > 0 ? 1 : 0;
  } else {
    for (const [path, ts] of await generateTypes()) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, ts);
      process.stdout.write(`wrote ${relative(ROOT, path)}\n`);
    }
  }
}
