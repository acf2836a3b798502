/**
 * `formcert show --actual`: the command the HTML report names when it cuts an actual observation
 * prints that observation whole (lexemes kept) from the run's results.jsonl.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIG_ACTUAL_TEXT, sampleRecords } from '../report/report-fixtures.test-helpers.ts';
import { writeReportDir } from '../report/write-report-dir.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { findRecord, showActualCommand } from './show-case.ts';

/** Splits a command as a POSIX shell would, for the quoting shellWord writes (bare words and '…' with '\''). */
function shellSplit(command: string): string[] {
  const words: string[] = [];
  for (const m of command.matchAll(/(?:[^\s']+|'[^']*')+/g)) words.push(m[0].replace(/'([^']*)'/g, '$1'));
  return words;
}

/** Runs show --actual with its output captured. */
async function show(wanted: string, o: Parameters<typeof showActualCommand>[1]) {
  let out = '';
  let err = '';
  const status = await showActualCommand(wanted, o, { out: (s) => (out += s), err: (s) => (err += s), outBytes: () => {} });
  return { status, out, err };
}

describe('formcert show --actual', () => {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-show-actual-'));
  const results = join(dir, 'results.jsonl');

  it('prints whole, from results.jsonl, the observation report.html cuts, by the command the report names', async () => {
    await writeReportDir(dir, sampleRecords());
    const html = readFileSync(join(dir, 'report.html'), 'utf8');
    const data = JSON.parse(/<script type="application\/json" id="formcert-data">(.*?)<\/script>/s.exec(html)![1]!) as {
      implementations: { name: string }[];
      cases: { id: string; results: Record<number, { gotText?: string; wholeCommand?: string }> }[];
    };
    const beta = data.implementations.findIndex((i) => i.name === 'beta 0.3');
    const shown = data.cases.find((c) => c.id === 'bbbb0000000000000003')!.results[beta]!;
    expect(shown.gotText).toMatch(/more characters not shown$/);
    const words = shellSplit(shown.wholeCommand!);
    expect(words.slice(0, 4)).toEqual(['formcert', 'show', '--actual', 'bbbb0000000000000003']);
    expect(words.slice(4)).toEqual(['--results', results, '--implementation', 'beta 0.3']);
    const r = await show(words[3]!, { results: [words[5]!], implementation: words[7]! });
    expect(r.status).toBe(0);
    // The whole observation on stdout, its lexeme past 2^53 exact; the description on stderr.
    const expected = parseJson(BIG_ACTUAL_TEXT);
    expect(expected.ok).toBe(true);
    expect(r.out).toBe(writeJson(expected.ok ? expected.value : null, { indent: 2 }) + '\n');
    expect(r.out).toContain('123456789012345678901234567890');
    expect(r.err).toContain('outcome  fail:accepted-invalid');
    expect(r.err).toContain('testee   beta 0.3  (persistent)');
    // A case the page shows whole names no command.
    for (const c of data.cases) for (const res of Object.values(c.results)) if (res.gotText !== undefined && !/not shown$/.test(res.gotText)) expect(res.wholeCommand).toBeUndefined();
  });

  it('asks which implementation when several answered, and says what it has when asked for another', async () => {
    await writeReportDir(dir, sampleRecords());
    const ambiguous = await show('bbbb0000000000000003', { results: [results] });
    expect(ambiguous.status).toBe(2);
    expect(ambiguous.err).toContain('choose one with --implementation');
    const other = await show('bbbb0000000000000003', { results: [results], implementation: 'gamma' });
    expect(other.status).toBe(2);
    expect(other.err).toContain('"alpha 1.0", "beta 0.3"');
    expect((await show('ffffffffff', { results: [results], implementation: 'beta 0.3' })).status).toBe(2);
    expect((await show('bbbb0000000000000003', { results: [] })).err).toContain('--actual needs --results');
    expect((await show('bbbb0000000000000003', { results: [join(dir, 'none.jsonl')] })).status).toBe(2);
  });

  it('finds a record by name (a prefix must be unique); writes the observation to --out; --info describes only', async () => {
    await writeReportDir(dir, sampleRecords());
    const records = sampleRecords();
    expect(findRecord(records, 'duplicate-member', 'alpha 1.0')).toMatchObject({ id: 'bbbb0000000000000003', implementation: 'alpha 1.0' });
    expect(findRecord(records, 'bbbb00', 'beta 0.3')).toMatch(/names 2 cases/);
    const file = join(dir, 'got.json');
    const written = await show('position-above-2-53', { results: [results], implementation: 'beta 0.3', out: file });
    expect(written.status).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"position": 12345678901234567891');
    expect(written.out).toContain(`actual   the observation, whole, written to ${file}`);
    expect(written.out).toContain('diff     /position: expected 12345678901234567890, got 12345678901234567891');
    const info = await show('hostile-input', { results: [results], implementation: 'beta 0.3', info: true });
    expect(info.out).toContain('detail   crash: exit status 139');
    expect(info.out).toContain('stderr   segfault');
    expect(info.out).not.toContain('actual ');
  });
});
