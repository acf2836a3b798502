/**
 * The fuzz loop: fast-check drives the case arbitrary, the oracle says what must happen, the testee
 * answers through its subprocess, and each disagreement is shrunk by fast-check (through the
 * subprocess again) to a small case, then cosmetically (spacing, member order) where the format allows.
 * Disagreements are grouped into findings (class, oracle code, rule; see group-findings.ts): the first
 * case of a finding is shrunk, later ones only add to its count. After a new finding the loop starts a
 * new round with the next seed, so one run can report several distinct findings within its budget.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { OpHandler, OpName } from '../../shared/ops.ts';
import { caseId } from '../../shared/vectors.ts';
import type { Shard } from '../select-cases.ts';
import type { Testee } from '../testee-reply.ts';
import { shrinkCosmetically } from './cosmetic-shrink.ts';
import { findingKey, findingKeyText, type FindingKey } from './group-findings.ts';
import type { FormatSources } from '../../shared/format-registry.ts';
import { fuzzCase, fuzzCaseBytes, type FuzzCase } from './fuzz-input.ts';
import { judgeInput, oracleExpectationNow, type Judgement, type OracleExpectation } from './judge-input.ts';
import type { CorpusEntry } from './seed-corpus.ts';
import { FUZZ_PIPELINE_DEPTH } from './start-fuzz-testee.ts';

/** What to fuzz and how long. */
export interface FuzzOptions {
  readonly op: OpName;
  readonly testee: Testee;
  readonly oracle: OpHandler;
  readonly corpus: readonly CorpusEntry[];
  readonly sources?: FormatSources;
  /** Total generated cases (shrinking steps not counted). */
  readonly runs: number;
  /** Wall-clock budget in seconds (shrinking included); undefined = no time limit. */
  readonly seconds?: number;
  readonly seed: number;
  /** `--shard I/N`: this job's slice of a campaign whose jobs share `seed` (see {@link roundSeed}). */
  readonly shard?: Shard;
  /** Stop after this many findings (groups of disagreements, not cases). */
  readonly maxDisagreements: number;
  /** Property evaluations allowed for shrinking one disagreement. */
  readonly shrinkBudget: number;
  /** Replays one counterexample path of a previous run instead of searching (`--replay`). */
  readonly replayPath?: string;
  /** `--codes`: a rejection whose reported code differs from the oracle's is a disagreement. */
  readonly checkCodes?: boolean;
  /**
   * Generated cases in flight at once (default {@link fuzzWindow}: a window for a persistent testee,
   * one for exec). Results do not depend on it: judgements are read in generation order.
   */
  readonly window?: number;
  /** Called after every generated case with the cases done and the findings so far. */
  readonly onProgress?: (done: number, found: number) => void;
}

/** One finding: the shrunk representative of a group of disagreements, how many cases fell in it, how to reproduce it. */
export interface Disagreement {
  readonly input: Uint8Array;
  readonly id: string;
  readonly judgement: Judgement;
  /** What the group's disagreements share. */
  readonly key: FindingKey;
  /** Generated cases (shrink steps not counted) that disagreed this way, the representative's original included. */
  readonly count: number;
  /** fast-check seed and counterexample path of the round that found it. */
  readonly seed: number;
  readonly path: string;
  readonly shrinks: number;
}

/** The result of one fuzz run. */
export interface FuzzReport {
  readonly op: OpName;
  readonly seed: number;
  readonly runs: number;
  readonly rounds: number;
  /** One representative per finding, in the order found. */
  readonly disagreements: Disagreement[];
  /** Generated cases that disagreed, over all findings. */
  readonly disagreeingCases: number;
  /** Inputs the oracle skipped. */
  readonly oracleSkips: number;
  /** True when the time budget ran out before the run budget. */
  readonly interrupted: boolean;
}

/**
 * The fast-check seed of round `round` (0-based) of shard `shard`: seed + (I − 1) + round · N. The jobs
 * of one campaign share `seed`, so shard I only ever uses seeds ≡ seed + I − 1 (mod N): no two shards
 * draw the same sequence, however many rounds each runs (until one campaign spans 2^32 rounds).
 * Without a shard (1/1) round r uses seed + r, as a single run always has.
 */
export function roundSeed(seed: number, round: number, shard: Shard = { index: 1, count: 1 }): number {
  return (seed + (shard.index - 1) + round * shard.count) | 0;
}

/** Writes a fuzz case's input to a new file at `path` (mode 0600; refuses a file that already exists). */
function writeCaseFile(path: string, bytes: Uint8Array): void {
  writeFileSync(path, bytes, { flag: 'wx', mode: 0o600 });
}

/** Cases generated per call of the sampler: one fast-check stream walk per batch, not per case. */
const GENERATION_BATCH = 256;

/** Cases kept in flight for `testee`: a window for a persistent one, one at a time for exec (a process per case). */
export function fuzzWindow(testee: Testee): number {
  return testee.mode === 'persistent' ? FUZZ_PIPELINE_DEPTH : 1;
}

/** One generated case of the search, in generation order. */
interface InFlight {
  readonly index: number;
  readonly input: Uint8Array;
  readonly judged: Promise<Judgement | undefined>;
}

/** A new finding's first case: its run index in the round, bytes, judgement and finding key. */
interface Hit {
  readonly index: number;
  readonly input: Uint8Array;
  readonly id: string;
  readonly judgement: Judgement;
  readonly key: string;
}

/**
 * Runs the fuzz loop. Oracle exceptions propagate (they are bugs of the suite, not of the testee).
 *
 * Each round has two phases. The search draws the round's cases in batches from the same fast-check
 * stream `fc.check` walks (`fc.sample` with the round seed and the run index as path) and keeps up to
 * `window` of them in flight; their judgements are read in generation order, so the first new finding
 * of a round, the cases counted (per finding too) and the reported path are those of a one-at-a-time
 * run. Cases behind it that were already in flight are answered and dropped. The shrink phase then
 * hands that one case to `fc.check` by its path (`seed`, `path: "<index>"`), which shrinks it one
 * step at a time, then cosmetically.
 */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  if (options.corpus.length === 0 && !options.sources?.valid && !options.sources?.invalid) {
    throw new Error(`no seed input for ${options.op}: no golden vector, case source or built-in seed`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'formcert-fuzz-'));
  const arbitrary = fuzzCase(options.corpus, options.sources);
  const window = Math.max(1, Math.floor(options.window ?? fuzzWindow(options.testee)));
  const deadline = options.seconds === undefined ? undefined : performance.now() + options.seconds * 1000;
  const found: Disagreement[] = [];
  /** Cases per finding, by key text. */
  const counts = new Map<string, number>();
  let runs = 0;
  let rounds = 0;
  let oracleSkips = 0;
  let interrupted = false;
  let fileCounter = 0;
  /** Case-file removals not finished yet. */
  const removals = new Set<Promise<void>>();

  /**
   * The oracle's expectation of each input object judged so far (null: skipped), for inputs that come
   * back as the same object: an unmutated corpus entry (a sixth of the cases), or one whose mutations
   * did not apply. The oracle is a pure function of the bytes, so it reads each such input once. Only
   * a synchronous answer is kept: a case whose verdict is known reaches the testee without waiting,
   * so a cached promise would let a repeated input overtake the cases drawn before it.
   */
  const expectations = new WeakMap<Uint8Array, OracleExpectation | null>();

  const evaluate = async (input: Uint8Array): Promise<Judgement | undefined> => {
    let expectation = expectations.get(input);
    if (expectation === undefined) {
      const now = oracleExpectationNow(options.oracle, input);
      if (now instanceof Promise) {
        expectation = (await now) ?? null;
      } else {
        expectation = now ?? null;
        expectations.set(input, expectation);
      }
    }
    if (expectation === null) {
      oracleSkips++;
      return undefined;
    }
    // The protocol hands the testee a path to a fresh private file ('wx': created here, never
    // reused). It is written synchronously (open, write, close: no thread-pool round trips, and the
    // run request leaves in this turn, in the order the cases were drawn) and removed through the
    // thread pool, unawaited: the answer is in, and a removal that blocks on the file system's
    // journal must not stall the cases in flight. The run's end waits for every removal.
    const path = join(dir, `case-${fileCounter++}.bin`);
    writeCaseFile(path, input);
    try {
      return await judgeInput(options.op, input, path, expectation, options.testee, options.checkCodes ?? false);
    } finally {
      removeCaseFile(path);
    }
  };

  /** Removes a case file in the background; a file already gone (a testee may remove its input) is fine. */
  const removeCaseFile = (path: string): void => {
    const removed = unlink(path).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => {
        // Any other failure fails the run, at its end.
        if (e.code !== 'ENOENT') throw e;
      },
    );
    removals.add(removed);
    void removed.then(
      () => removals.delete(removed),
      () => undefined,
    );
  };

  /** The judgement of `input` when it reproduces the finding `key` (a crash or hang: twice in a row). */
  const reproduce = async (input: Uint8Array, key: string): Promise<Judgement | undefined> => {
    const judgement = await evaluate(input);
    if (!judgement?.disagreement || findingKeyText(findingKey(judgement)!) !== key) return undefined;
    return judgement;
  };

  /**
   * A generated case's judgement as a new finding's key; a known finding is counted and gives none, and
   * so does a crash or hang that does not happen again on a fresh run of the same input (exec: a new
   * process; persistent: a death is charged only alone in a fresh process): a flake is no case.
   */
  const newFinding = async (input: Uint8Array, judgement: Judgement | undefined): Promise<string | undefined> => {
    if (!judgement?.disagreement) return undefined;
    const key = findingKeyText(findingKey(judgement)!);
    if (counts.has(key)) {
      // A known finding: counted, not shrunk again, and the search goes on for new ones.
      counts.set(key, counts.get(key)! + 1);
      return undefined;
    }
    if (judgement.disagreement === 'crash' || judgement.disagreement === 'timeout') {
      const again = await evaluate(input);
      if (again?.disagreement !== judgement.disagreement) return undefined;
    }
    return key;
  };

  /** The search phase of one round: up to `budget` cases, `window` in flight; resolves to the first new finding. */
  const search = async (seed: number, budget: number): Promise<{ counted: number; hit?: Hit }> => {
    const inFlight: InFlight[] = [];
    let batch: FuzzCase[] = [];
    let batchStart = 0;
    let next = 0;
    let counted = 0;
    const draw = (): FuzzCase => {
      if (next - batchStart >= batch.length) {
        batchStart = next;
        // The path "<n>" skips to run n of the stream fc.check walks with this seed: same values, same
        // order (sampled from the arbitrary: sampling the property itself draws other values).
        batch = fc.sample(arbitrary, { seed, path: String(next), numRuns: Math.min(GENERATION_BATCH, budget - next) });
      }
      return batch[next++ - batchStart]!;
    };
    try {
      for (;;) {
        while (inFlight.length < window && next < budget) {
          if (deadline !== undefined && performance.now() >= deadline) {
            interrupted = true;
            break;
          }
          const index = next;
          const input = fuzzCaseBytes(options.corpus, draw());
          inFlight.push({ index, input, judged: evaluate(input) });
        }
        const head = inFlight.shift();
        if (!head) return { counted };
        const judgement = await head.judged;
        counted++;
        options.onProgress?.(runs + counted, found.length);
        const key = await newFinding(head.input, judgement);
        if (key !== undefined) return { counted, hit: { index: head.index, input: head.input, id: caseId(options.op, head.input), judgement: judgement!, key } };
      }
    } finally {
      // Cases still in flight are answered before their files go; they are not counted, nor are their oracle skips.
      for (const f of inFlight) if ((await f.judged) === undefined) oracleSkips--;
    }
  };

  /**
   * Shrinks (or, with `--replay`, replays) the case at `path` of the round with `fc.check`, one testee
   * run per step, then cosmetically. `root` is the search's finding at that path, reused instead of run
   * again. Resolves to the finding, or none when the run found none (or the time budget cut it short).
   */
  const shrink = async (seed: number, path: string, root: Hit | undefined): Promise<{ counted: number; finding?: Disagreement }> => {
    const failing = new Map<string, { input: Uint8Array; judgement: Judgement }>();
    /** The finding this round shrinks: a shrink candidate must keep it (another finding is not this one smaller). */
    let shrinkingKey: string | undefined;
    let shrinking = false;
    let shrinkSteps = 0;
    let counted = 0;
    // A replay does not shrink: the path already holds the shrink steps of the run that printed it, and
    // shrinking on (with a fresh budget, where that run may have spent its own) would report another case.
    const budget = options.replayPath !== undefined ? 0 : options.shrinkBudget;
    const property = fc.asyncProperty(arbitrary, async (c: FuzzCase) => {
      if (shrinking && ++shrinkSteps > budget) return true;
      const input = fuzzCaseBytes(options.corpus, c);
      let judgement: Judgement | undefined;
      let key: string | undefined;
      if (!shrinking && root && caseId(options.op, input) === root.id) {
        judgement = root.judgement;
        key = root.key;
      } else {
        judgement = await evaluate(input);
        if (!shrinking) {
          counted++;
          options.onProgress?.(runs + counted, found.length);
        }
        if (!judgement?.disagreement) return true;
        if (shrinking) {
          key = findingKeyText(findingKey(judgement)!);
          if (key !== shrinkingKey) return true;
        } else {
          key = await newFinding(input, judgement);
          if (key === undefined) return true;
        }
      }
      failing.set(caseId(options.op, input), { input, judgement });
      shrinkingKey = key;
      shrinking = true;
      return false;
    });
    const remainingMs = deadline === undefined ? undefined : deadline - performance.now();
    const details = await fc.check(property, {
      seed,
      path,
      numRuns: 1,
      ...(remainingMs !== undefined ? { interruptAfterTimeLimit: Math.max(1, Math.floor(remainingMs)), markInterruptAsFailure: false } : {}),
    });
    if (details.interrupted) interrupted = true;
    if (!details.failed || !details.counterexample || shrinkingKey === undefined) return { counted };
    const shrunk = fuzzCaseBytes(options.corpus, details.counterexample[0]);
    const hit = failing.get(caseId(options.op, shrunk));
    if (!hit) {
      if (details.errorInstance) throw details.errorInstance;
      return { counted };
    }
    const key = shrinkingKey;
    // The judgement of the last candidate kept is the judgement of the polished input.
    let judgement = hit.judgement;
    const input = await shrinkCosmetically(options.op, shrunk, async (candidate) => {
      const again = await reproduce(candidate, key);
      if (!again) return false;
      // A crash or hang counts only when it happens again (as for generated cases).
      if ((again.disagreement === 'crash' || again.disagreement === 'timeout') && !(await reproduce(candidate, key))) return false;
      judgement = again;
      return true;
    });
    return {
      counted,
      finding: {
        input,
        id: caseId(options.op, input),
        judgement,
        key: findingKey(judgement)!,
        count: 1,
        seed,
        path: details.counterexamplePath ?? path,
        shrinks: details.numShrinks,
      },
    };
  };

  try {
    while (found.length < options.maxDisagreements && runs < options.runs) {
      if (deadline !== undefined && deadline - performance.now() <= 0) {
        interrupted = true;
        break;
      }
      const seed = roundSeed(options.seed, rounds, options.shard);
      rounds++;
      if (options.replayPath) {
        const replay = await shrink(seed, options.replayPath, undefined);
        runs += replay.counted;
        if (replay.finding) {
          counts.set(findingKeyText(replay.finding.key), 1);
          found.push(replay.finding);
        }
        break;
      }
      const searched = await search(seed, options.runs - runs);
      runs += searched.counted;
      const hit = searched.hit;
      if (!hit) break;
      const shrunk = await shrink(seed, String(hit.index), hit);
      // A shrink cut short by the time budget still reports the case the search found, unshrunk.
      const finding = shrunk.finding ?? {
        input: hit.input,
        id: hit.id,
        judgement: hit.judgement,
        key: findingKey(hit.judgement)!,
        count: 1,
        seed,
        path: String(hit.index),
        shrinks: 0,
      };
      counts.set(hit.key, 1);
      found.push(finding);
      if (interrupted) break;
    }
  } finally {
    try {
      await Promise.all(removals);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const disagreements = found.map((d) => ({ ...d, count: counts.get(findingKeyText(d.key))! }));
  const disagreeingCases = disagreements.reduce((sum, d) => sum + d.count, 0);
  return { op: options.op, seed: options.seed, runs, rounds, disagreements, disagreeingCases, oracleSkips, interrupted };
}
