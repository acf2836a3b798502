/**
 * This process's peak resident set size in KiB. On Linux it is the high-water mark of the process's
 * own memory (VmHWM), which starts afresh at exec: `process.resourceUsage().maxRSS` (getrusage) keeps
 * the size of the parent at fork across the exec, so a child spawned by a large parent reports the
 * parent's size. Elsewhere, getrusage's figure.
 */
import { existsSync, readFileSync } from 'node:fs';

const STATUS = '/proc/self/status';

export function peakRssKiB(): number {
  if (existsSync(STATUS)) {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(STATUS, 'utf8'));
    if (hwm) return Number(hwm[1]);
  }
  return process.resourceUsage().maxRSS;
}
