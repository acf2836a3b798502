/**
 * The planner (R-M15): `compatibility` takes json-compact; `economy-experimental` renders the complete
 * MORPH-PROMPT/1 for every applicable candidate plan, tokenizes each rendered text in one call, and
 * takes the fewest tokens, ties to the earlier candidate; `validated` refuses (no quality evidence).
 */
import { fail, ok, type FormatError, type Result } from '../../shared/errors.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { CANDIDATE_PLANS, type CandidatePlan } from '../codecs/registry.ts';
import type { InputKind } from '../constants.ts';
import { getGuide, type InterpretationGuide } from '../guides/index.ts';
import type { Ir } from '../ir/types.ts';
import type { RequestFrame, TargetProfile } from '../artifact/build-artifact.ts';
import { ARTIFACT, CONTEXT_CODES, CONTEXT_RULES, type PlannerPolicy } from '../bundle/constants.ts';
import { encodeBundle, type EncodedBundle } from '../bundle/encode-bundle.ts';
import { renderPrompt, type RenderedPrompt } from '../prompt/render-prompt.ts';
import type { TokenCounter } from './load-token-counter.ts';
import { morphError } from '../refusal.ts';

/** What the planner weighs. */
export interface PlanRequest {
  readonly ir: Ir;
  readonly inputKind: InputKind;
  readonly policy: string;
  readonly target: TargetProfile;
  readonly requestFrame: RequestFrame;
  readonly schema?: JsonValue;
  /** The guide of an encoding; the suite's own guides by default (R-M7). */
  readonly guideFor?: (encoding: string) => InterpretationGuide | undefined;
  /** The candidates `economy-experimental` weighs; every registered plan in R-M15 order by default. */
  readonly candidates?: readonly CandidatePlan[];
}

/** One weighed candidate: its token count, or why it was not applicable. */
export interface CandidateReport {
  readonly plan: CandidatePlan;
  readonly tokens?: number;
  /** The refusal code when the candidate could not be rendered (e.g. CODEC_INAPPLICABLE). */
  readonly refused?: string;
}

/** The planner's answer. */
export interface PlanChoice {
  readonly policy: PlannerPolicy;
  readonly plan: CandidatePlan;
  readonly guide: InterpretationGuide;
  readonly bundle: EncodedBundle;
  readonly prompt: RenderedPrompt;
  readonly tokens: number;
  /** Every candidate weighed, in R-M15 order. */
  readonly candidates: readonly CandidateReport[];
}

interface Rendered {
  readonly guide: InterpretationGuide;
  readonly bundle: EncodedBundle;
  readonly prompt: RenderedPrompt;
}

function renderCandidate(request: PlanRequest, plan: CandidatePlan): Result<Rendered> {
  const guide = (request.guideFor ?? getGuide)(plan.encoding);
  if (guide === undefined) {
    return fail(morphError(CONTEXT_CODES.UNKNOWN_GUIDE, CONTEXT_RULES.PLANNER, `no guide for ${plan.encoding}`));
  }
  const bundle = encodeBundle({ ir: request.ir, inputKind: request.inputKind, plan, guide, ...(request.schema === undefined ? {} : { schema: request.schema }) });
  if (!bundle.ok) return bundle;
  const prompt = renderPrompt({ prefix: request.requestFrame.prefix, bundle: bundle.value.text, guide: guide.text, task: request.requestFrame.task, suffix: request.requestFrame.suffix });
  if (!prompt.ok) return prompt;
  return ok({ guide, bundle: bundle.value, prompt: prompt.value });
}

/** Chooses a plan under the request's policy, counting tokens with `count`. */
export function planEncoding(request: PlanRequest, count: TokenCounter): Result<PlanChoice> {
  const policy = request.policy;
  if (!(ARTIFACT.PLANNER_POLICIES as readonly string[]).includes(policy)) {
    return fail(morphError(CONTEXT_CODES.UNKNOWN_PLANNER_POLICY, CONTEXT_RULES.PLANNER, `unknown planner policy ${JSON.stringify(policy)}`));
  }
  if (policy === 'validated') {
    // R-M15: no quality evidence ships, so a validated choice cannot be made.
    return fail(morphError(CONTEXT_CODES.NO_QUALITY_EVIDENCE, CONTEXT_RULES.PLANNER, 'the validated policy needs quality evidence, and none ships'));
  }
  const candidates = policy === 'compatibility' ? CANDIDATE_PLANS.slice(0, 1) : (request.candidates ?? CANDIDATE_PLANS);
  const reports: CandidateReport[] = [];
  let best: { index: number; rendered: Rendered; tokens: number } | undefined;
  let firstRefusal: FormatError | undefined;
  candidates.forEach((plan, index) => {
    const rendered = renderCandidate(request, plan);
    if (!rendered.ok) {
      firstRefusal ??= rendered.error;
      reports.push({ plan, refused: rendered.error.code });
      return;
    }
    // R-M15, MORPH-PLAN-2: the whole rendered prompt in one call; component counts are never summed.
    const tokens = count(rendered.value.prompt.rendered);
    reports.push({ plan, tokens });
    // Strictly fewer tokens only: on a tie the earlier candidate in R-M15 order stays.
    if (best === undefined || tokens < best.tokens) best = { index, rendered: rendered.value, tokens };
  });
  if (best === undefined) {
    // One candidate: its own refusal says why (e.g. TOON_NUMBER_INAPPLICABLE); several: none fitted.
    if (candidates.length === 1 && firstRefusal !== undefined) return fail(firstRefusal);
    return fail(morphError(CONTEXT_CODES.NO_APPLICABLE_CANDIDATE, CONTEXT_RULES.PLANNER, 'no candidate plan could be rendered'));
  }
  const chosen: { index: number; rendered: Rendered; tokens: number } = best;
  return ok({
    policy: policy as PlannerPolicy,
    plan: candidates[chosen.index]!,
    guide: chosen.rendered.guide,
    bundle: chosen.rendered.bundle,
    prompt: chosen.rendered.prompt,
    tokens: chosen.tokens,
    candidates: reports,
  });
}
