import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { embedJson, renderHtml } from './render-html.ts';
import { sampleRecords } from './report-fixtures.test-helpers.ts';
import { PROCESS_TEST_TIMEOUT_MS } from '../../test-support/timeouts.ts';

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

describe('HTML report in headless Chromium', () => {
  browserTest('shows the matrix, filters by outcome and op, and opens a failing case with its diff', async () => {
    const { chromium } = await import('playwright-core');
    const dir = mkdtempSync(join(tmpdir(), 'formcert-html-'));
    const file = join(dir, 'report.html');
    writeFileSync(file, renderHtml(sampleRecords(), 'test report'));
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(file).href);

      // Two implementation columns, six cases grouped under three ops.
      expect(await page.locator('#matrix-head th').count()).toBe(4);
      expect(await page.locator('tr.case').count()).toBe(6);
      expect(await page.locator('tr.group-op').allTextContents()).toEqual(['journal.read', 'morph.c14n', 'morph.decode']);
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

      await page.selectOption('#filter-outcome', 'failing');
      expect(await page.locator('tr.case:visible').count()).toBe(3);
      await page.selectOption('#filter-op', 'morph.c14n');
      expect(await page.locator('tr.case:visible').count()).toBe(2);
      expect(await page.locator('tr.group-op:visible').allTextContents()).toEqual(['morph.c14n']);
      await page.selectOption('#filter-op', '');
      await page.selectOption('#filter-outcome', 'fail:wrong-observation');
      expect(await page.locator('tr.case:visible').count()).toBe(1);
      await page.fill('#search', 'no-such-case');
      expect(await page.locator('tr.case:visible').count()).toBe(0);
      await page.fill('#search', 'R-S2');
      expect(await page.locator('tr.case:visible').count()).toBe(1);

      await expect(page.locator('#details').isVisible()).resolves.toBe(false);
      await page.locator('tr.case:visible td.cell[data-outcome="fail:wrong-observation"]').click();
      expect(await page.locator('#details').isVisible()).toBe(true);
      expect(await page.locator('#details-outcome').textContent()).toBe('fail:wrong-observation');
      expect(await page.locator('#details-diff').textContent()).toContain('/position: expected 12345678901234567890, got 12345678901234567891');
      // Lexemes above 2^53 are shown exactly, not as rounded doubles.
      expect(await page.locator('#details-expected').textContent()).toContain('12345678901234567890');
      expect(await page.locator('#details-got').textContent()).toContain('12345678901234567891');

      // The open case is in the URL: loading that URL opens it again.
      const link = page.url();
      expect(link).toMatch(/#aaaa0000000000000002\/1$/);
      const again = await browser.newPage();
      await again.goto(link);
      expect(await again.locator('#details').isVisible()).toBe(true);
      expect(await again.locator('#details-diff').textContent()).toContain('/position:');
      await again.close();

      // The hostile case shows its input and stderr as text.
      await page.keyboard.press('Escape');
      await page.fill('#search', 'hostile');
      await page.selectOption('#filter-outcome', '');
      await page.locator('tr.case:visible td.cell[data-outcome="errored:crash"]').click();
      expect(await page.locator('#details-input').textContent()).toBe('</script><script>window.__pwned = 1</script>');
      expect(await page.locator('#details-stderr').textContent()).toContain('onerror=');
      expect(await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

      expect(errors).toEqual([]);
      expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
    } finally {
      await browser.close();
    }
  }, PROCESS_TEST_TIMEOUT_MS);
});
