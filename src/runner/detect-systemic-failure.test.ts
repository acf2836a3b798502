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

  it('never calls a reader that breaks only on invalid inputs a setup problem (a panic is a result)', () => {
    const panic = answer({ kind: 'errored', errorClass: 'crash', detail: 'exit status 101' }, "thread 'main' panicked");
    const d = new SystemicFailureDetector();
    for (let i = 0; i < 3 * SYSTEMIC_SAMPLE; i++) d.add(panic, 'reject');
    expect(d.earlyVerdict()).toBe(false);
    expect(d.verdict('exec', false)).toBeUndefined();
    // Valid inputs answered right: still input-dependent, whatever the share of panics.
    for (let i = 0; i < 2; i++) d.add(answer({ kind: 'accept' }), 'accept');
    expect(d.verdict('exec', false)).toBeUndefined();
    // The same crash on the valid inputs too is input-independent: setup.
    const dead = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE; i++) dead.add(panic, i % 2 ? 'accept' : 'reject');
    expect(dead.earlyVerdict()).toBe(true);
    expect(dead.verdict('exec', true)).toMatch(/every one of the first 12 cases the same way: errored:crash \(exit status 101\)/);
  });

  it('drops the stderr tail from the signature of an exit-1 crash', () => {
    const d = new SystemicFailureDetector();
    for (let i = 0; i < SYSTEMIC_SAMPLE; i++) {
      d.add(answer({ kind: 'errored', errorClass: 'crash', detail: `exit status 1 without a rejection line; stderr ends: "line ${i}"` }, 'x'), i % 2 ? 'accept' : 'reject');
    }
    expect(d.verdict('exec', true)).toMatch(/errored:crash \(exit status 1 without a rejection line\)/);
  });
});
