/** `formcert fuzz --op <op> [--runs N | --seconds S] [--seed S] [--out DIR] [--persistent] -- <argv…>` */
import type { Command } from 'commander';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { MAX_TIMER_MS, parseIntegerOption } from '../../shared/integer-option.ts';
import cliProgress from 'cli-progress';
import { isOpName, type OpName } from '../../shared/ops.ts';
import { shellWord } from '../../results/rerun-line.ts';
import { loadOracleOp } from '../../runner/oracle-ops.ts';
import { parseShard, type Shard } from '../../runner/select-cases.ts';
import { TesteeSetupError } from '../../runner/testee-reply.ts';
import { formatSources } from '../../runner/fuzz/format-sources.ts';
import { describeFindingKey } from '../../runner/fuzz/group-findings.ts';
import { runFuzz } from '../../runner/fuzz/run-fuzz.ts';
import { reproduceCommand, saveFuzzVectors } from '../../runner/fuzz/save-fuzz-vectors.ts';
import { buildSeedCorpus, builtInCorpus, caseSourceCorpus, encodedBundleCorpus, goldenCorpus } from '../../runner/fuzz/seed-corpus.ts';
import { startFuzzTestee } from '../../runner/fuzz/start-fuzz-testee.ts';

interface FuzzCliOptions {
  op: string;
  runs?: string;
  seconds?: string;
  seed?: string;
  shard?: string;
  out: string;
  persistent?: boolean;
  timeoutMs: string;
  maxFailures: string;
  shrinkBudget: string;
  corpus: string;
  replay?: string;
  codes?: boolean;
  json?: boolean;
}

/** What `formcert fuzz --json` prints: one object on stdout, whatever the outcome. */
interface FuzzJsonSummary {
  command: 'fuzz';
  op: string;
  status?: number;
  error?: string;
  seed?: number;
  shard?: string;
  runs?: number;
  rounds?: number;
  interrupted?: boolean;
  oracleSkips?: number;
  corpus?: number;
  testee?: { name: string; mode: string };
  /** Findings per disagreement class. */
  byClass?: Record<string, number>;
  /** Generated cases that disagreed, over all findings. */
  disagreeingCases?: number;
  /** One entry per finding (class, oracle code, rule), with its shrunk representative and its count of cases. */
  findings?: {
    class: string;
    code?: string;
    requirement?: string;
    count: number;
    id: string;
    bytes: number;
    shrinks: number;
    oracle: { verdict: string; code?: string };
    seed: number;
    path: string;
    /** The command that reproduces this finding alone (its round's seed and path, no search). */
    replay: string;
    detail: readonly string[];
  }[];
  saved?: { file: string; cases: number };
  replay?: string;
}

/** Default number of generated cases when neither --runs nor --seconds is given. */
const DEFAULT_RUNS = 1000;

/** Default seed corpus directory. */
const DEFAULT_CORPUS = 'golden';

/** Default per-case time limit (ms); a replay command names another one. */
const DEFAULT_TIMEOUT_MS = 5000;

export function register(program: Command, setExit: SetExit): void {
  program
    .command('fuzz')
    .description(
      'fuzz a testee: mutate valid inputs, ask the oracle for the verdict, compare with the testee, shrink every disagreement and save it as a replayable vector',
    )
    .requiredOption('--op <op>', 'the op to fuzz (e.g. journal.read)')
    .option('--runs <n>', `generated cases (default ${DEFAULT_RUNS} unless --seconds is given)`)
    .option('--seconds <s>', 'time budget in seconds, shrinking included')
    .option('--seed <n>', 'fast-check seed (default: from the clock, printed)')
    .option('--shard <i/n>', 'job I of an N-job campaign sharing one --seed: round r uses seed + (I-1) + r*N, so the jobs never share a seed')
    .option('--out <dir>', 'directory for the saved vectors (<dir>/<format>/fuzz-<op>.json)', 'reports/fuzz')
    .option('--persistent', 'the testee speaks the persistent protocol (one process, JSON lines)')
    .option('--timeout-ms <n>', 'per-case time limit', String(DEFAULT_TIMEOUT_MS))
    .option('--max-failures <n>', 'stop after this many findings (disagreements grouped by class, oracle code and rule)', '10')
    .option('--shrink-budget <n>', 'testee runs allowed for shrinking one disagreement', '300')
    .option('--corpus <dir>', 'golden vector directory used as seed inputs', DEFAULT_CORPUS)
    .option('--codes', 'also count a rejection with a different code than the oracle\'s (class wrong-code)')
    .option('--replay <path>', 'replay one counterexample path printed by an earlier run (with its --seed)')
    .option('--json', 'print one JSON summary object on stdout (counts, each finding with its count, seed and path, saved file, replay command, status) instead of the text')
    .argument('[argv...]', 'the testee command (after --); exec templates may use {op} and {input}')
    .action(async (argv: string[], opts: FuzzCliOptions) => setExit(await runFuzzCommand(argv, opts)));
}

/** An integer option within [min, max], undefined when not given, or a usage error. */
function parseCount(value: string | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const r = parseIntegerOption(value, `--${name}`, min, max);
  if (!r.ok) throw new UsageError(r.message);
  return r.value;
}

class UsageError extends Error {}

async function runFuzzCommand(argv: string[], opts: FuzzCliOptions): Promise<number> {
  const summary: FuzzJsonSummary = { command: 'fuzz', op: opts.op };
  const status = await fuzzAndReport(argv, opts, summary);
  if (opts.json) process.stdout.write(JSON.stringify({ ...summary, status }) + '\n');
  return status;
}

/** Runs the fuzz loop, prints the text summary (unless --json) and fills `summary` as it goes. */
async function fuzzAndReport(argv: string[], opts: FuzzCliOptions, summary: FuzzJsonSummary): Promise<number> {
  const out = opts.json ? () => {} : (s: string) => process.stdout.write(s + '\n');
  // Errors stay on stderr for people in both forms; the JSON object carries the first one.
  const err = (s: string) => {
    summary.error ??= s.replace(/^formcert fuzz: /, '');
    process.stderr.write(s + '\n');
  };
  let runs: number;
  let seconds: number | undefined;
  let seed: number;
  let shard: Shard | undefined;
  let timeoutMs: number;
  let maxDisagreements: number;
  let shrinkBudget: number;
  try {
    if (!isOpName(opts.op)) throw new UsageError(`--op ${opts.op} is not an op of the testee contract`);
    if (argv.length === 0) throw new UsageError('give the testee command after --');
    if (opts.runs !== undefined && opts.seconds !== undefined) throw new UsageError('give --runs or --seconds, not both');
    // A time budget, like a timer, stays within Node's timer range (about 24.8 days).
    seconds = parseCount(opts.seconds, 'seconds', 1, Math.floor(MAX_TIMER_MS / 1000));
    runs = parseCount(opts.runs, 'runs', 1, Number.MAX_SAFE_INTEGER) ?? (seconds !== undefined ? Number.MAX_SAFE_INTEGER : DEFAULT_RUNS);
    if (opts.shard !== undefined) {
      shard = parseShard(opts.shard);
      if (!shard) throw new UsageError(`--shard must be I/N with 1 ≤ I ≤ N, got ${opts.shard}`);
      // Disjoint seeds need one base seed for the whole campaign; a clock seed differs per job.
      if (opts.seed === undefined) throw new UsageError('--shard needs --seed, the same on every shard of the campaign');
      // A replay path belongs to the round seed printed with it, which already includes the shard.
      if (opts.replay !== undefined) throw new UsageError('--replay takes the seed printed with the path; give it without --shard');
    }
    // fast-check seeds are 32-bit signed integers: a larger one would be cut silently.
    seed = parseCount(opts.seed, 'seed', -(2 ** 31), 2 ** 31 - 1) ?? (Date.now() ^ (process.pid << 16)) | 0;
    timeoutMs = parseCount(opts.timeoutMs, 'timeout-ms', 1, MAX_TIMER_MS)!;
    maxDisagreements = parseCount(opts.maxFailures, 'max-failures', 1, Number.MAX_SAFE_INTEGER)!;
    shrinkBudget = parseCount(opts.shrinkBudget, 'shrink-budget', 0, Number.MAX_SAFE_INTEGER)!;
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    err(`formcert fuzz: ${e.message}`);
    return EXIT.USAGE;
  }
  const op = opts.op as OpName;

  // An import or setup error is an error with its cause, never an empty source (exit 2).
  let oracle: Awaited<ReturnType<typeof loadOracleOp>>;
  let corpus: Awaited<ReturnType<typeof buildSeedCorpus>> | undefined;
  let sources: ReturnType<typeof formatSources> | undefined;
  try {
    oracle = await loadOracleOp(op);
    if (oracle) {
      corpus = await buildSeedCorpus(op, [goldenCorpus(opts.corpus), caseSourceCorpus(), builtInCorpus(), encodedBundleCorpus()]);
      sources = formatSources(op);
    }
  } catch (e) {
    err(`formcert fuzz: cannot set up fuzzing of ${op}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.USAGE;
  }
  if (!oracle || !corpus || !sources) {
    err(`formcert fuzz: the reference oracle has no ${op}`);
    return EXIT.USAGE;
  }
  let testee: Awaited<ReturnType<typeof startFuzzTestee>>;
  try {
    testee = await startFuzzTestee(op, argv, { persistent: Boolean(opts.persistent), timeoutMs });
  } catch (e) {
    if (!(e instanceof TesteeSetupError)) throw e;
    err(`formcert fuzz: ${e.message}`);
    return EXIT.USAGE;
  }
  const progress = process.stderr.isTTY ? startProgress(runs === Number.MAX_SAFE_INTEGER ? undefined : runs) : undefined;
  let report: Awaited<ReturnType<typeof runFuzz>>;
  try {
    report = await runFuzz({
      op,
      testee,
      oracle,
      corpus,
      sources,
      runs,
      seconds,
      seed,
      shard,
      maxDisagreements,
      shrinkBudget,
      replayPath: opts.replay,
      checkCodes: Boolean(opts.codes),
      onProgress: progress?.update,
    });
  } catch (e) {
    err(`formcert fuzz: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.USAGE;
  } finally {
    progress?.stop();
    await testee.close();
  }

  const reproduce = {
    testeeName: testee.implementation.name,
    argv,
    persistent: Boolean(opts.persistent),
    codes: Boolean(opts.codes),
    ...(opts.corpus !== DEFAULT_CORPUS ? { corpus: opts.corpus } : {}),
    ...(timeoutMs !== DEFAULT_TIMEOUT_MS ? { timeoutMs } : {}),
  };
  Object.assign(summary, {
    seed,
    ...(shard ? { shard: `${shard.index}/${shard.count}` } : {}),
    runs: report.runs,
    rounds: report.rounds,
    interrupted: report.interrupted,
    oracleSkips: report.oracleSkips,
    corpus: corpus.length,
    testee: { name: testee.implementation.name, mode: testee.mode },
    byClass: {},
    disagreeingCases: report.disagreeingCases,
    findings: report.disagreements.map((d) => {
      const e = d.judgement.expectation.expect;
      return {
        class: d.key.disagreement,
        ...(d.key.code !== undefined ? { code: d.key.code } : {}),
        ...(d.key.requirement !== undefined ? { requirement: d.key.requirement } : {}),
        count: d.count,
        id: d.id,
        bytes: d.input.length,
        shrinks: d.shrinks,
        oracle: e.verdict === 'reject' ? { verdict: e.verdict, code: e.code } : { verdict: e.verdict },
        seed: d.seed,
        path: d.path,
        replay: reproduceCommand(op, d, reproduce),
        detail: d.judgement.detail,
      };
    }),
  });
  out(
    `fuzz ${op}: ${report.runs} case(s) in ${report.rounds} round(s), seed ${seed}${shard ? ` shard ${shard.index}/${shard.count}` : ''}, corpus ${corpus.length} input(s)` +
      `${report.interrupted ? ', time budget reached' : ''}${report.oracleSkips ? `, ${report.oracleSkips} skipped by the oracle` : ''}`,
  );
  out(`testee: ${testee.implementation.name} (${testee.mode})`);
  if (report.disagreements.length === 0) {
    out('no disagreement found');
    return EXIT.OK;
  }
  const byClass = new Map<string, number>();
  for (const d of report.disagreements) byClass.set(d.key.disagreement, (byClass.get(d.key.disagreement) ?? 0) + 1);
  summary.byClass = Object.fromEntries(byClass);
  out(
    `${report.disagreements.length} finding(s) from ${report.disagreeingCases} disagreeing case(s): ${[...byClass].map(([c, n]) => `${c} ${n}`).join(', ')}`,
  );
  for (const d of report.disagreements) {
    out(`  ${describeFindingKey(d.key)}: ${d.count} case(s)`);
    out(`      shrunk representative: case ${d.id} (${d.input.length} bytes, ${d.shrinks} shrink step(s)); seed ${d.seed} path ${d.path}`);
    out(`      reproduce alone: ${reproduceCommand(op, d, reproduce)}`);
    for (const line of d.judgement.detail.slice(0, 6)) out(`      ${line}`);
  }
  const saved = await saveFuzzVectors(opts.out, op, report.disagreements, reproduce);
  const replay = ['formcert', 'certify', '--vectors', opts.out, '--ops', op, ...(opts.persistent ? ['--persistent'] : []), '--', ...argv].map(shellWord).join(' ');
  summary.saved = { file: saved.file, cases: saved.cases };
  summary.replay = replay;
  out(`saved ${saved.file} (${saved.cases} case(s)); replay: ${replay}`);
  return EXIT.FAILED;
}

function startProgress(total: number | undefined): { update: (done: number, found: number) => void; stop: () => void } {
  const { SingleBar, Presets } = cliProgress;
  const bar = new SingleBar(
    { format: total ? 'fuzz [{bar}] {value}/{total} cases, {found} disagreement(s)' : 'fuzz {value} cases, {found} disagreement(s)', stream: process.stderr },
    Presets.shades_classic,
  );
  bar.start(total ?? 0, 0, { found: 0 });
  return {
    update: (done, found) => bar.update(done, { found }),
    stop: () => bar.stop(),
  };
}
