/**
 * Issue 13 item 5: fuzz disagreements become findings grouped by (class, oracle code, rule), each
 * shrunk once (structurally, then cosmetically) and counted. The testees are in-process toy readers
 * with one known fault, so what the findings must be is known in advance.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseJson } from '../../shared/json/parse-value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import type { JsonObject } from '../../shared/json/value.ts';
import { loadOracleOp } from '../oracle-ops.ts';
import { loadVectorFile } from '../vectors/load-vectors.ts';
import { COSMETIC_BUDGET } from './cosmetic-shrink.ts';
import { describeFindingKey } from './group-findings.ts';
import { runFuzz, type FuzzReport } from './run-fuzz.ts';
import { reproduceCommand, saveFuzzVectors } from './save-fuzz-vectors.ts';
import { toyReader, type ToyFault } from './toy-reader.test-helpers.ts';

/** A valid v3 journal laid out the way R-J8 lets a forwarded file look: shuffled members, spaces and tabs. */
const SPACED =
  '{ "origin" : 0 ,\t"generation":0, "schema" : 3 }\n' +
  '{"version" : 1, "position":1 ,"payload":{"b": 1, "a": [2, 3]}, "kind":"Transaction","metadata" :{ "link":null, "at_us":0,"principal":null ,"correlation":1,"causation":null,"request":null}, "id":"a"}\n';

const SHRINK_BUDGET = 40;

async function fuzzToy(faults: ToyFault[], runs: number, seed: number, maxDisagreements: number) {
  const oracle = (await loadOracleOp('journal.read'))!;
  const corpus = [{ input: new Uint8Array(Buffer.from(SPACED)), valid: true }];
  const testee = toyReader('journal.read', oracle, faults);
  const report = await runFuzz({ op: 'journal.read', testee, oracle, corpus, runs, seed, maxDisagreements, shrinkBudget: SHRINK_BUDGET });
  return { report, testee };
}

describe('fuzz findings of a reader that tolerates CR', () => {
  let report: FuzzReport;
  let testeeRuns: number;
  beforeAll(async () => {
    const oracle = (await loadOracleOp('journal.read'))!;
    const verdict = await oracle(new Uint8Array(Buffer.from(SPACED)));
    expect('accept' in verdict && verdict.accept).toBe(true);
    const run = await fuzzToy(['cr-tolerated'], 600, 3, 10);
    report = run.report;
    testeeRuns = run.testee.runs;
  });

  it('collapses its disagreements into one finding with their count', () => {
    expect(report.disagreements).toHaveLength(1);
    const finding = report.disagreements[0]!;
    expect(finding.key).toEqual({ disagreement: 'accepted-invalid', code: 'CARRIAGE_RETURN', requirement: 'R-J1' });
    expect(describeFindingKey(finding.key)).toBe('accepted-invalid · CARRIAGE_RETURN · R-J1');
    // Several generated cases hit the fault, and all of them are counted in the one finding.
    expect(finding.count).toBeGreaterThan(2);
    expect(report.disagreeingCases).toBe(finding.count);
    // A finding does not end the search (--max-failures counts findings): every run was made.
    expect(report.runs).toBe(600);
    // Only the first case was shrunk: the generated cases plus one shrink budget and one cosmetic budget.
    expect(testeeRuns).toBeLessThanOrEqual(600 + SHRINK_BUDGET + COSMETIC_BUDGET);
    expect(finding.input.includes(0x0d)).toBe(true);
  });

  it('shows the representative compact and in canonical member order, payload order kept', () => {
    const lines = Buffer.from(report.disagreements[0]!.input).toString('utf8').split('\n');
    expect(lines.pop()).toBe('');
    const orders: string[][] = [];
    for (const line of lines) {
      // Judged by the JSON core, not the cosmetic pass: the line without its CR is its own compact form.
      const parsed = parseJson(line.replace(/\r/g, ''));
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      expect(line.replace(/\r/g, '')).toBe(writeJson(parsed.value));
      const object = parsed.value as JsonObject;
      orders.push([...object.keys()]);
      if (object.has('metadata')) {
        orders.push([...(object.get('metadata') as JsonObject).keys()]);
        orders.push([...(object.get('payload') as JsonObject).keys()]);
      }
    }
    expect(orders).toEqual([
      ['schema', 'generation', 'origin'],
      ['position', 'kind', 'id', 'version', 'metadata', 'payload'],
      ['principal', 'correlation', 'causation', 'request', 'link', 'at_us'],
      ['b', 'a'],
    ]);
  });

  it('prints a reproduce command a POSIX shell reads as it was run (options that decide the case included)', () => {
    const info = { testeeName: 'toy', argv: ['python3', 'my reader.py', '$HOME', "it's"], persistent: true, codes: true, corpus: 'my vectors', timeoutMs: 900 };
    expect(reproduceCommand('journal.read', { seed: -3, path: '1:0' }, info)).toBe(
      `formcert fuzz --op journal.read --seed -3 --replay 1:0 --corpus 'my vectors' --codes --timeout-ms 900 --persistent -- python3 'my reader.py' '$HOME' 'it'\\''s'`,
    );
    expect(reproduceCommand('journal.read', { seed: 5, path: '0' }, { testeeName: 'toy', argv: ['toy'], persistent: false })).toBe('formcert fuzz --op journal.read --seed 5 --replay 0 -- toy');
  });

  it('saves one case per finding whose note names the finding and its count', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'formcert-findings-'));
    try {
      const saved = await saveFuzzVectors(dir, 'journal.read', report.disagreements, { testeeName: 'toy', argv: ['toy'], persistent: false });
      expect(saved.cases).toBe(1);
      const stored = (await loadVectorFile(dir, 'journal/fuzz-journal-read.json')).vectors[0]!;
      expect(stored.name).toMatch(/^fuzz-accepted-invalid-carriage-return-[0-9a-f]{10}$/);
      expect(stored.requirements).toEqual(['R-J1']);
      expect(stored.note).toContain(`fuzz finding accepted-invalid · CARRIAGE_RETURN · R-J1: ${report.disagreements[0]!.count} fuzz case(s)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('fuzz findings of a reader with two faults', () => {
  it('keeps the faults apart and counts findings, not cases, against --max-failures', async () => {
    const both = await fuzzToy(['cr-tolerated', 'bom-tolerated'], 150, 3, 10);
    expect(both.report.disagreements.map((d) => d.key.code).sort()).toEqual(['CARRIAGE_RETURN', 'JSON_BOM']);
    expect(both.report.disagreeingCases).toBe(both.report.disagreements.reduce((s, d) => s + d.count, 0));
    const one = await fuzzToy(['cr-tolerated', 'bom-tolerated'], 150, 3, 1);
    expect(one.report.disagreements).toHaveLength(1);
    expect(one.report.runs).toBeLessThan(150);
  });
});
