/**
 * The core profile (issue 16): a read under `core` enforces the format document's rules only, so it
 * accepts every golden case whose one fault is a strict (resolution) rule, and judges every core case
 * exactly as `strict` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { goldenCases } from '../../generators/journal/golden-cases.ts';
import { jsonEqual } from '../shared/json/equal.ts';
import type { OpOutcome } from '../shared/ops.ts';
import { ops } from './ops.ts';

/**
 * Strict cases that hold a fault core enforces too, so core refuses them: the name, the code core
 * gives, and why.
 */
const CORE_STILL_REFUSES: Record<string, { code: string; why: string }> = {
  'file-empty': { code: 'UNTERMINATED_HEADER', why: 'a file without any LF has no terminated header line (R-J1, core)' },
  // Core lets the byte-order mark pass (JSON_BOM is strict); these files have no LF either.
  'file-bom-alone': { code: 'UNTERMINATED_HEADER', why: 'past the tolerated mark, a file without any LF has no terminated header line (R-J1, core)' },
  'file-bom-header-unterminated': { code: 'UNTERMINATED_HEADER', why: 'past the tolerated mark, a file without any LF has no terminated header line (R-J1, core)' },
  // A one-byte edit kept as data (generators/journal/edit-cases.json): at_us lost its underscore.
  'edit-of-json-lone-surrogate-in-payload-ca2bf7': { code: 'UNKNOWN_MEMBER', why: 'past the lone surrogate core tolerates, the metadata member "atus" is unknown (R-J5, core)' },
  'metadata-at-us-fraction': { code: 'WRONG_TYPE', why: '1.5 is not a whole number, so it is not an integer in either profile (R-S2 core variant)' },
  'order-json-before-members': { code: 'UNKNOWN_MEMBER', why: 'the entry also carries the unknown member "x" (R-J5, core)' },
  'track-lone-surrogate': { code: 'INVALID_TRACK_LABEL', why: 'a label holding a lone surrogate has no UTF-8 form (R-J10, core)' },
  // The duplicate-member mutator inserts a duplicated member the object does not name.
  'mutated-duplicate-member-0': { code: 'UNKNOWN_MEMBER', why: 'the duplicated member "x" is unknown (R-J5, core)' },
  'mutated-duplicate-member-1': { code: 'UNKNOWN_MEMBER', why: 'the duplicated member "x" is unknown (R-J5, core)' },
  'mutated-duplicate-member-2': { code: 'UNKNOWN_MEMBER', why: 'the duplicated member "x" is unknown (R-J5, core)' },
  // A mutated transaction inside a group breaks the group rules, which are core.
  'mutated-position-zero-1': { code: 'POSITION_GAP', why: 'position 0 on a transaction leaves its record out of sequence (R-J4)' },
  'mutated-position-zero-2': { code: 'FRAME_BOUNDS', why: 'position 0 on a transaction no longer matches the frame\'s first (R-J6)' },
  // Core reads an integer at any size, but this reader holds at most 1,024 bytes of one (spec/journal, Reader limits).
  // Edits kept as data (review of scan-long-line.ts and read-journal.ts survivors): a lone surrogate escape
  // (strict, R-S1) where the line then ends inside its string.
  'scan-long-line-lf-low-at-end': { code: 'JSON_SYNTAX', why: 'past the lone surrogate core tolerates, the line ends inside the string (JSON-SYNTAX-1)' },
  'scan-long-line-hang-high-at-end': { code: 'JSON_SYNTAX', why: 'past the lone surrogate core tolerates, the line ends inside the string (JSON-SYNTAX-1)' },
  'scan-long-line-hang-high-bs-at-end': { code: 'JSON_SYNTAX', why: 'past the lone surrogate core tolerates, the line ends inside the string, after a lone backslash (JSON-SYNTAX-1)' },
  'scan-long-line-high-then-ascii-at-end': { code: 'JSON_SYNTAX', why: 'past the lone surrogate core tolerates, the line ends inside the string (JSON-SYNTAX-1)' },
  'scan-long-line-version-lexeme-of-1028-digits': { code: 'LIMIT_EXCEEDED', why: 'core reads an integer written in any JSON number form, but this reader holds at most 1,024 bytes of one (JSON-LIMIT-1, spec/journal Reader limits)' },
  'scan-long-line-core-version-lexeme-past-1024-bytes': { code: 'LIMIT_EXCEEDED', why: 'core reads an integer written in any JSON number form, but this reader holds at most 1,024 bytes of one (JSON-LIMIT-1, spec/journal Reader limits)' },
  'scan-long-line-bom-then-lf': { code: 'UNTERMINATED_HEADER', why: 'past the tolerated mark and the blank line core lets pass, the file holds no header line (R-J1, core)' },
  'read-journal-core-offset-back-to-zero-mid-file-bom-read-as-first-line': { code: 'JSON_SYNTAX', why: 'past the blank lines core lets pass, a byte-order mark that does not start the file is no mark, and no JSON (R-J1, JRN-LINE-1)' },
  // A repeated member core tolerates: the kept payload is measured and passes R-J6's budget.
  'budget-repeated-member-built-and-measured': { code: 'PAYLOAD_BUDGET_EXCEEDED', why: 'past the repeated member core tolerates, the payload\'s compact form passes the 4 MiB budget (R-J6, core)' },
  'budget-repeated-member-lone-surrogates': { code: 'PAYLOAD_BUDGET_EXCEEDED', why: 'past the repeated member core tolerates, 700,000 lone surrogates count as their 6-byte escapes, past the 4 MiB budget (R-J6, core)' },
  'header-origin-1025-digits': { code: 'LIMIT_EXCEEDED', why: 'a 1,025-digit origin passes the core integer-lexeme reader limit (JSON-LIMIT-1)' },
  'metadata-at-us-1025-digits': { code: 'LIMIT_EXCEEDED', why: 'a 1,025-digit at_us passes the core integer-lexeme reader limit (JSON-LIMIT-1)' },
};

const cases = goldenCases();
const inputOf = (input: Uint8Array | string) => (typeof input === 'string' ? Buffer.from(input, 'utf8') : input);
const verdict = (o: OpOutcome) => ('skipped' in o ? 'skipped' : o.accept ? 'accept' : `reject ${o.error.code}`);

describe('journal profiles', () => {
  it('core accepts every golden case whose only fault is a strict rule', async () => {
    const strictRejects = cases.filter((c) => c.profile === 'strict' && c.expect.verdict === 'reject');
    expect(strictRejects.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const c of strictRejects) {
      const o = await ops[c.op]!(inputOf(c.input), { profile: 'core' });
      const expected = CORE_STILL_REFUSES[c.name] ? `reject ${CORE_STILL_REFUSES[c.name]!.code}` : 'accept';
      if (verdict(o) !== expected) wrong.push(`${c.name}: core ${verdict(o)}, expected ${expected}`);
    }
    expect(wrong).toEqual([]);
    // Every listed exception is a real strict case.
    for (const name of Object.keys(CORE_STILL_REFUSES)) expect(strictRejects.some((c) => c.name === name), name).toBe(true);
  }, 30_000);

  it('never cites a strict rule under core, and judges every core case as strict does', async () => {
    const wrong: string[] = [];
    // The three multi-MiB frame and budget cases are left to golden check: they would make this slow.
    for (const c of cases.filter((x) => inputOf(x.input).length < 1 << 20)) {
      const input = inputOf(c.input);
      const core = await ops[c.op]!(input, { profile: 'core' });
      if (!('skipped' in core) && !core.accept && core.error.profile !== 'core') wrong.push(`${c.name}: core cites ${core.error.requirement} (${core.error.profile})`);
      if (c.profile !== 'core') continue;
      const strict = await ops[c.op]!(input, { profile: 'strict' });
      if (verdict(core) !== verdict(strict)) wrong.push(`${c.name}: core ${verdict(core)}, strict ${verdict(strict)}`);
      else if ('accept' in core && core.accept && 'accept' in strict && strict.accept && !jsonEqual(core.observation, strict.observation)) wrong.push(`${c.name}: observations differ`);
    }
    expect(wrong).toEqual([]);
    // Every case under 1 MiB twice (half a megabyte of them): 2-3 s alone, more beside other test files.
  }, 30_000);

  it('reads tolerated faults the way the document allows', async () => {
    const header = '{"schema":3,"generation":0,"origin":0}\n';
    const entry = (position: string, payload = '{"amount":40}', extra = '') =>
      `{"position":${position},"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":{"principal":null,"correlation":1,"causation":null,"request":null,"link":null,"at_us":0},"payload":${payload}${extra}}\n`;
    const read = async (text: string) => {
      const o = await ops['journal.read']!(Buffer.from(text, 'utf8'), { profile: 'core' });
      return 'accept' in o && o.accept ? (o.observation as Map<string, unknown>) : verdict(o);
    };
    // A blank line and a BOM are passed over; the entries are the same as without them.
    const plain = await read(header + entry('1'));
    expect(plain).toBeInstanceOf(Map);
    const blank = await read(header + '\n \t\n' + entry('1') + '\n');
    expect(blank instanceof Map && jsonEqual(blank as never, plain as never)).toBe(true);
    expect(await read('\ufeff' + header + entry('1'))).toBeInstanceOf(Map);
    // A duplicate member: the last one wins, in the observation too.
    const dup = await read(header + entry('1', '{"a":1,"a":2}'));
    expect(dup instanceof Map && JSON.stringify((dup.get('entries') as Map<string, unknown>[])[0]!.get('payload') instanceof Map)).toBe('true');
    // Whole numbers written otherwise are read by value: 1e0 continues origin 0.
    expect(await read(header + entry('1e0'))).toBeInstanceOf(Map);
    // A gap stays a core fault, whatever the lexeme.
    expect(await read(header + entry('2.0e0'))).toBe('reject POSITION_GAP');
  });

  describe('CLI', () => {
    const bin = fileURLToPath(new URL('../../bin/formcert.mjs', import.meta.url));
    const dir = mkdtempSync(join(tmpdir(), 'formcert-profile-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const blankLine = join(dir, 'blank-line.jsonl');
    writeFileSync(blankLine, '{"schema":3,"generation":0,"origin":0}\n\n');

    // One process per test (the fast tier runs on 2 cores): strict's BLANK_LINE verdict on the same
    // bytes is the golden case file-blank-line's.
    it('`validate journal --profile core` accepts a file whose only fault is a blank line', () => {
      const core = spawnSync(process.execPath, [bin, 'validate', 'journal', blankLine, '--profile', 'core'], { encoding: 'utf8' });
      expect([core.status, core.stdout.split('\n')[0]]).toEqual([0, `valid journal: ${blankLine}`]);
    });

    it('`testee exec --profile core` answers under core', () => {
      const core = spawnSync(process.execPath, [bin, 'testee', 'exec', '--profile', 'core', 'journal.read', blankLine], { encoding: 'utf8' });
      expect([core.status, core.stdout.startsWith('{')]).toEqual([0, true]);
    });
  });
});
