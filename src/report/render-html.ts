/**
 * The static HTML report: one file, inline CSS and JS, no network. The data is embedded as JSON in a
 * script element (with `<` escaped, so no text in it can close the element) and drawn by the page.
 */
import type { CaseRecord } from '../results/case-record.ts';
import { buildHtmlData, loadRuleTexts, type HtmlData, type HtmlSources } from './build-html-data.ts';
import { REPORT_CSS, REPORT_JS } from './html-assets.ts';

/** JSON safe inside a `<script>` element: `<`, and the two JS line separators, escaped. */
export function embedJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Renders the page for one run or for merged runs of several implementations; `sources` names the results files that keep the records whole. */
export function renderHtml(records: readonly CaseRecord[], title?: string, sources: HtmlSources = {}): string {
  const data: HtmlData = buildHtmlData(records, title, loadRuleTexts(), sources);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(data.title)}</title>
<style>${REPORT_CSS}</style>
</head>
<body>
<header><h1>${escapeHtml(data.title)}</h1><div class="impls" id="impls"></div>
<span class="legend">click a cell for input, expected, actual and diff ·
<span style="background:var(--pass)">✓ pass</span><span style="background:var(--bad)">✗ accepted-invalid</span><span style="background:var(--fail)">✗ other failure</span><span style="background:var(--err)">! errored</span><span style="background:#558b2f">≈ either (not scored)</span><span style="background:var(--skip)">– skipped</span><span style="background:var(--na)">· n/a</span></span></header>
<section id="overview">
<div class="panel"><h2>Outcomes per op</h2><table id="op-table"><thead><tr id="op-table-head"></tr></thead><tbody id="op-table-body"></tbody></table></div>
<div class="panel"><h2>Failing requirements, accepted-invalid first</h2><div class="scroll"><table id="req-table"><thead><tr><th>requirement</th><th>accepted-invalid</th><th>failing</th><th>rule</th></tr></thead><tbody id="req-table-body"></tbody></table></div></div>
</section>
<div class="controls">
<label>show <select id="filter-outcome"><option value="failing">failing or errored</option><option value="">all scored (no n/a, skipped)</option><option value="everything">everything, n/a and skipped too</option></select></label>
<label>op <select id="filter-op"><option value="">all</option></select></label>
<label>search <input id="search" type="search" placeholder="id, name or requirement"></label>
<span id="shown-count" class="muted"></span>
</div>
<main>
<table id="matrix"><thead><tr id="matrix-head"></tr></thead><tbody id="matrix-body"></tbody></table>
</main>
<aside id="details" hidden><button id="details-close" class="close" type="button">close ✕</button><div id="details-body"></div></aside>
<script type="application/json" id="formcert-data">${embedJson(data)}</script>
<script>${REPORT_JS}</script>
</body>
</html>
`;
}
