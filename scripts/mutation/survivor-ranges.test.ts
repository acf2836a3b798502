import { describe, expect, it } from 'vitest';
import type { FileScore, Survivor } from './score-table.ts';
import { mergeRerun, survivorRanges } from './survivor-ranges.ts';

const SOURCE = ['export function f(a: number, b: number): number {', '  if (a > 0 && b > 0) {', '    return a + b;', '  }', '  return 0;', '}', ''].join('\n');

describe('survivorRanges', () => {
  it('gives the widest node starting at each survivor (report columns from 1, range columns from 0)', () => {
    // `a > 0 && b > 0` starts at line 2, column 7 (from 1); `a + b` at line 3, column 12.
    expect(survivorRanges('src/x.ts', SOURCE, [{ line: 2, column: 7 }])).toStrictEqual(['src/x.ts:2:6-2:20']);
    expect(survivorRanges('src/x.ts', SOURCE, [{ line: 3, column: 12 }])).toStrictEqual(['src/x.ts:3:11-3:16']);
  });

  it('covers a block that spans lines, and merges the ranges that overlap', () => {
    // The `if` block's brace at line 2, column 23, holds the return at line 3.
    expect(survivorRanges('src/x.ts', SOURCE, [{ line: 3, column: 12 }, { line: 2, column: 23 }])).toStrictEqual(['src/x.ts:2:22-4:3']);
  });

  it('falls back to the whole line where no node starts at the position', () => {
    expect(survivorRanges('src/x.ts', SOURCE, [{ line: 5, column: 3 + 20 }])).toStrictEqual(['src/x.ts:5:0-5:11']);
  });
});

describe('mergeRerun', () => {
  const survivor = (line: number, mutator: string, status: Survivor['status'] = 'Survived'): Survivor => ({ file: 'src/x.ts', line, column: 7, mutator, replacement: 'true', status, sourceLine: '' });
  const a = survivor(2, 'ConditionalExpression');
  const b = survivor(3, 'ConditionalExpression');
  const c = survivor(4, 'BlockStatement', 'NoCoverage');
  const explained = survivor(5, 'ConditionalExpression');
  const old: FileScore = { file: 'src/x.ts', killed: 10, timeout: 1, survived: 3, noCoverage: 1, errors: 0, survivors: [a, b, c, explained] };
  const mutant = (s: Survivor, status: string) => ({ line: s.line, column: s.column, mutator: s.mutator, replacement: s.replacement, status });

  it('moves a detected target to killed or timeout and keeps the rest, figures and positions', () => {
    const { score, found, detected } = mergeRerun(old, [a, b, c], [mutant(a, 'Killed'), mutant(b, 'Survived'), mutant(c, 'Timeout'), mutant(explained, 'Killed')]);
    expect([found, detected]).toStrictEqual([3, 2]);
    expect(score.survivors).toStrictEqual([b, explained]);
    expect([score.killed, score.timeout, score.survived, score.noCoverage]).toStrictEqual([11, 2, 2, 0]);
  });

  it('leaves out what was no target, and a target the re-run did not hold', () => {
    const { score, found, detected } = mergeRerun(old, [a], [mutant(explained, 'Killed')]);
    expect([found, detected]).toStrictEqual([0, 0]);
    expect(score).toStrictEqual({ ...old, survivors: old.survivors });
  });
});
