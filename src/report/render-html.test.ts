import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedJson, renderHtml } from './render-html.ts';
import { buildSite, sampleRecords } from './report-fixtures.test-helpers.ts';
import { shellWord } from '../results/rerun-line.ts';
import { renderJsonl } from './write-report-dir.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

describe('HTML report (static)', () => {
  it('embeds the data so that no text in it can close the script element', () => {
    expect(embedJson({ s: '</script><b>' })).not.toContain('<');
    const html = renderHtml(sampleRecords());
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toMatch(/https?:\/\//);
  });
});

const browserTest = existsSync(CHROMIUM) ? it : it.skip;
if (!existsSync(CHROMIUM)) {
  console.warn(`SKIPPED: the HTML report browser test needs ${CHROMIUM} (apt-get install -y chromium)`);
}

// Page loads and clicks take a few seconds on a loaded 2-core CI machine: more than the default 5 s per test.
describe('HTML report in headless Chromium', { timeout: 20_000 }, () => {
  // One browser for the file: launching Chromium is most of the cost.
  let browser: Browser | undefined;
  let url = '';
  let resultsFile = '';
  const errors: string[] = [];
  const requests: string[] = [];
  beforeAll(async () => {
    if (!existsSync(CHROMIUM)) return;
    const { chromium } = await import('playwright-core');
    const dir = mkdtempSync(join(tmpdir(), 'formcert-html-'));
    const file = join(dir, 'report.html');
    // The page names the results file it was written beside (as writeReportDir does).
    resultsFile = join(dir, 'results.jsonl');
    writeFileSync(resultsFile, renderJsonl(sampleRecords()));
    writeFileSync(file, renderHtml(sampleRecords(), 'test report', { results: [resultsFile] }));
    url = pathToFileURL(file).href;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  }, 15_000);
  afterAll(async () => {
    await browser?.close();
  });
  async function open(): Promise<Page> {
    const page = await browser!.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(url);
    return page;
  }

  browserTest('leads with the op and requirement tables and shows failing cases only, worst requirement first', async () => {
    const page = await open();
    // Ops × outcomes, one row per op and implementation.
    expect(await page.locator('#op-table tr.op-row').count()).toBe(6);
    // Requirements with failures, accepted-invalid first, with the rule text from spec/.
    const reqs = page.locator('#req-table tr.req-row');
    expect(await reqs.locator('td:first-child').allTextContents()).toEqual(['R-S1', 'R-J4', 'R-S2']);
    expect(await reqs.first().locator('td').nth(1).textContent()).toBe('1');
    expect((await reqs.first().locator('td').nth(3).textContent())!.length).toBeGreaterThan(10);
    // Default view: the three failing cases of beta, grouped by requirement, n/a and skipped hidden.
    expect(await page.locator('tr.case:visible').count()).toBe(3);
    expect(await page.locator('tr.group-req:visible').first().textContent()).toMatch(/^R-S1 — /);
    expect(await page.locator('td.cell[data-outcome="n/a"]:visible').count()).toBe(0);
    // Above the fold: the worst requirement's first case, its diff-first details and the rerun command.
    const cell = page.locator('tr.case:visible td.cell[data-outcome="fail:accepted-invalid"]').first();
    expect(await cell.boundingBox().then((b) => b !== null && b.y + b.height <= 800)).toBe(true);
    await cell.click();
    const rerun = await page.locator('#details-rerun').boundingBox();
    expect(rerun !== null && rerun.y + rerun.height <= 800).toBe(true);
    // beta's records carry their run's arguments: the real command, shell-quoted, ready to paste.
    expect(await page.locator('#details-rerun').textContent()).toBe(`rerun: formcert certify --cases bbbb0000000000000003 --codes --persistent -- beta-reader '--label=it'\\''s'`);
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  browserTest('filters by each outcome class, by disagreement, by op and by search; a requirement row filters to it', async () => {
    const page = await open();
    const visible = () => page.locator('tr.case:visible').count();
    const options = await page.locator('#filter-outcome option').evaluateAll((os) => os.map((o) => o.getAttribute('value') ?? ''));
    expect(options).toEqual(['failing', '', 'everything', 'errored:crash', 'fail:accepted-invalid', 'fail:wrong-observation', 'n/a', 'pass', 'skipped', 'disagree']);
    await page.selectOption('#filter-outcome', 'everything');
    expect(await visible()).toBe(6);
    await page.selectOption('#filter-outcome', '');
    expect(await visible()).toBe(6);
    await page.selectOption('#filter-outcome', 'n/a');
    expect(await visible()).toBe(1);
    await page.selectOption('#filter-outcome', 'skipped');
    expect(await visible()).toBe(1);
    await page.selectOption('#filter-outcome', 'disagree');
    expect(await visible()).toBe(5);
    await page.selectOption('#filter-outcome', 'fail:wrong-observation');
    expect(await visible()).toBe(1);
    await page.selectOption('#filter-outcome', 'failing');
    await page.selectOption('#filter-op', 'morph.c14n');
    expect(await visible()).toBe(2);
    await page.selectOption('#filter-op', '');
    await page.fill('#search', 'no-such-case');
    expect(await visible()).toBe(0);
    await page.fill('#search', '');
    await page.locator('#req-table tr.req-row[data-req="R-S2"]').click();
    expect(await page.inputValue('#search')).toBe('R-S2');
    expect(await visible()).toBe(1);
    await page.close();
  });

  browserTest('opens a case with the diff first, keeps exact lexemes, and reopens it from its URL', async () => {
    const page = await open();
    await page.selectOption('#filter-outcome', 'fail:wrong-observation');
    await expect(page.locator('#details').isVisible()).resolves.toBe(false);
    await page.locator('tr.case:visible td.cell[data-outcome="fail:wrong-observation"]').click();
    expect(await page.locator('#details-outcome').textContent()).toBe('fail:wrong-observation');
    expect(await page.locator('#details-diff').textContent()).toContain('/position: expected 12345678901234567890, got 12345678901234567891');
    const order = await page.locator('#details-body pre').evaluateAll((ps) => ps.map((p) => p.id));
    expect(order.slice(0, 4)).toEqual(['details-diff', 'details-input', 'details-expected', 'details-got']);
    // Lexemes above 2^53 are shown exactly, not as rounded doubles.
    expect(await page.locator('#details-expected').textContent()).toContain('12345678901234567890');
    expect(await page.locator('#details-got').textContent()).toContain('12345678901234567891');
    expect(page.url()).toMatch(/#aaaa0000000000000002\/1$/);
    const again = await browser!.newPage();
    await again.goto(page.url());
    expect(await again.locator('#details-diff').textContent()).toContain('/position:');
    await again.close();
    await page.close();
  });

  browserTest('names the command that prints a cut actual observation whole, and none for what is shown whole', async () => {
    const page = await open();
    await page.locator('tr.case:visible td.cell[data-outcome="fail:accepted-invalid"]').first().click();
    const got = (await page.locator('#details-got').textContent())!;
    expect(got).toMatch(/… \d+ more characters not shown$/);
    expect(got).not.toContain('123456789012345678901234567890');
    // Two implementations on the page: the command names whose answer it prints.
    expect(await page.locator('#details-whole-actual').textContent()).toBe(
      `whole answer (observation, verdict, stderr): formcert show --actual bbbb0000000000000003 --results ${shellWord(resultsFile)} --implementation 'beta 0.3'`,
    );
    // A case whose answer is shown whole has no such line.
    await page.locator('#details-close').click();
    await page.selectOption('#filter-outcome', 'fail:wrong-observation');
    await page.locator('tr.case:visible td.cell[data-outcome="fail:wrong-observation"]').click();
    expect(await page.locator('#details-got').textContent()).toContain('12345678901234567891');
    expect(await page.locator('#details-whole-actual').count()).toBe(0);
    await page.close();
  });

  browserTest('shows a hostile input and stderr as text', async () => {
    const page = await open();
    await page.fill('#search', 'hostile');
    await page.locator('tr.case:visible td.cell[data-outcome="errored:crash"]').click();
    expect(await page.locator('#details-input').textContent()).toBe('</script><script>window.__pwned = 1</script>');
    expect(await page.locator('#details-stderr').textContent()).toContain('onerror=');
    expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
    expect(errors).toEqual([]);
    expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
  });

  browserTest('renders the results site from file:// with no network and follows a link to an implementation page', async () => {
    const { dir, status } = await buildSite();
    expect(status).toBe(0);
    const page = await browser!.newPage();
    const seen: string[] = [];
    page.on('request', (r) => seen.push(r.url()));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(join(dir, 'index.html')).href);
    expect(await page.locator('#matrix tbody tr').count()).toBe(2);
    expect(await page.locator('#matrix img').evaluateAll((imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 0))).toEqual([true, true]);
    await page.locator('#matrix a', { hasText: 'beta 0.3' }).click();
    await page.waitForURL(/impl\/beta-0\.3\.html$/);
    expect(await page.locator('#req-table tr.req-row').count()).toBe(3);
    expect(errors).toEqual([]);
    expect(seen.every((u) => u.startsWith('file:') || u.startsWith('data:'))).toBe(true);
    await page.close();
  });
});
