import { closeSync, openSync, writeSync } from 'node:fs'; const TARGET_BYTES = 60*1024*1024;
function generateJournal(path: string): { bytes: number; lines: number } {
  const fd = openSync(path, 'w');
  let batch: string[] = [];
  let batchLength = 0;
  let bytes = 0;
  let lines = 0;
  const flush = () => {
    const buf = Buffer.from(batch.join(''), 'utf8');
    writeSync(fd, buf);
    bytes += buf.length;
    batch = [];
    batchLength = 0;
  };
  const push = (line: string) => {
    batch.push(line, '\n');
    batchLength += line.length + 1;
    lines++;
    if (batchLength >= 4 * 1024 * 1024) flush();
  };
  push('{"schema":3,"generation":7,"origin":0}');
  let pos = 1;
  const principals = ['null', '"alice"', '"guest:42"', '"zoë-ünïcode-ユーザー"'];
  while (bytes + batchLength < TARGET_BYTES) {
    const records = pos % 5;
    const tx = pos;
    const principal = principals[pos % principals.length];
    const at = 1700000000000000 + pos * 1000;
    const md = (self: number, causation: string) =>
      `{"principal":${principal},"correlation":${tx},"causation":${causation},"request":${self === tx && pos % 3 === 0 ? `"req-${pos}"` : 'null'},"link":${self === tx && pos % 7 === 0 && tx > 1 ? `{"UndoOf":${tx - 1}}` : 'null'},"at_us":${at}}`;
    const entries = [
      `{"position":${tx},"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":${md(tx, 'null')},"payload":{"amount":${pos % 1000},"currency":"EUR","memo":"deposit number ${pos} \\u00e9\\n","tags":["a","b",${pos % 13}],"ratio":0.${pos % 97}}}`,
    ];
    for (let r = 1; r <= records; r++) {
      const p = tx + r;
      entries.push(
        r % 3 === 0
          ? `{"position":${p},"kind":"Record","id":"harmos:work/billing/invoice/issued","version":2,"metadata":${md(p, String(tx))},"payload":[${[1, 2, 3, 250, pos % 256].join(',')}]}`
          : `{"position":${p},"kind":"Record","id":"ledger.noted","version":1,"metadata":${md(p, String(tx))},"payload":"noted ${p} — ünïcödé ✓"}`,
      );
    }
    push(`{"group":1,"first":${tx},"frontier":${tx + records},"entries":[${entries.join(',')}]}`);
    pos += records + 1;
  }
  flush();
  closeSync(fd);
  return { bytes, lines };
}
generateJournal('/tmp/jt/j.jsonl');
