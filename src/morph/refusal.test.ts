/**
 * MORPH refusals take their profile from the spec registries (issue 16): code → rule → profile, never
 * typed at a call site (the golden sweep is refusal-profiles.conformance.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { profileFor, requirementProfile } from '../shared/refusals.ts';
import { MORPH_CODES, RULES } from './constants.ts';
import { citing, morphError } from './refusal.ts';

describe('MORPH refusal profiles', () => {
  it('takes a pinned profile, a variant, or else the cited requirement’s own profile', () => {
    // JSON_BOM's main rule is R-S1 (strict); its R-J1 variant is pinned strict by a resolution.
    expect(profileFor('journal', 'JSON_BOM', 'R-J1')).toBe('strict');
    expect(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, 'x').profile).toBe(requirementProfile(RULES.LIMITS));
    expect(requirementProfile(RULES.LIMITS)).toBe('core');
    expect(morphError(MORPH_CODES.INVALID_CELL, RULES.ROWS_CELL, 'x').profile).toBe('strict');
    expect(morphError(MORPH_CODES.INVALID_CELL, RULES.ROWS_GRAMMAR, 'x').profile).toBe('core');
    expect(citing(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.ROWS_CELL, 'x'), RULES.LIMITS).profile).toBe('core');
  });

  it('refuses to guess: an unregistered code or requirement is a bug, thrown', () => {
    expect(() => morphError('NO_SUCH_CODE', RULES.LIMITS, 'x')).toThrow(/no error code/);
    expect(() => morphError(MORPH_CODES.LIMIT_EXCEEDED, 'R-NOPE', 'x')).toThrow(/unknown requirement/);
  });
});
