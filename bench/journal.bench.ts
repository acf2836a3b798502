/**
 * Journal benchmark: streams a >= 500 MB v3 journal into a temp dir, then measures, in one run and on
 * the same file, (a) a bare loop that splits lines on LF and JSON.parse's each one, and (b) the
 * streaming validator (`validateJournalFile`). Each runs in its own child process, which reports its
 * wall time and peak RSS (peak RSS). The file is deleted afterwards.
 * Child mode: `node bin/run-ts.mjs bench/journal.bench.ts --journal-bench-child <bare|validate> <file>`.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSizes, targetVerdict } from './bench-size.ts';
import { peakRssKiB } from '../test-support/peak-rss.cjs';

/** Journal sizes in MiB (issue 14: the 200 MiB and 512 MiB files, in the same run). */
const SIZES_MIB = { full: [200, 512], quick: [16] } as const;
const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..');

interface ChildReport {
  readonly seconds: number;
  /** User + system CPU seconds of the measured work (less sensitive than wall time to a busy machine). */
  readonly cpuSeconds: number;
  readonly maxRssKiB: number;
  readonly lines: number;
  readonly verdict: string;
}

/** Writes the journal in 4 MiB batches (never holding the file in memory); returns its size. Exported for profiling. */
export function generateJournal(path: string, targetBytes: number): { bytes: number; lines: number } {
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
  while (bytes + batchLength < targetBytes) {
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

/** Child: the bare loop (split on LF, JSON.parse each line). */
function bareLoop(path: string): { lines: number; verdict: string } {
  const fd = openSync(path, 'r');
  const chunk = Buffer.allocUnsafe(1 << 20);
  let carry: Buffer = Buffer.alloc(0);
  let lines = 0;
  for (;;) {
    const n = readSync(fd, chunk, 0, chunk.length, null);
    if (n === 0) break;
    let buf = chunk.subarray(0, n);
    let start = 0;
    if (carry.length > 0) {
      const lf = buf.indexOf(10);
      if (lf < 0) {
        carry = Buffer.concat([carry, buf]);
        continue;
      }
      JSON.parse(Buffer.concat([carry, buf.subarray(0, lf)]).toString('utf8'));
      lines++;
      start = lf + 1;
      carry = Buffer.alloc(0);
    }
    for (;;) {
      const lf = buf.indexOf(10, start);
      if (lf < 0) break;
      JSON.parse(buf.toString('utf8', start, lf));
      lines++;
      start = lf + 1;
    }
    if (start < buf.length) carry = Buffer.from(buf.subarray(start));
    buf = chunk;
  }
  closeSync(fd);
  return { lines, verdict: 'parsed' };
}

async function runChild(mode: string, path: string): Promise<void> {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  let result: { lines: number; verdict: string };
  if (mode === 'bare') result = bareLoop(path);
  else {
    const { validateJournalFile } = await import('../src/journal/validate-file.ts');
    const r = await validateJournalFile(path, { profile: 'strict' });
    result = r.ok ? { lines: Number(r.value.lines), verdict: 'valid' } : { lines: 0, verdict: `invalid ${r.error.code}` };
  }
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(c0);
  const report: ChildReport = { seconds, cpuSeconds: (cpu.user + cpu.system) / 1e6, maxRssKiB: peakRssKiB(), lines: result.lines, verdict: result.verdict };
  process.stdout.write(JSON.stringify(report) + '\n');
}

function measure(mode: string, path: string): ChildReport {
  const out = execFileSync(process.execPath, [join(root, 'bin/run-ts.mjs'), join(here, 'journal.bench.ts'), '--journal-bench-child', mode, path], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  return JSON.parse(out.trim().split('\n').pop()!) as ChildReport;
}

/** The benchmark: for each size (JOURNAL_BENCH_MB, a comma list), generate, measure both loops on the same file, report ratios, delete the file. */
export default async function journalBenchmark(): Promise<string[]> {
  const lines: string[] = [];
  for (const mib of benchSizes('JOURNAL_BENCH_MB', SIZES_MIB)) lines.push(...(await measureSize(mib * 1024 * 1024)));
  return lines;
}

async function measureSize(targetBytes: number): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-journal-bench-'));
  const path = join(dir, 'journal.jsonl');
  try {
    const g0 = process.hrtime.bigint();
    const gen = generateJournal(path, targetBytes);
    const genSeconds = Number(process.hrtime.bigint() - g0) / 1e9;
    const mb = statSync(path).size / (1024 * 1024);
    // Warm the page cache once so that neither loop pays the first read from disk.
    const fd = openSync(path, 'r');
    const warm = Buffer.allocUnsafe(1 << 22);
    while (readSync(fd, warm, 0, warm.length, null) > 0);
    closeSync(fd);
    const bare = measure('bare', path);
    const validate = measure('validate', path);
    const ratio = bare.seconds / validate.seconds;
    const cpuRatio = bare.cpuSeconds / validate.cpuSeconds;
    return [
      `file: ${mb.toFixed(0)} MiB, ${gen.lines.toLocaleString('en')} lines (generated in ${genSeconds.toFixed(1)} s, streamed)`,
      `bare split + JSON.parse: ${(mb / bare.seconds).toFixed(0)} MiB/s (${bare.seconds.toFixed(2)} s, peak RSS ${(bare.maxRssKiB / 1024).toFixed(0)} MiB)`,
      `formcert validate journal: ${(mb / validate.seconds).toFixed(0)} MiB/s (${validate.seconds.toFixed(2)} s, peak RSS ${(validate.maxRssKiB / 1024).toFixed(0)} MiB, ${validate.verdict}, ${validate.lines.toLocaleString('en')} lines)`,
      `ratio validate/bare by CPU time: ${cpuRatio.toFixed(2)} (target ≥ 1.0, issue 14: ${targetVerdict(cpuRatio >= 1)}; bare ${bare.cpuSeconds.toFixed(2)} s, validate ${validate.cpuSeconds.toFixed(2)} s); wall: ${ratio.toFixed(2)}`,
      `peak RSS of validate < 150 MiB: ${validate.maxRssKiB / 1024 < 150 ? 'met' : 'MISSED'}`,
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--journal-bench-child') {
  await runChild(process.argv[3]!, process.argv[4]!);
}
