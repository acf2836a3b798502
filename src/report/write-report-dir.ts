/** Writes every report format of a run into one directory. */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatCaseRecord, type CaseRecord } from '../results/case-record.ts';
import { partialReportPath, REPORT_FILES } from '../results/report-files.ts';
import { renderBadge } from './render-badge.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';
import { summarize } from '../results/summarize.ts';


/** Records as JSON lines. */
export function renderJsonl(records: readonly CaseRecord[]): string {
  return records.map((r) => formatCaseRecord(r) + '\n').join('');
}

/** Writes records as JSON lines one at a time: the lines of a big run joined would pass V8's string limit. */
async function writeJsonl(path: string, records: readonly CaseRecord[]): Promise<void> {
  const out = createWriteStream(path);
  const done = new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.on('finish', resolve);
  });
  for (const r of records) {
    if (!out.write(formatCaseRecord(r) + '\n')) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end();
  await done;
}

/** Runs `write` on a temporary name beside `path`, then renames it: a reader never sees half a file. */
async function writeAtomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = partialReportPath(path);
  try {
    await write(tmp);
    await rename(tmp, path);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Writes results.jsonl, junit.xml, summary.md, report.html and badge.svg under `dir` (created if
 * needed). The files of an earlier run are removed first, so a directory never mixes two runs: when
 * one form fails to render, the others are still written and the failed one is absent, not stale
 * (issue 11 item 5). Rejects with the first failure after writing every form it could.
 */
export async function writeReportDir(dir: string, records: readonly CaseRecord[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  const paths = Object.fromEntries(Object.entries(REPORT_FILES).map(([k, name]) => [k, join(dir, name)])) as Record<keyof typeof REPORT_FILES, string>;
  await Promise.all(Object.values(paths).map((p) => rm(p, { force: true })));
  const summary = summarize(records);
  const text = (render: () => string) => (tmp: string) => writeFile(tmp, render());
  // results.jsonl first: it is the record of the run, the other forms are views of it.
  const jobs: Array<[string, (tmp: string) => Promise<void>]> = [
    [paths.jsonl, (tmp) => writeJsonl(tmp, records)],
    [paths.junit, text(() => renderJunit(records))],
    [paths.markdown, text(() => renderMarkdown(records, summary))],
    [paths.html, text(() => renderHtml(records, undefined, { results: [paths.jsonl] }))],
    [paths.badge, text(() => renderBadge(summary))],
  ];
  let firstError: unknown;
  for (const [path, write] of jobs) {
    try {
      await writeAtomically(path, write);
    } catch (e) {
      firstError ??= new Error(`cannot write ${path}: ${(e as Error).message}`);
    }
  }
  if (firstError !== undefined) throw firstError;
}
