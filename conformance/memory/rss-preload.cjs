// Preloaded into a validator under test: at exit, writes the process's peak RSS (KiB) to fd 3.
const { writeSync } = require('node:fs');
process.on('exit', () => {
  try {
    writeSync(3, String(process.resourceUsage().maxRSS));
  } catch {
    // fd 3 is not open: the process was started without the measuring pipe.
  }
});
