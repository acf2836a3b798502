import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadErrorCodes, loadRequirements } from '../shared/registry.ts';
import { CODES, REQ, SHARED_CODES } from './constants.ts';

describe('journal registries', () => {
  const journalCodes = loadErrorCodes('journal');
  const sharedCodes = loadErrorCodes('shared');
  const requirementIds = new Set([...loadRequirements('journal'), ...loadRequirements('shared')].map((r) => r.id));

  it('registers every code the oracle can return, and nothing it cannot', () => {
    const registered = new Set(journalCodes.map((c) => c.code));
    const shared = new Set(sharedCodes.map((c) => c.code));
    for (const code of Object.values(CODES)) {
      expect(SHARED_CODES.includes(code) ? shared.has(code) : registered.has(code), code).toBe(true);
    }
    const own = new Set(Object.values(CODES) as string[]);
    for (const c of journalCodes) expect(own.has(c.code), c.code).toBe(true);
  });

  it('names a registered requirement for every code and every rule the code cites', () => {
    for (const c of journalCodes) expect(requirementIds.has(c.requirement), c.requirement).toBe(true);
    for (const id of Object.values(REQ)) expect(requirementIds.has(id), id).toBe(true);
  });

  it('states every journal requirement in spec/journal/README.md with its id in bold', () => {
    const readme = readFileSync(new URL('../../spec/journal/README.md', import.meta.url), 'utf8');
    for (const r of loadRequirements('journal')) expect(readme.includes(`**${r.id}**`), r.id).toBe(true);
  });
});
