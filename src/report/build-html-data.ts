/**
 * The data a report page embeds: one row per case (the vector's side: input, expectation) and one
 * result per implementation. Observations are pre-rendered with the lexeme-keeping writer, since the
 * page's JSON.parse would round big integers.
 */
import { writeJson } from '../shared/json/write-value.ts';
import type { CaseRecord } from '../results/case-record.ts';
import { badgeText } from './render-badge.ts';
import { summarize } from './summarize.ts';

/** One implementation's result on one case. */
export interface HtmlResult {
  readonly outcome: string;
  readonly got: string;
  readonly gotText?: string;
  readonly diff?: readonly string[];
  readonly stderr?: string;
  readonly time: number;
  readonly expectedFailure?: string;
  /** The verdict the testee chose on an `either` case (recorded, not scored). */
  readonly either?: 'accept' | 'reject';
}

/** One case row. */
export interface HtmlCase {
  readonly id: string;
  readonly name: string;
  readonly op: string;
  readonly profile: string;
  readonly requirements: readonly string[];
  readonly note?: string;
  readonly file?: string;
  readonly input: string;
  readonly inputKind: 'utf8' | 'base64';
  readonly inputBytes: number;
  readonly inputTruncated: boolean;
  readonly expected: string;
  readonly expectedText?: string;
  /** Results by implementation index. */
  readonly results: Record<number, HtmlResult>;
}

/** Everything the page shows. */
export interface HtmlData {
  readonly title: string;
  readonly implementations: ReadonlyArray<{ readonly name: string; readonly score: string; readonly passed: boolean }>;
  readonly ops: readonly string[];
  readonly outcomes: readonly string[];
  readonly cases: readonly HtmlCase[];
}

function expectedLabel(r: CaseRecord): string {
  return r.expected.verdict === 'reject' ? `reject ${r.expected.code}` : r.expected.verdict;
}

function gotLabel(r: CaseRecord): string {
  const g = r.got;
  if (g.verdict === 'reject') return `reject${g.code ? ` ${g.code}` : ''}${g.message ? ` (${g.message})` : ''}`;
  if (g.detail) return `${g.verdict} (${g.detail})`;
  return g.verdict;
}

/** Groups records into rows (op, then primary requirement, then name) and columns (implementations). */
export function buildHtmlData(records: readonly CaseRecord[], title = 'formcert certification report'): HtmlData {
  const impls = [...new Set(records.map((r) => r.implementation))].sort();
  const implIndex = new Map(impls.map((n, i) => [n, i]));
  const rows = new Map<string, HtmlCase>();
  for (const r of records) {
    let row = rows.get(r.id);
    if (!row) {
      const isText = 'utf8' in r.input;
      row = {
        id: r.id,
        name: r.name,
        op: r.op,
        profile: r.profile,
        requirements: r.requirements,
        ...(r.note ? { note: r.note } : {}),
        ...(r.file ? { file: r.file } : {}),
        input: 'utf8' in r.input ? r.input.utf8 : r.input.base64,
        inputKind: isText ? 'utf8' : 'base64',
        inputBytes: r.inputBytes,
        inputTruncated: r.inputTruncated === true,
        expected: expectedLabel(r),
        ...(r.expected.observation !== undefined ? { expectedText: writeJson(r.expected.observation, { indent: 2 }) } : {}),
        results: {},
      };
      rows.set(r.id, row);
    }
    row.results[implIndex.get(r.implementation)!] = {
      outcome: r.outcome,
      got: gotLabel(r),
      ...(r.got.observation !== undefined ? { gotText: writeJson(r.got.observation, { indent: 2 }) } : {}),
      ...(r.diff ? { diff: r.diff } : {}),
      ...(r.stderr ? { stderr: r.stderr } : {}),
      time: r.time,
      ...(r.expectedFailure !== undefined ? { expectedFailure: r.expectedFailure } : {}),
      ...(r.expected.verdict === 'either' && (r.got.verdict === 'accept' || r.got.verdict === 'reject') ? { either: r.got.verdict } : {}),
    };
  }
  const cases = [...rows.values()].sort(
    (a, b) => cmp(a.op, b.op) || cmp(a.requirements[0] ?? '', b.requirements[0] ?? '') || cmp(a.name, b.name) || cmp(a.id, b.id),
  );
  return {
    title,
    implementations: impls.map((name) => {
      const s = summarize(records.filter((r) => r.implementation === name));
      return { name, score: badgeText(s), passed: s.passed };
    }),
    ops: [...new Set(cases.map((c) => c.op))],
    outcomes: [...new Set(records.map((r) => r.outcome))].sort(),
    cases,
  };
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
