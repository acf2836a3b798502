/**
 * The module graph's rules (issue "One house"): formats depend on shared only; report and runner meet
 * in the leaf results model and neither imports the other (the CLI hands certify the report writer);
 * nothing outside the CLI imports it; an `_internals/` folder is private to
 * its parent folder; and there is no import cycle, type imports included. Imports are read from the
 * source text of every module under src/ and generators/, tests included.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './runner/vectors/repo-root.ts';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listModules(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === '__snapshots__' ? [] : listModules(path);
    return /\.m?ts$/.test(e.name) ? [path] : [];
  });
}

/** Repo-relative module → repo-relative modules it imports (relative specifiers only). */
function readGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of [...listModules(join(REPO_ROOT, 'src')), ...listModules(join(REPO_ROOT, 'generators'))]) {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2]!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(REPO_ROOT, resolve(dirname(file), spec)).split(sep).join('/'));
    graph.set(relative(REPO_ROOT, file).split(sep).join('/'), targets);
  }
  return graph;
}

/** The layer a module belongs to: src/<area>/… → area, generators/… → generators. */
function layerOf(path: string): string {
  const parts = path.split('/');
  return parts[0] === 'src' ? (parts.length > 2 ? parts[1]! : 'src') : parts[0]!;
}

/** Which layers each layer may import (besides itself). */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  shared: ['generated'],
  generated: [],
  results: ['shared'],
  journal: ['shared', 'generated'],
  codegraph: ['shared', 'generated'],
  morph: ['shared', 'generated'],
  generators: ['shared', 'generated', 'journal', 'codegraph', 'morph'],
  report: ['results', 'shared', 'generated'],
  runner: ['results', 'shared', 'generated', 'journal', 'codegraph', 'morph', 'generators'],
  cli: ['runner', 'report', 'results', 'shared', 'generated', 'journal', 'codegraph', 'morph', 'generators'],
  src: ['runner', 'report', 'results', 'shared', 'generated', 'journal', 'codegraph', 'morph', 'generators'],
};

/** What a test file may import besides its layer's allowance: generators, fixtures and test helpers. */
const TEST_EXTRAS: readonly string[] = ['generators', 'test-support', 'conformance'];

/**
 * What a layer's tests may import besides TEST_EXTRAS: runner tests that drive certify end to end hand it
 * the real report writer and merge its reports, as the CLI does.
 */
const LAYER_TEST_EXTRAS: Readonly<Record<string, readonly string[]>> = { runner: ['report'] };

/** Strongly connected components of more than one module, or a module importing itself. */
function findCycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        onStack.delete(w);
        component.push(w);
        if (w === v) break;
      }
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return cycles;
}

/**
 * The modules allowed a dynamic `import()`, each for a reason the graph can still read (a literal
 * specifier): the CLI loads the one verb a process runs (`testee exec` starts once per case), the
 * reference testee loads one format's oracle, the planner one tokenizer's tables (megabytes each).
 */
const LAZY_BOUNDARIES: readonly string[] = ['src/cli/commands.ts', 'src/runner/oracle-ops.ts', 'src/morph/planner/load-token-counter.ts'];
/** Modules allowed an import whose specifier is computed: golden's case sources are found by globbing a directory. */
const DISCOVERY: readonly string[] = ['src/runner/vectors/collect-case-sources.ts'];

/** `import(` calls of a module's source text, split by whether the specifier is a string literal. */
function findDynamicImports(text: string): { literal: number; computed: number } {
  const all = [...text.matchAll(/(?<![\w.])import\(/g)].length;
  const literal = [...text.matchAll(/(?<![\w.])import\(\s*['"][^'"]+['"]\s*\)/g)].length;
  // `typeof import('…')` names a type: it loads nothing.
  const typeOnly = [...text.matchAll(/typeof import\(\s*['"][^'"]+['"]\s*\)/g)].length;
  return { literal: literal - typeOnly, computed: all - literal };
}

const graph = readGraph();

describe('the module graph', () => {
  it('reads the modules it judges', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('src/runner/certify.ts')).toContain('src/shared/ops.ts');
  });

  it('has no import cycle', () => {
    expect(findCycles(graph)).toEqual([]);
  });

  it('points down: each layer imports only the layers below it (tests may add generators and fixtures), and nothing imports the CLI', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      const a = layerOf(from);
      for (const to of targets) {
        const b = layerOf(to);
        const extras = from.endsWith('.test.ts') ? [...TEST_EXTRAS, ...(LAYER_TEST_EXTRAS[a] ?? [])] : [];
        if (a !== b && !(ALLOWED[a] ?? []).includes(b) && !extras.includes(b)) wrong.push(`${from} -> ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('imports statically wherever the module is known: import() only at the named lazy boundaries, computed specifiers only for discovery', () => {
    const wrong: string[] = [];
    for (const from of graph.keys()) {
      if (from.endsWith('.test.ts')) continue;
      const { literal, computed } = findDynamicImports(readFileSync(join(REPO_ROOT, from), 'utf8'));
      if (literal > 0 && !LAZY_BOUNDARIES.includes(from)) wrong.push(`${from}: ${literal} import() of a known module`);
      if (computed > 0 && !DISCOVERY.includes(from)) wrong.push(`${from}: ${computed} import() of a computed path`);
    }
    expect(wrong).toEqual([]);
    expect(findDynamicImports("const a = await import('./x.ts'); const b = await import(url); type T = typeof import('./y.ts');")).toEqual({ literal: 1, computed: 1 });
  });

  it('keeps every _internals/ folder private to its parent folder', () => {
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      for (const to of targets) {
        const at = to.indexOf('/_internals/');
        if (at >= 0 && !from.startsWith(to.slice(0, at + 1))) wrong.push(`${from} -> ${to}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds a cycle and a wrong-way import when there is one (the checks can fail)', () => {
    const toy = new Map([
      ['src/a.ts', ['src/b.ts']],
      ['src/b.ts', ['src/a.ts']],
      ['src/c.ts', []],
    ]);
    expect(findCycles(toy)).toEqual([['src/a.ts', 'src/b.ts']]);
    expect(ALLOWED[layerOf('src/journal/read.ts')]).not.toContain(layerOf('src/cli/commands/x.ts'));
    // Runner and report meet only in results: neither may import the other.
    expect(ALLOWED[layerOf('src/runner/certify.ts')]).not.toContain(layerOf('src/report/summarize.ts'));
    expect(ALLOWED[layerOf('src/report/report-command.ts')]).not.toContain(layerOf('src/runner/certify.ts'));
  });
});
