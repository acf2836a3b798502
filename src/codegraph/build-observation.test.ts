/**
 * The observation re-reads the bytes of the members it reports (an extractor, a pass-through member, a
 * Literal) as the profile reads them: under core a repeated member name or a lone surrogate escape inside
 * them is read past (R-S1's core reading, the later duplicate wins), so the observation holds what the
 * reader accepted. It threw instead ("re-parse failed") until a golden vector of long member names in a
 * pass-through object showed it under core.
 */
import { describe, expect, it } from 'vitest';
import type { Profile } from '../shared/errors.ts';
import type { OpOutcome } from '../shared/ops.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { ops } from './ops.ts';

const HEADER = (extractor: string) =>
  `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":${extractor},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":[],"provenance":[]}}`;
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
const model = (entityExtra: string, extractor = '{"name":"x","version":"1"}', tr = '[]') =>
  Buffer.from(`${HEADER(extractor)}\n{"t":"e","i":0,"k":0,"tr":${tr},"m":0,"s":"a"${entityExtra}}\n${EOF}\n`);

function read(bytes: Buffer, profile: Profile): OpOutcome {
  return ops['codegraph.read']!(bytes, { profile });
}

/** The observation's first entity's attrs, as JSON text. */
function attrsOf(outcome: OpOutcome): string {
  if (!('accept' in outcome) || !outcome.accept) throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
  const entities = outcome.observation.get('entities') as unknown as Map<string, unknown>[];
  return writeJson(entities[0]!.get('attrs') as never);
}

describe('the codegraph.read observation under core', () => {
  it('reads a repeated member inside a pass-through object as core does: the later one wins', () => {
    const bytes = model(',"x-map":{"a":1,"b":0,"a":2}');
    expect(read(bytes, 'strict')).toMatchObject({ accept: false, error: { code: 'JSON_DUPLICATE_MEMBER' } });
    expect(attrsOf(read(bytes, 'core'))).toBe('{"x-map":{"a":2,"b":0}}');
  });

  it('does so for a long member name repeated, inside a Literal, and in the extractor', () => {
    const long = 'n'.repeat(80);
    expect(attrsOf(read(model(`,"x-map":{"${long}":1,"${long}":2}`), 'core'))).toBe(`{"x-map":{"${long}":2}}`);
    const literal = model(',"value":{"k":"string","value":"v","value":"w"}', undefined, '[0]');
    expect(read(literal, 'strict')).toMatchObject({ accept: false, error: { code: 'JSON_DUPLICATE_MEMBER' } });
    expect(read(literal, 'core')).toMatchObject({ accept: true });
    const extractor = model('', '{"name":"x","version":"1","opts":{"q":1,"q":2}}');
    const outcome = read(extractor, 'core');
    if (!('accept' in outcome) || !outcome.accept) throw new Error('core refused a repeated member in the extractor');
    expect(writeJson(outcome.observation.get('extractor') as never)).toBe('{"name":"x","version":"1","opts":{"q":2}}');
  });

  it('keeps a lone surrogate escape that core reads past', () => {
    const bytes = model(',"x-map":{"s":"\\ud800"}');
    expect(read(bytes, 'strict')).toMatchObject({ accept: false, error: { code: 'JSON_LONE_SURROGATE' } });
    const outcome = read(bytes, 'core');
    if (!('accept' in outcome) || !outcome.accept) throw new Error('core refused a lone surrogate escape');
    const entities = outcome.observation.get('entities') as unknown as Map<string, Map<string, Map<string, string>>>[];
    expect(entities[0]!.get('attrs')!.get('x-map')!.get('s')).toBe('\ud800');
  });
});
