/**
 * codegraph benchmark (`npm run bench -- codegraph`): streams a ≥ 1 GB model to a temp dir, then
 * measures, each in its own child process on the same file in the same run:
 *   bare      — split lines and JSON.parse each (the floor any JS validator is compared with);
 *   validate  — the reference validator, strict profile (every rule of spec/codegraph);
 *   ajv       — JSON.parse + the per-record JSON Schemas with ajv (shape only, no order/closure).
 * Reports throughput ratios and the validator's peak RSS. CG_BENCH_BYTES overrides the size.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchSizes, targetVerdict } from './bench-size.ts';
import { peakRssKiB } from '../test-support/peak-rss.cjs';

const HERE = fileURLToPath(import.meta.url);
const ROOT = join(dirname(HERE), '..');
const CHUNK = 1 << 22;

interface Measurement {
  readonly mode: string;
  readonly seconds: number;
  /** CPU time of the child (user + system), robust when other processes compete for the cores. */
  readonly cpuSeconds: number;
  readonly lines: number;
  readonly maxRssMB: number;
  readonly ok: boolean;
}

/** Calls `onLine` with every non-empty line of the file, read in chunks and decoded per chunk. */
function forEachLine(file: string, onLine: (line: string) => void): number {
  const fd = openSync(file, 'r');
  let buf = Buffer.allocUnsafe(CHUNK);
  let filled = 0;
  let lines = 0;
  try {
    for (;;) {
      if (filled === buf.length) {
        const bigger = Buffer.allocUnsafe(buf.length * 2);
        buf.copy(bigger, 0, 0, filled);
        buf = bigger;
      }
      const n = readSync(fd, buf, filled, buf.length - filled, null);
      const end = filled + n;
      const last = n === 0 ? end : buf.lastIndexOf(0x0a, end - 1) + 1;
      for (const line of buf.toString('utf8', 0, last).split('\n')) {
        if (line === '') continue;
        onLine(line);
        lines++;
      }
      if (n === 0) return lines;
      buf.copy(buf, 0, last, end);
      filled = end - last;
    }
  } finally {
    closeSync(fd);
  }
}

let cpuStart = process.cpuUsage();
const cpuSince = () => {
  const u = process.cpuUsage(cpuStart);
  return (u.user + u.system) / 1e6;
};

async function runWorker(mode: string, file: string): Promise<void> {
  const started = process.hrtime.bigint();
  cpuStart = process.cpuUsage();
  let lines = 0;
  let ok = true;
  if (mode === 'warm') {
    // Reads the file once so that every measured mode starts from a warm page cache.
    const fd = openSync(file, 'r');
    const buf = Buffer.allocUnsafe(CHUNK);
    while (readSync(fd, buf, 0, CHUNK, null) > 0) lines++;
    closeSync(fd);
  } else if (mode === 'bare') {
    lines = forEachLine(file, (line) => JSON.parse(line));
  } else if (mode === 'ajv') {
    const { validateWithSchema } = await import('../src/codegraph/record-schemas.ts');
    validateWithSchema({ t: 'eof', counts: { files: 0, entities: 0, edges: 0 } }); // compile before timing
    const t0 = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    lines = forEachLine(file, (line) => {
      if (!validateWithSchema(JSON.parse(line))) ok = false;
    });
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    return report({ mode, seconds, cpuSeconds: cpuSince(), lines, maxRssMB: peakRssKiB() / 1024, ok });
  } else if (mode === 'validate' || mode === 'validate-core') {
    const { validateModelFile } = await import('../src/codegraph/validate-file.ts');
    const t0 = process.hrtime.bigint();
    cpuStart = process.cpuUsage();
    const result = await validateModelFile(file, mode === 'validate' ? 'strict' : 'core');
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    ok = result.ok;
    lines = result.ok ? result.value.lines : 0;
    return report({ mode, seconds, cpuSeconds: cpuSince(), lines, maxRssMB: peakRssKiB() / 1024, ok });
  }
  report({ mode, seconds: Number(process.hrtime.bigint() - started) / 1e9, cpuSeconds: cpuSince(), lines, maxRssMB: peakRssKiB() / 1024, ok });
}

function report(m: Measurement): void {
  process.stdout.write(JSON.stringify(m) + '\n');
}

function measure(mode: string, file: string): Measurement {
  const child = spawnSync(process.execPath, [join(ROOT, 'bin/run-ts.mjs'), HERE], {
    env: { ...process.env, CG_BENCH_WORKER: mode, CG_BENCH_FILE: file },
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (child.status !== 0) throw new Error(`bench worker ${mode} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').pop()!) as Measurement;
}

const mbps = (bytes: number, m: Measurement) => bytes / 1e6 / m.seconds;

/** The benchmark: lines of its report. */
export default async function codegraphBench(): Promise<string[]> {
  const lines: string[] = [];
  // Issue 14: the 0.3 GB and 1.1 GB models in the same run; CG_BENCH_BYTES takes a comma list.
  for (const bytes of benchSizes('CG_BENCH_BYTES', { full: [0.3e9, 1.1e9], quick: [30e6] })) lines.push(...(await measureModel(bytes)));
  return lines;
}

async function measureModel(targetBytes: number): Promise<string[]> {
  const { writeLargeModel } = await import('../generators/codegraph/large-model.ts');
  const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-bench-'));
  const file = join(dir, 'model.jsonl');
  try {
    const t0 = Date.now();
    // ~355 bytes per entity with two edges each on average (measured on gen:model output).
    const counts = writeLargeModel(file, { entities: Math.ceil(targetBytes / 355), seed: 1 });
    const genSeconds = (Date.now() - t0) / 1000;
    const best = (mode: string, runs: number) => {
      let m = measure(mode, file);
      for (let r = 1; r < runs; r++) {
        const again = measure(mode, file);
        if (again.cpuSeconds < m.cpuSeconds) m = again;
      }
      return m;
    };
    const baseline = measure('warm', file);
    const bare = best('bare', 2);
    const validate = best('validate', 2);
    const ajv = best('ajv', 1);
    const rate = (m: Measurement) => `${mbps(counts.bytes, m).toFixed(0)} MB/s wall, ${(counts.bytes / 1e6 / m.cpuSeconds).toFixed(0)} MB/s CPU (${m.seconds.toFixed(1)} s wall, ${m.cpuSeconds.toFixed(1)} s CPU)`;
    const lines = [
      `model: ${(counts.bytes / 1e9).toFixed(2)} GB, ${counts.files} files, ${counts.entities} entities, ${counts.edges} edges (streamed by gen:model in ${genSeconds.toFixed(1)} s)`,
      `bare split + JSON.parse:         ${rate(bare)}, best of 2`,
      `formcert validate (strict):      ${rate(validate)}, best of 2, ${validate.ok ? 'valid' : 'INVALID'}`,
      `JSON.parse + ajv record schemas: ${rate(ajv)}, ${ajv.ok ? 'all records pass' : 'SOME RECORDS FAIL'}`,
      `ratio validate / bare loop:      ${(bare.cpuSeconds / validate.cpuSeconds).toFixed(2)} by CPU time, ${(bare.seconds / validate.seconds).toFixed(2)} by wall time (target ≥ 1.0 by CPU time, issue 14: ${targetVerdict(bare.cpuSeconds / validate.cpuSeconds >= 1)})`,
      `ratio validate / ajv-only:       ${(ajv.cpuSeconds / validate.cpuSeconds).toFixed(2)} by CPU time, ${(ajv.seconds / validate.seconds).toFixed(2)} by wall time (ajv checks shapes only)`,
      `validator peak RSS:              ${validate.maxRssMB.toFixed(0)} MB (child process; a child that only reads the file is ${baseline.maxRssMB.toFixed(0)} MB; target < 200 MB)`,
      `bare loop peak RSS:              ${bare.maxRssMB.toFixed(0)} MB`,
    ];
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const worker = process.env.CG_BENCH_WORKER;
if (worker !== undefined && process.argv[1] === HERE) await runWorker(worker, process.env.CG_BENCH_FILE!);
