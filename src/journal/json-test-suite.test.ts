/**
 * JSONTestSuite (vendor/JSONTestSuite/test_parsing) through the journal's two JSON entry points: the
 * op-input parser and the line scanner of journal.read. Both must give each case the verdict and code
 * of the shared strict reader (which meets the suite, see src/shared/json/json-test-suite.test.ts),
 * under strict; under core (tolerant) only the R-S1 cases (duplicates, lone surrogates, BOM) change.
 */
import { isUtf8 } from 'node:buffer';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJson } from '../shared/json/parse-value.ts';
import { CODES, READER_LIMITS } from './constants.ts';
import { JsonLineScanner, parseJsonText } from './scan-json.ts';

const DIR = join(import.meta.dirname, '../../vendor/JSONTestSuite/test_parsing');
const files = readdirSync(DIR).sort();
const R_S1 = new Set<string>([CODES.JSON_DUPLICATE_MEMBER, CODES.JSON_LONE_SURROGATE, CODES.JSON_BOM]);

const sharedVerdict = (bytes: Buffer) => {
  const r = parseJson(bytes);
  return r.ok ? 'accept' : r.error.code;
};

/** The line scanner as journal.read applies it to one line: UTF-8 first (R-J1), then the scan. */
function lineVerdict(scanner: JsonLineScanner, bytes: Buffer): string {
  if (!isUtf8(bytes)) return CODES.JSON_INVALID_UTF8;
  const r = scanner.scan(bytes, 0, bytes.length, true);
  return r.ok ? 'accept' : r.error.code;
}

/** The most containers open at once in `bytes`, brackets in strings aside. */
function depthOf(bytes: Buffer): number {
  let depth = 0;
  let most = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) most = Math.max(most, ++depth);
    else if (b === 0x5d || b === 0x7d) depth--;
  }
  return most;
}

describe('JSONTestSuite through the journal readers', () => {
  it('holds the vendored cases', () => {
    expect(files.length).toBe(318);
  });

  it('op inputs: the same verdict and code as the shared reader on every case', () => {
    const wrong: string[] = [];
    for (const name of files) {
      const bytes = readFileSync(join(DIR, name));
      const mine = parseJsonText(bytes);
      const got = mine.ok ? 'accept' : mine.error.code;
      if (got !== sharedVerdict(bytes)) wrong.push(`${name}: journal ${got}, shared ${sharedVerdict(bytes)}`);
      // y_ cases are JSON: accepted unless R-S1 refuses them (the duplicated-key cases).
      if (name.startsWith('y_') && !mine.ok && !R_S1.has(mine.error.code)) wrong.push(`${name}: refused ${mine.error.code}`);
      if (name.startsWith('n_') && mine.ok) wrong.push(`${name}: accepted`);
    }
    expect(wrong).toEqual([]);
  });

  it('journal lines: the same verdict and code on every case a line can hold (no LF, no CR, no BOM)', () => {
    const strict = new JsonLineScanner();
    const core = new JsonLineScanner({ tolerant: true });
    const wrong: string[] = [];
    let lines = 0;
    for (const name of files) {
      const bytes = readFileSync(join(DIR, name));
      // LF ends a journal line and CR or a BOM is a file fault (R-J1): such cases are not one line.
      if (bytes.includes(0x0a) || bytes.includes(0x0d) || (bytes[0] === 0xef && bytes[1] === 0xbb)) continue;
      lines++;
      // Past READER_LIMITS.MAX_DEPTH a journal line is refused for its depth first (R-S2a, JSON-LIMIT-1):
      // the one such case (100,000 open arrays) is not JSON either.
      const expected = depthOf(bytes) > READER_LIMITS.MAX_DEPTH ? CODES.LIMIT_EXCEEDED : sharedVerdict(bytes);
      const got = lineVerdict(strict, bytes);
      if (got !== expected) wrong.push(`${name}: line scanner ${got}, shared ${expected}`);
      // Core reads what only R-S1 refuses, and nothing else changes: past a tolerated fault a
      // not-JSON case still meets its grammar fault.
      const tolerant = lineVerdict(core, bytes);
      const want = !R_S1.has(expected) ? expected : name.startsWith('n_') ? CODES.JSON_SYNTAX : 'accept';
      if (expected === CODES.LIMIT_EXCEEDED && !name.startsWith('n_')) wrong.push(`${name}: JSON refused for its depth`);
      if (tolerant !== want) wrong.push(`${name}: tolerant ${tolerant}, expected ${want}`);
    }
    expect(lines).toBeGreaterThan(200);
    expect(wrong).toEqual([]);
  });
});
