/**
 * The shell lines the documentation shows, for the tests that hold it to the CLI: the lines of every
 * fenced block of every Markdown file, the `run:` steps of the CI workflows in examples/ci/ and the
 * lines of the shell scripts there. Comments are dropped and backslash continuations joined, so a
 * line is one command line as a shell would read it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../src/runner/vectors/repo-root.ts';

/** Directories no documentation lives in (dependencies, builds, vendored third-party text). */
const SKIPPED_DIRS = new Set(['node_modules', 'vendor', 'dist', '.git', 'target', 'reports']);

/** The CI recipes third parties copy. */
export const CI_EXAMPLES_DIR = join(REPO_ROOT, 'examples', 'ci');

/** One shell line of the documentation. */
export interface DocumentedLine {
  /** Repository-relative file and 1-based line (of the line's first physical line). */
  readonly where: string;
  readonly file: string;
  /** The command line: comment dropped, continuations joined, a `$ ` prompt removed. */
  readonly text: string;
  /** Where it was found: a fence's info string (`sh`, `yaml`, '' for a bare fence), `workflow` or `script`. */
  readonly kind: string;
  /** The ` # comment` of a one-line Markdown command (where the docs say e.g. `exit 1`). */
  readonly comment?: string;
  /** For a `$ ` transcript line of a Markdown block: the output lines shown under it. */
  readonly transcript?: readonly string[];
}

function listFiles(dir: string, wanted: (name: string) => boolean): string[] {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return entries.flatMap((e) => {
    if (e.isDirectory()) return SKIPPED_DIRS.has(e.name) ? [] : listFiles(join(dir, e.name), wanted);
    return wanted(e.name) ? [join(dir, e.name)] : [];
  });
}

/** Drops a ` # comment` (a `#` after white space, as the shell reads it outside quotes) and trailing space. */
function dropComment(line: string): string {
  return line.replace(/(^|\s)#(?![{!]).*$/, '').trimEnd();
}

/** Joins physical lines ending in `\` with the next one; returns [first line index, text] pairs. */
function joinContinuations(lines: readonly { index: number; text: string }[]): { index: number; text: string }[] {
  const out: { index: number; text: string }[] = [];
  let pending: { index: number; text: string } | undefined;
  for (const { index, text } of lines) {
    const joined = pending ? `${pending.text} ${text.trim()}` : text;
    const start = pending ? pending.index : index;
    if (joined.endsWith('\\')) pending = { index: start, text: joined.slice(0, -1).trimEnd() };
    else {
      pending = undefined;
      out.push({ index: start, text: joined });
    }
  }
  if (pending) out.push(pending);
  return out;
}

function markdownLines(file: string): DocumentedLine[] {
  const rel = relative(REPO_ROOT, file);
  const found: DocumentedLine[] = [];
  const line = (kind: string, index: number, text: string, transcript?: string[]) =>
    found.push({ where: `${rel}:${index + 1}`, file: rel, text, kind, ...(transcript ? { transcript } : {}) });
  const flush = (kind: string, block: { index: number; text: string }[]) => {
    if (block.some((l) => /^\$ /.test(l.text))) {
      // A transcript: each `$ ` line is a command, the lines up to the next prompt its output.
      for (const [k, l] of block.entries()) {
        if (!/^\$ /.test(l.text)) continue;
        const output: string[] = [];
        for (let j = k + 1; j < block.length && !/^\$ /.test(block[j]!.text); j++) output.push(block[j]!.text);
        line(kind, l.index, dropComment(l.text.slice(2)).trim(), output);
      }
      return;
    }
    for (const { index, text } of joinContinuations(block.map((l) => ({ index: l.index, text: dropComment(l.text) })))) {
      if (text.trim() === '') continue;
      line(kind, index, text.trim());
      const comment = /(?:^|\s)#(?![{!])\s*(.*)$/.exec(block.find((l) => l.index === index)!.text)?.[1];
      if (comment) found[found.length - 1] = { ...found[found.length - 1]!, comment };
    }
  };
  let fence: string | undefined;
  let block: { index: number; text: string }[] = [];
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((text, index) => {
      const open = /^\s*```(.*)$/.exec(text);
      if (!open) {
        if (fence !== undefined) block.push({ index, text });
      } else if (fence === undefined) fence = open[1]!.trim();
      else {
        flush(fence, block);
        fence = undefined;
        block = [];
      }
    });
  return found;
}

/** The `run:` steps of a GitHub Actions workflow, one entry per shell line (block scalars included). */
function workflowLines(file: string): DocumentedLine[] {
  const rel = relative(REPO_ROOT, file);
  const lines = readFileSync(file, 'utf8').split('\n');
  const found: DocumentedLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*)(- )?run:\s*(.*)$/.exec(lines[i]!);
    if (!m) continue;
    const keyColumn = m[1]!.length + (m[2] ? 2 : 0);
    const value = m[3]!;
    const script: { index: number; text: string }[] = [];
    if (/^[|>][-+]?$/.test(value)) {
      for (let j = i + 1; j < lines.length; j++) {
        const l = lines[j]!;
        if (l.trim() !== '' && l.length - l.trimStart().length <= keyColumn) break;
        script.push({ index: j, text: dropComment(l) });
      }
    } else script.push({ index: i, text: dropComment(value.replace(/^'(.*)'$/, '$1')) });
    for (const { index, text } of joinContinuations(script)) {
      if (text.trim() !== '') found.push({ where: `${rel}:${index + 1}`, file: rel, text: text.trim(), kind: 'workflow' });
    }
  }
  return found;
}

function scriptLines(file: string): DocumentedLine[] {
  const rel = relative(REPO_ROOT, file);
  const lines = readFileSync(file, 'utf8')
    .split('\n')
    .map((text, index) => ({ index, text: dropComment(text) }));
  return joinContinuations(lines)
    .filter((l) => l.text.trim() !== '')
    .map((l) => ({ where: `${rel}:${l.index + 1}`, file: rel, text: l.text.trim(), kind: 'script' }));
}

/** Every documented shell line: Markdown fenced blocks, then the CI workflows and scripts of examples/ci/. */
export function documentedLines(): DocumentedLine[] {
  return [
    ...listFiles(REPO_ROOT, (n) => n.endsWith('.md')).flatMap(markdownLines),
    ...listFiles(CI_EXAMPLES_DIR, (n) => n.endsWith('.yml') || n.endsWith('.yaml')).flatMap(workflowLines),
    ...listFiles(CI_EXAMPLES_DIR, (n) => n.endsWith('.sh')).flatMap(scriptLines),
  ];
}

/**
 * The formcert invocations of one shell line: for each `npx formcert …` (or `formcert …` at the start
 * of a command, or `…/bin/formcert.mjs …`), the words after `formcert`. A line may hold several
 * (`a && b`, `a | b`, `if …; then …`).
 */
export function formcertInvocations(text: string): string[][] {
  const found: string[][] = [];
  for (const part of text.split(/&&|\|\||\||;/)) {
    const words = part.trim().split(/\s+/);
    const at = words.findIndex((w, k) => (w === 'formcert' && (k === 0 || words[k - 1] === 'npx')) || w.endsWith('bin/formcert.mjs'));
    if (at >= 0 && words[at + 1] !== undefined) found.push(words.slice(at + 1));
  }
  return found;
}
