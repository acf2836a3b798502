import { appendFileSync, cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOLDEN_DIR } from './constants.ts';
import { resolveGoldenDir } from './load-vectors.ts';
import { verifyManifest } from './verify-manifest.ts';

describe('verifyManifest', () => {
  const committed = resolveGoldenDir(GOLDEN_DIR);

  it('the committed golden/MANIFEST.json lists every file with its size and sha256', () => {
    expect(verifyManifest(committed)).toEqual([]);
  });

  it('notices an edited, an unlisted and a missing file', () => {
    const copy = mkdtempSync(join(tmpdir(), 'formcert-manifest-'));
    cpSync(committed, copy, { recursive: true });
    expect(verifyManifest(copy)).toEqual([]);
    appendFileSync(join(copy, 'morph', 'recipe-c14n.json'), ' ');
    writeFileSync(join(copy, 'morph', 'recipe-extra.json'), '{}');
    const problems = verifyManifest(copy);
    expect(problems.some((p) => p.startsWith('morph/recipe-c14n.json:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('morph/recipe-extra.json:'))).toBe(true);
    expect(verifyManifest(join(copy, 'nowhere'))).toHaveLength(1);
  });
});
