/** The files of a report directory (`certify --report DIR`, `report merge --report DIR`), by form. */
export const REPORT_FILES = {
  jsonl: 'results.jsonl',
  junit: 'junit.xml',
  markdown: 'summary.md',
  html: 'report.html',
  badge: 'badge.svg',
} as const;
