/**
 * `formcert report site`: a static results site for many implementations (issue 13 item 2). An index
 * of implementations × ops (badge, passed/scored, accepted-invalid), one page per implementation (the
 * full report page) and one per failing or cited requirement. Plain files with relative links, inline
 * styles and no script on the index, so the site works from file:// with no network.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isScoredOutcome, type Outcome } from '../results/outcome.ts';
import type { CaseRecord } from '../results/case-record.ts';
import { loadRuleTexts, type HtmlSources } from './build-html-data.ts';
import { renderBadge } from './render-badge.ts';
import { renderHtml } from './render-html.ts';
import { summarize } from '../results/summarize.ts';

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A file name for a label: lowercase letters, digits and dashes, unique within `taken`. */
function slugFor(label: string, taken: Set<string>): string {
  const base = label.toLowerCase().replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '') || 'x';
  let slug = base;
  for (let i = 2; taken.has(slug); i++) slug = `${base}-${i}`;
  taken.add(slug);
  return slug;
}

const CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:20px;color:#212121}table{border-collapse:collapse}
th,td{padding:4px 10px;border-bottom:1px solid #e0e0e0;text-align:left;vertical-align:top}thead th{border-bottom:2px solid #90a4ae}
td.ok{color:#2e7d32}td.ko{color:#c62828;font-weight:600}.muted{color:#78909c}code{font-family:ui-monospace,monospace}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(title)}</title><style>${CSS}</style></head>
<body><h1>${escapeHtml(title)}</h1>
${body}
</body></html>
`;
}

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

/** The pages of a site as file name (relative, `/`-separated) → content; `sources` names the results files the records came from. */
export function renderSite(records: readonly CaseRecord[], rules: ReadonlyMap<string, string> = loadRuleTexts(), sources: HtmlSources = {}): Map<string, string> {
  const files = new Map<string, string>();
  const impls = [...new Set(records.map((r) => r.implementation))].sort();
  const ops = [...new Set(records.map((r) => r.op))].sort();
  const taken = new Set<string>();
  const implSlug = new Map(impls.map((i) => [i, slugFor(i, taken)]));
  const reqTaken = new Set<string>();
  const reqIds = [...new Set(records.flatMap((r) => r.requirements))].sort();
  const reqSlug = new Map(reqIds.map((id) => [id, slugFor(id, reqTaken)]));

  const head = `<tr><th>implementation</th><th>badge</th>${ops.map((op) => `<th><code>${escapeHtml(op)}</code></th>`).join('')}</tr>`;
  const rows: string[] = [];
  for (const impl of impls) {
    const own = records.filter((r) => r.implementation === impl);
    const s = summarize(own);
    const badge = renderBadge(s);
    const slug = implSlug.get(impl)!;
    files.set(`badges/${slug}.svg`, badge);
    files.set(`impl/${slug}.html`, renderHtml(own, `formcert: ${impl}`, { ...sources, severalImplementations: impls.length > 1 }));
    const cells = ops.map((op) => {
      const mine = own.filter((r) => r.op === op);
      const scored = mine.filter((r) => isScoredOutcome(r.outcome) && !(r.expected.verdict === 'either' && r.outcome === 'pass'));
      if (scored.length === 0) return `<td class="muted">${mine.length === 0 ? '' : 'not served'}</td>`;
      const passed = scored.filter((r) => r.outcome === 'pass').length;
      const bad = scored.filter((r) => r.outcome === 'fail:accepted-invalid').length;
      return `<td class="${passed === scored.length ? 'ok' : 'ko'}">${passed}/${scored.length} pass${bad > 0 ? `<br>${bad} accepted-invalid` : ''}</td>`;
    });
    rows.push(
      `<tr><td><a href="impl/${slug}.html">${escapeHtml(impl)}</a></td><td><img alt="${escapeHtml(impl)} badge" src="${dataUri(badge)}"></td>${cells.join('')}</tr>`,
    );
  }

  const reqRows: string[] = [];
  for (const id of reqIds) {
    const citing = records.filter((r) => r.requirements.includes(id));
    const failing = citing.filter((r) => r.outcome !== 'pass' && isScoredOutcome(r.outcome) && r.expectedFailure === undefined);
    const bad = failing.filter((r) => r.outcome === 'fail:accepted-invalid').length;
    const slug = reqSlug.get(id)!;
    reqRows.push(`<tr><td><a href="req/${slug}.html">${escapeHtml(id)}</a></td><td>${failing.length}</td><td>${bad}</td><td>${escapeHtml(rules.get(id) ?? '(not in the spec/ registries)')}</td></tr>`);
    files.set(`req/${slug}.html`, renderRequirementPage(id, rules.get(id), citing, impls, implSlug));
  }

  files.set(
    'index.html',
    page(
      'formcert results',
      `<p class="muted">${impls.length} implementations, ${ops.length} ops, ${records.length} results. Each cell: scored cases passed, and accepted-invalid failures (the dangerous ones).</p>
<table id="matrix"><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table>
<h2>Requirements</h2>
<table id="requirements"><thead><tr><th>requirement</th><th>failures</th><th>accepted-invalid</th><th>rule</th></tr></thead><tbody>${reqRows.join('\n')}</tbody></table>`,
    ),
  );
  return files;
}

function renderRequirementPage(id: string, text: string | undefined, citing: readonly CaseRecord[], impls: readonly string[], implSlug: ReadonlyMap<string, string>): string {
  const cases = new Map<string, { name: string; op: string; byImpl: Map<string, Outcome> }>();
  for (const r of citing) {
    let c = cases.get(r.id);
    if (!c) cases.set(r.id, (c = { name: r.name, op: r.op, byImpl: new Map() }));
    c.byImpl.set(r.implementation, r.outcome);
  }
  const head = `<tr><th>case</th><th>op</th>${impls.map((i) => `<th><a href="../impl/${implSlug.get(i)}.html">${escapeHtml(i)}</a></th>`).join('')}</tr>`;
  const rows = [...cases]
    .sort((a, b) => (a[1].op < b[1].op ? -1 : a[1].op > b[1].op ? 1 : a[0] < b[0] ? -1 : 1))
    .map(([caseId, c]) => {
      const cells = impls.map((i) => {
        const o = c.byImpl.get(i);
        if (o === undefined) return '<td></td>';
        const cls = o === 'pass' ? 'ok' : isScoredOutcome(o) ? 'ko' : 'muted';
        return `<td class="${cls}"><a href="../impl/${implSlug.get(i)}.html#${caseId}/0">${escapeHtml(o)}</a></td>`;
      });
      return `<tr><td><code>${escapeHtml(caseId)}</code> ${escapeHtml(c.name)}</td><td><code>${escapeHtml(c.op)}</code></td>${cells.join('')}</tr>`;
    });
  return page(
    `formcert: ${id}`,
    `<p><a href="../index.html">← all implementations</a></p>
<p id="rule">${escapeHtml(text ?? '(not in the spec/ registries)')}</p>
<table id="cases"><thead>${head}</thead><tbody>${rows.join('\n')}</tbody></table>`,
  );
}

/** Writes the site under `dir`, replacing the pages of an earlier site there; `results` are the files the records came from. */
export async function writeSite(dir: string, records: readonly CaseRecord[], results?: readonly string[]): Promise<string[]> {
  const files = renderSite(records, loadRuleTexts(), results !== undefined ? { results } : {});
  for (const sub of ['impl', 'req', 'badges']) await rm(join(dir, sub), { recursive: true, force: true });
  for (const sub of ['impl', 'req', 'badges']) await mkdir(join(dir, sub), { recursive: true });
  for (const [name, text] of files) await writeFile(join(dir, name), text);
  return [...files.keys()];
}
