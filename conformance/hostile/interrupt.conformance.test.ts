/**
 * Issue 11 item 9, with real signals: SIGINT (Ctrl-C), SIGTERM and SIGHUP (a closed terminal) sent to a
 * running `formcert certify`, in exec and persistent mode, while the toy testee hangs on a case with a
 * grandchild it started. The CLI exits promptly with 128 + the signal's number, no process of the
 * testee's group is left (found by process group in /proc, the grandchild by its marker), the private
 * input directory is gone (the CLI runs with its own TMPDIR), and the report directory still holds the
 * earlier run's complete report, byte for byte, with no temporary file beside it.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILES } from '../../src/results/report-files.ts';
import { FORMCERT_BIN } from '../../src/runner/reference-testee.ts';
import { certifyPersistentToy, hostileWorkspace } from '../fixtures/hostile-workspace.ts';
import { expectAccept, SCRIPTED_EXEC, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../fixtures/toy-vectors.ts';

const linux = existsSync('/proc/self/stat');
const { work } = hostileWorkspace('formcert-interrupt-');

/** How long the CLI may take to exit after the signal (generous: a loaded 2-core machine). */
const EXIT_WITHIN_MS = 10_000;
/** How long the testee's group may take to be gone once the CLI has exited (SIGKILL is delivered asynchronously). */
const GROUP_GONE_WITHIN_MS = 5_000;
const SIGNALS = [
  ['SIGINT', 130],
  ['SIGTERM', 143],
  ['SIGHUP', 129],
] as const;

/** Live (not zombie) processes, with their process group and command line. */
function processes(): Array<{ pid: number; pgrp: number; cmdline: string }> {
  const out = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid pgrp …": comm may hold spaces and parentheses, so split after the last ')'.
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (state === 'Z') continue;
      out.push({ pid: Number(name), pgrp: Number(pgrp), cmdline: readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ') });
    } catch {
      // The process ended while it was being read.
    }
  }
  return out;
}

/** Polls `probe` every 100 ms until it returns a value, or gives undefined after `ms`. */
async function waitFor<T>(probe: () => T | undefined, ms: number): Promise<T | undefined> {
  const until = Date.now() + ms;
  for (;;) {
    const v = probe();
    if (v !== undefined || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
}

let baseline: string;

beforeAll(async () => {
  // The earlier run whose complete report an interrupted run must leave as it was.
  const r = await certifyPersistentToy(work, 'baseline', [toyVector('accept {"v":1}', expectAccept('{"v":1}'))]);
  expect(r.status).toBe(0);
  baseline = join(work, 'baseline-report');
}, 60_000);

describe.runIf(linux)('an interrupted certify (real signals) leaves no testee process, no input directory and no half-written report', () => {
  for (const mode of ['exec', 'persistent'] as const) {
    for (const [signal, status] of SIGNALS) {
      it(`${mode} mode, ${signal}: exit ${status} promptly, the testee's group gone, the earlier report intact`, async () => {
        const name = `${mode}-${signal}`;
        const marker = `formcert-interrupt-${process.pid}-${name}`;
        const vectors = join(work, `${name}-vectors`);
        writeVectorFiles(vectors, [toyVector('accept {"v":1}', expectAccept('{"v":1}')), toyVector(`spawn-hang ${marker}`, expectAccept())]);
        const report = join(work, `${name}-report`);
        cpSync(baseline, report, { recursive: true });
        const tmp = join(work, `${name}-tmp`);
        mkdirSync(tmp);
        const testee = mode === 'exec' ? SCRIPTED_EXEC : SCRIPTED_PERSISTENT;
        const args = ['certify', '--vectors', vectors, '--report', report, '--timeout-ms', '120000', '--jobs', '1', ...(mode === 'persistent' ? ['--persistent'] : []), '--', ...testee];
        // Its own group, as a shell gives a foreground job: the signal is sent to the CLI alone.
        const cli = spawn(process.execPath, [FORMCERT_BIN, ...args], { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TMPDIR: tmp } });
        let stderr = '';
        cli.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        cli.stdout!.resume();
        const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => cli.on('exit', (code, sig) => resolve({ code, signal: sig })));

        // The grandchild is up: the testee is inside the hanging case.
        const sleeper = await waitFor(() => processes().find((p) => p.cmdline.includes(marker)), 60_000);
        expect(sleeper, stderr).toBeDefined();
        const group = sleeper!.pgrp;
        expect(group).not.toBe(cli.pid);
        expect(processes().filter((p) => p.pgrp === group).length).toBeGreaterThanOrEqual(2);
        expect(readdirSync(tmp).filter((d) => d.startsWith('formcert-inputs-'))).toHaveLength(1);

        const sent = Date.now();
        process.kill(cli.pid!, signal);
        const end = await exited;
        expect(Date.now() - sent).toBeLessThan(EXIT_WITHIN_MS);
        expect(end).toEqual({ code: status, signal: null });

        const left = await waitFor(() => {
          const members = processes().filter((p) => p.pgrp === group || p.cmdline.includes(marker));
          return members.length === 0 ? members : undefined;
        }, GROUP_GONE_WITHIN_MS);
        expect(left, `processes left: ${JSON.stringify(processes().filter((p) => p.pgrp === group))}`).toEqual([]);
        // (tsx, which runs the CLI from source, keeps its cache in TMPDIR too.)
        expect(readdirSync(tmp).filter((d) => d.startsWith('formcert-inputs-'))).toEqual([]);
        // The earlier run's report, file for file and byte for byte; nothing half-written beside it.
        expect(readdirSync(report).sort()).toEqual(Object.values(REPORT_FILES).sort());
        for (const f of Object.values(REPORT_FILES)) expect(readFileSync(join(report, f)).equals(readFileSync(join(baseline, f))), f).toBe(true);
      }, 120_000);
    }
  }
});
