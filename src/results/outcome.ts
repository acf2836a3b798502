/** The outcome classes of spec/protocol ("Outcomes"): every case ends as exactly one. */

/** Every outcome class, in the order summaries list them. */
export const OUTCOMES = [
  'pass',
  'fail:accepted-invalid',
  'fail:rejected-valid',
  'fail:wrong-observation',
  'fail:wrong-code',
  'errored:crash',
  'errored:timeout',
  'errored:protocol',
  'skipped',
  'n/a',
] as const;

export type Outcome = (typeof OUTCOMES)[number];

/** The three ways an implementation under test can break (as opposed to answering wrongly). */
export type ErrorClass = 'crash' | 'timeout' | 'protocol';

/** True for outcomes that make a run fail unless the case is an expected failure. */
export function isFailingOutcome(outcome: Outcome): boolean {
  return outcome.startsWith('fail:') || outcome.startsWith('errored:');
}

/** True for outcomes that count towards a score (pass or a failure); skipped and n/a do not. */
export function isScoredOutcome(outcome: Outcome): boolean {
  return outcome === 'pass' || isFailingOutcome(outcome);
}

/**
 * How bad an outcome is, lower first: accepting an invalid input is the dangerous class, then an
 * implementation that breaks (crash, hang), then wrong answers, then protocol slips and codes.
 */
const SEVERITY: readonly Outcome[] = [
  'fail:accepted-invalid',
  'errored:crash',
  'errored:timeout',
  'fail:rejected-valid',
  'fail:wrong-observation',
  'errored:protocol',
  'fail:wrong-code',
];

/** Sort key for "worst failures first"; passing and unscored outcomes sort last. */
export function severityRank(outcome: Outcome): number {
  const i = SEVERITY.indexOf(outcome);
  return i === -1 ? SEVERITY.length : i;
}
