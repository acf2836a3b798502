/**
 * `tsx scripts/mutation/hunt-witnesses.ts <format> <src file> [--variants-per-vector N] [--seed S] [--max-bytes B] [--max-tries T]`:
 * looks for inputs that tell a surviving mutant from the unmutated oracle (scripts/mutation/README.md,
 * "Hunting witnesses"). The golden vectors are edited one byte at a time (seeded, reproducible) into
 * variants; each variant runs through every path a golden case of its op runs (the op, its stream,
 * the validator's paths) under the unmutated oracle and under each survivor of the file's last
 * Stryker run. A variant on which the two answer differently (verdict, code, or an accepted input's
 * observation) is a witness: it becomes a golden vector after its expectation is confirmed by the
 * independent reader. A survivor with no witness is only that: no edit tried found one; whether it is
 * equivalent is still argued from the code.
 *
 * The mutants come from Stryker's own instrumenter (mutant switching, as in a Stryker run), planted in
 * a scratch copy of src/; a worker process runs them and is restarted past a mutant that hangs (a
 * hang on a variant is a witness too: a reader must answer).
 */
import { fork } from 'node:child_process';
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { makeRng } from '../../generators/prng.ts';
import type { JournalReader } from '../../src/journal/read-journal.ts';
import type { OpHandler } from '../../src/shared/ops.ts';

/** What Stryker's instrumented code keeps on globalThis: the active mutant and the coverage it records. */
interface StrykerState {
  activeMutant?: string;
  currentTestId?: string;
  mutantCoverage?: { static: Record<string, number>; perTest: Record<string, Record<string, number>> };
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const STREAMING_OPS = new Set(['journal.read', 'codegraph.read']);
/** Bytes an edit inserts or writes over one: JSON's structural characters, digits, and UTF-8 edge bytes. */
const EDIT_BYTES = Buffer.from('0123456789-+.eE"\\,:{}[] \tntfaxu/\r\n', 'latin1');
const EXTRA_BYTES = [0x00, 0x1f, 0x7f, 0x80, 0xc3, 0xe2, 0xed, 0xf0, 0xf4, 0xff];
/** Seconds a worker may spend on one variant under a mutant (the unmutated oracle takes milliseconds) before it is taken for hung. */
const VARIANT_SECONDS = 20;
/** Seconds a worker started with a module-load mutant may take to load. */
const LOAD_SECONDS = 60;

interface Variant {
  readonly from: string;
  readonly edit: string;
  readonly input: Uint8Array;
  readonly op: string;
}

interface Witness {
  readonly key: string;
  readonly variant: number;
  readonly path: string;
  readonly expected: string;
  readonly actual: string;
}

/** One-edit variants of each vector's input: a byte deleted, inserted, replaced or doubled. */
function makeVariants(vectors: ReadonlyArray<{ id: string; op: string; input: Uint8Array }>, perVector: number, seed: number, maxBytes: number): Variant[] {
  const next = makeRng(seed);
  const bytes = [...EDIT_BYTES, ...EXTRA_BYTES];
  const seen = new Set<string>();
  const out: Variant[] = [];
  for (const v of vectors) {
    if (!STREAMING_OPS.has(v.op) || v.input.length === 0 || v.input.length > maxBytes) continue;
    for (let k = 0; k < perVector; k++) {
      const at = Math.floor(next() * v.input.length);
      const b = bytes[Math.floor(next() * bytes.length)]!;
      const kind = Math.floor(next() * 4);
      const src = Buffer.from(v.input);
      let input: Buffer;
      let edit: string;
      if (kind === 0) [input, edit] = [Buffer.concat([src.subarray(0, at), src.subarray(at + 1)]), `delete @${at}`];
      else if (kind === 1) [input, edit] = [Buffer.concat([src.subarray(0, at), Buffer.from([b]), src.subarray(at)]), `insert 0x${b.toString(16)} @${at}`];
      else if (kind === 2) [input, edit] = [Buffer.concat([src.subarray(0, at), Buffer.from([b]), src.subarray(at + 1)]), `replace 0x${src[at]!.toString(16)} by 0x${b.toString(16)} @${at}`];
      else [input, edit] = [Buffer.concat([src.subarray(0, at + 1), src.subarray(at)]), `double 0x${src[at]!.toString(16)} @${at}`];
      const id = input.toString('latin1');
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ from: v.id, edit, input: new Uint8Array(input), op: v.op });
    }
  }
  return out;
}

/** The answer of one path as a comparable string: `R <code>`, or `A <observation>` with numbers by lexeme. */
function describeAnswer(result: { ok?: boolean; accept?: boolean; error?: { code: string }; value?: unknown; observation?: unknown; skipped?: string }, observe?: (v: unknown) => unknown): string {
  if (result.skipped !== undefined) return `S ${result.skipped}`;
  const accepted = result.ok ?? result.accept;
  if (!accepted) return `R ${result.error!.code}`;
  const observation = result.observation ?? (observe ? observe(result.value) : undefined);
  return `A ${stringify(observation)}`;
}

function stringify(v: unknown): string {
  if (v === undefined) return '';
  if (v instanceof Map) return `{${[...v].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, x]) => `${JSON.stringify(k)}:${stringify(x)}`).join(',')}}`;
  if (Array.isArray(v)) return `[${v.map(stringify).join(',')}]`;
  if (typeof v === 'object' && v !== null && typeof (v as { lexeme?: unknown }).lexeme === 'string') return (v as { lexeme: string }).lexeme;
  if (typeof v === 'bigint') return `${v}n`;
  return JSON.stringify(v) ?? String(v);
}

/** The worker: loads the instrumented copy, answers the baseline, then each mutant it is handed. */
async function work(scratch: string, variantsFile: string, baselineFile: string, maxTries: number): Promise<void> {
  const progressFile = join(scratch, 'progress');
  const src = (p: string) => pathToFileURL(join(scratch, 'src', p)).href;
  const { loadOracleOp } = await import(src('runner/oracle-ops.ts'));
  const { JournalReader, observationOf } = await import(src('journal/read-journal.ts'));
  const { readModelChunks } = await import(src('codegraph/validate-file.ts'));
  const { readInPieces, streamReadBytes, LONG_LINE_BUFFER_BYTES } = await import(pathToFileURL(join(ROOT, 'scripts/mutation/golden-cases.ts')).href);
  const variants = deserialize(readFileSync(variantsFile)) as Variant[];
  const handlers = new Map<string, OpHandler>();
  for (const op of new Set(variants.map((v) => v.op))) handlers.set(op, await loadOracleOp(op));
  // Stryker's mutant switch: the instrumented code reads the active mutant and records coverage here.
  const holder = globalThis as { __stryker__?: StrykerState };
  holder.__stryker__ ??= {};
  const ns = holder.__stryker__;
  const pushAll = (reader: JournalReader, input: Uint8Array, step: number) => {
    for (let at = 0; at < input.length; at += step) if (!reader.push(input.subarray(at, at + step))) break;
    return reader.finish();
  };
  const paths = (v: Variant): Array<[string, () => Promise<string>]> => {
    const h = handlers.get(v.op)!;
    const out: Array<[string, () => Promise<string>]> = [
      ['op', async () => describeAnswer(await h(v.input.slice(), { profile: 'strict' }))],
      ['op core', async () => describeAnswer(await h(v.input.slice(), { profile: 'core' }))],
      ['stream', async () => describeAnswer(await h.stream!(readInPieces(v.input, streamReadBytes(v.input.length)), { profile: 'strict' }))],
    ];
    if (v.op === 'journal.read') {
      const observe = (s: unknown) => {
        const o = new Map(observationOf(s) as Map<string, unknown>);
        o.delete('entries');
        return o;
      };
      // The fast path's line count too: the mutation harness holds it to the unmutated oracle's.
      const validate = (profile: string) => async () => {
        const reader = new JournalReader({ profile });
        const answer = describeAnswer(pushAll(reader, v.input, streamReadBytes(v.input.length)), observe);
        return `${answer} fast=${reader.linesTakenFast}`;
      };
      out.push(['validator', validate('strict')]);
      out.push(['validator core', validate('core')]);
      out.push(['validator chunked', async () => describeAnswer(pushAll(new JournalReader({ profile: 'strict', pendingLimitBytes: 0 }), v.input, 13), observe)]);
    } else {
      out.push(['validator', async () => describeAnswer(readModelChunks(readInPieces(v.input, 97), 'strict', { chunkBytes: LONG_LINE_BUFFER_BYTES }))]);
      out.push(['validator core', async () => describeAnswer(readModelChunks(readInPieces(v.input, 97), 'core', { chunkBytes: LONG_LINE_BUFFER_BYTES }))]);
    }
    return out;
  };
  const answer = async (run: () => Promise<string>) => {
    try {
      return await run();
    } catch (e) {
      return `threw ${(e as Error)?.message ?? e}`;
    }
  };
  // Coverage per variant and path: a mutant runs only the paths that reach its code.
  let baseline: { answers: string[][]; coverage: string[][][] };
  if (existsSync(baselineFile)) {
    baseline = deserialize(readFileSync(baselineFile));
  } else {
    baseline = { answers: [], coverage: [] };
    ns.mutantCoverage ??= { static: {}, perTest: {} };
    for (let i = 0; i < variants.length; i++) {
      const row: string[] = [];
      const reached: string[][] = [];
      for (const [p, [, run]] of paths(variants[i]!).entries()) {
        ns.currentTestId = `v${i}p${p}`;
        row.push(await answer(run));
        reached.push(Object.keys(ns.mutantCoverage.perTest[ns.currentTestId] ?? {}));
      }
      baseline.answers.push(row);
      baseline.coverage.push(reached);
    }
    ns.currentTestId = undefined;
    writeFileSync(baselineFile, serialize(baseline));
  }
  const covering = new Map<string, Array<[number, number]>>();
  baseline.coverage.forEach((byPath, i) => {
    byPath.forEach((ids, p) => {
      // Appended in place: a scanner's mutants are each reached by tens of thousands of variant paths.
      for (const id of ids) {
        const list = covering.get(id);
        if (list === undefined) covering.set(id, [[i, p]]);
        else list.push([i, p]);
      }
    });
  });
  process.send!({ ready: true, static: Object.keys(ns.mutantCoverage?.static ?? {}) });
  process.on('message', async (m: { id: string; key: string; all: boolean }) => {
    ns.activeMutant = m.id;
    const reaching: Array<[number, number]> = m.all ? variants.flatMap((_, i) => baseline.answers[i]!.map((_, p): [number, number] => [i, p])) : (covering.get(m.id) ?? []);
    // Smallest variants first, at most maxTries of them, spread over all that reach the mutant.
    const bySize = [...reaching].sort((a, b) => variants[a[0]]!.input.length - variants[b[0]]!.input.length);
    const step = Math.max(1, bySize.length / maxTries);
    const list = bySize.length <= maxTries ? bySize : Array.from({ length: maxTries }, (_, k) => bySize[Math.floor(k * step)]!);
    let witness: Witness | undefined;
    for (const [i, p] of list) {
      // Written before the variant runs, synchronously: if the mutant hangs on it, the parent reads it here.
      writeFileSync(progressFile, `${m.id} ${i} ${p}`);
      const [label, run] = paths(variants[i]!)[p]!;
      const got = await answer(run);
      if (got !== baseline.answers[i]![p]) {
        witness = { key: m.key, variant: i, path: label, expected: baseline.answers[i]![p]!, actual: got };
        break;
      }
    }
    ns.activeMutant = undefined;
    process.send!({ done: m.key, witness, tried: list.length });
  });
}

/** The survivor keys of `file`'s committed results, `line:column Mutator replacement`. */
function survivorKeys(format: string, file: string): Set<string> {
  const results = JSON.parse(readFileSync(join(ROOT, 'reports/mutation', format, relative(`src/${format === 'shared' ? 'shared' : format}`, file).replace(/\.ts$/, '.results.json')), 'utf8'));
  return new Set(results.survivors.map((s: { line: number; column: number; mutator: string; replacement: string }) => `${s.line}:${s.column} ${s.mutator} ${s.replacement}`));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: number) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args[i + 1]) : fallback;
  };
  const [format, file] = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!format || !file) throw new Error('usage: hunt-witnesses.ts <format> <src file> [--variants-per-vector N] [--seed S] [--max-bytes B]');
  const perVector = opt('--variants-per-vector', 40);
  const seed = opt('--seed', 1);
  const maxBytes = opt('--max-bytes', 4096);
  const maxTries = opt('--max-tries', 1500);
  const scratch = join(ROOT, 'scratch-tmp', `hunt-${file.replace(/[/.]/g, '_')}`);
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(scratch, { recursive: true });
  cpSync(join(ROOT, 'src'), join(scratch, 'src'), { recursive: true });
  const { Instrumenter } = await import('@stryker-mutator/instrumenter');
  const quiet = () => false;
  const log = { debug() {}, info() {}, trace() {}, warn: console.warn, error: console.error, fatal: console.error, isDebugEnabled: quiet, isTraceEnabled: quiet, isInfoEnabled: quiet, isWarnEnabled: quiet, isErrorEnabled: quiet, isFatalEnabled: quiet };
  const instrumented = await new Instrumenter(log as never).instrument([{ name: file, content: readFileSync(join(ROOT, file), 'utf8'), mutate: true }], { plugins: null, excludedMutations: [], ignorers: [], noHeader: false } as never);
  writeFileSync(join(scratch, file), instrumented.files[0]!.content);
  const wanted = survivorKeys(format, file);
  const mutants = instrumented.mutants.map((m) => ({ id: m.id, key: `${m.location.start.line + 1}:${m.location.start.column + 1} ${m.mutatorName} ${m.replacement}` })).filter((m) => wanted.has(m.key));
  const { loadVectors } = await import('../../src/runner/vectors/load-vectors.ts');
  const variants = makeVariants(await loadVectors(), perVector, seed, maxBytes);
  const variantsFile = join(scratch, 'variants.v8');
  const baselineFile = join(scratch, 'baseline.v8');
  writeFileSync(variantsFile, serialize(variants));
  process.stderr.write(`hunt: ${mutants.length} of ${wanted.size} survivors found among ${instrumented.mutants.length} mutants; ${variants.length} variants\n`);
  const witnesses: Witness[] = [];
  const none: string[] = [];
  const todo = [...mutants];
  const staticIds = new Set<string>();
  // Code run at module load (a constant's initializer) is mutated before the load: such a mutant gets
  // a worker of its own, started with the mutant active, and is tried on every variant.
  const runWorkers = async (queue: typeof todo, env: (m: (typeof todo)[number]) => NodeJS.ProcessEnv | undefined) => {
    while (queue.length > 0) {
      const first = queue[0]!;
      const own = env(first);
      const child = fork(fileURLToPath(import.meta.url), ['--worker', scratch, variantsFile, baselineFile, String(maxTries)], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env: { ...process.env, ...own } });
      await new Promise<void>((done) => {
        const progressFile = join(scratch, 'progress');
        rmSync(progressFile, { force: true });
        let current: (typeof todo)[number] | undefined = own ? first : undefined;
        if (own) queue.shift();
        let started = false;
        // Hung: the progress mark (mutant, variant, path) has not moved for VARIANT_SECONDS, or a worker
        // started with a module-load mutant has not loaded in LOAD_SECONDS.
        let mark = '';
        let still = 0;
        const timer = setInterval(() => {
          const now = existsSync(progressFile) ? readFileSync(progressFile, 'utf8') : '';
          still = now === mark ? still + 1 : 0;
          mark = now;
          if (!current || still * 5 < (started ? VARIANT_SECONDS : LOAD_SECONDS)) return;
          const [id, at] = now.split(' ');
          record({ key: current.key, variant: started && id === current.id ? Number(at) : -1, path: started ? '(hung)' : '(hung loading)', expected: '', actual: `no answer in ${VARIANT_SECONDS} s` });
          current = undefined;
          child.kill('SIGKILL');
        }, 5000);
        const next = () => {
          current = own ? (started ? undefined : current) : queue.shift();
          if (!current) {
            child.kill();
            return;
          }
          started = true;
          still = 0;
          child.send({ id: current.id, key: current.key, all: own !== undefined });
        };
        child.on('message', (m: { ready?: boolean; static?: string[]; done?: string; witness?: Witness; tried?: number }) => {
          for (const id of m.static ?? []) staticIds.add(id);
          if (m.done) {
            if (!own && staticIds.has(current!.id)) {
              statics.push(current!);
              current = undefined;
              next();
              return;
            }
            current = undefined;
            if (m.witness) record(m.witness);
            else none.push(`${m.done} (${m.tried} variants)`);
          if ((witnesses.length + none.length) % 25 === 0) process.stderr.write(`hunt: ${witnesses.length + none.length}/${mutants.length}, ${witnesses.length} witnessed\n`);
        }
          next();
        });
        child.on('exit', (code, signal) => {
          clearInterval(timer);
          if (current) record({ key: current.key, variant: -1, path: '(crashed)', expected: '', actual: `worker exited: ${code ?? signal}` });
          done();
        });
      });
    }
  };
  const statics: typeof todo = [];
  const out = join(ROOT, 'scratch-tmp', `witnesses-${format}-${file.split('/').pop()!.replace(/\.ts$/, '')}.json`);
  const asWritten = (w: Witness) => ({ ...w, variant: w.variant >= 0 ? { index: w.variant, from: variants[w.variant]!.from, edit: variants[w.variant]!.edit, op: variants[w.variant]!.op, input: Buffer.from(variants[w.variant]!.input).toString('base64') } : null });
  // Each witness is also appended as it is found, so that an interrupted hunt keeps what it found.
  const partial = `${out}.partial.jsonl`;
  rmSync(partial, { force: true });
  function record(w: Witness): void {
    witnesses.push(w);
    appendFileSync(partial, `${JSON.stringify(asWritten(w))}\n`);
  }
  await runWorkers(todo, () => undefined);
  process.stderr.write(`hunt: ${statics.length} mutants of module-load code, one worker each\n`);
  for (const m of statics) await runWorkers([m], () => ({ __STRYKER_ACTIVE_MUTANT__: m.id }));
  writeFileSync(out, JSON.stringify({ file, seed, perVector, witnesses: witnesses.map(asWritten), none }, null, 1));
  process.stderr.write(`hunt: ${witnesses.length} witnessed, ${none.length} not; written ${relative(ROOT, out)}\n`);
}

if (process.argv[2] === '--worker') await work(process.argv[3]!, process.argv[4]!, process.argv[5]!, Number(process.argv[6]));
else await main();
