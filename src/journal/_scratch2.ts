import { readFileSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { scanJson } from './scan-json.ts';
import { readJournalBytes } from './read-journal.ts';
const buf = readFileSync(process.argv[2]!);
for (let rep = 0; rep < 3; rep++) {
  let t = performance.now();
  let start = 0, n = 0;
  for (;;) { const lf = buf.indexOf(10, start); if (lf < 0) break; const line = buf.subarray(start, lf); if (!isUtf8(line)) throw 1; scanJson(line, 0, line.length, true); n++; start = lf + 1; }
  const scanMs = performance.now() - t;
  t = performance.now();
  start = 0;
  for (;;) { const lf = buf.indexOf(10, start); if (lf < 0) break; JSON.parse(buf.toString('utf8', start, lf)); start = lf + 1; }
  const bareMs = performance.now() - t;
  t = performance.now();
  const r = readJournalBytes(buf);
  const fullMs = performance.now() - t;
  console.log({ n, scanMs: scanMs | 0, bareMs: bareMs | 0, fullMs: fullMs | 0, ok: r.ok });
}
