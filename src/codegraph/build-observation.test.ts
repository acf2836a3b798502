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
import type { JsonObject, JsonValue } from '../shared/json/value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { ops } from './ops.ts';

const HEADER = (extractor: string) =>
  `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":${extractor},"root":"","dict":{"kinds":["p"],"traits":["TWithValue"],"edges":[],"provenance":[]}}`;
const EOF = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
const model = (entityExtra: string, extractor = '{"name":"x","version":"1"}', tr = '[]') =>
  Buffer.from(`${HEADER(extractor)}\n{"t":"e","i":0,"k":0,"tr":${tr},"m":0,"s":"a"${entityExtra}}\n${EOF}\n`);

/** The op's outcome (codegraph.read answers at once, never through a promise). */
function read(bytes: Buffer, profile: Profile): OpOutcome {
  return ops['codegraph.read']!(bytes, { profile }) as OpOutcome;
}

/** A member of the accepted observation's top level. */
function observed(outcome: OpOutcome, member: string): JsonValue | undefined {
  if (!('accept' in outcome) || !outcome.accept) throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
  return (outcome.observation as JsonObject).get(member);
}

/** The observation's first entity's attrs, as JSON text. */
function attrsOf(outcome: OpOutcome): string {
  const entities = observed(outcome, 'entities') as JsonObject[];
  return writeJson(entities[0]!.get('attrs')!);
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
    expect(writeJson(observed(read(extractor, 'core'), 'extractor')!)).toBe('{"name":"x","version":"1","opts":{"q":2}}');
  });

  it('keeps a lone surrogate escape that core reads past', () => {
    const bytes = model(',"x-map":{"s":"\\ud800"}');
    expect(read(bytes, 'strict')).toMatchObject({ accept: false, error: { code: 'JSON_LONE_SURROGATE' } });
    const entities = observed(read(bytes, 'core'), 'entities') as JsonObject[];
    const map = (entities[0]!.get('attrs') as JsonObject).get('x-map') as JsonObject;
    expect(map.get('s')).toBe('\ud800');
  });
});
