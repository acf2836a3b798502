import { describe, expect, it } from 'vitest';
import { refusalFor } from './refusals.ts';
import { loadErrorCodes, loadRequirements, REGISTRY_FORMATS } from './registry.ts';

describe('refusalFor', () => {
  it('derives the profile from the requirement unless the registry pins one', () => {
    // R-J1 is core; a blank line is pinned strict by the resolution.
    expect(refusalFor('journal', 'CARRIAGE_RETURN')).toStrictEqual({ code: 'CARRIAGE_RETURN', requirement: 'R-J1', profile: 'core' });
    expect(refusalFor('journal', 'BLANK_LINE')).toStrictEqual({ code: 'BLANK_LINE', requirement: 'R-J1', profile: 'strict' });
    expect(refusalFor('journal', 'INVALID_INTEGER')).toStrictEqual({ code: 'INVALID_INTEGER', requirement: 'R-S2', profile: 'strict' });
  });

  it('finds shared codes from a format, and variants by requirement or by name', () => {
    expect(refusalFor('journal', 'JSON_SYNTAX')).toStrictEqual({ code: 'JSON_SYNTAX', requirement: 'JSON-SYNTAX-1', profile: 'core' });
    expect(refusalFor('journal', 'JSON_BOM', 'R-J1')).toStrictEqual({ code: 'JSON_BOM', requirement: 'R-J1', profile: 'strict' });
    expect(refusalFor('journal', 'INVALID_LINK').profile).toBe('core');
    expect(refusalFor('journal', 'INVALID_LINK', 'R-J5').profile).toBe('strict');
    expect(refusalFor('journal', 'RESERVED_NAMESPACE').profile).toBe('core');
    expect(refusalFor('journal', 'RESERVED_NAMESPACE', 'unowned')).toStrictEqual({ code: 'RESERVED_NAMESPACE', requirement: 'R-J7', profile: 'strict' });
    // The main requirement named explicitly is the main entry.
    expect(refusalFor('journal', 'WRONG_TYPE', 'JRN-MD-1')).toBe(refusalFor('journal', 'WRONG_TYPE'));
  });

  it('returns one frozen object per rule', () => {
    const a = refusalFor('journal', 'EMPTY_ID');
    expect(Object.isFrozen(a)).toBe(true);
    expect(refusalFor('journal', 'EMPTY_ID')).toBe(a);
  });

  it('throws on a code or variant the registry does not list', () => {
    expect(() => refusalFor('journal', 'NO_SUCH_CODE')).toThrow(/no error code/);
    expect(() => refusalFor('journal', 'BLANK_LINE', 'R-J9')).toThrow(/no variant/);
    expect(() => refusalFor('shared', 'BLANK_LINE')).toThrow(/no error code/);
  });

  it('resolves every registered code and variant of every format to a known requirement', () => {
    const ids = new Set(REGISTRY_FORMATS.flatMap((f) => loadRequirements(f).map((r) => r.id)));
    for (const format of REGISTRY_FORMATS) {
      for (const c of loadErrorCodes(format)) {
        expect(ids.has(refusalFor(format, c.code).requirement), c.code).toBe(true);
        for (const v of c.variants ?? []) {
          const rule = refusalFor(format, c.code, v.name ?? v.requirement);
          expect(rule.requirement, `${c.code} variant`).toBe(v.requirement);
          expect(ids.has(v.requirement), `${c.code} → ${v.requirement}`).toBe(true);
        }
      }
    }
  });
});
