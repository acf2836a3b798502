/**
 * Runs the formcert CLI in a child process and measures its peak RSS: reported by rss-preload.cjs at
 * exit, or read from /proc while it still runs when the run is stopped after `killAfterMs` (an
 * endless input). FORMCERT_RSS_LOG=1 prints each figure (for the README's table).
 */
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const CLI = join(import.meta.dirname, '../../bin/formcert.mjs');
const PRELOAD = join(import.meta.dirname, 'rss-preload.cjs');

/**
 * How a measured child runs formcert: the compiled CLI, as an installed package runs it (built once
 * for the conformance tier by build-compiled-cli.ts), with the preload that reports its peak RSS. From a
 * clone `bin/formcert.mjs` otherwise runs the sources through the TypeScript loader, some 40 MiB more.
 */
export const MEASURED_CLI = {
  argv: (args: readonly string[]): string[] => ['--require', PRELOAD, CLI, ...args],
  env: { ...process.env, FORMCERT_COMPILED: '1' },
} as const;

/** Peak RSS every validator must stay under, in KiB. */
export const LIMIT_KB = 200 * 1024;

/** One measured run. */
export interface Run {
  readonly status: number | null;
  readonly stdout: string;
  /** Peak RSS in KiB. */
  readonly peakKb: number;
}

/** Runs `formcert <args…>`; `onClose` runs when the child has closed (before the result is given). */
export function runCliWithPeakRss(args: readonly string[], label: string, killAfterMs?: number, onClose?: () => void): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, MEASURED_CLI.argv(args), { env: MEASURED_CLI.env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let peak = '';
    let polled = 0;
    child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stdio[3]!.on('data', (d: Buffer) => (peak += d.toString()));
    child.on('error', reject);
    const timer =
      killAfterMs === undefined
        ? undefined
        : setTimeout(() => {
            polled = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]);
            child.kill('SIGKILL');
          }, killAfterMs);
    child.on('close', (status) => {
      if (timer) clearTimeout(timer);
      onClose?.();
      const peakKb = killAfterMs === undefined ? Number(peak) : polled;
      if (process.env['FORMCERT_RSS_LOG']) process.stderr.write(`rss ${label}: ${Math.round(peakKb / 1024)} MiB\n`);
      resolve({ status, stdout, peakKb });
    });
  });
}

/**
 * Runs `formcert <args…> <input>` where the input is what the shell command `shell` writes: into a
 * regular file in `dir` first, or through a fifo there (then no file ever holds it).
 */
export async function runCliOnShellOutput(args: readonly string[], shell: string, label: string, via: 'file' | 'pipe', dir: string): Promise<Run> {
  const path = join(dir, `${via}-${label.replace(/\W+/g, '-')}`);
  if (via === 'file') {
    spawnSync('sh', ['-c', `(${shell}) > ${path}`]);
    const r = await runCliWithPeakRss([...args, path], `${label} (file)`);
    rmSync(path);
    return r;
  }
  spawnSync('mkfifo', [path]);
  const feeder = spawn('sh', ['-c', `(${shell}) > ${path} 2>/dev/null`], { stdio: 'ignore' });
  const r = await runCliWithPeakRss([...args, path], `${label} (pipe)`);
  feeder.kill('SIGKILL');
  rmSync(path, { force: true });
  return r;
}
