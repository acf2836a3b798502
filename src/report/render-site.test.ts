import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../shared/exit-codes.ts';
import { buildSite } from './report-fixtures.test-helpers.ts';



describe('report site (issue 13 item 2)', () => {
  it('writes an index of implementations × ops, a page per implementation and per requirement, with relative links that resolve', async () => {
    const { dir, out, status } = await buildSite();
    expect(status).toBe(EXIT.OK);
    expect(out).toMatch(/^formcert report site: \d+ pages in /);
    const index = readFileSync(join(dir, 'index.html'), 'utf8');
    // Two implementations, three ops; beta accepted an invalid input in morph.c14n.
    expect(index.match(/<tr><td><a href="impl\//g)).toHaveLength(2);
    expect(index).toContain('<th><code>morph.c14n</code></th>');
    expect(index).toContain('0/2 pass<br>1 accepted-invalid');
    expect(index).toContain('data:image/svg+xml;base64,');
    for (const file of ['impl/alpha-1.0.html', 'impl/beta-0.3.html', 'badges/beta-0.3.svg', 'req/r-s1.html']) expect(existsSync(join(dir, file))).toBe(true);
    // beta's page shows its long observation cut and names the command that prints it from the site's sources, with beta's name (they hold alpha too).
    const beta = readFileSync(join(dir, 'impl/beta-0.3.html'), 'utf8');
    const sources = ['alpha', 'beta'].map((n) => `--results ${join(dirname(dir), `${n}.jsonl`)}`).join(' ');
    expect(beta).toContain(`formcert show --actual bbbb0000000000000003 ${sources} --implementation 'beta 0.3'`);
    const req = readFileSync(join(dir, 'req/r-s1.html'), 'utf8');
    expect(req).toContain('fail:accepted-invalid');
    // Nothing is fetched: no absolute URL, and every relative link names a written file.
    for (const page of ['index.html', 'req/r-s1.html']) {
      const html = readFileSync(join(dir, page), 'utf8');
      expect(html).not.toMatch(/(?:src|href)="(?:https?:)?\/\//);
      for (const [, link] of html.matchAll(/href="([^"#]+)(?:#[^"]*)?"/g)) expect(existsSync(join(dirname(join(dir, page)), link!))).toBe(true);
    }
  });
});
