/** Writes every report format of a run into one directory. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatCaseRecord, type CaseRecord } from '../results/case-record.ts';
import { renderBadge } from './render-badge.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';
import { summarize } from './summarize.ts';

/** File names inside a report directory. */
export const REPORT_FILES = {
  jsonl: 'results.jsonl',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
  badge: 'badge.svg',
} as const;

/** Records as JSON lines. */
export function renderJsonl(records: readonly CaseRecord[]): string {
  return records.map((r) => formatCaseRecord(r) + '\n').join('');
}

/** Writes results.jsonl, junit.xml, summary.md, report.html and badge.svg under `dir` (created if needed). */
export async function writeReportDir(dir: string, records: readonly CaseRecord[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const summary = summarize(records);
  await Promise.all([
    writeFile(join(dir, REPORT_FILES.jsonl), renderJsonl(records)),
    writeFile(join(dir, REPORT_FILES.junit), renderJunit(records)),
    writeFile(join(dir, REPORT_FILES.markdown), renderMarkdown(records, summary)),
    writeFile(join(dir, REPORT_FILES.html), renderHtml(records)),
    writeFile(join(dir, REPORT_FILES.badge), renderBadge(summary)),
  ]);
}
