/**
 * Where formcert's own files are (spec/, golden/, package.json), found from this module's location. The same
 * code runs from source in a clone (src/shared/) and compiled in an installed package (dist/src/shared/), so
 * the root is the nearest directory upwards whose package.json names formcert, not a fixed number of levels.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findPackageRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'formcert') return dir;
    if (dirname(dir) === dir) throw new Error(`no formcert package.json above ${start}`);
  }
}

/** Absolute path of the formcert package (the repository root in a clone). */
export const PACKAGE_ROOT = findPackageRoot(dirname(fileURLToPath(import.meta.url)));

/** True when this code runs compiled from dist/, false when it runs from the TypeScript sources. */
export const RUNS_COMPILED = import.meta.url.endsWith('.js');

/** The extension of this build's own modules: `.ts` from source, `.js` compiled. */
export const MODULE_EXTENSION = RUNS_COMPILED ? '.js' : '.ts';
