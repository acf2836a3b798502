// Preloaded into a validator under test: at exit, writes the process's peak RSS (KiB) to fd 3.
const { writeSync } = require('node:fs');
const { peakRssKiB } = require('../../test-support/peak-rss.cjs');

process.on('exit', () => {
  try {
    writeSync(3, String(peakRssKiB()));
  } catch {
    // fd 3 is not open: the process was started without the measuring pipe.
  }
});
