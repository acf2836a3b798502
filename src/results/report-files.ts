/** The files of a report directory (`certify --report DIR`, `report merge --report DIR`), by form. */
export const REPORT_FILES = {
  jsonl: 'results.jsonl',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
  badge: 'badge.svg',
} as const;

/** The temporary name a report file is written under before it is renamed into place (by process `pid`). */
export function partialReportPath(path: string, pid: number = process.pid): string {
  return `${path}.partial-${pid}`;
}
