/** The work behind `formcert report …`. */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EXIT } from '../shared/exit-codes.ts';
import { findMissingCases, mergeRecords, readReports } from './merge-reports.ts';
import { renderBadge } from './render-badge.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';
import { writeSite } from './render-site.ts';
import { REPORT_FILES } from '../results/report-files.ts';
import { renderTextSummary } from '../results/render-text-summary.ts';
import { rerunCaseCommand } from '../results/rerun-line.ts';
import { summarize } from '../results/summarize.ts';
import { renderJsonl, writeReportDir } from './write-report-dir.ts';

/** Runs one report verb; resolves to the exit status. */
export async function reportCommand(
  format: 'merge' | 'html' | 'junit' | 'markdown' | 'badge',
  paths: readonly string[],
  opts: { output?: string; report?: string; title?: string; allowPartial?: boolean },
  io: { out: (s: string) => void; err: (s: string) => void },
): Promise<number> {
  const read = await readReports(paths);
  if (!read.ok) {
    io.err(`formcert report: ${read.error}\n`);
    return EXIT.USAGE;
  }
  const merged = mergeRecords(read.value);
  if (!merged.ok) {
    io.err(`formcert report: ${merged.error}\n`);
    return EXIT.USAGE;
  }
  const records = merged.value;
  if (format === 'merge') {
    const missing = findMissingCases(records);
    // A merge that lacks a shard must not print PASSED over cases that never ran (issue 11 item 7).
    if (missing !== undefined && opts.allowPartial !== true) {
      io.err(`formcert report merge: incomplete: ${missing} (pass --allow-partial to merge anyway)\n`);
      return EXIT.USAGE;
    }
    if (missing !== undefined) io.err(`formcert report merge: warning: partial merge: ${missing}\n`);
  }
  const summary = summarize(records);
  const text =
    format === 'merge'
      ? renderJsonl(records)
      : format === 'html'
        ? renderHtml(records, opts.title, { results: opts.report !== undefined ? [join(opts.report, REPORT_FILES.jsonl)] : paths })
        : format === 'junit'
          ? renderJunit(records)
          : format === 'markdown'
            ? renderMarkdown(records, summary)
            : renderBadge(summary);
  try {
    if (opts.output !== undefined) await writeFile(opts.output, text);
    // `merge --report DIR` writes everything there; the merged JSON lines go to stdout only when asked for.
    else if (!(format === 'merge' && opts.report !== undefined)) io.out(text);
    if (opts.report !== undefined) await writeReportDir(opts.report, records);
  } catch (e) {
    io.err(`formcert report: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  if (format !== 'merge') return EXIT.OK;
  // One summary per implementation: counts summed over different implementations would mean nothing.
  for (const impl of summary.implementations) {
    const own = summary.implementations.length === 1 ? summary : summarize(records.filter((r) => r.implementation === impl));
    const header = `formcert report merge: ${impl}: ${own.total} cases from ${paths.length} reports`;
    const lines = renderTextSummary(own, header);
    const rerun = own.failures.length > 0 ? rerunCaseCommand(own.failures[0]!) : undefined;
    if (rerun !== undefined) lines.push(`Rerun the worst failing case: ${rerun}`);
    io.err(lines.join('\n') + '\n\n');
  }
  return summary.passed ? EXIT.OK : EXIT.FAILED;
}

/** `formcert report site <dir> <results.jsonl…>`: writes the results site; resolves to the exit status. */
export async function siteCommand(dir: string, paths: readonly string[], io: { out: (s: string) => void; err: (s: string) => void }): Promise<number> {
  const read = await readReports(paths);
  if (!read.ok) {
    io.err(`formcert report site: ${read.error}\n`);
    return EXIT.USAGE;
  }
  const merged = mergeRecords(read.value);
  if (!merged.ok) {
    io.err(`formcert report site: ${merged.error}\n`);
    return EXIT.USAGE;
  }
  try {
    const files = await writeSite(dir, merged.value, paths);
    io.out(`formcert report site: ${files.length} pages in ${dir}/ (open ${join(dir, 'index.html')})\n`);
  } catch (e) {
    io.err(`formcert report site: cannot write ${dir}: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  return EXIT.OK;
}
