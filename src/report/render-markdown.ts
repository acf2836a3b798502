/** A Markdown summary for a CI step summary ($GITHUB_STEP_SUMMARY and the like). */
import { OUTCOMES } from '../results/outcome.ts';
import type { CaseRecord } from '../results/case-record.ts';
import { clip, describeProblem } from '../results/describe-case.ts';
import { rerunCaseCommand } from '../results/rerun-line.ts';
import { scoreText, summarize, type RunSummary } from '../results/summarize.ts';

/** Failures listed per implementation. */
const LISTED = 25;

/** Escapes text for a table cell. */
function cell(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/[<>]/g, (c) => (c === '<' ? '&lt;' : '&gt;')).replace(/\r?\n/g, ' ');
}

function code(s: string): string {
  return '`' + s.replace(/`/g, "'") + '`';
}

function section(impl: string, s: RunSummary): string[] {
  const out: string[] = [];
  out.push(`### ${cell(impl)}: ${s.passed ? 'PASSED' : 'FAILED'} (${scoreText(s)})`, '');
  out.push('| outcome | cases |', '|---|---:|');
  for (const o of OUTCOMES) if (s.byOutcome[o] > 0 || o === 'pass') out.push(`| ${o} | ${s.byOutcome[o]} |`);
  out.push('');
  out.push('| op | pass | fail | errored | skipped | n/a |', '|---|---:|---:|---:|---:|---:|');
  for (const [op, c] of s.byOp) {
    const fail = OUTCOMES.filter((o) => o.startsWith('fail:')).reduce((n, o) => n + c[o], 0);
    const err = OUTCOMES.filter((o) => o.startsWith('errored:')).reduce((n, o) => n + c[o], 0);
    out.push(`| ${code(op)} | ${c.pass} | ${fail} | ${err} | ${c.skipped} | ${c['n/a']} |`);
  }
  out.push('');
  if (s.expectedFailures > 0) out.push(`${s.expectedFailures} listed expected failures still fail.`, '');
  if (s.unexpectedPasses.length > 0) {
    out.push(`**${s.unexpectedPasses.length} listed expected failures now pass** (remove them from the list): ${s.unexpectedPasses.slice(0, 10).map((r) => code(r.id)).join(', ')}`, '');
  }
  if (s.failures.length > 0) {
    out.push(`#### Worst failures (${s.failures.length})`, '');
    out.push('| outcome | op | case | requirements | problem |', '|---|---|---|---|---|');
    for (const r of s.failures.slice(0, LISTED)) {
      out.push(`| ${r.outcome} | ${code(r.op)} | ${code(r.id)} ${cell(clip(r.name, 40))} | ${cell(r.requirements.join(' '))} | ${cell(clip(describeProblem(r), 120))} |`);
    }
    if (s.failures.length > LISTED) out.push('', `… and ${s.failures.length - LISTED} more in the HTML report.`);
    const rerun = rerunCaseCommand(s.failures[0]!);
    if (rerun !== undefined) out.push('', `Rerun the worst failing case: ${code(rerun)}`);
    out.push('');
  }
  return out;
}

/** Renders the summary of every implementation in the records. */
export function renderMarkdown(records: readonly CaseRecord[], overall: RunSummary = summarize(records)): string {
  const out: string[] = ['## formcert certify', ''];
  if (overall.implementations.length === 1) out.push(...section(overall.implementations[0]!, overall));
  else for (const impl of overall.implementations) out.push(...section(impl, summarize(records.filter((r) => r.implementation === impl))));
  return out.join('\n');
}
