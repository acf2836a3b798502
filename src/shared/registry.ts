/** The requirement and error-code registries in spec/ (spec/<format>/requirements*.json, error-codes*.json). */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from './package-root.ts';
import type { ErrorCodesFile } from '../generated/registry/error-codes.schema.ts';
import type { RequirementsFile } from '../generated/registry/requirements.schema.ts';

export type RegistryFormat = 'shared' | 'journal' | 'codegraph' | 'morph';
export const REGISTRY_FORMATS: readonly RegistryFormat[] = ['shared', 'journal', 'codegraph', 'morph'];

/** The spec/ directory of this checkout. */
export const SPEC_DIR = join(PACKAGE_ROOT, 'spec');

/** Files of one format's registry whose name starts with `stem` (e.g. requirements.json, requirements-context.json). */
export function registryFiles(format: RegistryFormat, stem: 'requirements' | 'error-codes'): string[] {
  const dir = join(SPEC_DIR, format);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => n.startsWith(stem) && n.endsWith('.json'))
    .sort()
    .map((n) => join(dir, n));
}

/** Every requirement of a format. */
export function loadRequirements(format: RegistryFormat): RequirementsFile['requirements'] {
  return registryFiles(format, 'requirements').flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as RequirementsFile).requirements);
}

/** Every registered error code of a format. */
export function loadErrorCodes(format: RegistryFormat): ErrorCodesFile['codes'] {
  return registryFiles(format, 'error-codes').flatMap((f) => (JSON.parse(readFileSync(f, 'utf8')) as ErrorCodesFile).codes);
}
