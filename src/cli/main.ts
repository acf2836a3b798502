/** The `formcert` command: parses argv with commander and dispatches to one module per verb. */
import { Command, CommanderError } from 'commander';
import { registerCommands } from './commands.ts';
import { EXIT } from '../shared/exit-codes.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../shared/package-root.ts';

/** The version of this formcert package, from its package.json. */
function readVersion(): string {
  return (JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * Lets stdout close early: `formcert validate … | head -1` closes the pipe after the first line, and
 * what formcert writes after that goes nowhere. The command still runs to its end and its exit status
 * is its verdict (a closed pipe says nothing about the input); any other stdout error stays fatal.
 */
function tolerateClosedStdout(): void {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') return;
    throw err;
  });
}

/** Runs the CLI and resolves to the process exit status. */
export async function main(argv: string[]): Promise<number> {
  tolerateClosedStdout();
  const program = new Command();
  program
    .name('formcert')
    .description('Conformance suite and reference oracle for the morph, journal and codegraph formats.')
    .version(readVersion(), '-V, --version', 'print the formcert version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s), writeOut: (s) => process.stdout.write(s) })
    .addHelpText(
      'after',
      `\nExit status: ${EXIT.OK} success/valid, ${EXIT.FAILED} invalid input or failed cases, ${EXIT.USAGE} usage, setup or I/O error.`,
    );
  let status: number = EXIT.OK;
  await registerCommands(
    program,
    (code) => {
      status = code;
    },
    argv,
  );
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    }
    throw err;
  }
  return status;
}
