/** The one-screen summary `formcert certify` prints at the end of every run. */
import { OUTCOMES } from './outcome.ts';
import { clip, describeProblem } from './describe-case.ts';
import { scoreText, type RunSummary } from './summarize.ts';

/** What the header says about the run. */
export interface RunContext {
  readonly implementation: string;
  readonly mode: 'exec' | 'persistent';
  readonly profile: 'core' | 'strict';
  readonly seconds: number;
  readonly shard?: string;
}

/** Failures listed by name; the rest are counted. */
export const LISTED_FAILURES = 10;

const OP_COLUMNS = [
  ['pass', (c: Record<string, number>) => c['pass']!],
  ['fail', (c: Record<string, number>) => OUTCOMES.filter((o) => o.startsWith('fail:')).reduce((n, o) => n + c[o]!, 0)],
  ['errored', (c: Record<string, number>) => OUTCOMES.filter((o) => o.startsWith('errored:')).reduce((n, o) => n + c[o]!, 0)],
  ['skipped', (c: Record<string, number>) => c['skipped']!],
  ['n/a', (c: Record<string, number>) => c['n/a']!],
] as const;

/** The header line of a certify run. */
export function describeRun(s: RunSummary, ctx: RunContext): string {
  return (
    `formcert certify: ${ctx.implementation}, ${ctx.mode} mode, profile ${ctx.profile}` +
    `${ctx.shard ? `, shard ${ctx.shard}` : ''}: ${s.total} cases in ${ctx.seconds.toFixed(1)} s`
  );
}

/**
 * Renders the summary as lines of at most about 100 characters, under a header line. `reportFile`
 * is the report page written for this run, if any: the hint about unlisted failures points there.
 */
export function renderTextSummary(s: RunSummary, header: string, reportFile?: string): string[] {
  const out: string[] = [header];
  out.push('');
  const shown = OUTCOMES.filter((o) => s.byOutcome[o] > 0 || o === 'pass');
  const w = Math.max(...shown.map((o) => o.length));
  for (const o of shown) out.push(`  ${o.padEnd(w)}  ${String(s.byOutcome[o]).padStart(6)}`);
  out.push('');
  const opWidth = Math.max(16, ...[...s.byOp.keys()].map((k) => k.length));
  out.push(`  ${'op'.padEnd(opWidth)}${OP_COLUMNS.map(([h]) => h.padStart(9)).join('')}`);
  for (const [op, counts] of s.byOp) {
    out.push(`  ${op.padEnd(opWidth)}${OP_COLUMNS.map(([, f]) => String(f(counts)).padStart(9)).join('')}`);
  }
  out.push('');
  out.push(`  score    ${scoreText(s)}`);
  if (s.either.accepted + s.either.rejected > 0) {
    out.push(`  either   ${s.either.accepted + s.either.rejected} implementation-defined cases recorded (${s.either.accepted} accepted, ${s.either.rejected} rejected)`);
  }
  if (s.expectedFailures > 0) out.push(`  expected failures still failing: ${s.expectedFailures}`);
  if (s.unexpectedPasses.length > 0) {
    out.push(`  expected failures that now PASS (remove them from the list): ${s.unexpectedPasses.length}`);
    for (const r of s.unexpectedPasses.slice(0, 5)) out.push(`    ${r.id}  ${r.op}  ${r.name}`);
  }
  if (s.failures.length > 0) {
    out.push('');
    out.push('  worst failures first:');
    for (const r of s.failures.slice(0, LISTED_FAILURES)) {
      out.push(`  ${r.outcome.padEnd(22)} ${r.op.padEnd(17)} ${r.id}  ${clip(r.name, 36)}  [${r.requirements.join(' ')}]`);
      out.push(`      ${clip(describeProblem(r), 92)}`);
    }
    if (s.failures.length > LISTED_FAILURES) {
      const more = s.failures.length - LISTED_FAILURES;
      out.push(reportFile !== undefined ? `  … and ${more} more, all listed in ${reportFile}` : `  … and ${more} more (write them all with --report DIR)`);
    }
  }
  out.push('');
  const failing = s.failures.filter((r) => r.outcome.startsWith('fail:')).length;
  const errored = s.failures.length - failing;
  out.push(
    s.passed
      ? `PASSED: every scored case passes${s.expectedFailures ? ` (${s.expectedFailures} expected failures aside)` : ''}.`
      : `FAILED: ${failing} failing, ${errored} errored${s.unexpectedPasses.length ? `, ${s.unexpectedPasses.length} unexpected passes` : ''}.`,
  );
  return out;
}
