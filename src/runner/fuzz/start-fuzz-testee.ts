/** Starts the testee being fuzzed with the runner's own exec or persistent machinery. */
import { ExecTestee } from '../exec-testee.ts';
import { startPersistentTestee } from '../persistent-testee.ts';
import { TesteeSetupError, type Testee } from '../testee-reply.ts';

/** Bound of one testee answer (spec/protocol default). */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/**
 * Runs in flight at once to a persistent testee while fuzzing: replies are matched by seq (spec/protocol,
 * persistent mode), so the runner judges one case while the testee reads the next ones.
 */
export const FUZZ_PIPELINE_DEPTH = 16;

/** Starts the testee for `op`; throws TesteeSetupError when it cannot run or does not declare the op. */
export async function startFuzzTestee(
  op: string,
  argv: readonly string[],
  options: { persistent: boolean; timeoutMs: number },
): Promise<Testee> {
  if (!options.persistent) {
    return new ExecTestee({ template: argv, ops: [op], timeoutMs: options.timeoutMs, maxOutputBytes: MAX_OUTPUT_BYTES });
  }
  const testee = await startPersistentTestee({
    argv,
    jobs: 1,
    depth: FUZZ_PIPELINE_DEPTH,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: MAX_OUTPUT_BYTES,
  });
  if (!testee.ops.has(op)) {
    await testee.close();
    throw new TesteeSetupError(`the testee does not declare ${op} (it declares ${[...testee.ops.keys()].join(', ') || 'no op'})`);
  }
  return testee;
}
