import { describe, expect, it } from 'vitest';
import { writeJson } from '../shared/json/write-value.ts';
import { formatCaseRecord, parseCaseRecord, parseCaseRecords, recordInput, RECORD_INPUT_LIMIT } from '../results/case-record.ts';
import { mergeRecords } from './merge-reports.ts';
import { badgeScope, renderBadge } from './render-badge.ts';
import { renderJunit, xmlSafe } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';
import { renderTextSummary } from '../results/render-text-summary.ts';
import { record, sampleRecords } from './report-fixtures.test-helpers.ts';
import { scoreText, summarize } from '../results/summarize.ts';
import { renderJsonl } from './write-report-dir.ts';
import { buildHtmlData } from './build-html-data.ts';
import { showInputCommand } from '../results/rerun-line.ts';

describe('case records', () => {
  it('round-trip through JSON lines with observation lexemes kept', () => {
    for (const r of sampleRecords()) {
      const line = formatCaseRecord(r);
      expect(line).not.toContain('\n');
      const back = parseCaseRecord(line);
      expect(back.ok).toBe(true);
      if (back.ok) expect(formatCaseRecord(back.value)).toBe(line);
    }
    expect(formatCaseRecord(sampleRecords()[0]!)).toContain('"position":12345678901234567890');
  });

  it('names the line of a report that is not a record', () => {
    const text = renderJsonl(sampleRecords().slice(0, 2)) + '{"id":"x"}\n';
    const r = parseCaseRecords(text, 'r.jsonl');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^r\.jsonl:3:/);
  });

  it('stores text inputs as text, binary ones as base64, and cuts long ones on a character boundary', () => {
    expect(recordInput(new TextEncoder().encode('héllo')).input).toEqual({ utf8: 'héllo' });
    expect(recordInput(new Uint8Array([0xff])).input).toEqual({ base64: '/w==' });
    const long = new TextEncoder().encode('é'.repeat(RECORD_INPUT_LIMIT));
    const cut = recordInput(long);
    expect(cut.inputTruncated).toBe(true);
    expect(cut.inputBytes).toBe(long.length);
    expect('utf8' in cut.input && cut.input.utf8.length).toBe(RECORD_INPUT_LIMIT / 2);
  });
});

describe('summaries', () => {
  it('counts per profile and lists the worst failure first', () => {
    const s = summarize(sampleRecords().filter((r) => r.implementation.startsWith('beta')));
    expect(s.failures.map((r) => r.outcome)).toEqual(['fail:accepted-invalid', 'errored:crash', 'fail:wrong-observation']);
    expect(scoreText(s)).toBe('core 1/4');
    expect(s.passed).toBe(false);
    const text = renderTextSummary(s, 'header');
    expect(text.length).toBeLessThan(45);
    // Past the listed failures, the hint names the report page when one was written (issue 13 item 6).
    const many = summarize(Array.from({ length: 12 }, (_, i) => record({ id: `f1${String(i).padStart(18, '0')}`, outcome: 'fail:rejected-valid' })));
    expect(renderTextSummary(many, 'h', 'out/report.html')).toContain('  … and 2 more, all listed in out/report.html');
    expect(renderTextSummary(many, 'h')).toContain('  … and 2 more (write them all with --report DIR)');
    expect(text.at(-1)).toMatch(/^FAILED: 2 failing, 1 errored/);
  });

  it('records either cases without scoring them, unless the testee broke on one', () => {
    const s = summarize([
      record({ id: 'e0000000000000000001', outcome: 'pass', expected: { verdict: 'either' }, got: { verdict: 'reject', code: 'LIMIT_EXCEEDED' } }),
      record({ id: 'e0000000000000000002', outcome: 'errored:timeout', expected: { verdict: 'either' }, got: { verdict: 'errored' } }),
      record({ id: 'e0000000000000000003', outcome: 'pass' }),
    ]);
    expect(s.byProfile.core).toEqual({ passed: 1, scored: 2 });
    expect(s.either).toEqual({ accepted: 0, rejected: 1 });
  });

  it('treats listed failures as expected and listed passes as unexpected', () => {
    const s = summarize([
      record({ id: 'a0000000000000000001', outcome: 'fail:rejected-valid', expectedFailure: 'known' }),
      record({ id: 'a0000000000000000002', outcome: 'pass' }),
    ]);
    expect(s.passed).toBe(true);
    expect(s.expectedFailures).toBe(1);
    const u = summarize([record({ id: 'a0000000000000000002', outcome: 'pass', expectedFailure: 'fixed since' })]);
    expect(u.passed).toBe(false);
    expect(u.unexpectedPasses).toHaveLength(1);
  });
});

describe('JUnit, Markdown, badge', () => {
  it('writes well-formed JUnit with failures, errors and skips, whatever bytes stderr holds', () => {
    const xml = renderJunit(sampleRecords());
    expect(xml).toMatch(/<testsuites[^>]* tests="12" failures="2" errors="1" skipped="2"/);
    expect(xml).not.toMatch(/[\u0000\u0001]/);
    expect(xml).toContain('\\x01');
    expect(xmlSafe('a\ud800b')).toBe('a\\ud800b');
    expect(xmlSafe('ok 😀')).toBe('ok 😀');
  });

  it('writes a Markdown section per implementation with table cells escaped', () => {
    const recs = sampleRecords().map((r) => (r.id.endsWith('3') ? { ...r, name: 'pipe|in<name>' } : r));
    const md = renderMarkdown(recs);
    expect(md).toContain('### alpha 1.0: PASSED');
    expect(md).toContain('### beta 0.3: FAILED');
    expect(md).toContain('pipe\\|in&lt;name&gt;');
  });

  it('draws a badge with the per-profile score and a colour for the worst outcome', () => {
    const alpha = summarize(sampleRecords().filter((r) => r.implementation.startsWith('alpha')));
    expect(renderBadge(alpha)).toContain('core 6/6');
    // The label names the ops the run scored (issue 13 item 6).
    expect(renderBadge(alpha)).toContain('aria-label="formcert journal.read, morph 2 ops: core 6/6"');
    expect(badgeScope(summarize([record({ id: 'f0000000000000000001', outcome: 'pass' }), record({ id: 'f0000000000000000002', outcome: 'n/a', op: 'journal.append' })]))).toBe('journal.read');
    expect(badgeScope(summarize([record({ id: 'f0000000000000000003', outcome: 'skipped' })]))).toBe('no ops');
    expect(renderBadge(alpha)).toContain('#2e7d32');
    const beta = summarize(sampleRecords().filter((r) => r.implementation.startsWith('beta')));
    expect(renderBadge(beta)).toContain('#c62828');
  });
});

describe('merging reports', () => {
  it('merges disjoint reports in a stable order and refuses a case reported twice', () => {
    const all = sampleRecords();
    const m = mergeRecords([
      { path: 'b', records: all.slice(6) },
      { path: 'a', records: all.slice(0, 6) },
    ]);
    const key = (r: (typeof all)[number]) => `${r.implementation}|${r.op}|${r.id}`;
    expect(m.ok && m.value.map(key)).toEqual(all.map(key).sort());
    const dup = mergeRecords([
      { path: 'a', records: all.slice(0, 2) },
      { path: 'b', records: all.slice(1, 3) },
    ]);
    expect(dup.ok).toBe(false);
    if (!dup.ok) expect(dup.error).toMatch(/in both a and b/);
  });

  it('keeps observations byte for byte through a merge', () => {
    const all = sampleRecords();
    const m = mergeRecords([{ path: 'a', records: all }]);
    const obs = m.ok ? m.value.find((r) => r.got.observation !== undefined && r.outcome === 'fail:wrong-observation')?.got.observation : undefined;
    expect(obs && writeJson(obs)).toBe('{"position":12345678901234567891,"kind":"Transaction"}');
  });
});

describe('commands that print what the HTML report cuts', () => {
  const long = new TextEncoder().encode(`{"schema":3,"pad":"${'x'.repeat(5000)}"}\n`);

  it('name the run\'s --vectors for a cut input, and the results file (and implementation) for a cut answer', () => {
    const stderr = 'e'.repeat(5000);
    const fuzzRun = record({ id: 'dddd0000000000000001', outcome: 'errored:crash', got: { verdict: 'errored', detail: 'crash' }, stderr, ...recordInput(long), certifyArgs: ['--vectors', 'reports/fuzz', '--', 'r'] });
    const one = buildHtmlData([fuzzRun], 't', new Map(), { results: ['out dir/results.jsonl'] });
    expect(one.cases[0]!.wholeCommand).toBe('formcert show dddd0000000000000001 --vectors reports/fuzz');
    expect(one.cases[0]!.results[0]!.wholeCommand).toBe("formcert show --actual dddd0000000000000001 --results 'out dir/results.jsonl'");
    // A results site's page of one implementation reads files holding several: it names the implementation.
    const page = buildHtmlData([fuzzRun], 't', new Map(), { results: ['a.jsonl', 'b.jsonl'], severalImplementations: true });
    expect(page.cases[0]!.results[0]!.wholeCommand).toBe("formcert show --actual dddd0000000000000001 --results a.jsonl --results b.jsonl --implementation 'alpha 1.0'");
    // A `--vectors` after `--` is the testee's, not the run's; nothing is cut here, so no command.
    const short = record({ id: 'dddd0000000000000002', outcome: 'fail:rejected-valid', got: { verdict: 'reject', code: 'X' }, certifyArgs: ['--', 'r', '--vectors', 'v'] });
    const plain = buildHtmlData([short], 't', new Map());
    expect(plain.cases[0]!.wholeCommand).toBeUndefined();
    expect(plain.cases[0]!.results[0]!.wholeCommand).toBeUndefined();
    expect(showInputCommand(short)).toBe('formcert show dddd0000000000000002');
  });
});
