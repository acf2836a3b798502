/**
 * Issue 11 item 8 for the JSON texts MORPH reads around an input or a payload (an artifact, an encode
 * request, a bundle's METADATA and SCHEMA sections): within their byte bounds, a text that would build
 * millions of values (a run of `[`, an array of zeros, an array of empty objects) is refused at R-M2's
 * depth or value limit (JSON-LIMIT-1) as it is read, under 200 MB peak RSS measured in a child process.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { writeBundle } from '../../src/morph/bundle/frame-bundle.ts';
import { LIMIT_KB, runCliWithPeakRss } from './run-with-peak-rss.ts';

/** Just under the 16 MiB bundle bound, so every text here is read, not refused for its size. */
const TEXT_BYTES = 15 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Hostile JSON texts of about TEXT_BYTES: what each makes a reader without limits build. */
const TREES: ReadonlyArray<[string, () => string]> = [
  ['a run of [ (millions of nested arrays)', () => '['.repeat(TEXT_BYTES)],
  ['an array of zeros (millions of numbers)', () => `[${'0,'.repeat(TEXT_BYTES / 2 - 1)}0]`],
];
/**
 * An array of empty objects: refused at R-M2's value limit once 250,000 have been read (these texts
 * share one empty object, so they cost 2 MB, not 48). The same in a bundle's METADATA or SCHEMA section
 * is measured in morph-valid-rss.conformance.test.ts, beside valid inputs near the bound.
 */
const EMPTY_OBJECTS = (): string => `[${'{},'.repeat(TEXT_BYTES / 3 - 1)}{}]`;

function fileOf(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** A json-compact bundle of `{}` with one section replaced by `text`. */
function bundleWith(section: 'metadata' | 'schema', text: string): string {
  const encoded = encodeBundle({ ir: new Map(), inputKind: 'json-text', plan: { encoding: 'json-compact', formatVersion: '1', options: {} }, guide: { id: 'morph-guide/json-compact', version: '1', text: 'g' } });
  if (!encoded.ok) throw new Error(encoded.error.code);
  return writeBundle({ ...encoded.value.parts, [section]: text }, encoded.value.boundary);
}

const linux = existsSync('/proc/self/status');

/** Every reader and what it is given: [label, CLI arguments, the file's text]. */
const CASES: ReadonlyArray<[string, readonly string[], () => string]> = [
  ...TREES.flatMap(([what, make]): Array<[string, readonly string[], () => string]> => [
    [`validate morph-artifact: ${what}`, ['validate', 'morph-artifact'], make],
    [`testee exec morph.encode: ${what}`, ['testee', 'exec', 'morph.encode'], make],
    [`validate morph-bundle, METADATA: ${what}`, ['validate', 'morph-bundle'], () => bundleWith('metadata', make())],
    [`validate morph-bundle, SCHEMA: ${what}`, ['validate', 'morph-bundle'], () => bundleWith('schema', make())],
  ]),
  ['validate morph-artifact: an array of empty objects (250,000 maps)', ['validate', 'morph-artifact'], EMPTY_OBJECTS],
  ['testee exec morph.encode: an array of empty objects (250,000 maps)', ['testee', 'exec', 'morph.encode'], EMPTY_OBJECTS],
];

describe.runIf(linux)('MORPH envelopes, requests and bundle sections under 200 MB peak RSS', () => {
  CASES.forEach(([name, args, build], i) => {
    it(`${name} is LIMIT_EXCEEDED, exit 1`, async () => {
      const path = fileOf(`tree-${i}`, build());
      const r = await runCliWithPeakRss([...args, path], name);
      expect([r.status, r.stdout.split('\n')[0]]).toEqual([1, 'code: LIMIT_EXCEEDED']);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    }, 60_000);
  });
});
