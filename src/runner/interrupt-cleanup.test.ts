/**
 * Issue 11 item 9: an interrupted run (Ctrl-C, SIGTERM, SIGHUP) restores the terminal and removes the
 * private input directory; the clean-ups the signal handlers run are checked here without a signal.
 */
import { existsSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
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
