/**
 * The repository stands alone: every resolution id is indexed in spec/resolutions.md and stated in the
 * document the index names, no file points at a path outside the repository, and every relative link
 * in the Markdown documents resolves.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SPEC_DIR } from './registry.ts';

const REPO_ROOT = join(SPEC_DIR, '..');
const SKIP_DIRS = new Set(['node_modules', '.git', 'reports', 'dist', 'target', '.bench', '.stryker-tmp']);
const TEXT_FILE = /\.(ts|mts|mjs|js|json|md|py|rs|toml|sh|yml|yaml|txt)$|^run$/;

/** Every text file of the repository, as a path relative to its root. */
function listTextFiles(dir = REPO_ROOT): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) found.push(...listTextFiles(path));
    } else if (TEXT_FILE.test(name) && statSync(path).size < 2_000_000) {
      found.push(relative(REPO_ROOT, path));
    }
  }
  return found;
}

/** Resolution ids (R-S1, R-J6a, …) in a text. */
function resolutionIds(text: string): Set<string> {
  return new Set(text.match(/\bR-[SMJC][0-9]+[a-z]?\b/g) ?? []);
}

describe('spec/resolutions.md', () => {
  const index = readFileSync(join(SPEC_DIR, 'resolutions.md'), 'utf8');
  const rows = [...index.matchAll(/^\| (R-[SMJC][0-9]+[a-z]?) \| (core|strict) \| .+ \| \[[^\]]+\]\(([^)]+)\) \|$/gm)];

  it('lists every resolution id the registries and the rule documents define', () => {
    const defined = new Set<string>();
    for (const dir of readdirSync(SPEC_DIR)) {
      if (!statSync(join(SPEC_DIR, dir)).isDirectory()) continue;
      for (const name of readdirSync(join(SPEC_DIR, dir)).filter((n) => /\.(md|json)$/.test(n))) {
        const text = readFileSync(join(SPEC_DIR, dir, name), 'utf8');
        if (/^requirements.*\.json$/.test(name)) {
          for (const r of (JSON.parse(text) as { requirements: { id: string }[] }).requirements) if (r.id.startsWith('R-')) defined.add(r.id);
        } else if (name.endsWith('.md')) {
          for (const m of text.matchAll(/\*\*(R-[SMJC][0-9]+[a-z]?)\b/g)) defined.add(m[1]!);
        }
      }
    }
    expect(rows.map((r) => r[1]).sort()).toEqual([...defined].sort());
  });

  it('names, for each id, a document that states it in bold', () => {
    const missing = rows.filter(([, id, , link]) => !readFileSync(join(SPEC_DIR, link!), 'utf8').includes(`**${id!}`));
    expect(missing.map((r) => `${r[1]} → ${r[3]}`)).toEqual([]);
  });

  it('agrees with the registries on each profile', () => {
    const index = new Map(rows.map((r) => [r[1]!, r[2]!]));
    const disagree: string[] = [];
    for (const dir of readdirSync(SPEC_DIR)) {
      const path = join(SPEC_DIR, dir);
      if (!statSync(path).isDirectory()) continue;
      for (const name of readdirSync(path).filter((n) => /^requirements.*\.json$/.test(n))) {
        for (const r of (JSON.parse(readFileSync(join(path, name), 'utf8')) as { requirements: { id: string; profile: string }[] }).requirements) {
          if (index.has(r.id) && index.get(r.id) !== r.profile) disagree.push(`${r.id}: ${r.profile} in ${dir}/${name}`);
        }
      }
    }
    expect(disagree).toEqual([]);
  });

  it('every id cited anywhere in spec/ is one the index lists', () => {
    const listed = new Set(rows.map((r) => r[1]!));
    const cited = new Set<string>();
    for (const file of listTextFiles(SPEC_DIR)) for (const id of resolutionIds(readFileSync(join(REPO_ROOT, file), 'utf8'))) cited.add(id);
    expect([...cited].filter((id) => !listed.has(id))).toEqual([]);
  });
});

describe('the repository is self-contained', () => {
  const files = listTextFiles();
  // Spelled in pieces so that this file does not match itself.
  const outside = new RegExp(['/wo' + 'rk/', 'shared/(design|external|seeds)/', '\\.\\./\\.\\./\\.\\./\\.\\./shared', 'PROTO' + 'COL\\.md', 'RESOLU' + 'TIONS\\.md', 'ARCHI' + 'TECTURE\\.md'].join('|'));

  it('no file refers to a path outside the repository', () => {
    const offenders: string[] = [];
    for (const file of files) {
      readFileSync(join(REPO_ROOT, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (outside.test(line)) offenders.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(offenders).toEqual([]);
  });

  it('every relative link in a Markdown document resolves to a file in the repository', () => {
    const broken: string[] = [];
    for (const file of files.filter((f) => f.endsWith('.md'))) {
      const text = readFileSync(join(REPO_ROOT, file), 'utf8');
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!.split('#')[0]!;
        if (target === '' || /^[a-z]+:/.test(target)) continue;
        const resolved = join(dirname(join(REPO_ROOT, file)), target);
        if (!existsSync(resolved) || relative(REPO_ROOT, resolved).startsWith('..')) broken.push(`${file}: ${m[1]}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
