/** Finds vector files by globbing golden/**\/*.json (the manifest excluded): never a hand-kept list. */
import { existsSync, readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { MANIFEST_FILE } from './constants.ts';
import { compareCodePoints } from '../../shared/text.ts';

/**
 * Every `*.json` file under `dir` except the top-level manifest, as paths relative to `dir` with `/`
 * separators, sorted by code point (the same order on every machine). A missing directory has none.
 */
export function findVectorFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return (readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((p) => p.split(sep).join('/'))
    .filter((p) => p.endsWith('.json') && p !== MANIFEST_FILE)
    .filter((p) => !p.split('/').some((segment) => segment.startsWith('.')))
    .sort(compareCodePoints);
}

/** Every case source module `generators/<format>/golden-cases.ts` under `generatorsDir`, sorted. */
export function findCaseSources(generatorsDir: string, fileName: string): string[] {
  if (!existsSync(generatorsDir)) return [];
  return readdirSync(generatorsDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(generatorsDir, d.name, fileName)))
    .map((d) => `${d.name}/${fileName}`)
    .sort(compareCodePoints);
}
