/** Short phrases about one case, shared by the text, Markdown, JUnit and HTML renderers. */
import type { CaseRecord } from './case-record.ts';

/** `reject JRN_X`, `accept`, `either`. */
export function describeExpected(r: CaseRecord): string {
  return r.expected.verdict === 'reject' ? `reject ${r.expected.code}` : r.expected.verdict;
}

/** `accept`, `reject JRN_X`, `skipped (why)`, `errored (crash: exit status 3)`, `n/a`. */
export function describeGot(r: CaseRecord): string {
  const g = r.got;
  if (g.verdict === 'reject') return g.code ? `reject ${g.code}` : 'reject (no code)';
  if (g.verdict === 'skipped' || g.verdict === 'errored') return `${g.verdict} (${g.detail ?? ''})`;
  return g.verdict;
}

/** One line saying what went wrong: `expected reject JRN_X, got accept` plus the first diff line. */
export function describeProblem(r: CaseRecord): string {
  const base = `expected ${describeExpected(r)}, got ${describeGot(r)}`;
  // A wrong code is already said by the two verdicts; a wrong observation needs its first difference.
  return r.outcome === 'fail:wrong-observation' && r.diff && r.diff.length > 0 ? `${base}; ${r.diff[0]}` : base;
}

/** Cuts a string to `n` characters with an ellipsis. */
export function clip(s: string, n: number): string {
  const one = s.replace(/\s*\n\s*/g, ' ⏎ ');
  return one.length > n ? one.slice(0, n - 1) + '…' : one;
}
