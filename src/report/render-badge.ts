/** The SVG badge (`formcert journal.read | core 312/312 · strict 97/100`), self-contained, no fonts or links fetched. */
import { isScoredOutcome, OUTCOMES } from '../results/outcome.ts';
import { scoreText, type RunSummary } from '../results/summarize.ts';

/**
 * What the badge certifies: the ops with scored cases, or per format the number of ops when there
 * are more than two (a badge must not claim ops its run never exercised: issue 13 item 6).
 */
export function badgeScope(s: RunSummary): string {
  const ops = [...s.byOp].filter(([, c]) => OUTCOMES.some((o) => isScoredOutcome(o) && c[o] > 0)).map(([op]) => op);
  if (ops.length === 0) return 'no ops';
  if (ops.length <= 2) return ops.join(', ');
  const byFormat = new Map<string, number>();
  for (const op of ops) {
    const format = op.slice(0, op.indexOf('.'));
    byFormat.set(format, (byFormat.get(format) ?? 0) + 1);
  }
  return [...byFormat].map(([f, n]) => (n === 1 ? ops.find((op) => op.startsWith(`${f}.`))! : `${f} ${n} ops`)).join(', ');
}

/** Green when everything passes, red when an invalid input was accepted or the testee broke, orange otherwise. */
export function badgeColor(s: RunSummary): string {
  const scored = s.byProfile.core.scored + s.byProfile.strict.scored;
  const passed = s.byProfile.core.passed + s.byProfile.strict.passed;
  if (scored > 0 && passed === scored) return '#2e7d32';
  const dangerous = s.byOutcome['fail:accepted-invalid'] + s.byOutcome['errored:crash'] + s.byOutcome['errored:timeout'];
  return dangerous > 0 ? '#c62828' : '#ef6c00';
}

function escapeXml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Approximate width of Verdana 11px text (the usual badge metrics), enough to size the boxes. */
function textWidth(s: string): number {
  let w = 0;
  for (const ch of s) w += /[il.:·|' ]/.test(ch) ? 3.5 : /[mwMW]/.test(ch) ? 10 : /[0-9]/.test(ch) ? 7 : 6.8;
  return Math.ceil(w);
}

/** Renders the badge as an SVG document; its label names what it covers (`formcert journal.read`). */
export function renderBadge(s: RunSummary, label = `formcert ${badgeScope(s)}`): string {
  const value = scoreText(s);
  const lw = textWidth(label) + 12;
  const vw = textWidth(value) + 12;
  const total = lw + vw;
  const color = badgeColor(s);
  const title = escapeXml(`${label}: ${value}`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<rect width="${lw}" height="20" fill="#555"/>`,
    `<rect x="${lw}" width="${vw}" height="20" fill="${color}"/>`,
    `<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">`,
    `<text x="${lw / 2}" y="14">${escapeXml(label)}</text>`,
    `<text x="${lw + vw / 2}" y="14">${escapeXml(value)}</text>`,
    `</g>`,
    `</svg>`,
    '',
  ].join('\n');
}
