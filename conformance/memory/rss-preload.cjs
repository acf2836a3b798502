// Preloaded into a validator under test: at exit, writes the process's peak RSS (KiB) to fd 3.
// On Linux the high-water mark of the process's own memory (VmHWM), which starts afresh at exec:
// getrusage's maxRSS keeps the parent's size at fork across the exec, so a child of a large test
// worker would report the worker's size. Elsewhere, getrusage's figure (bench/peak-rss.ts does the same).
const { existsSync, readFileSync, writeSync } = require('node:fs');

function peakRssKiB() {
  if (existsSync('/proc/self/status')) {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Number(hwm[1]);
  }
  return process.resourceUsage().maxRSS;
}

process.on('exit', () => {
  try {
    writeSync(3, String(peakRssKiB()));
  } catch {
    // fd 3 is not open: the process was started without the measuring pipe.
  }
});
