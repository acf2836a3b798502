/** `formcert testee exec|serve`: the reference oracle as an implementation under test (spec/protocol). */
import type { Command } from 'commander';
import type { Profile } from '../../shared/errors.ts';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { limitHeapGrowth } from '../heap-growth.ts';
import { EXEC_INTERNAL_ERROR, execReferenceOp, OracleLoadError, serveReference } from '../../runner/reference-testee.ts';

/** The profile named on the command line, or undefined (after saying why) when it is neither. */
function parseProfile(name: string): Profile | undefined {
  if (name === 'core' || name === 'strict') return name;
  process.stderr.write(`unknown profile: ${name} (core or strict)\n`);
  return undefined;
}

/**
 * Makes writes to stdout wait for the reader. Node writes to a pipe asynchronously and queues what the
 * reader has not taken yet, so an observation of up to 16 MiB would sit in memory, whole, beside the
 * op's own data until the op returns (issue 11 item 8: tens of MB of peak RSS). A file or terminal is
 * written synchronously already; a handle without setBlocking is left as it is.
 */
function makeStdoutBlocking(): void {
  const handle = (process.stdout as unknown as { _handle?: { setBlocking?: (blocking: boolean) => number } })._handle;
  handle?.setBlocking?.(true);
}

export function register(program: Command, setExit: SetExit): void {
  const testee = program
    .command('testee')
    .description('run the reference oracle behind the testee contract (what `certify` talks to)');
  testee
    .command('exec')
    .description('exec mode: exit 0 + observation JSON (accept), 1 + "code: <CODE>" (reject), 4 (skipped), 3 (internal error)')
    .argument('<op>', 'an op of the testee protocol (spec/protocol), e.g. journal.read')
    .argument('<input-file>', 'the input file')
    .option('--profile <profile>', 'core (document rules only) or strict (core + resolutions)', 'strict')
    .action(async (op: string, file: string, opts: { profile: string }) => {
      const profile = parseProfile(opts.profile);
      if (!profile) return setExit(EXIT.USAGE);
      // One input per process: the heap stays near what the op holds (see heap-growth.ts).
      limitHeapGrowth();
      makeStdoutBlocking();
      setExit(await execReferenceOp(op, file, process.stdout, process.stderr, profile));
    });
  testee
    .command('serve')
    .description('persistent mode: JSON lines on stdin/stdout (start, run, stop), runs answered as they finish')
    .option('--profile <profile>', 'core (document rules only) or strict (core + resolutions)', 'strict')
    .action(async (opts: { profile: string }) => {
      const profile = parseProfile(opts.profile);
      if (!profile) return setExit(EXIT.USAGE);
      try {
        await serveReference(process.stdin, process.stdout, process.stderr, profile);
      } catch (e) {
        if (!(e instanceof OracleLoadError)) throw e;
        // No handshake is sent: the runner reports a setup error with this stderr as the cause.
        process.stderr.write(`formcert testee serve: ${e.message}\n`);
        setExit(EXEC_INTERNAL_ERROR);
        process.stdin.destroy();
        return;
      }
      setExit(EXIT.OK);
    });
}
