/**
 * The fuzz loop: fast-check drives the case arbitrary, the oracle says what must happen, the testee
 * answers through its subprocess, and each disagreement is shrunk by fast-check (through the
 * subprocess again) to a small case, then cosmetically (spacing, member order) where the format allows.
 * Disagreements are grouped into findings (class, oracle code, rule; see group-findings.ts): the first
 * case of a finding is shrunk, later ones only add to its count. After a new finding the loop starts a
 * new round with the next seed, so one run can report several distinct findings within its budget.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { OpHandler, OpName } from '../../shared/ops.ts';
import { caseId } from '../../shared/vectors.ts';
import type { Shard } from '../select-cases.ts';
import type { Testee } from '../testee-reply.ts';
import { shrinkCosmetically } from './cosmetic-shrink.ts';
import { findingKey, findingKeyText, type FindingKey } from './group-findings.ts';
import { fuzzCase, fuzzCaseBytes, type FormatSources, type FuzzCase } from './fuzz-input.ts';
import { judgeInput, oracleExpectation, type Judgement } from './judge-input.ts';
import type { CorpusEntry } from './seed-corpus.ts';

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

/** Runs the fuzz loop. Oracle exceptions propagate (they are bugs of the suite, not of the testee). */
export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  if (options.corpus.length === 0 && !options.sources?.valid && !options.sources?.invalid) {
    throw new Error(`no seed input for ${options.op}: no golden vector, case source or built-in seed`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'formcert-fuzz-'));
  const arbitrary = fuzzCase(options.corpus, options.sources);
  const deadline = options.seconds === undefined ? undefined : performance.now() + options.seconds * 1000;
  const found: Disagreement[] = [];
  /** Cases per finding, by key text. */
  const counts = new Map<string, number>();
  let runs = 0;
  let rounds = 0;
  let oracleSkips = 0;
  let interrupted = false;
  let fileCounter = 0;

  const evaluate = async (input: Uint8Array): Promise<Judgement | undefined> => {
    const expectation = await oracleExpectation(options.oracle, input);
    if (!expectation) {
      oracleSkips++;
      return undefined;
    }
    const path = join(dir, `case-${fileCounter++}.bin`);
    await writeFile(path, input);
    try {
      return await judgeInput(options.op, input, path, expectation, options.testee, options.checkCodes ?? false);
    } finally {
      await rm(path, { force: true });
    }
  };

  /** The judgement of `input` when it reproduces the finding `key` (a crash or hang: twice in a row). */
  const reproduce = async (input: Uint8Array, key: string): Promise<Judgement | undefined> => {
    const judgement = await evaluate(input);
    if (!judgement?.disagreement || findingKeyText(findingKey(judgement)!) !== key) return undefined;
    return judgement;
  };

  try {
    while (found.length < options.maxDisagreements && runs < options.runs) {
      const remainingMs = deadline === undefined ? undefined : deadline - performance.now();
      if (remainingMs !== undefined && remainingMs <= 0) {
        interrupted = true;
        break;
      }
      const seed = roundSeed(options.seed, rounds, options.shard);
      rounds++;
      const failing = new Map<string, { input: Uint8Array; judgement: Judgement }>();
      /** The finding this round shrinks: a shrink candidate must keep it (another finding is not this one smaller). */
      let shrinkingKey: string | undefined;
      let shrinking = false;
      let shrinkSteps = 0;
      let generated = 0;
      const property = fc.asyncProperty(arbitrary, async (c: FuzzCase) => {
        if (shrinking && ++shrinkSteps > options.shrinkBudget) return true;
        const input = fuzzCaseBytes(options.corpus, c);
        const judgement = await evaluate(input);
        if (!shrinking) {
          generated++;
          options.onProgress?.(runs + generated, found.length);
        }
        if (!judgement?.disagreement) return true;
        const key = findingKeyText(findingKey(judgement)!);
        if (shrinking && key !== shrinkingKey) return true;
        if (!shrinking && counts.has(key)) {
          // A known finding: counted, not shrunk again, and the search goes on for new ones.
          counts.set(key, counts.get(key)! + 1);
          return true;
        }
        if (judgement.disagreement === 'crash' || judgement.disagreement === 'timeout') {
          // A crash or hang is saved only when it reproduces on a fresh run of the same input (exec: a new
          // process; persistent: a death is charged only alone in a fresh process): a flake is no case.
          const again = await evaluate(input);
          if (again?.disagreement !== judgement.disagreement) return true;
        }
        failing.set(caseId(options.op, input), { input, judgement });
        shrinkingKey = key;
        shrinking = true;
        return false;
      });
      const details = await fc.check(property, {
        seed,
        numRuns: options.replayPath ? 1 : options.runs - runs,
        ...(options.replayPath ? { path: options.replayPath } : {}),
        ...(remainingMs !== undefined ? { interruptAfterTimeLimit: Math.max(1, Math.floor(remainingMs)), markInterruptAsFailure: false } : {}),
      });
      runs += generated;
      if (details.interrupted) interrupted = true;
      if (details.failed && details.counterexample) {
        const shrunk = fuzzCaseBytes(options.corpus, details.counterexample[0]);
        const hit = failing.get(caseId(options.op, shrunk));
        if (!hit && details.errorInstance) throw details.errorInstance;
        if (hit && shrinkingKey !== undefined) {
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
          counts.set(key, 1);
          found.push({
            input,
            id: caseId(options.op, input),
            judgement,
            key: findingKey(judgement)!,
            count: 1,
            seed,
            path: details.counterexamplePath ?? '',
            shrinks: details.numShrinks,
          });
        }
      }
      if (!details.failed || interrupted || options.replayPath) break;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const disagreements = found.map((d) => ({ ...d, count: counts.get(findingKeyText(d.key))! }));
  const disagreeingCases = disagreements.reduce((sum, d) => sum + d.count, 0);
  return { op: options.op, seed: options.seed, runs, rounds, disagreements, disagreeingCases, oracleSkips, interrupted };
}
