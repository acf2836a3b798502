import { describe, expect, it } from 'vitest';
import type { CaseSpec } from '../../shared/vectors.ts';
import { checkCaseSpec, classifyCaseSource } from './judge-cases.ts';

function spec(name: string, note = 'why', extra: Record<string, unknown> = {}): CaseSpec {
  return { name, op: 'morph.c14n', profile: 'core', requirements: ['R-M2'], input: '1', expect: { verdict: 'accept' }, note, ...extra } as CaseSpec;
}

describe('classifyCaseSource', () => {
  it.each([
    ['c14n-generated-07', 'x', 'generated'],
    ['gen-history-3', 'x', 'generated'],
    ['mutated_unknown_member', 'x', 'generated'],
    ['frame-seed42', 'x', 'generated'],
    ['near-limit-03', 'nearLimitJsonText() at seed 42: depth 65', 'generated'],
    ['header-schema-1-retired', 'schema 1 is retired', 'recipe'],
    ['general-header', 'a gen-like word inside a segment does not count', 'recipe'],
  ])('%s (%s) → %s', (name, note, expected) => {
    expect(classifyCaseSource(spec(name, note))).toBe(expected);
  });

  it('lets a declared source member win', () => {
    expect(classifyCaseSource(spec('gen-1', 'seed 1', { source: 'recipe' }))).toBe('recipe');
    expect(classifyCaseSource(spec('hand', 'x', { source: 'generated' }))).toBe('generated');
  });
});

describe('checkCaseSpec', () => {
  const bytes = new Uint8Array([0x31]);
  it('accepts a well-formed case of its format', () => {
    expect(checkCaseSpec(spec('ok'), 'morph', bytes)).toEqual([]);
  });
  it.each<[string, Record<string, unknown>]>([
    ['an op of another format', { op: 'journal.read' }],
    ['an unknown profile', { profile: 'lenient' }],
    ['a repeated requirement', { requirements: ['R-M2', 'R-M2'] }],
    ['a malformed requirement id', { requirements: ['m2'] }],
    ['a reject without an UPPER_SNAKE code', { expect: { verdict: 'reject', code: 'bad code' } }],
    ['an unknown verdict', { expect: { verdict: 'maybe' } }],
    ['an empty note', { note: '' }],
  ])('refuses %s', (_what, extra) => {
    expect(checkCaseSpec(spec('x', 'why', extra), 'morph', bytes)).not.toEqual([]);
  });
});
