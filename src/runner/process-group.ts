/**
 * Testee processes run in their own process group (spawned detached), so that a timeout or a
 * crash kills the testee and everything it started, by signalling the whole group.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

const live = new Set<number>();
let cleanupInstalled = false;

/** Kills the process group led by `pid` (SIGKILL); silent when it is already gone. */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // ESRCH: the group is already empty.
  }
}

function installCleanup(): void {
  if (cleanupInstalled) return;
  cleanupInstalled = true;
  // The runner never leaves testee groups behind, even when it exits early.
  process.on('exit', () => {
    for (const pid of live) killGroup(pid);
  });
}

const cleanups = new Set<() => void>();

/** Registers work to do if the run is interrupted (temporary files); returns the unregister function. */
export function onInterrupt(fn: () => void): () => void {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

/** Kills every testee group and runs the registered clean-ups (what an interrupted run must undo). */
export function runInterruptCleanups(): void {
  for (const pid of live) killGroup(pid);
  for (const fn of [...cleanups]) fn();
}

/**
 * Makes Ctrl-C, SIGTERM and SIGHUP (a closed terminal) kill every testee group and run the registered
 * clean-ups (private input directory, terminal state) before exiting (130 / 143 / 129). Installed by
 * the CLI only: a library must not take over a host's signals.
 */
export function installInterruptHandlers(): void {
  for (const [signal, status] of [['SIGINT', 130], ['SIGTERM', 143], ['SIGHUP', 129]] as const) {
    process.once(signal, () => {
      runInterruptCleanups();
      process.exit(status);
    });
  }
}

/** Spawns `argv` without a shell in a new process group, tracked until it exits. */
export function spawnGroup(argv: readonly string[], options: SpawnOptions): ChildProcess {
  installCleanup();
  const child = spawn(argv[0]!, argv.slice(1), { ...options, detached: true, shell: false, windowsHide: true });
  const pid = child.pid;
  if (pid !== undefined) {
    live.add(pid);
    child.once('exit', () => live.delete(pid));
  }
  return child;
}

/** Describes why spawning failed, for a setup error message. */
export function describeSpawnError(argv0: string, err: NodeJS.ErrnoException): string {
  if (err.code === 'ENOENT') return `${argv0}: no such file or command`;
  if (err.code === 'EACCES') return `${argv0}: not executable (permission denied)`;
  return `${argv0}: ${err.code ?? ''} ${err.message}`.trim();
}
