import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/codegraph/golden-cases.ts';
import { codeInfo, type ReaderCode } from './constants.ts';
import { readModelBytes } from './read-model.ts';
import { validateCodegraphFile } from './validate-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'cg-profile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The golden cases refused under strict with a strict code. */
const strictCases = goldenCases().filter((c) => c.expect.verdict === 'reject' && c.profile === 'strict');

/**
 * Strict cases whose edit makes a second, core fault that core then finds (so their only fault is not
 * a strict rule), with the core code it must be: an empty path sorts before every other path
 * (CG-ORD-3), an entry outside the trait or provenance vocabulary takes a place the sorted
 * dictionary does not allow (CG-DICT-2) or leaves a trait key without its trait (CG-TRAIT-1), and a
 * CR after a syntax fault is the strict answer CG-ERR-1 puts first, the syntax fault core's; an
 * unknown member in place of a required one leaves core the missing one (CG-REC-2), and an empty
 * argument name (strict) leaves core the value that is no Literal.
 */
const SECOND_CORE_FAULT: Readonly<Record<string, string>> = {
  'long-run-syntax-fault-then-cr': 'JSON_SYNTAX',
  'read-model-drained-syntax-fault-then-cr-core': 'JSON_SYNTAX',
  'validate-record-schema-string-literal-unknown-member-in-place-of-value': 'RECORD_MEMBER_MISSING',
  'validate-record-schema-annotation-argument-empty-name-then-non-literal-value-core': 'RECORD_MEMBER_TYPE',
  'base-empty-path-1': 'FILE_ORDER',
  'generated-empty-path': 'FILE_ORDER',
  'base-traits-vocabulary-0': 'TRAIT_KEY_UNDECLARED',
  'base-traits-vocabulary-1': 'DICT_UNSORTED',
  'generated-traits-vocabulary': 'DICT_UNSORTED',
  'base-provenance-vocabulary-0': 'DICT_UNSORTED',
  // Edit cases kept as data (generators/codegraph/edit-cases.json) that pin CG-ERR-1's order on the
  // validator's long-line path: a BOM or a CR before a syntax fault (core passes over the BOM and reads
  // the CR as whitespace, then meets the syntax fault), a duplicate member before a missing one or a
  // missing eof record (core tolerates the duplicate).
  'cg-review-bom-then-syntax-fault-in-long-header': 'JSON_SYNTAX',
  'cg-review-file-starts-with-cr-then-syntax-fault': 'JSON_SYNTAX',
  'cg-review-cr-after-syntax-fault-past-compacted-string': 'JSON_SYNTAX',
  'cg-review-header-cr-then-syntax-fault': 'JSON_SYNTAX',
  'cg-review-syntax-fault-then-cr-at-drained-chunk-start': 'JSON_SYNTAX',
  'cg-review-first-record-long-names-dup-before-header': 'RECORD_MEMBER_MISSING',
  'cg-review-last-line-no-lf-compacted-run-dup': 'EOF_MISSING',
  'cg-review-last-line-no-lf-40-member-run-dup-39': 'EOF_MISSING',
  // Hunted one-byte edits (scripts/mutation/hunt-witnesses.ts) of the same kind: a CR, a BOM or an
  // unknown member the strict reading meets first, a second fault core meets past it.
  'chunked-read-cr-first-byte-of-long-faulted-line': 'JSON_SYNTAX',
  'long-line-file-is-a-bom-alone': 'HEADER_MISSING',
  'edit-of-extractor-and-repository-extras-15d916': 'RECORD_MEMBER_MISSING',
  'edit-of-header-dict-not-object-6e2861': 'RECORD_MEMBER_MISSING',
  'edit-of-base-byte-order-mark-0-daec19': 'TRAIT_KEY_MISSING',
  'edit-of-base-byte-order-mark-0-bdd30b': 'JSON_SYNTAX',
  'edit-of-long-run-pass-through-items-1ed27c': 'JSON_SYNTAX',
  'edit-of-member-of-earlier-module-after-later-module-2540a7': 'ENTITY_ORDER',
  'edit-of-eof-lacks-counts-19c4bf': 'JSON_SYNTAX',
  'edit-of-empty-member-name-1025-digits-1acb78': 'JSON_SYNTAX',
  'edit-of-kinds-utf16-order-ca00d7': 'JSON_SYNTAX',
  'edit-of-long-run-syntax-fault-then-cr-8b33b7': 'JSON_SYNTAX',
};

describe('--profile core for codegraph', () => {
  it('has strict cases to judge, each refused with a strict code, and every second-fault exception exists', () => {
    expect(strictCases.length).toBeGreaterThan(40);
    for (const c of strictCases) expect(codeInfo((c.expect as { code: ReaderCode }).code).profile, c.name).toBe('strict');
    for (const name of Object.keys(SECOND_CORE_FAULT)) expect(strictCases.map((c) => c.name)).toContain(name);
  });

  it('core accepts every case whose only fault is a strict rule; strict refuses it with its code', async () => {
    const wrong: string[] = [];
    for (const [n, c] of strictCases.entries()) {
      const file = join(dir, `case-${n}.jsonl`);
      writeFileSync(file, c.input);
      const core = await validateCodegraphFile(file, { profile: 'core' });
      const strict = await validateCodegraphFile(file, { profile: 'strict' });
      const coreWant = SECOND_CORE_FAULT[c.name] ?? 'accepted';
      const coreGot = core.ok ? 'accepted' : core.error.code;
      if (coreGot !== coreWant || (!core.ok && core.error.profile !== 'core')) wrong.push(`${c.name}: core gave ${coreGot}, not ${coreWant}`);
      if (strict.ok || strict.error.code !== (c.expect as { code: string }).code) wrong.push(`${c.name}: strict gave ${strict.ok ? 'accept' : strict.error.code}`);
    }
    expect(wrong).toStrictEqual([]);
  });

  it('core still refuses core faults, citing the core rule', () => {
    for (const c of goldenCases().filter((c) => c.expect.verdict === 'reject' && c.profile === 'core')) {
      const r = readModelBytes(typeof c.input === 'string' ? Buffer.from(c.input) : c.input, 'core');
      expect(r.ok ? 'accepted' : [r.error.code, r.error.profile], c.name).toStrictEqual([(c.expect as { code: string }).code, 'core']);
    }
  });

  it('the CLI honours --profile core: exit 0 on a strict-only fault (strict refuses it, above)', () => {
    const c = strictCases.find((x) => x.name === 'base-duplicate-member-0')!;
    const file = join(dir, 'cli-case.jsonl');
    writeFileSync(file, c.input);
    const cli = join(import.meta.dirname, '../../bin/formcert.mjs');
    // One process only: the fast tier runs on a loaded 2-core machine.
    const core = spawnSync(process.execPath, [cli, 'validate', 'codegraph', '--profile', 'core', file], { encoding: 'utf8' });
    expect(core.status, core.stderr + core.stdout).toBe(0);
  });
});
