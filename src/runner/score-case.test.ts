import { describe, expect, it } from 'vitest';
import { parseJson } from '../shared/json/parse-value.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { scoreCase } from './score-case.ts';
import type { TesteeReply } from './testee-reply.ts';

const json = (t: string): JsonValue => {
  const r = parseJson(t);
  if (!r.ok) throw new Error(t);
  return r.value;
};
const accept = (obs?: string): TesteeReply => (obs === undefined ? { kind: 'accept' } : { kind: 'accept', observation: json(obs) });
const reject = (code?: string): TesteeReply => (code === undefined ? { kind: 'reject' } : { kind: 'reject', code });
const opts = { checkCodes: false, observe: true };

describe('scoreCase', () => {
  it('scores verdicts: accepted-invalid, rejected-valid, pass', () => {
    expect(scoreCase({ verdict: 'reject', code: 'X' }, accept(), opts).outcome).toBe('fail:accepted-invalid');
    expect(scoreCase({ verdict: 'accept' }, reject('X'), opts).outcome).toBe('fail:rejected-valid');
    expect(scoreCase({ verdict: 'reject', code: 'X' }, reject('Y'), opts).outcome).toBe('pass');
    expect(scoreCase({ verdict: 'accept' }, accept('{"a":1}'), opts).outcome).toBe('pass');
  });

  it('checks codes only with --codes and only when the testee reports one', () => {
    const codes = { checkCodes: true, observe: true };
    const wrong = scoreCase({ verdict: 'reject', code: 'X' }, reject('Y'), codes);
    expect(wrong.outcome).toBe('fail:wrong-code');
    expect(wrong.diff?.[0]).toContain('X');
    expect(scoreCase({ verdict: 'reject', code: 'X' }, reject('X'), codes).outcome).toBe('pass');
    expect(scoreCase({ verdict: 'reject', code: 'X' }, reject(), codes).outcome).toBe('pass');
  });

  it('compares observations by R-S3: member order ignored, lexemes and array order not', () => {
    const e = { verdict: 'accept' as const, observation: json('{"a":1,"b":[1,2]}') };
    expect(scoreCase(e, accept('{"b":[1,2],"a":1}'), opts).outcome).toBe('pass');
    const lexeme = scoreCase(e, accept('{"a":1.0,"b":[1,2]}'), opts);
    expect(lexeme.outcome).toBe('fail:wrong-observation');
    expect(lexeme.diff).toEqual([expect.stringMatching(/^\/a: /)]);
    expect(scoreCase(e, accept('{"a":1,"b":[2,1]}'), opts).outcome).toBe('fail:wrong-observation');
  });

  it('is byte-exact on digest/base64 strings and line-diffs a differing bundle', () => {
    const d = { verdict: 'accept' as const, observation: json('{"digest":"ab"}') };
    expect(scoreCase(d, accept('{"digest":"AB"}'), opts).outcome).toBe('fail:wrong-observation');
    const b = { verdict: 'accept' as const, observation: json('{"bundle":"L1\\nL2\\nL3\\n"}') };
    const r = scoreCase(b, accept('{"bundle":"L1\\nLX\\nL3\\n"}'), opts);
    expect(r.outcome).toBe('fail:wrong-observation');
    expect(r.diff).toContain('    -L2');
    expect(r.diff).toContain('    +LX');
  });

  it('decodes differing base64 members: text as a line diff, binary as the first differing byte', () => {
    const b64 = (s: string | number[]) => Buffer.from(typeof s === 'string' ? Buffer.from(s) : Uint8Array.from(s)).toString('base64');
    const e = { verdict: 'accept' as const, observation: json(`{"bytes":"${b64('h\na\nb\n')}"}`) };
    const text = scoreCase(e, accept(`{"bytes":"${b64('h\na\nc\n')}"}`), opts);
    expect(text.outcome).toBe('fail:wrong-observation');
    expect(text.diff).toContain('    -b');
    expect(text.diff).toContain('    +c');
    const k = { verdict: 'accept' as const, observation: json(`{"key":"${b64([1, 2, 3])}"}`) };
    const bin = scoreCase(k, accept(`{"key":"${b64([1, 2, 4, 5])}"}`), opts);
    expect(bin.diff?.[1]).toBe('    decoded: 3 vs 4 bytes, first difference at byte 2 (expected 0x03, got 0x04)');
  });

  it('passes an accept without observation, and ignores observations of a verdict-only testee', () => {
    const e = { verdict: 'accept' as const, observation: json('{"a":1}') };
    expect(scoreCase(e, accept(), opts).outcome).toBe('pass');
    expect(scoreCase(e, accept('{"a":2}'), { checkCodes: false, observe: false }).outcome).toBe('pass');
  });

  it('requires an observation from a declared observer, after the verdict', () => {
    const strict = { checkCodes: false, observe: true, requireObservation: true };
    expect(scoreCase({ verdict: 'accept', observation: json('{}') }, accept(), strict).outcome).toBe('errored:protocol');
    expect(scoreCase({ verdict: 'reject', code: 'X' }, accept(), strict).outcome).toBe('fail:accepted-invalid');
  });

  it('passes either verdict on an either case but still errors on breakage', () => {
    expect(scoreCase({ verdict: 'either' }, accept(), opts).outcome).toBe('pass');
    expect(scoreCase({ verdict: 'either' }, reject('LIMIT_EXCEEDED'), opts).outcome).toBe('pass');
    expect(scoreCase({ verdict: 'either' }, { kind: 'errored', errorClass: 'timeout', detail: '' }, opts).outcome).toBe('errored:timeout');
  });

  it('passes skipped and errored replies through', () => {
    expect(scoreCase({ verdict: 'accept' }, { kind: 'skipped', reason: 'no toon' }, opts).outcome).toBe('skipped');
    expect(scoreCase({ verdict: 'reject', code: 'X' }, { kind: 'errored', errorClass: 'crash', detail: '' }, opts).outcome).toBe('errored:crash');
    expect(scoreCase({ verdict: 'accept' }, { kind: 'errored', errorClass: 'protocol', detail: '' }, opts).outcome).toBe('errored:protocol');
  });
});
