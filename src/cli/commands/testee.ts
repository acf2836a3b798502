/** `formcert testee exec|serve`: the reference oracle as an implementation under test (PROTOCOL.md). */
import type { Command } from 'commander';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';

export function register(program: Command, setExit: SetExit): void {
  const testee = program
    .command('testee')
    .description('run the reference oracle behind the testee contract (what `certify` talks to)');
  testee
    .command('exec')
    .description('exec mode: exit 0 + observation JSON (accept), 1 + "code: <CODE>" (reject), 4 (skipped), 3 (internal error)')
    .argument('<op>', 'an op of PROTOCOL.md, e.g. journal.read')
    .argument('<input-file>', 'the input file')
    .action(async (op: string, file: string) => {
      const { execReferenceOp } = await import('../../runner/reference-testee.ts');
      setExit(await execReferenceOp(op, file, process.stdout, process.stderr));
    });
  testee
    .command('serve')
    .description('persistent mode: JSON lines on stdin/stdout (start, run, stop), runs answered as they finish')
    .action(async () => {
      const { serveReference, OracleLoadError, EXEC_INTERNAL_ERROR } = await import('../../runner/reference-testee.ts');
      try {
        await serveReference(process.stdin, process.stdout, process.stderr);
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
