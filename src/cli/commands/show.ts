/** `formcert show <case>`: a case's op, rules, note and expectation, and its input bytes. */
import type { Command } from 'commander';
import type { SetExit } from '../../shared/exit-codes.ts';

export function register(program: Command, setExit: SetExit): void {
  program
    .command('show')
    .description('describe one case (op, rules with their text, note, expectation) and write its exact input bytes')
    .argument('<case>', 'case id (or a unique prefix of 6+ hex digits, or a unique case name)')
    .option('--vectors <dir>', 'directory of vector files', 'golden')
    .option('--out <file>', 'write the input to FILE and the description to stdout')
    .option('--info', 'print only the description, on stdout')
    .addHelpText(
      'after',
      `
Without --out or --info the raw input goes to stdout and the description to stderr:
  formcert show 3f2a9c41d0 > case.bin && ./reader journal.read case.bin

Exit status: 0 shown, 2 no such case, or the vectors or the output file cannot be used.`,
    )
    .action(async (wanted: string, opts: { vectors: string; out?: string; info?: boolean }) => {
      const { showCommand } = await import('../../runner/show-case.ts');
      setExit(
        await showCommand(wanted, { vectors: opts.vectors, ...(opts.out !== undefined ? { out: opts.out } : {}), info: Boolean(opts.info) }, {
          out: (s) => process.stdout.write(s),
          err: (s) => process.stderr.write(s),
          outBytes: (b) => process.stdout.write(b),
        }),
      );
    });
}
