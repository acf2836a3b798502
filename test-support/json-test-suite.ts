/**
 * JSONTestSuite's parsing cases (vendor/JSONTestSuite/test_parsing, used as is) and the verdict R-S1/R-S2
 * give each: every entry point that reads JSON text is run against the same list.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The vendored test_parsing directory. */
export const JSON_TEST_SUITE_DIR = join(import.meta.dirname, '../vendor/JSONTestSuite/test_parsing');

/** Every case file name, sorted. */
export const JSON_TEST_SUITE_FILES: readonly string[] = readdirSync(JSON_TEST_SUITE_DIR).sort();

/** R-S1 rejects duplicate members although RFC 8259 allows them. */
export const STRICTER_THAN_RFC: ReadonlySet<string> = new Set(['y_object_duplicated_key.json', 'y_object_duplicated_key_and_value.json']);

/** The verdict of a strict reader (R-S1, R-S2) on a case. */
export function expectedVerdict(name: string): 'accept' | 'reject' {
  if (name.startsWith('y_')) return STRICTER_THAN_RFC.has(name) ? 'reject' : 'accept';
  if (name.startsWith('n_')) return 'reject';
  // i_ cases: number lexemes of any size are kept; encodings and surrogates are refused (R-S1, R-S2).
  if (name.startsWith('i_number_')) return 'accept';
  if (name === 'i_structure_500_nested_arrays.json') return 'accept';
  return 'reject';
}
