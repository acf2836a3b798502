/**
 * Stryker mutate ranges (`file:line:column-line:column`) that hold given survivors and as little else as
 * possible, for a re-run of those survivors alone (`npm run mutation -- <format> --survivors <file>`),
 * and the merge of that run's statuses into the file's committed results.
 */
import ts from 'typescript';
import type { FileScore, Survivor } from './score-table.ts';

/** A position as Stryker's mutate ranges take it: line from 1, column from 0 (Babel's). */
interface Position {
  readonly line: number;
  readonly column: number;
}

/**
 * For each survivor (report position: line and column from 1), the range of the largest syntax node
 * that starts where it starts: the mutated node is that one or one nested in it, so the range holds it.
 * Ranges that overlap are merged. A survivor with no node starting at its position gets its whole line.
 */
export function survivorRanges(file: string, source: string, survivors: readonly Pick<Survivor, 'line' | 'column'>[]): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const at = (pos: number): Position => {
    const { line, character } = sf.getLineAndCharacterOfPosition(pos);
    return { line: line + 1, column: character };
  };
  // Largest end of the nodes that start at each position (key: "line:column").
  const widest = new Map<string, Position>();
  const visit = (node: ts.Node) => {
    const start = at(node.getStart(sf));
    const end = at(node.getEnd());
    const key = `${start.line}:${start.column}`;
    const known = widest.get(key);
    if (!known || before(known, end)) widest.set(key, end);
    node.forEachChild(visit);
  };
  sf.forEachChild(visit);
  const lines = source.split('\n');
  const lineEnd = (line: number): Position => ({ line, column: (lines[line - 1] ?? '').length });
  const ranges = survivors
    .map((s) => {
      const start = { line: s.line, column: s.column - 1 };
      const end = widest.get(`${start.line}:${start.column}`);
      return end ? { start, end } : { start: { line: s.line, column: 0 }, end: lineEnd(s.line) };
    })
    .sort((a, b) => (before(a.start, b.start) ? -1 : before(b.start, a.start) ? 1 : 0));
  const merged: { start: Position; end: Position }[] = [];
  for (const r of ranges) {
    const last = merged[merged.length - 1];
    if (last && !before(last.end, r.start)) {
      if (before(last.end, r.end)) last.end = r.end;
    } else merged.push({ ...r });
  }
  return merged.map((r) => `${file}:${r.start.line}:${r.start.column}-${r.end.line}:${r.end.column}`);
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.column < b.column);

/** A mutant of a Stryker report as the merge reads it. */
interface RerunMutant {
  readonly line: number;
  readonly column: number;
  readonly mutator: string;
  readonly replacement: string;
  readonly status: string;
}

/**
 * The file's figures with the re-run's statuses of `targets` (survivors of `old`, the file's committed
 * figures from the same source) put in: a target the re-run killed (or timed out) leaves the survivors
 * and moves to killed (timeout); one still surviving keeps its place. Mutants of the re-run that were no
 * target (nested in a target's node) are left out: their status is already in `old`. Also gives how
 * many targets the re-run found and how many of those it detected.
 */
export function mergeRerun(old: FileScore, targets: readonly Survivor[], rerun: readonly RerunMutant[]): { score: FileScore; found: number; detected: number } {
  const sameMutant = (s: Survivor, m: RerunMutant) => s.line === m.line && s.column === m.column && s.mutator === m.mutator && s.replacement === m.replacement;
  const counts = { killed: old.killed, timeout: old.timeout, survived: old.survived, noCoverage: old.noCoverage };
  const isTarget = new Set(targets);
  let found = 0;
  let detected = 0;
  const survivors: Survivor[] = [];
  for (const s of old.survivors) {
    const m = isTarget.has(s) ? rerun.find((r) => sameMutant(s, r)) : undefined;
    if (m === undefined) {
      survivors.push(s);
      continue;
    }
    found++;
    const was = s.status === 'Survived' ? 'survived' : 'noCoverage';
    if (m.status === 'Killed' || m.status === 'Timeout') {
      counts[was]--;
      counts[m.status === 'Killed' ? 'killed' : 'timeout']++;
      detected++;
    } else if (m.status === 'Survived' || m.status === 'NoCoverage') {
      const now = m.status === 'Survived' ? 'survived' : 'noCoverage';
      counts[was]--;
      counts[now]++;
      survivors.push({ ...s, status: m.status });
    } else {
      // An error status (the mutant no longer compiles or runs): keep the old figure.
      survivors.push(s);
      found--;
    }
  }
  return { score: { ...old, ...counts, survivors }, found, detected };
}
