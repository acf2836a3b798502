import { describe, expect, it } from 'vitest';
import { SYSTEMIC_SAMPLE, SystemicFailureDetector } from './detect-systemic-failure.ts';
import type { TesteeAnswer, TesteeReply } from './testee-reply.ts';

const answer = (reply: TesteeReply, stderr = ''): TesteeAnswer => ({ reply, stderr, timeMs: 1 });
const crash = answer({ kind: 'errored', errorClass: 'crash', detail: 'exit status 2' }, 'usage: reader <op> <input>');

describe('SystemicFailureDetector', () => {
  it('stops early when the first cases all break the same way', () => {
    const d = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE - 1; i++) d.add(crash, 'accept');
    expect(d.earlyVerdict()).toBe(false);
    d.add(crash, 'reject');
    expect(d.earlyVerdict()).toBe(true);
    expect(d.verdict('exec', true)).toMatch(/errored:crash \(exit status 2\)[\s\S]*usage: reader/);
  });

  it('reports 90% identical breakage at the end, but not a testee that mostly works', () => {
    const d = new SystemicFailureDetector();
    for (let i = 0; i < 19; i++) d.add(crash, 'accept');
    d.add(answer({ kind: 'accept' }), 'accept');
    expect(d.earlyVerdict()).toBe(false);
    expect(d.verdict('exec', false)).toMatch(/19 of 20 cases/);
    const ok = new SystemicFailureDetector();
    for (let i = 0; i < 20; i++) ok.add(i % 3 ? answer({ kind: 'accept' }) : crash, 'accept');
    expect(ok.verdict('exec', false)).toBeUndefined();
  });

  it('takes identical code-less rejections of valid and invalid inputs for a start-up crash', () => {
    const dead = answer({ kind: 'reject' }, 'Traceback (most recent call last):\n  SyntaxError');
    const d = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE; i++) d.add(dead, i % 2 ? 'accept' : 'reject');
    expect(d.verdict('exec', true)).toMatch(/every case rejected without a code/);
    // Rejecting only invalid inputs with the same message is what a good reader does.
    const good = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE; i++) good.add(answer({ kind: 'reject' }, 'error: invalid input'), 'reject');
    expect(good.verdict('exec', false)).toBeUndefined();
    const coded = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE; i++) coded.add(answer({ kind: 'reject', code: 'X' }, 'error'), 'accept');
    expect(coded.verdict('exec', false)).toBeUndefined();
  });
});
