/** Imports every case source `generators/<format>/golden-cases.ts` (found by globbing) and collects its cases. */
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
 * Imports each `<generatorsDir>/<format>/golden-cases.ts` in directory order and calls its `goldenCases()`.
 * Throws when a directory is not a format name or a module has no `goldenCases` function (setup errors).
 */
export async function collectCaseSources(generatorsDir: string = GENERATORS_DIR): Promise<CaseSource[]> {
  // An installed package has no TypeScript sources: the default case sources are the compiled ones in
  // dist/, still named by their source path so that the manifest reads the same either way.
  const compiled = RUNS_COMPILED && generatorsDir === GENERATORS_DIR;
  const root = compiled ? join(REPO_ROOT, 'dist', GENERATORS_DIR) : isAbsolute(generatorsDir) ? generatorsDir : resolve(REPO_ROOT, generatorsDir);
  const sources: CaseSource[] = [];
  for (const rel of findCaseSources(root, compiled ? CASE_SOURCE_FILE.replace(/\.ts$/, '.js') : CASE_SOURCE_FILE)) {
    const format = rel.slice(0, rel.indexOf('/'));
    const sourceRel = compiled ? rel.replace(/\.js$/, '.ts') : rel;
    const module = isAbsolute(generatorsDir) ? join(root, rel) : `${generatorsDir.replace(/\/+$/, '')}/${sourceRel}`;
    if (!(FORMATS as readonly string[]).includes(format)) {
      throw new Error(`${module}: directory ${format} is not a format (${FORMATS.join(', ')})`);
    }
    const mod = (await import(pathToFileURL(join(root, rel)).href)) as CaseSourceModule;
    if (typeof mod.goldenCases !== 'function') throw new Error(`${module}: exports no goldenCases() function`);
    let cases: unknown;
    try {
      cases = await (mod.goldenCases as () => unknown)();
    } catch (err) {
      throw new Error(`${module}: goldenCases() threw: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (!Array.isArray(cases)) throw new Error(`${module}: goldenCases() did not return an array`);
    const seeds = readSeedExports(mod) ?? readSeedLiterals(readFileSync(join(root, rel), 'utf8'));
    sources.push({ format: format as FormatName, module, cases: cases as CaseSpec[], seeds });
  }
  return sources;
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
