import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadErrorCodes, loadRequirements, SPEC_DIR } from '../../shared/registry.ts';
import { CONTEXT_CODES, CONTEXT_RULES } from './constants.ts';

const own = {
  codes: (JSON.parse(readFileSync(join(SPEC_DIR, 'morph/error-codes-context.json'), 'utf8')) as { codes: Array<{ code: string; requirement: string }> }).codes,
  requirements: (JSON.parse(readFileSync(join(SPEC_DIR, 'morph/requirements-context.json'), 'utf8')) as { requirements: Array<{ id: string; profile: string }> }).requirements,
};

describe('part 2 registries (spec/morph/*-context.json)', () => {
  it('registers exactly the codes of CONTEXT_CODES', () => {
    expect(own.codes.map((c) => c.code).sort()).toEqual(Object.values(CONTEXT_CODES).sort());
  });

  it('cites only registered requirements', () => {
    const all = new Map([...loadRequirements('morph'), ...loadRequirements('shared')].map((r) => [r.id, r.profile]));
    for (const id of Object.values(CONTEXT_RULES)) expect(all.has(id), id).toBe(true);
    for (const c of own.codes) expect(all.has(c.requirement), c.code).toBe(true);
  });

  it('shares no code or requirement id with the other morph registry files', () => {
    const codes = loadErrorCodes('morph').map((c) => c.code);
    const ids = loadRequirements('morph').map((r) => r.id);
    expect(new Set(codes).size).toBe(codes.length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
