import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonEqual } from '../shared/json/equal.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { importArtifact } from './artifact/import-artifact.ts';
import { CONTEXT_CODES } from './bundle/constants.ts';
import { decodeBundle } from './bundle/decode-bundle.ts';
import { MORPH_CODES } from './constants.ts';
import { validateArtifactFile, validateBundleFile } from './validate-file.ts';

const EXAMPLES = join(import.meta.dirname, '../../examples/morph');
const source = (name: string) => {
  const v = parseJson(readFileSync(join(EXAMPLES, name)));
  if (!v.ok) throw new Error(v.error.code);
  return v.value;
};

/** Every example file and the input it was made from (examples/morph/README.md). */
const BUNDLES: Record<string, string> = {
  'customers.json-compact.bundle': 'customers.json',
  'customers.rows-tab.bundle': 'customers.json',
  'order.path-value.bundle': 'order.json',
};
const ARTIFACTS: Record<string, string> = {
  'customers.artifact.json': 'customers.json',
  'order-plain-numbers.toon-pipe.artifact.json': 'order-plain-numbers.json',
};

describe('validate morph-bundle / morph-artifact, and the examples', () => {
  for (const [file, input] of Object.entries(BUNDLES)) {
    it(`${file} is valid and decodes to ${input}`, async () => {
      const r = await validateBundleFile(join(EXAMPLES, file), { profile: 'strict' });
      expect(r.ok).toBe(true);
      const d = decodeBundle(readFileSync(join(EXAMPLES, file)));
      expect(d.ok && jsonEqual(d.value.ir, source(input))).toBe(true);
    });
  }
  for (const [file, input] of Object.entries(ARTIFACTS)) {
    it(`${file} is valid and imports to ${input}`, async () => {
      const r = await validateArtifactFile(join(EXAMPLES, file), { profile: 'strict' });
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.artifactId).toMatch(/^[0-9a-f]{64}$/);
      const a = importArtifact(readFileSync(join(EXAMPLES, file)));
      expect(a.ok && jsonEqual(a.value.ir, source(input))).toBe(true);
    });
  }

  it('reports the first fault of a broken file, and refuses an oversized one before reading it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-'));
    const bundle = join(dir, 'b.bundle');
    writeFileSync(bundle, `${readFileSync(join(EXAMPLES, 'customers.rows-tab.bundle'), 'utf8')}\n`);
    expect(await validateBundleFile(bundle, { profile: 'strict' })).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.BUNDLE_LAYOUT, profile: 'strict' } });
    const artifact = join(dir, 'a.json');
    writeFileSync(artifact, readFileSync(join(EXAMPLES, 'customers.artifact.json'), 'utf8').replace('"sha256"', '"sha512"'));
    expect(await validateArtifactFile(artifact, { profile: 'core' })).toMatchObject({ ok: false, error: { code: CONTEXT_CODES.UNSUPPORTED_INTEGRITY_ALGORITHM } });
    const big = join(dir, 'big.bundle');
    writeFileSync(big, '');
    truncateSync(big, 16 * 1024 * 1024 + 1);
    expect(await validateBundleFile(big, { profile: 'strict' })).toMatchObject({ ok: false, error: { code: MORPH_CODES.LIMIT_EXCEEDED } });
    await expect(validateBundleFile(join(dir, 'missing.bundle'), { profile: 'strict' })).rejects.toThrow();
  });
});
