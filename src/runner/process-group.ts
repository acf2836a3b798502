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
