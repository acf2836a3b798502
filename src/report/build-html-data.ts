/**
 * The data a report page embeds: one row per case (the vector's side: input, expectation) and one
 * result per implementation. Observations are pre-rendered with the lexeme-keeping writer, since the
 * page's JSON.parse would round big integers.
 */
import type { JsonValue } from '../shared/json/value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import type { CaseRecord } from '../results/case-record.ts';
import { isFailingOutcome } from '../results/outcome.ts';
import { quotedCertifyArgs, showActualCommand, showInputCommand } from '../results/rerun-line.ts';
import { loadRequirements, REGISTRY_FORMATS } from '../shared/registry.ts';
import { scoreText, summarize } from '../results/summarize.ts';

/** One implementation's result on one case. */
export interface HtmlResult {
  readonly outcome: string;
  readonly got: string;
  readonly gotText?: string;
  readonly diff?: readonly string[];
  readonly stderr?: string;
  /** Set when the actual observation, verdict text or stderr shown here is cut: the command that prints it whole. */
  readonly wholeCommand?: string;
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
  /** Set when the input or expected observation shown here is cut: the command that prints it whole. */
  readonly wholeCommand?: string;
  /** Results by implementation index. */
  readonly results: Record<number, HtmlResult>;
}

/** Everything the page shows. */
export interface HtmlData {
  readonly title: string;
  readonly implementations: ReadonlyArray<{
    readonly name: string;
    readonly score: string;
    readonly passed: boolean;
    /** The run's certify options and testee argv, shell-quoted: `formcert certify --cases <id> <rerun>` reruns a case (absent for records of older runs). */
    readonly rerun?: string;
  }>;
  readonly ops: readonly string[];
  readonly outcomes: readonly string[];
  readonly cases: readonly HtmlCase[];
  /** Ops × outcome classes, one row per op and implementation (issue 13 item 1). */
  readonly opTable: ReadonlyArray<{ readonly op: string; readonly implementation: number; readonly counts: Readonly<Record<string, number>> }>;
  /** Requirements cited by failing cases, accepted-invalid first, then by failure count. */
  readonly requirementTable: readonly HtmlRequirement[];
}

/** One row of the requirement table. */
export interface HtmlRequirement {
  readonly id: string;
  /** The rule's summary from spec/, or undefined when no registry has the id. */
  readonly text?: string;
  readonly failures: number;
  readonly acceptedInvalid: number;
  readonly byOutcome: Readonly<Record<string, number>>;
}

/** Requirement id → rule summary from every registry in spec/. */
export function loadRuleTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const format of REGISTRY_FORMATS) for (const r of loadRequirements(format)) texts.set(r.id, r.summary);
  return texts;
}

/** Inputs and observations longer than this are shown cut in the page; results.jsonl keeps them whole. */
export const HTML_TEXT_LIMIT = 2048;

/** Observations are pretty-printed only below this size: indentation of a deep value grows quadratically. */
const PRETTY_LIMIT = 8 * 1024;

/**
 * Characters of case texts (inputs, expected and actual observations, stderr) one page holds at most:
 * a failing implementation's report has a long text in nearly every cell, and the page must stay
 * small enough to open (the whole golden suite under 5 MB, issue 13 item 1).
 */
export const HTML_TEXT_BUDGET = 2_500_000;

/** No text is cut shorter than this, however many a page holds. */
export const HTML_TEXT_MIN = 256;

/** The bound of each text on a page that holds `texts` of them: HTML_TEXT_LIMIT, less when the budget is shared by many. */
export function textLimitFor(texts: number): number {
  return Math.max(HTML_TEXT_MIN, Math.min(HTML_TEXT_LIMIT, Math.floor(HTML_TEXT_BUDGET / Math.max(1, texts))));
}

/** Cuts `text` to `limit` characters, saying how much was left out. */
export function boundText(text: string, limit = HTML_TEXT_LIMIT): { text: string; cut: boolean } {
  if (text.length <= limit) return { text, cut: false };
  return { text: `${text.slice(0, limit)}\n… ${text.length - limit} more characters not shown`, cut: true };
}

/** An observation as page text: pretty when small, compact otherwise, cut past the bound. */
function observationText(value: JsonValue, limit: number): { text: string; cut: boolean } {
  const compact = writeJson(value);
  return boundText(compact.length <= PRETTY_LIMIT ? writeJson(value, { indent: 2 }) : compact, limit);
}

/** How many case texts the page of `records` shows (each input and expected observation once, actual ones of non-passing results, stderr). */
function countTexts(records: readonly CaseRecord[]): number {
  const seen = new Set<string>();
  let texts = 0;
  for (const r of records) {
    if (!seen.has(r.id)) {
      seen.add(r.id);
      texts += r.expected.observation !== undefined ? 2 : 1;
    }
    if (r.got.observation !== undefined && r.outcome !== 'pass') texts++;
    if (r.stderr) texts++;
  }
  return texts;
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

/** Where the page's records are kept whole. */
export interface HtmlSources {
  /**
   * The results files the records were read from (or are written to): `formcert show --actual` reads
   * a cut observation whole from them. Undefined: the page names a placeholder.
   */
  readonly results?: readonly string[];
  /** The results files hold other implementations than the page's (a site's page of one): commands name the implementation. */
  readonly severalImplementations?: boolean;
}

/** What a page names when it does not know its results file. */
export const UNKNOWN_RESULTS = '<results.jsonl>';

/** Groups records into rows (op, then primary requirement, then name) and columns (implementations). */
export function buildHtmlData(
  records: readonly CaseRecord[],
  title = 'formcert certification report',
  rules: ReadonlyMap<string, string> = loadRuleTexts(),
  sources: HtmlSources = {},
): HtmlData {
  const impls = [...new Set(records.map((r) => r.implementation))].sort();
  const implIndex = new Map(impls.map((n, i) => [n, i]));
  const rows = new Map<string, HtmlCase>();
  const limit = textLimitFor(countTexts(records));
  for (const r of records) {
    let row = rows.get(r.id);
    if (!row) {
      const isText = 'utf8' in r.input;
      const input = boundText('utf8' in r.input ? r.input.utf8 : r.input.base64, limit);
      const expectedText = r.expected.observation !== undefined ? observationText(r.expected.observation, limit) : undefined;
      const cut = input.cut || r.inputTruncated === true || expectedText?.cut === true;
      row = {
        id: r.id,
        name: r.name,
        op: r.op,
        profile: r.profile,
        requirements: r.requirements,
        ...(r.note ? { note: r.note } : {}),
        ...(r.file ? { file: r.file } : {}),
        input: input.text,
        inputKind: isText ? 'utf8' : 'base64',
        inputBytes: r.inputBytes,
        inputTruncated: r.inputTruncated === true || input.cut,
        expected: expectedLabel(r),
        ...(expectedText ? { expectedText: expectedText.text } : {}),
        ...(cut ? { wholeCommand: showInputCommand(r) } : {}),
        results: {},
      };
      rows.set(r.id, row);
    }
    // A passing observation equals the expected one: showing it twice only makes the page bigger.
    const gotText = r.got.observation !== undefined && r.outcome !== 'pass' ? observationText(r.got.observation, limit) : undefined;
    const stderr = r.stderr ? boundText(r.stderr, limit) : undefined;
    const got = boundText(gotLabel(r));
    // results.jsonl keeps what the page cuts: the details name the command that prints it whole.
    const gotCut = gotText?.cut === true || stderr?.cut === true || got.cut;
    row.results[implIndex.get(r.implementation)!] = {
      outcome: r.outcome,
      got: got.text,
      ...(gotText !== undefined ? { gotText: gotText.text } : {}),
      ...(r.diff ? { diff: r.diff } : {}),
      ...(stderr ? { stderr: stderr.text } : {}),
      ...(gotCut ? { wholeCommand: showActualCommand(r, sources.results ?? [UNKNOWN_RESULTS], impls.length > 1 || sources.severalImplementations === true) } : {}),
      time: r.time,
      ...(r.expectedFailure !== undefined ? { expectedFailure: r.expectedFailure } : {}),
      ...(r.expected.verdict === 'either' && (r.got.verdict === 'accept' || r.got.verdict === 'reject') ? { either: r.got.verdict } : {}),
    };
  }
  const requirementTable = buildRequirementTable(records, rules);
  const rank = new Map(requirementTable.map((r, i) => [r.id, i]));
  const rankOf = (c: HtmlCase) => rank.get(c.requirements[0] ?? '') ?? requirementTable.length;
  // Grouped by primary requirement, the worst requirement first, so the default view opens on it.
  const cases = [...rows.values()].sort(
    (a, b) => rankOf(a) - rankOf(b) || cmp(a.requirements[0] ?? '', b.requirements[0] ?? '') || cmp(a.op, b.op) || cmp(a.name, b.name) || cmp(a.id, b.id),
  );
  const opTable: Array<{ op: string; implementation: number; counts: Record<string, number> }> = [];
  const opIndex = new Map<string, Record<string, number>>();
  for (const r of records) {
    const key = `${r.op}\u0000${r.implementation}`;
    let counts = opIndex.get(key);
    if (!counts) {
      opIndex.set(key, (counts = {}));
      opTable.push({ op: r.op, implementation: implIndex.get(r.implementation)!, counts });
    }
    counts[r.outcome] = (counts[r.outcome] ?? 0) + 1;
  }
  opTable.sort((a, b) => cmp(a.op, b.op) || a.implementation - b.implementation);
  return {
    title,
    implementations: impls.map((name) => {
      const own = records.filter((r) => r.implementation === name);
      const s = summarize(own);
      const rerun = quotedCertifyArgs(own.find((r) => r.certifyArgs !== undefined) ?? {});
      return { name, score: scoreText(s), passed: s.passed, ...(rerun !== undefined ? { rerun } : {}) };
    }),
    ops: [...new Set(cases.map((c) => c.op))].sort(),
    outcomes: [...new Set(records.map((r) => r.outcome))].sort(),
    cases,
    opTable,
    requirementTable,
  };
}

/** Failure counts per requirement a failing case cites (expected failures aside), worst first. */
export function buildRequirementTable(records: readonly CaseRecord[], rules: ReadonlyMap<string, string>): HtmlRequirement[] {
  const rows = new Map<string, { id: string; text?: string; failures: number; acceptedInvalid: number; byOutcome: Record<string, number> }>();
  for (const r of records) {
    if (!isFailingOutcome(r.outcome) || r.expectedFailure !== undefined) continue;
    for (const id of r.requirements) {
      let row = rows.get(id);
      if (!row) {
        const text = rules.get(id);
        rows.set(id, (row = { id, ...(text !== undefined ? { text } : {}), failures: 0, acceptedInvalid: 0, byOutcome: {} }));
      }
      row.failures++;
      if (r.outcome === 'fail:accepted-invalid') row.acceptedInvalid++;
      row.byOutcome[r.outcome] = (row.byOutcome[r.outcome] ?? 0) + 1;
    }
  }
  return [...rows.values()].sort((a, b) => b.acceptedInvalid - a.acceptedInvalid || b.failures - a.failures || cmp(a.id, b.id));
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
