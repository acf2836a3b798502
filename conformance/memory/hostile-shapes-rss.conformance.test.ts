/**
 * Issue 11 item 8, by generation rather than by hand: hostile inputs of some hundred megabytes, each a
 * small plan (a place in a valid file, a bulk form, a size; see hostile-shapes/), written by a separate
 * process into a regular file or a pipe and read by `validate` (strict or core) or `testee exec`. Every
 * one must be answered — a verdict, a refusal with its code, or `skipped` for an observation past its
 * bound — under LIMIT_KB (200 MiB) peak RSS measured in the child. Fixed seeds, then this run's fresh
 * seed (logged, replay with FORMCERT_SEED); a failure names its plan, which emit.ts replays alone.
 * The plans that crossed the bound when they were found (hostile-shapes/found-*.json, each with what it
 * cost then) run first, every time.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { assertProperty } from '../../test-support/assert-property.ts';
import { hostileCodegraphInput } from './hostile-shapes/codegraph-input.ts';
import { hostileJournalInput } from './hostile-shapes/journal-input.ts';
import { hostileMorphInput } from './hostile-shapes/morph-input.ts';
import type { HostilePlan } from './hostile-shapes/_internals/plan.ts';
import { LIMIT_KB, runCliOnShellOutput, type Run } from './run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-hostile-shapes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REPO = join(import.meta.dirname, '../..');
const EMIT = `node ${join(REPO, 'bin/run-ts.mjs')} ${join(import.meta.dirname, 'hostile-shapes/emit.ts')}`;
/** Inputs per format and seed: each costs some seconds to write and as many to read. */
const RUNS = Number(process.env.FORMCERT_HOSTILE_RUNS ?? 8);
/** A case's time, writing and reading (the slowest take some 20 s on a loaded 2-core machine). */
const CASE_MS = 120_000;

/** What an answer may be: valid (exit 0), refused with a code (exit 1), or skipped (exit 4, testee exec past its observation bound). */
function expectAnswered(status: number | null, stdout: string, exec: boolean): void {
  const first = stdout.split('\n')[0] ?? '';
  if (status === 1) expect(first).toMatch(/^code: [A-Z0-9_]+$/);
  else if (status === 0) expect(first).toMatch(exec ? /^[{[]/ : /^valid /);
  else expect([status, exec]).toStrictEqual([4, true]);
}

let plans = 0;
/** Writes `plan` by the emitter into a file or a pipe, runs `formcert <args…>` on it, and gives the measured run. */
async function runPlan(plan: HostilePlan, args: readonly string[], via: 'file' | 'pipe'): Promise<Run> {
  const n = plans++;
  const planPath = join(dir, `plan-${n}.json`);
  writeFileSync(planPath, JSON.stringify(plan));
  if (process.env['FORMCERT_RSS_LOG']) process.stderr.write(`plan ${n}: ${args.join(' ')} (${via}) ${plan.label}\n`);
  const r = await runCliOnShellOutput(args, `${EMIT} ${planPath}`, `plan ${n}`, via, dir);
  rmSync(planPath);
  return r;
}

async function checkPlan(plan: HostilePlan, args: readonly string[], via: 'file' | 'pipe'): Promise<void> {
  const r = await runPlan(plan, args, via);
  expectAnswered(r.status, r.stdout, args[0] === 'testee');
  expect(r.peakKb).toBeGreaterThan(0);
  expect(r.peakKb).toBeLessThan(LIMIT_KB);
}

/** A plan that crossed the bound when it was found, with the command and the way in that showed it. */
interface Found {
  readonly found: string;
  readonly args: readonly string[];
  readonly via: 'file' | 'pipe';
  readonly plan: HostilePlan;
}

/** The found plans of a format, as examples of the property (plan, command, way in). */
function foundExamples(format: string): [HostilePlan, readonly string[], 'file' | 'pipe'][] {
  const found = JSON.parse(readFileSync(join(import.meta.dirname, `hostile-shapes/found-${format}.json`), 'utf8')) as Found[];
  return found.map((f) => [f.plan, f.args, f.via]);
}

const FORMATS = [
  {
    name: 'codegraph',
    input: hostileCodegraphInput(),
    commands: [['validate', 'codegraph'], ['validate', 'codegraph', '--profile', 'core'], ['testee', 'exec', 'codegraph.read']],
    seed: 20261206,
    found: foundExamples('codegraph'),
  },
  {
    name: 'journal',
    input: hostileJournalInput(),
    commands: [['validate', 'journal'], ['validate', 'journal', '--profile', 'core'], ['testee', 'exec', 'journal.read']],
    seed: 20261207,
    found: foundExamples('journal'),
  },
  {
    name: 'morph-artifact',
    input: hostileMorphInput('morph-artifact'),
    commands: [['validate', 'morph-artifact'], ['validate', 'morph-artifact', '--profile', 'core'], ['testee', 'exec', 'morph.import']],
    seed: 20261208,
    found: foundExamples('morph-artifact'),
  },
  {
    name: 'morph-encode',
    input: hostileMorphInput('morph-encode'),
    commands: [['testee', 'exec', 'morph.encode'], ['testee', 'exec', 'morph.encode', '--profile', 'core']],
    seed: 20261210,
    found: foundExamples('morph-encode'),
  },
  {
    name: 'morph-bundle',
    input: hostileMorphInput('morph-bundle'),
    commands: [['validate', 'morph-bundle'], ['validate', 'morph-bundle', '--profile', 'core'], ['testee', 'exec', 'morph.decode']],
    seed: 20261209,
    found: foundExamples('morph-bundle'),
  },
] as const;

describe('generated hostile inputs are answered under 200 MiB peak RSS', () => {
  for (const f of FORMATS) {
    it(
      `${f.name}: the ${f.found.length} found plans and ${RUNS} fixed ones, then ${Math.ceil((RUNS + f.found.length) / 2)} fresh ones`,
      async () => {
        await assertProperty(
          fc.asyncProperty(f.input, fc.constantFrom<readonly string[]>(...f.commands), fc.constantFrom('file' as const, 'pipe' as const), async (plan, args, via) => {
            await checkPlan(plan, args, via);
          }),
          // Each run costs seconds: a failure is reported as found, not shrunk.
          // The found plans run first (fast-check counts them among the runs), then RUNS generated ones.
          { seed: f.seed, numRuns: RUNS + f.found.length, endOnFailure: true, examples: f.found },
        );
      },
      (RUNS + f.found.length) * 2 * CASE_MS,
    );
  }
});
