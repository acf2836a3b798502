/**
 * JSONTestSuite's parsing cases (vendor/JSONTestSuite, used as is) through the strict reader, with the
 * verdicts R-S1/R-S2 give them (vendor/JSONTestSuite/README.md).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectedVerdict, JSON_TEST_SUITE_DIR as DIR, JSON_TEST_SUITE_FILES as files, STRICTER_THAN_RFC } from '../../../test-support/json-test-suite.ts';
import { JSON_CODES } from './constants.ts';
import { parseJson } from './parse-value.ts';

describe('JSONTestSuite test_parsing', () => {
  it('holds all 318 cases', () => {
    expect(files.length).toBe(318);
  });

  it.each(files)('%s', (name) => {
    const bytes = readFileSync(join(DIR, name));
    const result = parseJson(bytes);
    expect(result.ok ? 'accept' : 'reject').toBe(expectedVerdict(name));
    if (result.ok && name.startsWith('i_number_')) {
      // R-S2: the lexeme survives exactly, whatever its size.
      const lexeme = bytes.toString('utf8').trim().replace(/^\[|\]$/g, '');
      expect(JSON.stringify(result.value)).not.toBeUndefined();
      expect(Array.isArray(result.value) && (result.value[0] as { lexeme: string }).lexeme).toBe(lexeme);
    }
  });

  it('refuses the duplicated-key cases as duplicates', () => {
    for (const name of STRICTER_THAN_RFC) {
      const result = parseJson(readFileSync(join(DIR, name)));
      expect(result.ok ? undefined : result.error.code).toBe(JSON_CODES.DUPLICATE_MEMBER);
    }
  });

  it('refuses deep nesting with the limit code when a depth limit is set (MORPH uses 64)', () => {
    const result = parseJson(readFileSync(join(DIR, 'i_structure_500_nested_arrays.json')), { maxDepth: 64 });
    expect(result.ok ? undefined : result.error.code).toBe(JSON_CODES.LIMIT_EXCEEDED);
  });

  it('refuses 100,000 opening arrays without a stack overflow', () => {
    const result = parseJson(readFileSync(join(DIR, 'n_structure_100000_opening_arrays.json')));
    expect(result.ok ? undefined : result.error.code).toBe(JSON_CODES.SYNTAX);
  });

  it('names encoding faults with their own codes', () => {
    const code = (name: string) => {
      const r = parseJson(readFileSync(join(DIR, name)));
      return r.ok ? 'accepted' : r.error.code;
    };
    expect(code('i_string_UTF-8_invalid_sequence.json')).toBe(JSON_CODES.INVALID_UTF8);
    expect(code('i_string_overlong_sequence_2_bytes.json')).toBe(JSON_CODES.INVALID_UTF8);
    expect(code('i_string_UTF8_surrogate_U+D800.json')).toBe(JSON_CODES.INVALID_UTF8);
    expect(code('i_string_lone_second_surrogate.json')).toBe(JSON_CODES.LONE_SURROGATE);
    expect(code('i_string_inverted_surrogates_U+1D11E.json')).toBe(JSON_CODES.LONE_SURROGATE);
    expect(code('i_structure_UTF-8_BOM_empty_object.json')).toBe(JSON_CODES.BOM);
  });
});
