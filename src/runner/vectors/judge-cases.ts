/**
 * Runs every declared case through the oracle and holds it to its declaration: a different verdict or code
 * is a disagreement that fails regeneration (the oracle's answer never replaces a declaration).
 */
import type { JsonValue } from '../../shared/json/value.ts';
import type { OpName, OpOutcome } from '../../shared/ops.ts';
import { isOpName } from '../../shared/ops.ts';
import type { CaseSpec, VectorExpectation } from '../../shared/vectors.ts';
import { caseId } from '../../shared/vectors.ts';
import { loadOracleOp } from '../oracle-ops.ts';
import type { CaseSource } from './collect-case-sources.ts';
import type { FormatName, VectorSource } from './constants.ts';
import { encodeUtf8 } from './input-encoding.ts';

/** Runs one op of the oracle; resolves to undefined when no oracle provides the op. May throw (an oracle bug). */
export type RunOp = (op: OpName, input: Uint8Array) => Promise<OpOutcome | undefined>;

/** The reference oracle, loaded per op with loadOracleOp. */
export const runOracleOp: RunOp = async (op, input) => {
  const handler = await loadOracleOp(op);
  return handler ? await handler(input) : undefined;
};

/** A case the oracle agreed with, ready to be stored. */
export interface JudgedCase {
  readonly format: FormatName;
  readonly module: string;
  readonly source: VectorSource;
  readonly spec: CaseSpec;
  readonly id: string;
  readonly bytes: Uint8Array;
  /** The declared expectation, with the oracle's observation filled in for accepted cases. */
  readonly expect: VectorExpectation;
}

/** Something wrong with one declared case, for the regeneration report. */
export interface CaseProblem {
  readonly module: string;
  readonly name: string;
  readonly op: string;
  readonly id: string;
  readonly problem: string;
}

/** What judging found. `disagreements` and `invalid` fail regeneration; `warnings` are reported only. */
export interface Judgement {
  readonly judged: JudgedCase[];
  readonly disagreements: CaseProblem[];
  readonly invalid: CaseProblem[];
  readonly warnings: CaseProblem[];
}

const REQUIREMENT_ID = /^[A-Z][A-Z0-9]*(-[A-Za-z0-9]+)+$/;
const ERROR_CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
const CONTROL = /[\u0000-\u001f]/;
const LONE_SURROGATE = /\p{Cs}/u;

/** Judges every case of every source, in source then declaration order. */
export async function judgeCases(sources: readonly CaseSource[], runOp: RunOp = runOracleOp): Promise<Judgement> {
  const out: Judgement = { judged: [], disagreements: [], invalid: [], warnings: [] };
  for (const source of sources) {
    for (const spec of source.cases) await judgeCase(source, spec, runOp, out);
  }
  return out;
}

async function judgeCase(source: CaseSource, spec: CaseSpec, runOp: RunOp, out: Judgement): Promise<void> {
  const bytes = inputBytes(spec);
  const op = String(spec?.op);
  const id = bytes ? caseId(op, bytes) : '(no input)';
  const problem = (problem: string): CaseProblem => ({ module: source.module, name: String(spec?.name), op, id, problem });
  const shapeProblems = checkCaseSpec(spec, source.format, bytes);
  if (shapeProblems.length > 0 || !bytes) {
    out.invalid.push(problem(shapeProblems.join('; ')));
    return;
  }
  let outcome: OpOutcome | undefined;
  try {
    outcome = await runOp(spec.op, bytes);
  } catch (err) {
    out.disagreements.push(problem(`oracle threw: ${err instanceof Error ? err.message : String(err)}`));
    return;
  }
  const declared = describeDeclared(spec.expect);
  if (outcome === undefined) {
    out.disagreements.push(problem(`declared ${declared}; no oracle provides ${spec.op}`));
    return;
  }
  if ('skipped' in outcome) {
    out.disagreements.push(problem(`declared ${declared}; oracle skipped: ${outcome.skipped}`));
    return;
  }
  const oracle = outcome.accept
    ? 'accept'
    : `reject ${outcome.error.code} (${outcome.error.requirement}, ${outcome.error.profile}: ${outcome.error.message})`;
  const e = spec.expect;
  const agrees =
    e.verdict === 'either' ||
    (e.verdict === 'accept' && outcome.accept) ||
    (e.verdict === 'reject' && !outcome.accept && outcome.error.code === e.code);
  if (!agrees) {
    out.disagreements.push(problem(`declared ${declared}; oracle says ${oracle}`));
    return;
  }
  if (outcome.accept && holdsLoneSurrogate(outcome.observation)) {
    // Such a string has no UTF-8 form: writing it would silently store U+FFFD instead.
    out.disagreements.push(problem('the oracle\'s observation holds a lone surrogate (no UTF-8 form)'));
    return;
  }
  if (!outcome.accept && e.verdict === 'reject' && outcome.error.profile !== spec.profile) {
    // A core vector whose rejection rests on a strict rule would fail a correct core-only reader.
    out.warnings.push(problem(`declared profile ${spec.profile}, the oracle's rejection is ${outcome.error.profile} (${outcome.error.requirement})`));
  }
  out.judged.push({
    format: source.format,
    module: source.module,
    source: classifyCaseSource(spec),
    spec,
    id,
    bytes,
    expect: e.verdict === 'accept' && outcome.accept ? { verdict: 'accept', observation: outcome.observation } : e,
  });
}

/** True when a string or member name anywhere in `value` holds an unpaired surrogate. Iterative (any depth). */
function holdsLoneSurrogate(value: JsonValue): boolean {
  const stack: JsonValue[] = [value];
  while (stack.length > 0) {
    const v = stack.pop()!;
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) return true;
    } else if (Array.isArray(v)) {
      // One at a time: spreading an array of 2^17 items into push's arguments overflows the stack.
      for (const item of v) stack.push(item);
    }
    else if (v instanceof Map) {
      for (const [k, x] of v) {
        if (LONE_SURROGATE.test(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

function describeDeclared(e: CaseSpec['expect']): string {
  return e.verdict === 'reject' ? `reject ${e.code}` : e.verdict;
}

/** The input bytes of a case (a string is taken as UTF-8), or undefined when it has neither form. */
function inputBytes(spec: CaseSpec): Uint8Array | undefined {
  const input: unknown = spec?.input;
  if (input instanceof Uint8Array) return input;
  // A lone surrogate has no UTF-8 form (encoding would silently put U+FFFD in its place).
  if (typeof input === 'string' && !LONE_SURROGATE.test(input)) return encodeUtf8(input);
  return undefined;
}

/** What is wrong with a case's declaration (empty when nothing). */
export function checkCaseSpec(spec: CaseSpec, format: FormatName, bytes: Uint8Array | undefined): string[] {
  const problems: string[] = [];
  if (typeof spec !== 'object' || spec === null) return ['not an object'];
  if (typeof spec.name !== 'string' || spec.name.length === 0 || CONTROL.test(spec.name)) problems.push('name must be a non-empty line');
  if (typeof spec.op !== 'string' || !isOpName(spec.op) || !spec.op.startsWith(`${format}.`)) problems.push(`op must be a ${format} op`);
  if (spec.profile !== 'core' && spec.profile !== 'strict') problems.push('profile must be core or strict');
  const reqs: unknown = spec.requirements;
  if (!Array.isArray(reqs) || reqs.length === 0 || !reqs.every((r) => typeof r === 'string' && REQUIREMENT_ID.test(r))) {
    problems.push('requirements must be a non-empty list of requirement ids');
  } else if (new Set(reqs).size !== reqs.length) problems.push('requirements repeat an id');
  if (!bytes) problems.push('input must be a Uint8Array or a well-formed string');
  const e: unknown = spec.expect;
  const verdict = (e as { verdict?: unknown } | null)?.verdict;
  if (verdict === 'reject') {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !ERROR_CODE.test(code)) problems.push('a reject must name an UPPER_SNAKE code');
  } else if (verdict !== 'accept' && verdict !== 'either') problems.push('expect.verdict must be accept, reject or either');
  if (typeof spec.note !== 'string' || spec.note.length === 0 || /[\r\n]/.test(spec.note)) problems.push('note must be one non-empty line');
  return problems;
}

/** Name segments that mark a case drawn from an arbitrary or a mutator. */
const GENERATED_SEGMENTS = new Set(['gen', 'generated', 'mut', 'mutated', 'mutant', 'mutation', 'arb', 'seed', 'seeded', 'sample', 'sampled', 'prop']);

/**
 * Where a case is filed (CaseSpec has no member for it): a `source` member on the case wins (`recipe` or
 * `generated`); otherwise a name with a generator segment (`gen`, `generated`, `mut`, `mutated`, `mutant`,
 * `arb`, `seed`, `sample`, … between `-`, `_`, `.`, `:` or `/`) or a note naming a fixed seed (`seed 42`,
 * `seed=42`) marks a seeded case, and everything else is a hand-written recipe.
 */
export function classifyCaseSource(spec: CaseSpec): Exclude<VectorSource, 'fuzz'> {
  const declared = (spec as { source?: unknown }).source;
  if (declared === 'recipe' || declared === 'generated') return declared;
  const segments = spec.name.toLowerCase().split(/[-_.:/]+/);
  if (segments.some((s) => GENERATED_SEGMENTS.has(s.replace(/[0-9]+$/, '')))) return 'generated';
  return /\bseed\s*[=:]?\s*[0-9]+/i.test(spec.note) ? 'generated' : 'recipe';
}
