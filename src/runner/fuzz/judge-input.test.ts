import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromPlain } from '../../shared/json/value.ts';
import { startPersistentTestee } from '../persistent-testee.ts';
import type { Testee } from '../testee-reply.ts';
import { REPO_ROOT } from '../vectors/repo-root.ts';
import { judgeInput, maxNesting, type OracleExpectation } from './judge-input.ts';

// The runner's scripted toy testee: the first line of each input says what it does.
const TOY = join(REPO_ROOT, 'conformance', 'fixtures', 'scripted-persistent.mjs');
const ACCEPT_X1: OracleExpectation = { expect: { verdict: 'accept', observation: fromPlain({ x: 1 }) }, profile: 'core' };
const REJECT: OracleExpectation = { expect: { verdict: 'reject', code: 'CARRIAGE_RETURN' }, profile: 'core', requirement: 'R-J1' };

let testee: Testee;
let dir: string;
let n = 0;

beforeAll(async () => {
  testee = await startPersistentTestee({ argv: [process.execPath, TOY], jobs: 1, depth: 1, timeoutMs: 1500, maxOutputBytes: 1 << 20 });
  dir = mkdtempSync(join(tmpdir(), 'formcert-judge-'));
});
afterAll(async () => {
  await testee.close();
  rmSync(dir, { recursive: true, force: true });
});

async function judge(text: string, expectation: OracleExpectation, checkCodes = false) {
  const path = join(dir, `in-${n++}`);
  writeFileSync(path, text);
  return judgeInput('journal.read', new Uint8Array(Buffer.from(text)), path, expectation, testee, checkCodes);
}

describe('judgeInput classes', () => {
  it('agreement is no disagreement', async () => {
    expect((await judge('accept {"x":1}', ACCEPT_X1)).disagreement).toBeUndefined();
    expect((await judge('reject CARRIAGE_RETURN', REJECT)).disagreement).toBeUndefined();
  });

  it('accepted-invalid, rejected-valid, wrong-observation', async () => {
    expect((await judge('accept {"x":1}', REJECT)).disagreement).toBe('accepted-invalid');
    expect((await judge('reject X', ACCEPT_X1)).disagreement).toBe('rejected-valid');
    const wrong = await judge('accept {"x":1.0}', ACCEPT_X1);
    expect(wrong.disagreement).toBe('wrong-observation');
    expect(wrong.detail.join('\n')).toContain('/x');
  });

  it('crash and timeout', async () => {
    expect((await judge('crash', REJECT)).disagreement).toBe('crash');
    expect((await judge('garbage', REJECT)).disagreement).toBe('crash');
    expect((await judge('hang', REJECT)).disagreement).toBe('timeout');
  });

  it('wrong-code only when codes are checked', async () => {
    expect((await judge('reject BLANK_LINE', REJECT)).disagreement).toBeUndefined();
    expect((await judge('reject BLANK_LINE', REJECT, true)).disagreement).toBe('wrong-code');
  });

  it('a limit refusal of nesting deeper than 128 is implementation-defined (R-S2a)', async () => {
    const deep = `reject LIMIT_EXCEEDED\n${'['.repeat(129)}${']'.repeat(129)}`;
    expect(maxNesting(new Uint8Array(Buffer.from(deep)))).toBe(129);
    expect((await judge(deep, ACCEPT_X1)).disagreement).toBeUndefined();
    const shallow = `reject LIMIT_EXCEEDED\n${'['.repeat(128)}${']'.repeat(128)}`;
    expect((await judge(shallow, ACCEPT_X1)).disagreement).toBe('rejected-valid');
  });

  it("the oracle's own depth limit past 128 levels is implementation-defined too (R-S2a, JSON-LIMIT-1)", async () => {
    const AT_LIMIT: OracleExpectation = { expect: { verdict: 'reject', code: 'LIMIT_EXCEEDED' }, profile: 'core', requirement: 'JSON-LIMIT-1' };
    const deep = (verdict: string, levels: number) => `${verdict}\n${'['.repeat(levels)}${']'.repeat(levels)}`;
    // The testee reads on where the oracle stopped at its limit: no disagreement past 128 levels …
    expect((await judge(deep('accept {"x":1}', 129), AT_LIMIT)).disagreement).toBeUndefined();
    // … nor a code of the testee's own when codes are checked (it stopped at another fault first) …
    expect((await judge(deep('reject BLANK_LINE', 129), AT_LIMIT, true)).disagreement).toBeUndefined();
    // … nor the testee's limit code where the oracle saw another fault.
    expect((await judge(deep('reject LIMIT_EXCEEDED', 129), REJECT, true)).disagreement).toBeUndefined();
    // At 128 levels or less every one of them counts.
    expect((await judge(deep('accept {"x":1}', 128), AT_LIMIT)).disagreement).toBe('accepted-invalid');
    expect((await judge(deep('reject BLANK_LINE', 128), AT_LIMIT, true)).disagreement).toBe('wrong-code');
    expect((await judge(deep('reject LIMIT_EXCEEDED', 128), REJECT, true)).disagreement).toBe('wrong-code');
    // A refusal for another reason stays a disagreement at any depth, and so do a crash and a wrong observation.
    expect((await judge(deep('accept {"x":1}', 200), REJECT)).disagreement).toBe('accepted-invalid');
    expect((await judge(deep('crash', 200), AT_LIMIT)).disagreement).toBe('crash');
    expect((await judge(deep('accept {"x":2}', 200), ACCEPT_X1)).disagreement).toBe('wrong-observation');
  });
});
