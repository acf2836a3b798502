/**
 * Issue 13: every record of a certify run carries the run's certify arguments, so the reports built
 * from results.jsonl print a real rerun command. Checked end to end: the command summary.md prints
 * is run through a POSIX shell and reruns exactly that case, with the same testee and options.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { expectAccept, expectReject, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { buildHtmlData } from '../report/build-html-data.ts';
import { reportCommand } from '../report/report-command.ts';
import { writeReportDir } from '../report/write-report-dir.ts';
import { parseCaseRecords } from '../results/case-record.ts';
import { rerunCaseCommand, shellWord } from '../results/rerun-line.ts';
import { certifyCommand } from './certify.ts';
import { REPO_ROOT } from './vectors/repo-root.ts';

const work = mkdtempSync(join(tmpdir(), "formcert-rerun-it's-"));
const SUITE = [
  toyVector('accept', expectAccept(), { name: 'fine' }),
  toyVector('accept 1', expectReject('BAD'), { name: 'accepts-bad' }),
  toyVector('reject', expectAccept(), { name: 'rejects-good' }),
];
const vectors = join(work, 'vectors');
writeVectorFiles(vectors, SUITE);

describe('the rerun command recorded in the results', () => {
  it('is on every record, in the HTML data and in summary.md, and reruns the case through a shell', async () => {
    const report = join(work, 'report');
    let out = '';
    const status = await certifyCommand(
      { testee: SCRIPTED_PERSISTENT, persistent: true, exec: false, profile: 'strict', codes: true, timeoutMs: '3000', vectors, maxOutputBytes: String(1 << 20), report },
      { out: (s) => (out += s), err: (s) => (out += s), writeReportDir },
    );
    expect(out).toContain("FAILED");
    expect(status).toBe(1);
    const parsed = parseCaseRecords(readFileSync(join(report, 'results.jsonl'), 'utf8'));
    expect(parsed.ok).toBe(true);
    const records = parsed.ok ? parsed.value : [];
    expect(records).toHaveLength(3);
    const args = ['--vectors', vectors, '--codes', '--timeout-ms', '3000', '--max-output-bytes', String(1 << 20), '--persistent', '--', ...SCRIPTED_PERSISTENT];
    for (const r of records) expect(r.certifyArgs).toEqual(args);
    // The page composes `formcert certify --cases <id> ` + this string.
    expect(buildHtmlData(records).implementations[0]!.rerun).toBe(args.map(shellWord).join(' '));

    const worst = records.find((r) => r.outcome === 'fail:accepted-invalid')!;
    const summary = readFileSync(join(report, 'summary.md'), 'utf8');
    const command = /Rerun the worst failing case: `([^`]+)`/.exec(summary)?.[1];
    expect(command).toBe(rerunCaseCommand(worst));
    expect(command).toMatch(new RegExp(`^formcert certify --cases ${worst.id} --vectors '`));

    // `report merge` prints it under the implementation's text summary.
    let mergeText = '';
    await reportCommand('merge', [join(report, 'results.jsonl')], {}, { out: () => {}, err: (s) => (mergeText += s) });
    expect(mergeText).toContain(`Rerun the worst failing case: ${command}\n`);

    // Pasted into a shell (with `formcert` being this checkout's bin), it reruns that one case.
    const shell = spawnSync('sh', ['-c', `${shellWord(process.execPath)} ${shellWord(join(REPO_ROOT, 'bin', 'formcert.mjs'))}${command!.slice('formcert'.length)}`], {
      encoding: 'utf8',
      timeout: PROCESS_TEST_TIMEOUT_MS,
    });
    expect(shell.stderr).toBe("");
    expect(shell.status).toBe(1);
    expect(shell.stdout).toMatch(/: 1 cases in /);
    expect(shell.stdout).toContain(`fail:accepted-invalid`);
    expect(shell.stdout).toContain(worst.id);
  }, PROCESS_TEST_TIMEOUT_MS);
});
