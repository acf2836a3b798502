/**
 * `npm run mutation -- <format> [src/<format>/file.ts …]`: mutation-tests the reference oracle with
 * StrykerJS (stryker.config.mjs), one source file per Stryker run so that every finished file keeps its
 * results (Stryker's incremental file is written at the end of a run), then writes the score table
 * reports/mutation/<format>.md from every file's JSON report. `--table` only rewrites the table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MUTATION_FORMATS, type MutationFormat, renderMutationTable, summarizeReport, type FileScore } from './score-table.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REPORTS = join(ROOT, 'reports/mutation');

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run mutation -- <${MUTATION_FORMATS.join('|')}> [--table] [src/<format>/file.ts …]\n`);
  process.exit(2);
}

/** The oracle's source files of `format`, tests and test helpers excluded, in path order. */
function listSourceFiles(format: MutationFormat): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.test-helpers.ts')) out.push(relative(ROOT, path));
    }
  };
  walk(join(ROOT, 'src', format));
  return out;
}

function runStryker(format: MutationFormat, file: string): void {
  const started = Date.now();
  const run = spawnSync(join(ROOT, 'node_modules/.bin/stryker'), ['run', 'stryker.config.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, FORMCERT_MUTATION_FORMAT: format, FORMCERT_MUTATION_FILE: file },
  });
  const seconds = Math.round((Date.now() - started) / 1000);
  process.stdout.write(`mutation: ${file} done in ${seconds} s (exit ${run.status})\n`);
  // Stryker exits non-zero on a broken set-up (a failing initial run); a survivor is not an error.
  if (run.status !== 0) process.exit(run.status ?? 1);
}

function readScores(format: MutationFormat): FileScore[] {
  const dir = join(REPORTS, format);
  if (!existsSync(dir)) return [];
  const scores: FileScore[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json') || name.endsWith('.incremental.json')) continue;
    scores.push(...summarizeReport(JSON.parse(readFileSync(join(dir, name), 'utf8'))));
  }
  return scores;
}

const args = process.argv.slice(2);
const format = args.find((a) => !a.startsWith('-') && !a.includes('/')) as MutationFormat | undefined;
if (!format || !MUTATION_FORMATS.includes(format)) usage(`unknown or missing format: ${format ?? '(none)'}`);
if (!args.includes('--table')) {
  const chosen = args.filter((a) => a.includes('/'));
  const files = chosen.length > 0 ? chosen : listSourceFiles(format);
  for (const file of files) {
    if (!existsSync(join(ROOT, file))) usage(`no such file: ${file}`);
    runStryker(format, file);
  }
}
const table = renderMutationTable(format, readScores(format), listSourceFiles(format));
writeFileSync(join(REPORTS, `${format}.md`), table);
process.stdout.write(`mutation: wrote reports/mutation/${format}.md\n`);
