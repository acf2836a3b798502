import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseRecords } from '../results/case-record.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { HTML_TEXT_BUDGET, HTML_TEXT_LIMIT, HTML_TEXT_MIN, textLimitFor } from './build-html-data.ts';
import { record } from './report-fixtures.test-helpers.ts';
import { REPORT_FILES } from '../results/report-files.ts';
import { writeReportDir } from './write-report-dir.ts';

function json(text: string): JsonValue {
  const r = parseJson(text);
  if (!r.ok) throw new Error(`test input is not JSON: ${r.error.code}`);
  return r.value;
}

describe('writeReportDir (issue 11 item 5)', () => {
  it('writes every form for a 100,000-deep wrong answer, cuts it in the HTML and keeps it whole in results.jsonl', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-report-dir-'));
    const depth = 100_000;
    const deep = json('['.repeat(depth) + '1' + ']'.repeat(depth));
    const bundle = Array.from({ length: 150_000 }, (_, i) => `line ${i}`).join('\n');
    const records = [
      record({ id: 'dddd0000000000000001', outcome: 'fail:wrong-observation', expected: { verdict: 'accept', observation: json('[1]') }, got: { verdict: 'accept', observation: deep }, diff: ['/0: expected number 1, got array [[...'] }),
      record({ id: 'dddd0000000000000002', outcome: 'fail:wrong-observation', expected: { verdict: 'accept', observation: new Map([['bundle', 'a']]) }, got: { verdict: 'accept', observation: new Map([['bundle', bundle]]) } }),
    ];
    await writeReportDir(dir, records);
    expect(readdirSync(dir).sort()).toEqual(Object.values(REPORT_FILES).sort());
    const html = readFileSync(join(dir, REPORT_FILES.html), 'utf8');
    expect(html.length).toBeLessThan(20 * HTML_TEXT_LIMIT + 40_000);
    expect(html).toContain('more characters not shown');
    const back = parseCaseRecords(readFileSync(join(dir, REPORT_FILES.jsonl), 'utf8'));
    expect(back.ok && back.value.length).toBe(2);
    expect(back.ok && back.value[1]!.got.observation instanceof Map && (back.value[1]!.got.observation.get('bundle') as string).length).toBe(bundle.length);
  });

  it('shares the page text budget: full bound on a small page, shorter cuts on a page of thousands of texts', () => {
    expect(textLimitFor(10)).toBe(HTML_TEXT_LIMIT);
    expect(textLimitFor(5000)).toBe(Math.floor(HTML_TEXT_BUDGET / 5000));
    expect(textLimitFor(5000)).toBeLessThan(HTML_TEXT_LIMIT);
    expect(textLimitFor(10_000_000)).toBe(HTML_TEXT_MIN);
  });

  it('replaces the files of an earlier run, so a failing run never keeps a passing badge', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-report-dir-'));
    await writeReportDir(dir, [record({ id: 'eeee0000000000000001', outcome: 'pass' })]);
    const before = readFileSync(join(dir, REPORT_FILES.badge), 'utf8');
    writeFileSync(join(dir, REPORT_FILES.junit), 'stale');
    await writeReportDir(dir, [record({ id: 'eeee0000000000000002', outcome: 'fail:accepted-invalid', expected: { verdict: 'reject', code: 'X' } })]);
    const after = readFileSync(join(dir, REPORT_FILES.badge), 'utf8');
    expect(before).toContain('core 1/1');
    expect(after).toContain('core 0/1');
    expect(readFileSync(join(dir, REPORT_FILES.junit), 'utf8')).not.toBe('stale');
    expect(readFileSync(join(dir, REPORT_FILES.jsonl), 'utf8')).not.toContain('eeee0000000000000001');
    // No temporary files are left behind.
    expect(readdirSync(dir).every((f) => !f.includes('.partial-'))).toBe(true);
    expect(statSync(join(dir, REPORT_FILES.html)).size).toBeGreaterThan(0);
  });
});
