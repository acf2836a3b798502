/**
 * The `--json` summary of `formcert certify`: one object on stdout that a script can read instead of
 * the text summary (counts per outcome, op and profile, the failing cases, the rerun command, the
 * exit status and where the reports are).
 */
import type { RunSummary } from '../results/summarize.ts';
import type { RunContext } from '../results/render-text-summary.ts';
import { REPORT_FILES } from '../results/report-files.ts';
import { join } from 'node:path';

/** What the object says beyond the summary's counts. */
export interface CertifyJsonContext {
  readonly status: number;
  /** Why the run ended with status 2 (usage, setup, systemic failure, reports not written, nothing scored). */
  readonly error?: string;
  readonly run?: RunContext;
  /** The report directory, when the reports were written. */
  readonly reportDir?: string;
  readonly rerun?: string;
}

/** The summary object (plain JSON: counts are numbers, absent parts are null). */
export function certifyJson(summary: RunSummary | undefined, ctx: CertifyJsonContext): Record<string, unknown> {
  return {
    command: 'certify',
    status: ctx.status,
    passed: summary !== undefined && ctx.status === 0,
    error: ctx.error ?? null,
    implementation: ctx.run?.implementation ?? null,
    mode: ctx.run?.mode ?? null,
    profile: ctx.run?.profile ?? null,
    shard: ctx.run?.shard ?? null,
    seconds: ctx.run ? Math.round(ctx.run.seconds * 1000) / 1000 : null,
    cases: summary?.total ?? 0,
    byOutcome: summary?.byOutcome ?? null,
    byOp: summary ? Object.fromEntries(summary.byOp) : null,
    byProfile: summary?.byProfile ?? null,
    either: summary?.either ?? null,
    expectedFailures: summary?.expectedFailures ?? 0,
    unexpectedPasses: summary?.unexpectedPasses.map((r) => r.id) ?? [],
    failures: summary?.failures.map((r) => ({ id: r.id, op: r.op, name: r.name, outcome: r.outcome, requirements: r.requirements })) ?? [],
    rerun: ctx.rerun ?? null,
    reports:
      ctx.reportDir === undefined
        ? null
        : { dir: ctx.reportDir, ...Object.fromEntries(Object.entries(REPORT_FILES).map(([k, f]) => [k, join(ctx.reportDir!, f)])) },
  };
}
