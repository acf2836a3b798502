/** Scores one testee reply against one vector (spec/protocol, "Outcomes"). */
import type { VectorExpectation } from '../shared/vectors.ts';
import { compareObservation } from './compare-observation.ts';
import type { Outcome } from '../results/outcome.ts';
import type { TesteeReply } from './testee-reply.ts';

/** How the run scores: whether codes are checked, whether this testee observes this op. */
export interface ScoreOptions {
  /** `--codes`: a rejection with a reported code must carry the vector's code. */
  readonly checkCodes: boolean;
  /** The testee declared `observe` for the op (persistent mode; exec mode observes when stdout is non-empty). */
  readonly observe: boolean;
  /** A declared observer must send an observation with every accept (persistent mode). */
  readonly requireObservation?: boolean;
}

/** The outcome of one case and, for a wrong observation or code, what differs. */
export interface Score {
  readonly outcome: Outcome;
  readonly diff?: readonly string[];
}

/** Applies the outcome rules: verdict first, then observation (R-S3), then code when asked. */
export function scoreCase(expect: VectorExpectation, reply: TesteeReply, options: ScoreOptions): Score {
  if (reply.kind === 'errored') return { outcome: `errored:${reply.errorClass}` };
  if (reply.kind === 'skipped') return { outcome: 'skipped' };
  // `either`: the format leaves the verdict to the implementation, so both verdicts pass;
  // breaking on such an input is still an error (R-S2a: never crash or hang).
  if (expect.verdict === 'either') return { outcome: 'pass' };
  if (expect.verdict === 'reject') {
    if (reply.kind === 'accept') return { outcome: 'fail:accepted-invalid' };
    if (options.checkCodes && reply.code !== undefined && reply.code !== expect.code) {
      return { outcome: 'fail:wrong-code', diff: [`(code): expected ${expect.code}, got ${reply.code}`] };
    }
    return { outcome: 'pass' };
  }
  if (reply.kind === 'reject') return { outcome: 'fail:rejected-valid' };
  if (options.requireObservation && reply.observation === undefined) {
    return { outcome: 'errored:protocol', diff: ['(observation): declared "observe" for this op but sent none'] };
  }
  if (options.observe && reply.observation !== undefined && expect.observation !== undefined) {
    const diff = compareObservation(expect.observation, reply.observation);
    if (diff.length > 0) return { outcome: 'fail:wrong-observation', diff };
  }
  return { outcome: 'pass' };
}
