/**
 * Judges one fuzz input: the oracle says what the verdict (and observation) must be, the testee
 * answers, and the runner's own scoring decides whether they disagree and in which class.
 */
import type { Profile } from '../../shared/errors.ts';
import type { OpHandler, OpOutcome } from '../../shared/ops.ts';
import type { VectorExpectation } from '../../shared/vectors.ts';
import { scoreCase } from '../score-case.ts';
import type { Testee, TesteeReply } from '../testee-reply.ts';

/** The disagreement classes fuzzing reports (protocol breaks count as crashes; wrong-code only with --codes). */
export const DISAGREEMENT_CLASSES = ['accepted-invalid', 'rejected-valid', 'wrong-observation', 'crash', 'timeout', 'wrong-code'] as const;
export type DisagreementClass = (typeof DISAGREEMENT_CLASSES)[number];

/** What the oracle expects of an input. */
export interface OracleExpectation {
  readonly expect: VectorExpectation;
  readonly profile: Profile;
  /** The requirement the oracle's rejection enforces (undefined on accept). */
  readonly requirement?: string;
}

/** The judged input: agreement, or a disagreement with its class and what the testee said. */
export interface Judgement {
  readonly expectation: OracleExpectation;
  readonly reply: TesteeReply;
  readonly disagreement?: DisagreementClass;
  readonly detail: string[];
  readonly timeMs: number;
}

/** R-S2a: nesting deeper than this is implementation-defined for journal payloads and codegraph records. */
export const EITHER_DEPTH = 128;

/** The deepest bracket nesting of JSON-ish bytes (strings skipped). */
export function maxNesting(bytes: Uint8Array): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++;
      else if (b === 0x22 || b === 0x0a) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) max = Math.max(max, ++depth);
    else if (b === 0x7d || b === 0x5d) depth = Math.max(0, depth - 1);
    else if (b === 0x0a) depth = 0;
  }
  return max;
}

/** What the oracle's outcome says must happen; undefined when the oracle skipped the input. */
function expectationFrom(outcome: OpOutcome): OracleExpectation | undefined {
  if ('skipped' in outcome) return undefined;
  if (outcome.accept) return { expect: { verdict: 'accept', observation: outcome.observation }, profile: 'core' };
  return {
    expect: { verdict: 'reject', code: outcome.error.code },
    profile: outcome.error.profile,
    requirement: outcome.error.requirement,
  };
}

/** The oracle's expectation, or undefined when the oracle skips the input. Oracle exceptions propagate. */
export async function oracleExpectation(oracle: OpHandler, input: Uint8Array): Promise<OracleExpectation | undefined> {
  return expectationFrom(await oracle(input));
}

/**
 * {@link oracleExpectation} without a turn of the microtask queue when the oracle answers synchronously
 * (every op of the reference does): a promise only when the oracle returned one. Oracle exceptions propagate.
 */
export function oracleExpectationNow(oracle: OpHandler, input: Uint8Array): OracleExpectation | undefined | Promise<OracleExpectation | undefined> {
  const outcome = oracle(input);
  return outcome instanceof Promise ? outcome.then(expectationFrom) : expectationFrom(outcome);
}

function classify(outcome: string): DisagreementClass | undefined {
  switch (outcome) {
    case 'fail:accepted-invalid':
      return 'accepted-invalid';
    case 'fail:rejected-valid':
      return 'rejected-valid';
    case 'fail:wrong-observation':
      return 'wrong-observation';
    case 'fail:wrong-code':
      return 'wrong-code';
    case 'errored:timeout':
      return 'timeout';
    case 'errored:crash':
    case 'errored:protocol':
      return 'crash';
    default:
      return undefined;
  }
}

/**
 * R-S2a: past {@link EITHER_DEPTH} levels of nesting in a journal line or a codegraph record, whether a
 * reader reads on or stops at a depth limit of its own is implementation-defined: golden vectors there
 * expect `either`. A fuzz input is judged the same way when one side's answer is a limit refusal
 * (`LIMIT_EXCEEDED`): the testee stopping where the oracle reads on, the oracle stopping at its own
 * 10,000-level limit (JSON-LIMIT-1) where the testee reads on, or each refusing with a code of its own
 * because one of them stopped first. Crashes, timeouts and disagreements between two accepts still count.
 * MORPH's depth limit is a rule of the format (64 levels), so its ops are never excused.
 */
function isImplementationDefinedDepth(
  op: string,
  input: Uint8Array,
  expectation: OracleExpectation,
  reply: TesteeReply,
  disagreement: DisagreementClass,
): boolean {
  if (op.startsWith('morph.')) return false;
  const oracleAtLimit = expectation.expect.verdict === 'reject' && expectation.expect.code === 'LIMIT_EXCEEDED';
  const testeeAtLimit = reply.kind === 'reject' && reply.code === 'LIMIT_EXCEEDED';
  const excusable =
    (disagreement === 'rejected-valid' && testeeAtLimit) ||
    (disagreement === 'accepted-invalid' && oracleAtLimit) ||
    (disagreement === 'wrong-code' && (oracleAtLimit || testeeAtLimit));
  return excusable && maxNesting(input) > EITHER_DEPTH;
}

/** Runs the testee on the input file and scores its reply against the oracle's expectation. */
export async function judgeInput(
  op: string,
  input: Uint8Array,
  inputPath: string,
  expectation: OracleExpectation,
  testee: Testee,
  checkCodes = false,
): Promise<Judgement> {
  const answer = await testee.run(op, inputPath);
  const reply = answer.reply;
  const observe = testee.ops.get(op)?.observe ?? true;
  const score = scoreCase(expectation.expect, reply, { checkCodes, observe });
  let disagreement = classify(score.outcome);
  if (disagreement !== undefined && isImplementationDefinedDepth(op, input, expectation, reply, disagreement)) disagreement = undefined;
  const detail = [...(score.diff ?? [])];
  if (reply.kind === 'errored') detail.unshift(reply.detail);
  if (reply.kind === 'reject' && reply.code) detail.unshift(`testee code: ${reply.code}`);
  if (answer.stderr && disagreement === 'crash') detail.push(`stderr: ${answer.stderr.slice(0, 2000)}`);
  return { expectation, reply, disagreement, detail, timeMs: answer.timeMs };
}
