// The peak resident set size of this process, in KiB, for the benchmarks and the memory tests (one
// copy: CommonJS, so that the memory tests' --require preload can load it as well as TypeScript can).
// On Linux it is the high-water mark of the process's own memory (VmHWM), which starts afresh at
// exec: getrusage's maxRSS keeps the parent's size at fork across the exec, so a child of a large
// parent would report the parent's size. Elsewhere, getrusage's figure.
'use strict';
const { existsSync, readFileSync } = require('node:fs');

const STATUS = '/proc/self/status';

function peakRssKiB() {
  if (existsSync(STATUS)) {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(STATUS, 'utf8'));
    if (hwm) return Number(hwm[1]);
  }
  return process.resourceUsage().maxRSS;
}

module.exports = { peakRssKiB };
