/**
 * Issue 11 item 9: an interrupted run (Ctrl-C, SIGTERM, SIGHUP) restores the terminal and removes the
 * private input directory, and one during the report writing leaves no half-written report; the
 * clean-ups the signal handlers run are checked here without a signal (with real signals:
 * conformance/hostile/interrupt.conformance.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { expectAccept, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';
import { partialReportPath, REPORT_FILES } from '../results/report-files.ts';
import { certifyCommand } from './certify.ts';
import { InputFiles } from './input-files.ts';
import { runInterruptCleanups } from './process-group.ts';
import { createProgress, RESTORE_TERMINAL } from './progress.ts';

describe('interrupt clean-ups', () => {
  it('give the terminal back its cursor and line wrapping and remove the input directory', async () => {
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 80, rows: 24, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    let written = '';
    tty.on('data', (c: Buffer) => (written += c.toString('utf8')));
    const progress = createProgress(100, tty as unknown as NodeJS.WriteStream);
    progress.tick(false);
    const inputs = new InputFiles();
    await inputs.write('0123456789abcdef0123', 'journal.read', new Uint8Array([1]));
    expect(existsSync(inputs.dir)).toBe(true);
    runInterruptCleanups();
    await new Promise((r) => setImmediate(r));
    expect(written.endsWith(RESTORE_TERMINAL)).toBe(true);
    expect(existsSync(inputs.dir)).toBe(false);
    // Each clean-up runs once: a second signal does not write to the stream again.
    const before = written.length;
    runInterruptCleanups();
    await new Promise((r) => setImmediate(r));
    expect(written.length).toBe(before);
  });
});

describe('an interrupt while certify writes its reports', () => {
  it('leaves none of the report files rather than a half-written set', async () => {
    const work = mkdtempSync(join(tmpdir(), 'formcert-interrupt-report-'));
    writeVectorFiles(join(work, 'vectors'), [toyVector('accept {"v":1}', expectAccept('{"v":1}'))]);
    const report = join(work, 'report');
    let listed: string[] = [];
    const status = await certifyCommand(
      { testee: SCRIPTED_PERSISTENT, persistent: true, exec: false, codes: false, profile: 'strict', timeoutMs: '10000', vectors: join(work, 'vectors'), maxOutputBytes: String(1 << 20), report },
      {
        out: () => {},
        err: () => {},
        // Two forms written, a third half-written under its temporary name: then the signal comes.
        writeReportDir: async (dir) => {
          mkdirSync(dir, { recursive: true });
          writeFileSync(join(dir, REPORT_FILES.jsonl), '{}\n');
          writeFileSync(join(dir, REPORT_FILES.junit), '<testsuites/>');
          writeFileSync(partialReportPath(join(dir, REPORT_FILES.markdown)), '# half');
          runInterruptCleanups();
          listed = readdirSync(dir);
        },
      },
    );
    expect(status).toBe(0);
    expect(listed).toEqual([]);
  }, PROCESS_TEST_TIMEOUT_MS);
});
