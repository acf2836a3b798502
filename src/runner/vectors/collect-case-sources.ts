/** Collects every format's golden cases from the case sources its registry declares (or from a directory given by hand). */
import { readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fromPlain, jsonNumber, type JsonValue } from '../../shared/json/value.ts';
import type { CaseSpec } from '../../shared/vectors.ts';
import { compareCodePoints } from '../../shared/text.ts';
import { CASE_SOURCE_FILE, FORMATS, GENERATORS_DIR, type FormatName } from './constants.ts';
import { findCaseSources } from './find-vector-files.ts';
import { REPO_ROOT } from './repo-root.ts';
import { RUNS_COMPILED } from '../../shared/package-root.ts';
import { FORMAT_REGISTRIES } from '../format-registries.ts';

/** The cases of one format's case source module. */
export interface CaseSource {
  readonly format: FormatName;
  /** Repository-relative path of the module (e.g. `generators/journal/golden-cases.ts`). */
  readonly module: string;
  readonly cases: readonly CaseSpec[];
  /**
   * The module's fixed seeds: its exported seed constants (exports whose name contains "seed") by export
   * name, else the distinct seed literals of its source text (`seed: 42`, `SEED = 7`); null when neither.
   */
  readonly seeds: JsonValue;
}

/** A module that provides golden cases. */
interface CaseSourceModule {
  goldenCases?: unknown;
  [name: string]: unknown;
}

/**
 * The golden cases of every format, from the case sources the format registries declare
 * (generators/<format>/index.ts, imported statically: a missing one is a build error), in format order.
 * `generatorsDir` names another directory of `<format>/golden-cases.ts` modules instead (`golden
 * --generators-dir`): those are outside the build, so they are imported at run time, and one that
 * cannot be used is an error (exit 2), never an empty source.
 */
export async function collectCaseSources(generatorsDir: string = GENERATORS_DIR): Promise<CaseSource[]> {
  if (generatorsDir !== GENERATORS_DIR) return await collectCaseSourcesFrom(generatorsDir);
  // An installed package has no TypeScript sources: the seed literals are read from the compiled
  // modules in dist/, still named by their source path so that the manifest reads the same either way.
  const root = RUNS_COMPILED ? join(REPO_ROOT, 'dist') : REPO_ROOT;
  return FORMAT_REGISTRIES.map(({ format, caseSource }) => {
    const file = join(root, RUNS_COMPILED ? caseSource.module.replace(/\.ts$/, '.js') : caseSource.module);
    return readCaseSource(format, caseSource.module, caseSource.exports, () => readFileSync(file, 'utf8'));
  });
}

/** Imports each `<generatorsDir>/<format>/golden-cases.ts` in directory order (throws on a directory that is not a format). */
async function collectCaseSourcesFrom(generatorsDir: string): Promise<CaseSource[]> {
  const root = isAbsolute(generatorsDir) ? generatorsDir : resolve(REPO_ROOT, generatorsDir);
  const sources: CaseSource[] = [];
  for (const rel of findCaseSources(root, CASE_SOURCE_FILE)) {
    const format = rel.slice(0, rel.indexOf('/'));
    const module = isAbsolute(generatorsDir) ? join(root, rel) : `${generatorsDir.replace(/\/+$/, '')}/${rel}`;
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new Error(`${module}: directory ${format} is not a format (${FORMATS.join(', ')})`);
    }
    const mod = (await import(pathToFileURL(join(root, rel)).href)) as CaseSourceModule;
    sources.push(readCaseSource(format as FormatName, module, mod, () => readFileSync(join(root, rel), 'utf8')));
  }
  return sources;
}

/** Runs a case source's `goldenCases()` and reads its seeds; throws (a setup error) when it cannot be used. */
function readCaseSource(format: FormatName, module: string, mod: CaseSourceModule, readText: () => string): CaseSource {
  if (typeof mod.goldenCases !== 'function') throw new Error(`${module}: exports no goldenCases() function`);
  let cases: unknown;
  try {
    cases = (mod.goldenCases as () => unknown)();
  } catch (err) {
    throw new Error(`${module}: goldenCases() threw: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!Array.isArray(cases)) throw new Error(`${module}: goldenCases() did not return an array`);
  const seeds = readSeedExports(mod) ?? readSeedLiterals(readText());
  return { format, module, cases: cases as CaseSpec[], seeds };
}

/** The module's exports named like a seed, as JSON for the manifest (null when there are none). */
export function readSeedExports(mod: Record<string, unknown>): JsonValue {
  const names = Object.keys(mod)
    .filter((n) => /seed/i.test(n) && isSeedValue(mod[n]))
    .sort(compareCodePoints);
  if (names.length === 0) return null;
  return new Map(names.map((n) => [n, fromPlain(mod[n])] as const));
}

/** Distinct integer seed literals written as `seed: N`, `seed = N` or `SEED = N` in a module's text, ascending. */
export function readSeedLiterals(text: string): JsonValue {
  const seeds = new Set<bigint>();
  for (const m of text.matchAll(/\bseed\s*[:=]\s*(-?[0-9]+)\b/gi)) seeds.add(BigInt(m[1]!));
  if (seeds.size === 0) return null;
  return [...seeds].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((n) => jsonNumber(n));
}

function isSeedValue(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v === 'bigint' || typeof v === 'string') return true;
  if (Array.isArray(v)) return v.every(isSeedValue);
  if (v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) return Object.values(v).every(isSeedValue);
  return false;
}
