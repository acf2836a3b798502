/**
 * Golden cases kept as data: one-byte edits of golden inputs that tell a surviving mutant of the oracle
 * from the oracle (found by scripts/mutation/hunt-witnesses.ts, written by emit-edit-cases.ts). Each
 * format keeps its own `edit-cases.json` beside its golden-cases.ts, which adds them to its cases. Their
 * expectations were answered by the independent Python reader and agreed by the oracle when they were
 * added; `golden regenerate` and `golden check` hold the oracle to them from then on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Profile } from '../src/shared/errors.ts';
import type { OpName } from '../src/shared/ops.ts';
import { PACKAGE_ROOT } from '../src/shared/package-root.ts';
import type { CaseSpec, DeclaredExpectation } from '../src/shared/vectors.ts';

/** File name of a format's edit cases, in generators/<format>/. */
export const EDIT_CASES_FILE = 'edit-cases.json';

/** A case as the file holds it: a CaseSpec whose input is UTF-8 text, or base64 when it is not valid UTF-8. */
export interface EditCase {
  readonly name: string;
  readonly op: OpName;
  readonly profile: Profile;
  readonly requirements: readonly string[];
  readonly input?: string;
  readonly inputBase64?: string;
  readonly expect: DeclaredExpectation;
  readonly note: string;
}

/** The edit cases of `format` (none when it has no file). */
export function loadEditCases(format: 'journal' | 'codegraph' | 'morph'): CaseSpec[] {
  // From the package root, not this module's folder: the compiled module runs from dist/generators,
  // and the data stays in generators/ (listed in package.json's files).
  const path = join(PACKAGE_ROOT, 'generators', format, EDIT_CASES_FILE);
  if (!existsSync(path)) return [];
  const cases = JSON.parse(readFileSync(path, 'utf8')) as EditCase[];
  return cases.map(({ inputBase64, input, ...rest }) => ({
    ...rest,
    input: inputBase64 !== undefined ? new Uint8Array(Buffer.from(inputBase64, 'base64')) : input!,
  }));
}
