import { describe, expect, it } from 'vitest';
import { explainSurvivor, mutationScore, renderMutationTable, summarizeReport, survivorKey } from './score-table.ts';

const at = (line: number, column = 1) => ({ start: { line, column } });
const REPORT = {
  files: {
    'src/journal/a.ts': {
      mutants: [
        { mutatorName: 'EqualityOperator', replacement: '<=', status: 'Killed', location: at(3) },
        { mutatorName: 'BlockStatement', replacement: '{}', status: 'Timeout', location: at(5) },
        { mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(9, 7) },
        { mutatorName: 'BooleanLiteral', replacement: 'false', status: 'CompileError', location: at(2) },
      ],
    },
    'src/journal/sub/b.ts': {
      mutants: [
        { mutatorName: 'ConditionalExpression', replacement: 'true', status: 'NoCoverage', location: at(4, 2) },
        { mutatorName: 'ArithmeticOperator', replacement: 'a - b', status: 'Killed', location: at(1) },
      ],
    },
  },
};

describe('mutation score table', () => {
  const scores = summarizeReport(REPORT);

  it('counts each status per file and keeps errors out of the score', () => {
    expect(scores.map((s) => [s.file, s.killed, s.timeout, s.survived, s.noCoverage, s.errors])).toEqual([
      ['src/journal/a.ts', 1, 1, 1, 0, 1],
      ['src/journal/sub/b.ts', 1, 0, 0, 1, 0],
    ]);
    expect(mutationScore(scores[0]!)).toBeCloseTo(2 / 3);
    expect(mutationScore({ killed: 0, timeout: 0, survived: 0, noCoverage: 0 })).toBeUndefined();
  });

  it('lists every survivor with its explanation, or says it is not explained', () => {
    const survivor = scores[0]!.survivors[0]!;
    expect(survivorKey(survivor)).toBe('src/journal/a.ts:9:7 StringLiteral');
    const table = renderMutationTable('journal', scores, ['src/journal/a.ts', 'src/journal/c.ts', 'src/journal/sub/b.ts'], {
      'src/journal/a.ts:9:7 StringLiteral': 'the message is for people only',
    });
    expect(table).toContain('| src/journal/a.ts:9:7 | StringLiteral | `""` | Survived | the message is for people only |');
    expect(table).toContain('| src/journal/sub/b.ts:4:2 | ConditionalExpression | `true` | NoCoverage | **not explained** |');
    expect(table).toContain('files mutated: 2 of 3 (not run yet: src/journal/c.ts)');
    expect(table).toContain('| **all** | 2 | 1 | 1 | 1 | 1 | 60.0% |');
    expect(table).toContain('| src/journal/sub | 1 | 0 | 0 | 1 | 0 | 50.0% |');
    expect(table).toContain('survivors explained as equivalent: 1 of 2; score counting explained survivors as equivalent: 75.0%');
  });

  it('counts a string on a line that builds a refusal as its text, not its verdict', () => {
    const [file] = summarizeReport({
      files: {
        'src/journal/c.ts': {
          source: "const x = 1;\n  if (bad) return fail(refuse(RULES.X, 'must be an object', at, ''));\n  if (raw.has('schema')) go();\n",
          mutants: [
            { mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(2, 38) },
            { mutatorName: 'StringLiteral', replacement: '""', status: 'Survived', location: at(3, 15) },
          ],
        },
      },
    });
    const [message, member] = file!.survivors;
    expect(explainSurvivor(message!, {})).toMatch(/text or location of a refusal/);
    expect(explainSurvivor(member!, {})).toBeUndefined();
  });
});
