/** `formcert golden regenerate | check`: write golden/ from the case sources, or verify the committed files. */
import type { Command } from 'commander';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { findGoldenDrift, prepareGolden, regenerationFailures, writeGolden } from '../../runner/vectors/regenerate-golden.ts';
import { describeGoldenRun, summarizeGoldenRun } from '../../runner/vectors/describe-golden-run.ts';

interface GoldenCliOptions {
  goldenDir?: string;
  generatorsDir?: string;
  specDir?: string;
  coverageFile?: string;
  gapsFile?: string;
  keepGoing?: boolean;
  verbose?: boolean;
}

export function register(program: Command, setExit: SetExit): void {
  const golden = program
    .command('golden')
    .description('regenerate the golden vectors from generators/*/golden-cases.ts, or check the committed ones')
    .addHelpText(
      'after',
      `\nExit status: ${EXIT.OK} written or up to date; ${EXIT.FAILED} a case disagrees with the oracle or is malformed, or (check) a committed file drifted; ${EXIT.USAGE} a case source or vector file cannot be loaded.`,
    );
  const withPaths = (cmd: Command) =>
    cmd
      .option('--golden-dir <dir>', 'vector directory (relative to the repository root)', 'golden')
      .option('--generators-dir <dir>', 'case source directory (relative to the repository root)', 'generators')
      .option('--spec-dir <dir>', 'directory searched for requirements*.json', 'spec')
      .option('--coverage-file <file>', 'coverage table to write or check', 'spec/coverage.md')
      .option('--gaps-file <file>', 'documented coverage gaps', 'spec/coverage-gaps.json')
      .option('--verbose', 'list dropped duplicates, warnings, counts per source and op, and coverage gaps (and, on regenerate, every file written)');
  withPaths(golden.command('regenerate'))
    .description(
      'run every declared case through the oracle, fail (exit 1) on any disagreement, else write golden/, MANIFEST.json and spec/coverage.md',
    )
    .option('--keep-going', 'on disagreements, still write the cases that agree (exit status stays 1)')
    .action(async (opts: GoldenCliOptions) => setExit(await runGolden('regenerate', opts)));
  withPaths(golden.command('check'))
    .description('regenerate in memory and fail (exit 1) when the committed golden/ or spec/coverage.md differ')
    .action(async (opts: GoldenCliOptions) => setExit(await runGolden('check', opts)));
}

async function runGolden(mode: 'regenerate' | 'check', opts: GoldenCliOptions): Promise<number> {
  const out = (s: string) => process.stdout.write(s + '\n');
  const err = (s: string) => process.stderr.write(s + '\n');
  if (process.stderr.isTTY) err(`formcert golden ${mode}: judging every case with the oracle…`);
  let run: Awaited<ReturnType<typeof prepareGolden>>;
  try {
    run = await prepareGolden({
      goldenDir: opts.goldenDir,
      generatorsDir: opts.generatorsDir,
      specDir: opts.specDir,
      coverageFile: opts.coverageFile,
      gapsFile: opts.gapsFile,
    });
  } catch (e) {
    err(`formcert golden ${mode}: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.USAGE;
  }
  for (const line of describeGoldenRun(run, { verbose: Boolean(opts.verbose) })) out(line);
  const counts = summarizeGoldenRun(run);
  const failures = regenerationFailures(run);
  const failed = failures.length > 0 ? `${failures.length} case(s) disagree with the oracle or are malformed` : '';
  if (mode === 'check') {
    const drift = findGoldenDrift(run);
    for (const d of drift) out(`drift: ${d.path}: ${d.problem}`);
    const verdict = [
      ...(failed ? [failed] : []),
      ...(drift.length > 0 ? [`${drift.length} file(s) differ from what the generators produce; run \`formcert golden regenerate\``] : []),
    ];
    out(`golden check: ${verdict.length > 0 ? verdict.join('; ') : 'committed files match the generators'} (${counts})`);
    return drift.length > 0 || failures.length > 0 ? EXIT.FAILED : EXIT.OK;
  }
  if (failures.length > 0 && !opts.keepGoing) {
    out(`golden regenerate: ${failed}; nothing written (${counts})`);
    return EXIT.FAILED;
  }
  const { written, removed } = writeGolden(run);
  if (opts.verbose) {
    for (const p of written) out(`wrote ${p}`);
    for (const p of removed) out(`removed ${p}`);
  }
  const changes = written.length + removed.length === 0 ? 'no file changed' : `wrote ${written.length} file(s), removed ${removed.length}`;
  out(`golden regenerate: ${failed ? `${failed}; the agreeing cases written, ` : ''}${changes} (${counts})`);
  return failures.length > 0 ? EXIT.FAILED : EXIT.OK;
}
