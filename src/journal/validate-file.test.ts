import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CODES } from './constants.ts';
import { validateJournalFile } from './validate-file.ts';

const example = (name: string) => fileURLToPath(new URL(`../../examples/journal/${name}`, import.meta.url));

describe('validateJournalFile', () => {
  it('summarises the README examples', async () => {
    const v3 = await validateJournalFile(example('valid-v3.jsonl'), { profile: 'strict' });
    expect(v3).toEqual({ ok: true, value: { schema: 3, generation: 0, origin: 0, frontier: 6, entries: 6, lines: 3, tornTailBytes: 0 } });
    const v2 = await validateJournalFile(example('legacy-v2.jsonl'), { profile: 'strict' });
    expect(v2.ok && v2.value.schema).toBe(2);
    const torn = await validateJournalFile(example('torn-tail-v3.jsonl'), { profile: 'strict' });
    expect(torn.ok && torn.value.tornTailBytes).toBe(57);
    const broken = await validateJournalFile(example('broken-retired-at.jsonl'), { profile: 'strict' });
    expect(broken.ok ? 'accept' : [broken.error.code, broken.error.location.line, broken.error.location.member]).toEqual([CODES.RETIRED_MEMBER, 3, 'at']);
  });

  it('rejects only on I/O errors', async () => {
    await expect(validateJournalFile('/nonexistent/journal.jsonl', { profile: 'strict' })).rejects.toThrow();
  });

  it('drives `formcert validate journal` (exit 0 valid, 1 invalid with the code first)', () => {
    const bin = fileURLToPath(new URL('../../bin/formcert.mjs', import.meta.url));
    const out = execFileSync(process.execPath, [bin, 'validate', 'journal', example('valid-v3.jsonl'), '--json'], { encoding: 'utf8' });
    expect(JSON.parse(out)).toMatchObject({ valid: true, summary: { frontier: 6 } });
    const bad = spawnSync(process.execPath, [bin, 'validate', 'journal', example('broken-retired-at.jsonl')], { encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout.split('\n')[0]).toBe('code: RETIRED_MEMBER');
  });
});
