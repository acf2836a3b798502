import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccept, expectReject, SCRIPTED_EXEC, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { caseId } from '../shared/vectors.ts';
import { isCompressedPath, storeCaseParts, writeGoldenFile } from './vectors/golden-storage.ts';
import { buildVectorFileValue, renderJsonFile } from './vectors/render-vector-file.ts';
import { certifyCommand, type CertifyCommandOptions } from './certify.ts';
import { writeReportDir } from '../report/write-report-dir.ts';
import { shellWord } from '../results/rerun-line.ts';
import { FAILING_CASES_FILE, INLINE_IDS, rerunArgv } from './rerun-command.ts';
import { compileNamePattern, selectCases, splitIdList } from './select-cases.ts';
import { findCase, showCommand } from './show-case.ts';

const work = mkdtempSync(join(tmpdir(), 'formcert-select-test-'));

const SUITE = [
  toyVector('accept {"a":1}', expectAccept('{"a":1}'), { requirements: ['R-J1'], name: 'torn-tail-ok' }),
  toyVector('accept', expectReject('BAD'), { requirements: ['R-J2'], name: 'header-bad' }),
  toyVector('reject', expectAccept(), { requirements: ['R-J1', 'R-J4'], name: 'torn-tail-rejected' }),
  toyVector('reject BAD', expectReject('BAD'), { op: 'morph.c14n', requirements: ['R-M1'], name: 'c14n-bad' }),
];
const dir = join(work, 'vectors');
writeVectorFiles(dir, SUITE);
const [okCase, acceptedInvalid, rejectedValid] = SUITE as [(typeof SUITE)[0], (typeof SUITE)[0], (typeof SUITE)[0]];

const base: CertifyCommandOptions = {
  testee: SCRIPTED_EXEC,
  profile: 'strict',
  codes: false,
  timeoutMs: '3000',
  persistent: false,
  exec: false,
  vectors: dir,
  maxOutputBytes: String(1 << 20),
};

async function certify(o: Partial<CertifyCommandOptions>): Promise<{ status: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const status = await certifyCommand({ ...base, ...o }, { out: (s) => (out += s), err: (s) => (err += s), writeReportDir });
  return { status, out, err };
}

/** Case names in the summary's "worst failures" list plus the header's case count. */
const caseCount = (out: string) => Number(/: (\d+) cases in/.exec(out)?.[1]);

describe('certify --cases / --requirements / --grep', () => {
  for (const mode of ['exec', 'persistent'] as const) {
    const testee = mode === 'exec' ? {} : { persistent: true, testee: SCRIPTED_PERSISTENT };
    it(`selects before running (${mode} mode)`, async () => {
      const byId = await certify({ ...testee, cases: `${okCase.id},${rejectedValid.id}` });
      expect(caseCount(byId.out)).toBe(2);
      expect(byId.out).toContain(rejectedValid.id);
      expect(byId.out).not.toContain(acceptedInvalid.id);
      // Exec mode spawns one process per case: one selection shows the flags reach that mode too.
      if (mode === 'exec') return;
      const byRule = await certify({ ...testee, requirements: 'R-J1' });
      expect(caseCount(byRule.out)).toBe(2);
      const byName = await certify({ ...testee, grep: '^TORN-' });
      expect(caseCount(byName.out)).toBe(2);
      const both = await certify({ ...testee, requirements: 'R-J1,R-J2', grep: 'rejected' });
      expect(caseCount(both.out)).toBe(1);
      expect(both.status).toBe(1);
    });
  }

  it('refuses unknown ids and bad patterns with one line and exit 2', async () => {
    for (const [o, message] of [
      [{ cases: `${okCase.id},0123456789abcdef0123` }, /^formcert certify: unknown case id under .*: 0123456789abcdef0123\n$/],
      [{ requirements: 'R-J1,R-NOPE' }, /^formcert certify: no case under .* cites R-NOPE\n$/],
      [{ grep: '(' }, /^formcert certify: --grep "\(" is not a regular expression/],
      [{ grep: 'no-such-name' }, /leaves no case to run/],
      [{ cases: ' , ' }, /--cases names no case id/],
    ] as const) {
      const r = await certify(o);
      expect(r.status).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
  });

  it('prints a rerun command that reruns exactly the failing cases', async () => {
    const persistent = { persistent: true, testee: SCRIPTED_PERSISTENT };
    const first = await certify({ ...persistent, codes: true, grep: 'torn|header' });
    expect(first.status).toBe(1);
    const line = first.out.split('\n').find((l) => l.startsWith('Rerun the 2 failing case(s): '));
    expect(line).toBeDefined();
    const cases = /--cases ([0-9a-f,]+)/.exec(line!)![1]!;
    expect(cases.split(',').sort()).toEqual([acceptedInvalid.id, rejectedValid.id].sort());
    expect(line).toContain(`--vectors ${dir}`);
    expect(line).toContain('--codes');
    expect(line).toContain(`--persistent -- ${SCRIPTED_PERSISTENT.map(shellWord).join(' ')}`);
    const again = await certify({ ...persistent, codes: true, cases });
    expect(caseCount(again.out)).toBe(2);
    expect(line).not.toContain(okCase.id);
    expect((await certify({ ...persistent, cases: okCase.id })).out).not.toContain('Rerun');
  });

  it('puts a long id list in the report directory and reads it back with --cases @FILE', async () => {
    const many = Array.from({ length: INLINE_IDS + 1 }, (_, i) => toyVector(`reject N${i}`, expectAccept()));
    const manyDir = join(work, 'many');
    writeVectorFiles(manyDir, many);
    const report = join(work, 'many-report');
    const persistent = { persistent: true, testee: SCRIPTED_PERSISTENT };
    const r = await certify({ ...persistent, vectors: manyDir, report });
    const file = join(report, FAILING_CASES_FILE);
    expect(r.out).toContain(`--cases @${file}`);
    expect(splitIdList(readFileSync(file, 'utf8')).sort()).toEqual(many.map((v) => v.id).sort());
    const again = await certify({ ...persistent, vectors: manyDir, cases: `@${file}` });
    expect(caseCount(again.out)).toBe(INLINE_IDS + 1);
    expect((await certify({ ...persistent, vectors: manyDir, cases: `@${join(work, 'missing.txt')}` })).status).toBe(2);
  });

  it('leaves default options out of the rerun argv and quotes shell words', () => {
    const argv = rerunArgv({ ...base, vectors: 'golden', timeoutMs: '10000', maxOutputBytes: String(64 * 1024 * 1024), testee: [] }, 'abc');
    expect(argv).toEqual(['certify', '--cases', 'abc']);
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('{op}')).toBe('{op}');
  });

  it('filters by every criterion together, in a stable order', () => {
    const pattern = compileNamePattern('torn');
    expect(typeof pattern).not.toBe('string');
    const picked = selectCases(SUITE, { profile: 'core', requirements: ['R-J1', 'R-M1'], grep: pattern as RegExp });
    expect(picked.map((v) => v.name).sort()).toEqual(['torn-tail-ok', 'torn-tail-rejected']);
    expect(splitIdList('a, b\n# comment\nc d # trailing\n')).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('formcert show', () => {
  const io = () => {
    const r = { out: '', err: '', bytes: [] as Uint8Array[] };
    return { r, io: { out: (s: string) => (r.out += s), err: (s: string) => (r.err += s), outBytes: (b: Uint8Array) => r.bytes.push(b) } };
  };

  it('describes the case with its rule texts and writes its input bytes to --out', async () => {
    const { r, io: sink } = io();
    const file = join(work, 'case.bin');
    expect(await showCommand(rejectedValid.id, { vectors: dir, out: file }, sink)).toBe(0);
    expect(readFileSync(file)).toEqual(Buffer.from(rejectedValid.input));
    expect(r.out).toContain(`case     ${rejectedValid.id}  torn-tail-rejected`);
    expect(r.out).toContain('op       journal.read');
    // Rule text comes from spec/journal/requirements.json.
    expect(r.out).toMatch(/rules {4}R-J1 {2}UTF-8 JSON Lines/);
    expect(r.out).toMatch(/\n {9}R-J4 {2}positions are/);
    expect(r.out).toContain(`note     ${rejectedValid.note}`);
    expect(r.out).toContain('expect   accept');
    expect(r.out).toContain(`input    ${rejectedValid.input.length} bytes written to ${file}`);
    expect(r.out).toContain(`rerun    formcert certify --cases ${rejectedValid.id} --vectors ${dir} -- <your reader>`);
    expect(r.bytes).toEqual([]);
  });

  it('without --out writes the raw input alone to stdout and the description to stderr', async () => {
    const { r, io: sink } = io();
    expect(await showCommand(acceptedInvalid.id.slice(0, 8), { vectors: dir }, sink)).toBe(0);
    expect(Buffer.concat(r.bytes)).toEqual(Buffer.from(acceptedInvalid.input));
    expect(r.out).toBe('');
    expect(r.err).toContain('expect   reject, code BAD');
    const info = io();
    expect(await showCommand('c14n-bad', { vectors: dir, info: true }, info.io)).toBe(0);
    expect(info.r.out).toMatch(/R-M1 /);
    expect(info.r.bytes).toEqual([]);
  });

  it('refuses an unknown, ambiguous or too short id with one line and exit 2', async () => {
    for (const wanted of ['0123456789abcdef0123', 'abc', 'nope']) {
      const { r, io: sink } = io();
      expect(await showCommand(wanted, { vectors: dir }, sink)).toBe(2);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    const twins = [toyVector('a', expectAccept(), { name: 'x' }), toyVector('b', expectAccept(), { name: 'x' })];
    expect(findCase(twins, 'x')).toMatch(/names 2 cases/);
  });

  it('decodes an input stored as a gzip side file', async () => {
    // Past the inline limit the input goes to a compressed side file, as in golden/.
    const input = new TextEncoder().encode('{"x":"' + 'y'.repeat(200_000) + '"}\n');
    const id = caseId('journal.read', input);
    const parts = storeCaseParts(id, input, { verdict: 'reject', code: 'BAD' });
    expect([...parts.sideFiles.keys()].some(isCompressedPath)).toBe(true);
    const big = join(work, 'big');
    mkdirSync(join(big, 'journal'), { recursive: true });
    for (const [name, content] of parts.sideFiles) writeGoldenFile(join(big, 'journal', name), content);
    const stored = { id, name: 'big-one', op: 'journal.read', profile: 'core', requirements: ['R-J1'], note: 'large', ...parts } as const;
    writeFileSync(join(big, 'journal', 'recipe-big.json'), renderJsonFile(buildVectorFileValue('journal', 'recipe', [stored])));
    const { r, io: sink } = io();
    expect(await showCommand(id, { vectors: big }, sink)).toBe(0);
    expect(Buffer.concat(r.bytes)).toEqual(Buffer.from(input));
    expect(r.err).toContain(`input    ${input.length} bytes (on stdout)`);
  });
});

describe('certify --json', () => {
  it('prints one summary object on stdout: counts, failures, rerun command, status, report paths', async () => {
    const report = join(work, 'json-report');
    const r = await certify({ persistent: true, testee: SCRIPTED_PERSISTENT, json: true, report });
    expect(r.status).toBe(1);
    const lines = r.out.trim().split('\n');
    expect(lines).toHaveLength(1);
    const o = JSON.parse(lines[0]!);
    expect(o).toMatchObject({ command: 'certify', status: 1, passed: false, error: null, cases: 4, mode: 'persistent', profile: 'strict' });
    expect(o.byOutcome['fail:accepted-invalid']).toBe(1);
    expect(o.byOutcome['fail:rejected-valid']).toBe(1);
    expect(o.byOp['morph.c14n'].pass).toBe(1);
    expect(o.byProfile.core).toEqual({ passed: 2, scored: 4 });
    expect(o.failures.map((f: { id: string }) => f.id).sort()).toEqual([acceptedInvalid.id, rejectedValid.id].sort());
    expect(o.rerun).toMatch(/^formcert certify --cases /);
    expect(o.reports.html).toBe(join(report, 'report.html'));
  });

  it('reports a usage error as an object with status 2 (and the message on stderr)', async () => {
    const r = await certify({ json: true, cases: '0123456789abcdef0123' });
    expect(r.status).toBe(2);
    expect(JSON.parse(r.out)).toMatchObject({ status: 2, passed: false, error: expect.stringMatching(/unknown case id/) });
    expect(r.err).toMatch(/unknown case id/);
  });
});
