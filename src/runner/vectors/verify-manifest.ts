/** Checks golden/MANIFEST.json against the files beside it, without running any generator. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { sha256Hex } from '../../shared/digest.ts';
import { parseJson } from '../../shared/json/parse-value.ts';
import { toPlain } from '../../shared/json/value.ts';
import { MANIFEST_FILE } from './constants.ts';
import { isGoldenDataPath, readGoldenFile } from './golden-storage.ts';

/**
 * Every way the files under `goldenDir` differ from its manifest: a listed file missing or with another
 * size or SHA-256, or a vector file or side input the manifest does not list. Empty when they agree.
 */
export function verifyManifest(goldenDir: string): string[] {
  const manifestPath = join(goldenDir, MANIFEST_FILE);
  if (!existsSync(manifestPath)) return [`${MANIFEST_FILE} is missing`];
  const parsed = parseJson(readFileSync(manifestPath));
  if (!parsed.ok) return [`${MANIFEST_FILE} is not strict JSON (${parsed.error.code})`];
  const files = (toPlain(parsed.value) as { files?: unknown }).files;
  if (!Array.isArray(files)) return [`${MANIFEST_FILE} has no files list`];
  const problems: string[] = [];
  const listed = new Set<string>();
  for (const f of files as { path?: unknown; bytes?: unknown; sha256?: unknown }[]) {
    if (typeof f?.path !== 'string') {
      problems.push('a files entry has no path');
      continue;
    }
    listed.add(f.path);
    const abs = join(goldenDir, f.path);
    if (!existsSync(abs)) {
      problems.push(`${f.path}: listed but missing`);
      continue;
    }
    let bytes: Uint8Array;
    try {
      // Side files are hashed by their logical content (see golden-storage.ts).
      bytes = readGoldenFile(abs);
    } catch (err) {
      problems.push(`${f.path}: cannot be read (${(err as Error).message})`);
      continue;
    }
    if (bytes.length !== f.bytes || sha256Hex(bytes) !== f.sha256) problems.push(`${f.path}: size or sha256 differs from the manifest`);
  }
  const onDisk = (readdirSync(goldenDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((p) => p.split(sep).join('/'))
    .filter((p) => isGoldenDataPath(p) && p !== MANIFEST_FILE);
  for (const p of onDisk) if (!listed.has(p)) problems.push(`${p}: not listed in the manifest`);
  return problems;
}
