import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  explainSurvivor,
  type FileScore,
  fromFileResults,
  hashSource,
  mutationScore,
  readFormatResults,
  renderMutationTable,
  resultsPath,
  type RunInfo,
  summarizeReport,
  survivorKey,
  toFileResults,
  writeFileResults,
} from './score-table.ts';

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

  it('counts a static mutant a run left out (ignoreStatic) as not detected, and lists it', () => {
    const [ignored] = summarizeReport({
      files: { 'src/journal/c.ts': { source: 'const A = "x";\n', mutants: [{ mutatorName: 'StringLiteral', replacement: '""', status: 'Ignored', location: at(1, 11) }, { mutatorName: 'StringLiteral', replacement: '"y"', status: 'Killed', location: at(1, 11) }] } },
    });
    expect([ignored!.killed, ignored!.noCoverage, mutationScore(ignored!)]).toEqual([1, 1, 0.5]);
    expect(ignored!.survivors.map((s) => s.status)).toEqual(['Ignored']);
    expect(renderMutationTable('journal', [ignored!], { 'src/journal/c.ts': 'x' }, [], {})).toContain('| src/journal/c.ts:1:11 | StringLiteral | `""` | Ignored | **not explained** |');
  });

  it('lists every survivor with its explanation, or says it is not explained', () => {
    const survivor = scores[0]!.survivors[0]!;
    expect(survivorKey(survivor)).toBe('src/journal/a.ts:9:7 StringLiteral');
    const table = renderMutationTable('journal', scores, { 'src/journal/a.ts': 'x', 'src/journal/c.ts': 'y', 'src/journal/sub/b.ts': 'z' }, ['src/journal/cli-only.ts'], {
      'src/journal/a.ts:9:7 StringLiteral': 'the message is for people only',
    });
    expect(table).toContain('| src/journal/a.ts:9:7 | StringLiteral | `""` | Survived | the message is for people only |');
    expect(table).toContain('| src/journal/sub/b.ts:4:2 | ConditionalExpression | `true` | NoCoverage | **not explained** |');
    expect(table).toContain('files mutated: 2 of 3 (not run yet: src/journal/c.ts)');
    expect(table).toContain('not mutated, since no op imports them (no golden case can run their code): src/journal/cli-only.ts');
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
    // codegraph's and MORPH's refusals take the code first: a mutated code is not text.
    const line = "    if (bad) return this.refusal('RECORD_MEMBER_TYPE', `x is not a number`, where);";
    const col = (needle: string) => line.indexOf(needle) + 1;
    const survivor = (column: number) => ({ file: 'src/codegraph/c.ts', line: 1, column, mutator: 'StringLiteral', replacement: '""', status: 'Survived' as const, sourceLine: line });
    expect(explainSurvivor(survivor(col("`")), {})).toMatch(/text or location of a refusal/);
    expect(explainSurvivor(survivor(col("'RECORD")), {})).toBeUndefined();
    // A range key explains every mutant on its lines, and only those.
    expect(explainSurvivor(member!, { 'src/journal/c.ts:3-4 *': 'why' })).toBe('why');
    expect(explainSurvivor(member!, { 'src/journal/c.ts:1-2 *': 'why', 'src/journal/cc.ts:3-3 *': 'why' })).toBeUndefined();
  });
});

describe('committed per-file results', () => {
  const run = (seconds: number, sha: string): RunInfo => ({ sourceSha256: sha, ranAt: '2026-01-01T00:00:00Z', seconds, files: 2, mutants: 4 });
  let root: string | undefined;
  afterEach(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });

  it('mirror the source tree under reports/mutation/<format>/', () => {
    expect(resultsPath('journal', 'src/journal/track-key.ts')).toBe('reports/mutation/journal/track-key.results.json');
    expect(resultsPath('morph', 'src/morph/codecs/toon.ts')).toBe('reports/mutation/morph/codecs/toon.results.json');
    expect(() => resultsPath('morph', 'src/journal/track-key.ts')).toThrow();
  });

  it('round-trip a score with its survivors, one survivor per line', () => {
    const [a] = summarizeReport(REPORT);
    const results = toFileResults(a!, run(8, hashSource('const x = 1;\n')));
    const text = JSON.stringify(results);
    expect(fromFileResults(JSON.parse(text))).toEqual({ ...a, run: results.run });
    expect(results.survivors).toEqual([{ line: 9, column: 7, mutator: 'StringLiteral', replacement: '""', status: 'Survived', sourceLine: '' }]);
  });

  it('a later run of one file replaces that file only, and the table keeps the other', () => {
    root = mkdtempSync(join(tmpdir(), 'mutation-results-'));
    const [a, b] = summarizeReport(REPORT) as [FileScore, FileScore];
    writeFileResults(root, 'journal', toFileResults(a, run(8, 'sha-a')));
    writeFileResults(root, 'journal', toFileResults(b, run(8, 'sha-b')));
    // The re-run of a.ts kills its survivor; b.ts was not part of it.
    writeFileResults(root, 'journal', toFileResults({ ...a, killed: 2, survived: 0, survivors: [] }, { ...run(3, 'sha-a2'), files: 1, mutants: 4 }));
    const scores = readFormatResults(root, 'journal');
    expect(scores.map((s) => [s.file, s.killed, s.survived, s.noCoverage])).toEqual([
      ['src/journal/a.ts', 2, 0, 0],
      ['src/journal/sub/b.ts', 1, 0, 1],
    ]);
    expect(readFileSync(join(root, 'reports/mutation/journal/sub/b.results.json'), 'utf8')).toContain('"ConditionalExpression"');
    const table = renderMutationTable('journal', scores, { 'src/journal/a.ts': 'sha-a2', 'src/journal/sub/b.ts': 'sha-b-edited' }, [], {});
    expect(table).toContain('files mutated: 2 of 2');
    expect(table).toContain('| src/journal/a.ts | 2 | 1 | 0 | 0 | 1 | 100.0% | 0.75 s | 2026-01-01 |');
    expect(table).toContain('| src/journal/sub/b.ts | 1 | 0 | 0 | 1 | 0 | 50.0% | 2.00 s | 2026-01-01 |');
    expect(table).toContain('source changed since its run (figures and survivor positions may be out of date): src/journal/sub/b.ts');
  });
});
