/**
 * A StrykerJS test runner that runs the golden cases (golden-cases.ts) in its own process, loaded once:
 * the instrumented oracle and the vectors stay in memory from one mutant to the next, so a mutant costs
 * the cases that cover it and nothing else (the vitest runner starts a worker, re-imports the oracle
 * and re-reads 1,668 vectors for every mutant: about 3-5 s each). Per-test coverage as Stryker
 * expects it: `__stryker__.currentTestId` names the running case, code run while the cases load is
 * static. A static mutant needs the modules loaded again with it active: this runner says it cannot
 * reload (capabilities), so Stryker starts a fresh process for each static mutant and its activation
 * comes before the load. JavaScript, because Stryker loads plugins with a plain `import`; the cases
 * are TypeScript, loaded through tsx from the sandbox Stryker runs in (the process's working directory).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { INSTRUMENTER_CONSTANTS } from '@stryker-mutator/api/core';
import { declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { DryRunStatus, MutantRunStatus, TestStatus } from '@stryker-mutator/api/test-runner';

const NS = INSTRUMENTER_CONSTANTS.NAMESPACE;

/** Stryker's shared state with the instrumented code: active mutant, hit counter, coverage. */
function strykerState() {
  globalThis[NS] ??= {};
  return globalThis[NS];
}

class GoldenTestRunner {
  /** @type {Array<{ name: string, run(): Promise<string[]> }> | undefined} */
  cases;

  capabilities() {
    return { reloadEnvironment: false };
  }

  async init() {
    const { register } = await import('tsx/esm/api');
    register();
  }

  /** Loads the oracle and the cases from the sandbox (once per process). */
  async load() {
    if (this.cases) return this.cases;
    const module = await import(pathToFileURL(join(process.cwd(), 'scripts/mutation/golden-cases.ts')).href);
    this.cases = await module.loadGoldenCases(process.env.FORMCERT_MUTATION_FORMAT ?? 'journal');
    return this.cases;
  }

  /** Runs `cases` in order; stops at the first failure when `bail`. */
  async runCases(cases, bail, onStart) {
    const results = [];
    for (const c of cases) {
      onStart?.(c.name);
      const started = performance.now();
      let failure;
      try {
        const problems = await c.run();
        if (problems.length > 0) failure = problems.join('; ');
      } catch (error) {
        failure = `threw: ${error instanceof Error ? error.message : String(error)}`;
      }
      const base = { id: c.name, name: c.name, timeSpentMs: performance.now() - started };
      results.push(failure === undefined ? { ...base, status: TestStatus.Success } : { ...base, status: TestStatus.Failed, failureMessage: failure });
      if (failure !== undefined && bail) break;
    }
    onStart?.(undefined);
    return results;
  }

  async dryRun(options) {
    const ns = strykerState();
    ns.activeMutant = undefined;
    let cases;
    try {
      cases = await this.load();
    } catch (error) {
      return { status: DryRunStatus.Error, errorMessage: `loading the golden cases failed: ${error?.stack ?? error}` };
    }
    const tests = await this.runCases(cases, false, (id) => {
      ns.currentTestId = id;
    });
    const mutantCoverage = options.coverageAnalysis === 'off' ? undefined : (ns.mutantCoverage ?? { static: {}, perTest: {} });
    return { status: DryRunStatus.Complete, tests, mutantCoverage };
  }

  async mutantRun(options) {
    const ns = strykerState();
    const id = options.activeMutant.id;
    // A static mutant must be active while the modules load (Stryker gives it a fresh process).
    if (options.mutantActivation === 'static') ns.activeMutant = id;
    let cases;
    try {
      cases = await this.load();
    } catch (error) {
      ns.activeMutant = undefined;
      return { status: MutantRunStatus.Killed, killedBy: [], failureMessage: `the oracle failed to load: ${error?.message ?? error}`, nrOfTests: 0 };
    }
    const filter = options.testFilter ? new Set(options.testFilter) : undefined;
    const chosen = filter ? cases.filter((c) => filter.has(c.name)) : cases;
    ns.activeMutant = id;
    ns.hitLimit = options.hitLimit;
    ns.hitCount = options.hitLimit === undefined ? undefined : 0;
    let results;
    let hits;
    try {
      results = await this.runCases(chosen, !options.disableBail);
    } finally {
      hits = ns.hitCount;
      ns.activeMutant = undefined;
      ns.hitCount = undefined;
      ns.hitLimit = undefined;
    }
    // The hit limit (an endless loop caught by the instrumented code) decides over what the cases said.
    if (options.hitLimit !== undefined && hits !== undefined && hits > options.hitLimit) {
      return { status: MutantRunStatus.Timeout, reason: `hit limit reached (${hits}/${options.hitLimit})` };
    }
    const failed = results.filter((r) => r.status === TestStatus.Failed);
    if (failed.length > 0) {
      return { status: MutantRunStatus.Killed, killedBy: failed.map((r) => r.id), failureMessage: failed[0].failureMessage, nrOfTests: results.length };
    }
    return { status: MutantRunStatus.Survived, nrOfTests: results.length };
  }
}

export const strykerPlugins = [declareClassPlugin(PluginKind.TestRunner, 'formcert-golden', GoldenTestRunner)];
