/**
 * `npm run gen:types`: TypeScript types from every spec/schemas/**\/X.schema.json into
 * src/generated/**\/X.schema.ts, and from the protocol's message schemas (spec/protocol/schemas/X.schema.json,
 * not its observation schemas) into src/generated/protocol/X.schema.ts, with json-schema-to-typescript.
 * `--check` exits 1 when they are stale.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileFromFile } from 'json-schema-to-typescript';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMAS = join(ROOT, 'spec/schemas');
const PROTOCOL_SCHEMAS = join(ROOT, 'spec/protocol/schemas');
const OUT = join(ROOT, 'src/generated');

/** spec/schemas parts whose types are inlined where the schemas that reference them are generated. */
const SCHEMA_PARTS = new Set(['journal/metadata.schema.json']);

/**
 * Protocol schemas without a type of their own: parts the message schemas reference (their types are
 * inlined where they are used: seq, op name, and the four replies inside run-reply), and the exec reject
 * line, which is a string pattern (its type would be \`string\`).
 */
const PROTOCOL_PARTS = new Set([
  'seq.schema.json',
  'op-name.schema.json',
  'accept-reply.schema.json',
  'reject-reply.schema.json',
  'skipped-reply.schema.json',
  'errored-reply.schema.json',
  'exec-reject-line.schema.json',
]);

function schemaFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? schemaFiles(join(dir, e.name)) : e.name.endsWith('.schema.json') ? [join(dir, e.name)] : []))
    .sort();
}

/** The generated file for every schema: output path → contents. */
export async function generateTypes(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const protocol = readdirSync(PROTOCOL_SCHEMAS)
    .filter((n) => n.endsWith('.schema.json') && !PROTOCOL_PARTS.has(n))
    .sort()
    .map((n) => join(PROTOCOL_SCHEMAS, n));
  const own = schemaFiles(SCHEMAS).filter((f) => !SCHEMA_PARTS.has(relative(SCHEMAS, f)));
  for (const file of [...own, ...protocol]) {
    const rel = file.startsWith(PROTOCOL_SCHEMAS) ? join('protocol', relative(PROTOCOL_SCHEMAS, file)).replace(/\.json$/, '.ts') : relative(SCHEMAS, file).replace(/\.json$/, '.ts');
    const ts = await compileFromFile(file, {
      cwd: dirname(file),
      bannerComment: `/* Generated from ${relative(ROOT, file)} by \`npm run gen:types\`. Do not edit. */`,
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
