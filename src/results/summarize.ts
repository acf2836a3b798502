/** Counts of a run (or merged runs): per outcome, per op, per profile, the worst failures, the verdict. */
import { isFailingOutcome, isScoredOutcome, OUTCOMES, severityRank, type Outcome } from './outcome.ts';
import type { CaseRecord } from './case-record.ts';

/** Passed and scored cases of one profile. */
export interface ProfileScore {
  passed: number;
  scored: number;
}

/** Everything the text, Markdown and badge renderers need. */
export interface RunSummary {
  readonly total: number;
  readonly implementations: readonly string[];
  readonly byOutcome: Readonly<Record<Outcome, number>>;
  readonly byOp: ReadonlyMap<string, Record<Outcome, number>>;
  readonly byProfile: { readonly core: ProfileScore; readonly strict: ProfileScore };
  /** `either` cases: recorded, never scored against a verdict. */
  readonly either: { accepted: number; rejected: number };
  /** Failing cases not listed as expected failures, worst first (accepted-invalid first). */
  readonly failures: readonly CaseRecord[];
  /** Listed expected failures that did fail. */
  readonly expectedFailures: number;
  /** Listed expected failures that passed: they must come off the list, so they fail the run. */
  readonly unexpectedPasses: readonly CaseRecord[];
  /** True when no case fails unexpectedly and no listed case passes. */
  readonly passed: boolean;
}

/** Zero counts for every outcome. */
export function emptyCounts(): Record<Outcome, number> {
  return Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
}

/** Worst first: by severity, then op, then case id (a stable order). */
export function compareBySeverity(a: CaseRecord, b: CaseRecord): number {
  return severityRank(a.outcome) - severityRank(b.outcome) || cmp(a.op, b.op) || cmp(a.id, b.id) || cmp(a.implementation, b.implementation);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Summarizes records. */
export function summarize(records: readonly CaseRecord[]): RunSummary {
  const byOutcome = emptyCounts();
  const byOp = new Map<string, Record<Outcome, number>>();
  const byProfile = { core: { passed: 0, scored: 0 }, strict: { passed: 0, scored: 0 } };
  const either = { accepted: 0, rejected: 0 };
  const failures: CaseRecord[] = [];
  const unexpectedPasses: CaseRecord[] = [];
  const implementations = new Set<string>();
  let expectedFailures = 0;
  for (const r of records) {
    implementations.add(r.implementation);
    byOutcome[r.outcome]++;
    let perOp = byOp.get(r.op);
    if (!perOp) byOp.set(r.op, (perOp = emptyCounts()));
    perOp[r.outcome]++;
    // `either` cases are recorded, never scored: only breaking on one (crash, hang) counts against a testee.
    const informational = r.expected.verdict === 'either' && r.outcome === 'pass';
    if (isScoredOutcome(r.outcome) && !informational) {
      const p = byProfile[r.profile] ?? byProfile.strict;
      p.scored++;
      if (r.outcome === 'pass') p.passed++;
    }
    if (r.expected.verdict === 'either') {
      if (r.got.verdict === 'accept') either.accepted++;
      if (r.got.verdict === 'reject') either.rejected++;
    }
    if (isFailingOutcome(r.outcome)) {
      if (r.expectedFailure !== undefined) expectedFailures++;
      else failures.push(r);
    } else if (r.outcome === 'pass' && r.expectedFailure !== undefined) {
      unexpectedPasses.push(r);
    }
  }
  failures.sort(compareBySeverity);
  return {
    total: records.length,
    implementations: [...implementations].sort(),
    byOutcome,
    byOp: new Map([...byOp].sort((a, b) => cmp(a[0], b[0]))),
    byProfile,
    either,
    failures,
    expectedFailures,
    unexpectedPasses,
    passed: failures.length === 0 && unexpectedPasses.length === 0,
  };
}

/** The score in words: passed/scored per profile that has scored cases (`core 312/312 · strict 97/100`). */
export function scoreText(s: RunSummary): string {
  const parts: string[] = [];
  for (const p of ['core', 'strict'] as const) {
    const score = s.byProfile[p];
    if (score.scored > 0) parts.push(`${p} ${score.passed}/${score.scored}`);
  }
  return parts.length > 0 ? parts.join(' · ') : 'no scored cases';
}
