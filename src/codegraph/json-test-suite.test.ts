/**
 * JSONTestSuite through the codegraph line scanner (issue 16 item 3): each case's bytes as the content of
 * one line, judged as the reader judges a line's JSON — BOM (R-S1), UTF-8 (checked by the splitter
 * before any scan), then the scanner — with the strict profile's options. A line of JSON that is not an
 * object still scans (the reader then refuses it as a record, not as JSON), so it counts as accepted JSON.
 */
import { isUtf8 } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedVerdict, JSON_TEST_SUITE_DIR, JSON_TEST_SUITE_FILES, STRICTER_THAN_RFC } from '../../test-support/json-test-suite.ts';
import { JSON_CODES } from '../shared/json/constants.ts';
import { emptyMembers, LineScanner } from './scan-json.ts';

const scanner = new LineScanner({ allowDuplicates: false, allowLoneSurrogates: false });
const members = emptyMembers();

/** The scanner's verdict on one JSON text: accepted, or the code of its refusal. */
function scanText(bytes: Buffer): 'accept' | string {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return JSON_CODES.BOM;
  if (!isUtf8(bytes)) return JSON_CODES.INVALID_UTF8;
  const scanned = scanner.scanRecord(bytes, 0, bytes.length, members, undefined);
  return scanned.ok ? 'accept' : scanned.error.code;
}

describe('JSONTestSuite test_parsing through the codegraph line scanner', () => {
  it('holds all 318 cases', () => {
    expect(JSON_TEST_SUITE_FILES.length).toBe(318);
  });

  it('gives every case the strict verdict', () => {
    const wrong: string[] = [];
    for (const name of JSON_TEST_SUITE_FILES) {
      const verdict = scanText(readFileSync(join(JSON_TEST_SUITE_DIR, name)));
      if ((verdict === 'accept' ? 'accept' : 'reject') !== expectedVerdict(name)) wrong.push(`${name}: ${verdict}`);
    }
    expect(wrong).toStrictEqual([]);
  });

  it('names the faults R-S1 adds with their own codes', () => {
    const code = (name: string) => scanText(readFileSync(join(JSON_TEST_SUITE_DIR, name)));
    for (const name of STRICTER_THAN_RFC) expect(code(name)).toBe(JSON_CODES.DUPLICATE_MEMBER);
    expect(code('i_string_UTF-8_invalid_sequence.json')).toBe(JSON_CODES.INVALID_UTF8);
    expect(code('i_string_lone_second_surrogate.json')).toBe(JSON_CODES.LONE_SURROGATE);
    expect(code('i_string_inverted_surrogates_U+1D11E.json')).toBe(JSON_CODES.LONE_SURROGATE);
    expect(code('i_structure_UTF-8_BOM_empty_object.json')).toBe(JSON_CODES.BOM);
    expect(code('n_structure_100000_opening_arrays.json')).toBe(JSON_CODES.SYNTAX);
  });
});
