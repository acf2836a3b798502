/** JUnit XML for CI: one suite per implementation and op, one test case per vector. */
import junit from 'junit-report-builder';
import type { CaseRecord } from '../results/case-record.ts';
import { describeProblem } from '../results/describe-case.ts';

// XML 1.0 cannot hold most control characters or lone surrogates, whatever the escaping: a testee's
// stderr may contain them, so they are shown as \xNN / \uXXXX instead.
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Makes any string safe to put in an XML document. */
export function xmlSafe(s: string): string {
  return s.replace(NOT_XML, (c) => {
    const n = c.charCodeAt(0);
    return n < 0x100 ? `\\x${n.toString(16).padStart(2, '0')}` : `\\u${n.toString(16).padStart(4, '0')}`;
  });
}

/** Renders records as a JUnit XML document. */
export function renderJunit(records: readonly CaseRecord[]): string {
  const builder = junit.newBuilder().name('formcert certify');
  const suites = new Map<string, CaseRecord[]>();
  for (const r of records) {
    const key = `${r.implementation}\u0000${r.op}`;
    suites.set(key, [...(suites.get(key) ?? []), r]);
  }
  for (const [key, list] of [...suites].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const [impl, op] = key.split('\u0000') as [string, string];
    const suite = builder.testSuite().name(xmlSafe(`${impl} · ${op}`));
    for (const r of list) {
      const tc = suite
        .testCase()
        .className(xmlSafe(`formcert.${op}`))
        .name(xmlSafe(`${r.id} ${r.name} [${r.requirements.join(' ')}] (${r.profile})`))
        .time(Math.round(r.time) / 1000);
      if (r.file) tc.file(xmlSafe(r.file));
      const details = [...(r.diff ?? []), ...(r.got.message ? [`message: ${r.got.message}`] : [])].join('\n');
      if (r.expectedFailure !== undefined && r.outcome !== 'pass') {
        tc.skipped().property('expected-failure', xmlSafe(r.expectedFailure));
      } else if (r.expectedFailure !== undefined) {
        tc.failure(xmlSafe(`listed as an expected failure (${r.expectedFailure}) but passes: remove it from the list`), 'unexpected-pass');
      } else if (r.outcome.startsWith('fail:')) {
        tc.failure(xmlSafe(describeProblem(r)), r.outcome);
      } else if (r.outcome.startsWith('errored:')) {
        tc.error(xmlSafe(describeProblem(r)), r.outcome, details ? xmlSafe(details) : undefined);
      } else if (r.outcome === 'skipped' || r.outcome === 'n/a') {
        tc.skipped();
      }
      if (details && r.outcome.startsWith('fail:')) tc.standardOutput(xmlSafe(details));
      if (r.stderr) tc.standardError(xmlSafe(r.stderr));
    }
  }
  return builder.build();
}
