/** `formcert show <case>`: a case's op, rules, note and expectation, and its input bytes. */
import type { Command } from 'commander';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { showActualCommand, showCommand } from '../../runner/show-case.ts';

export function register(program: Command, setExit: SetExit): void {
  program
    .command('show')
    .description('describe one case (op, rules with their text, note, expectation) and write its exact input bytes')
    .argument('<case>', 'case id (or a unique prefix of 6+ hex digits, or a unique case name)')
    .option('--vectors <dir>', 'directory of vector files', 'golden')
    .option('--actual', 'show what the testee answered (its whole observation, verdict, diff, stderr) from --results instead of the case')
    .option('--results <file>', 'with --actual: a results.jsonl of certify --report (repeat for several)', (v: string, prev: string[]) => [...prev, v], [] as string[])
    .option('--implementation <name>', 'with --actual: whose answer, when the results hold several implementations')
    .option('--out <file>', 'write the input (--actual: the observation) to FILE and the description to stdout')
    .option('--info', 'print only the description, on stdout')
    .addHelpText(
      'after',
      `
Without --out or --info the raw input goes to stdout and the description to stderr:
  formcert show 3f2a9c41d0 > case.bin && ./reader journal.read case.bin
With --actual the testee's observation goes to stdout, whole (the HTML report shows long ones cut):
  formcert show --actual 3f2a9c41d0 --results out/results.jsonl > got.json

Exit status: 0 shown, 2 no such case, or the vectors, results or output file cannot be used.`,
    )
    .action(
      async (wanted: string, opts: { vectors: string; actual?: boolean; results: string[]; implementation?: string; out?: string; info?: boolean }) => {
        const io = {
          out: (s: string) => process.stdout.write(s),
          err: (s: string) => process.stderr.write(s),
          outBytes: (b: Uint8Array) => process.stdout.write(b),
        };
        const common = { ...(opts.out !== undefined ? { out: opts.out } : {}), info: Boolean(opts.info) };
        if (!opts.actual && (opts.results.length > 0 || opts.implementation !== undefined)) {
          io.err('formcert show: --results and --implementation go with --actual\n');
          setExit(EXIT.USAGE);
          return;
        }
        setExit(
          opts.actual
            ? await showActualCommand(wanted, { results: opts.results, ...(opts.implementation !== undefined ? { implementation: opts.implementation } : {}), ...common }, io)
            : await showCommand(wanted, { vectors: opts.vectors, ...common }, io),
        );
      },
    );
}
