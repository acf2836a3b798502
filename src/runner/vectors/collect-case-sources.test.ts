import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { toPlain } from '../../shared/json/value.ts';
import { collectCaseSources, readSeedLiterals } from './collect-case-sources.ts';

function generators(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-generators-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const CASE = `{ name: 'a', op: 'journal.read', profile: 'core', requirements: ['R-J1'], input: '', expect: { verdict: 'reject', code: 'EMPTY_FILE' }, note: 'n' }`;

describe('collectCaseSources', () => {
  it('imports every <format>/golden-cases.ts found by globbing, in directory order, with its seeds', async () => {
    const dir = generators({
      'morph/golden-cases.ts': `export const GOLDEN_SEED = 7;\nexport function goldenCases() { return []; }\n`,
      'journal/golden-cases.ts': `const samples = { seed: 42, numRuns: 3 };\nexport function goldenCases() { return [${CASE}]; }\n`,
      'journal/other.ts': `export function goldenCases() { throw new Error('not a case source'); }\n`,
    });
    const sources = await collectCaseSources(dir);
    expect(sources.map((s) => [s.format, s.cases.length])).toEqual([
      ['journal', 1],
      ['morph', 0],
    ]);
    expect(toPlain(sources[0]!.seeds)).toEqual([42]);
    expect(toPlain(sources[1]!.seeds)).toEqual({ GOLDEN_SEED: 7 });
  });

  it('refuses a module without goldenCases() and a directory that is not a format', async () => {
    await expect(collectCaseSources(generators({ 'journal/golden-cases.ts': 'export const x = 1;\n' }))).rejects.toThrow(/goldenCases/);
    await expect(collectCaseSources(generators({ 'shared/golden-cases.ts': 'export function goldenCases() { return []; }\n' }))).rejects.toThrow(/not a format/);
  });
});

describe('readSeedLiterals', () => {
  it('collects distinct integer seeds in ascending order', () => {
    expect(toPlain(readSeedLiterals('fc.sample(a, { seed: 42 }); const SEED = 7; x({seed:42})'))).toEqual([7, 42]);
    expect(readSeedLiterals('no seeds here: seedling = 3')).toBeNull();
  });
});
