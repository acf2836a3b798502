/** `formcert certify`: run an implementation (or the bundled reference) against the golden vectors. */
import type { Command } from 'commander';
import type { SetExit } from '../../shared/exit-codes.ts';
import { certifyCommand } from '../../runner/certify.ts';
import { installInterruptHandlers } from '../../runner/process-group.ts';
import { writeReportDir } from '../../report/write-report-dir.ts';

export function register(program: Command, setExit: SetExit): void {
  program
    .command('certify')
    .description(
      'run a testee over the golden vectors and report per case (exit 0 all scored cases pass, 1 failures, 2 usage or setup error)',
    )
    .argument('[testee...]', 'testee argv after `--`: exec template with {op} and {input}, or a persistent command with --persistent; none = the reference oracle')
    .option('--ops <ops>', 'only these ops, comma-separated (e.g. journal.read,morph.c14n)')
    .option('--profile <profile>', 'core (document rules) or strict (core + resolutions)', 'strict')
    .option('--codes', 'also check rejection codes, when the testee reports them')
    .option('--timeout-ms <ms>', 'per-case time limit; past it the process group is killed', '10000')
    .option('--jobs <n>', 'exec: processes at once (default: CPU count); persistent: processes (default 1)')
    .option('--shard <i/n>', 'run shard I of N (1-based); merge the reports with `formcert report merge`')
    .option('--expected-failures <file>', 'lines "<case-id> <reason>": listed failures do not fail the run, listed passes do')
    .option('--report <dir>', 'write results.jsonl, junit.xml, summary.md, report.html and badge.svg to DIR')
    .option('--persistent', 'the testee speaks the persistent JSON-lines protocol (the reference does by default)')
    .option('--exec', 'run the reference oracle in exec mode (one process per case)')
    .option('--vectors <dir>', 'directory of vector files', 'golden')
    .option('--max-output-bytes <n>', 'bound of one reply (stdout of a case, or one reply line)', String(64 * 1024 * 1024))
    .option('--cases <ids>', 'only these case ids, comma-separated, or @FILE with one id per line (unknown ids: exit 2)')
    .option('--requirements <ids>', 'only cases citing one of these requirement ids, comma-separated')
    .option('--grep <pattern>', 'only cases whose name matches this regular expression (case-insensitive)')
    .option('--json', 'print one JSON summary object on stdout (counts per outcome, op and profile, failures, rerun command, status, report paths) instead of the text summary')
    .option('--name <name>', 'implementation name shown in reports (exec testees cannot say it themselves)')
    .addHelpText(
      'after',
      `
Examples:
  formcert certify                                          the bundled reference oracle
  formcert certify --report out -- ./reader {op} {input}    an exec testee, reports in out/
  formcert certify --persistent -- python3 reader.py --persistent  a persistent (JSON lines) testee
  formcert certify --requirements R-J1 --grep torn -- ./reader {op} {input}
  formcert certify --cases 3f2a…,9c41… -- ./reader {op} {input}   rerun cases by id (see \`formcert show\`)
  formcert certify --shard 1/4 --report s1 -- ./reader {op} {input}
  formcert report merge s1/results.jsonl s2/results.jsonl --report all

Exit status: 0 every scored case passes, 1 a case fails or errors (or a listed expected failure
passes), 2 usage or setup error (testee not runnable, failing every case the same way, nothing scored).`,
    )
    .action(async (testee: string[], opts: Record<string, unknown>) => {
      installInterruptHandlers();
      const status = await certifyCommand(
        {
          testee,
          ops: opts.ops as string | undefined,
          profile: opts.profile as string,
          codes: Boolean(opts.codes),
          timeoutMs: opts.timeoutMs as string,
          jobs: opts.jobs as string | undefined,
          shard: opts.shard as string | undefined,
          expectedFailures: opts.expectedFailures as string | undefined,
          report: opts.report as string | undefined,
          persistent: Boolean(opts.persistent),
          exec: Boolean(opts.exec),
          vectors: opts.vectors as string,
          maxOutputBytes: opts.maxOutputBytes as string,
          name: opts.name as string | undefined,
          cases: opts.cases as string | undefined,
          requirements: opts.requirements as string | undefined,
          grep: opts.grep as string | undefined,
          json: Boolean(opts.json),
        },
        { out: (s) => process.stdout.write(s), err: (s) => process.stderr.write(s), progressStream: process.stderr, writeReportDir },
      );
      setExit(status);
    });
}
