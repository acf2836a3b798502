import { describe, expect, it } from 'vitest';
import { MORPH_CODES } from '../constants.ts';
import { parseNodeRecord } from './parse-node-record.ts';

const codeOf = (line: string) => {
  const r = parseNodeRecord(line, 2);
  return r.ok ? 'accept' : r.error.code;
};

describe('parseNodeRecord (MORPH-PV-2)', () => {
  // The spec gives INVALID_RECORD for an item of the wrong type and INVALID_NUMBER_LEXEME only for a
  // number *string* that is no lexeme: a JSON number, boolean or null where the lexeme string belongs
  // is the former (the oracle once answered INVALID_NUMBER_LEXEME for all of them).
  it('refuses a number record whose value is not a string as INVALID_RECORD', () => {
    expect(codeOf('["/a","number",1]')).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["/a","number",true]')).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["/a","number",null]')).toBe(MORPH_CODES.INVALID_RECORD);
  });

  it('refuses a number string that is no JSON lexeme as INVALID_NUMBER_LEXEME', () => {
    expect(codeOf('["/a","number","+1"]')).toBe(MORPH_CODES.INVALID_NUMBER_LEXEME);
    expect(codeOf('["/a","number","1."]')).toBe(MORPH_CODES.INVALID_NUMBER_LEXEME);
    expect(codeOf('["/a","number","-0.5e+3"]')).toBe('accept');
  });

  it('refuses an array count that is no unsigned integer lexeme, and one over the node limit', () => {
    expect(codeOf('["","array",-1]')).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["","array",1.0]')).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["","array",null]')).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["","array",250001]')).toBe(MORPH_CODES.LIMIT_EXCEEDED);
  });
});

describe('parseNodeRecord check order (spec/morph README, MORPH-ORDER-1: shape, tag, arity, compact form, value)', () => {
  it('checks the compact form (strict) before the type of the value, also when the value is a container', () => {
    const strict = parseNodeRecord('["/a","string", [1]]', 2, 'strict');
    expect(strict.ok ? 'accept' : strict.error.code).toBe(MORPH_CODES.PAYLOAD_NOT_CANONICAL);
    const core = parseNodeRecord('["/a","string", [1]]', 2, 'core');
    expect(core.ok ? 'accept' : core.error.code).toBe(MORPH_CODES.INVALID_RECORD);
    expect(codeOf('["/a","number",{"x":1}]')).toBe(MORPH_CODES.INVALID_RECORD);
    // Deeper than R-M2's 64 levels: still a value fault, after the spacing.
    const deep = `["/a","string", ${'['.repeat(65)}${']'.repeat(65)}]`;
    const r = parseNodeRecord(deep, 2, 'strict');
    expect(r.ok ? 'accept' : r.error.code).toBe(MORPH_CODES.PAYLOAD_NOT_CANONICAL);
    expect(codeOf(deep.replace(', ', ','))).toBe(MORPH_CODES.INVALID_RECORD);
  });

  it('checks the arity before the compact form: a spaced line with too many items is INVALID_RECORD', () => {
    const r = parseNodeRecord('["/a","null", [1]]', 2, 'strict');
    expect(r.ok ? 'accept' : r.error.code).toBe(MORPH_CODES.INVALID_RECORD);
  });
});
