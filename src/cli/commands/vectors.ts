/** `formcert vectors merge --out DIR <dir…>`: merge vector directories (fuzz findings of several jobs) into one, each case once. */
import type { Command } from 'commander';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { statSync } from 'node:fs';
import { mergeVectorDirs } from '../../runner/vectors/merge-vector-dirs.ts';
import { VectorFileError } from '../../runner/vectors/load-vectors.ts';

export function register(program: Command, setExit: SetExit): void {
  const vectors = program.command('vectors').description('work with vector directories (golden/ and the findings `formcert fuzz --out` saves)');
  vectors
    .command('merge')
    .description('merge vector directories into --out, each case once by id (e.g. the findings of the shards of a fuzz campaign), ready for `certify --vectors`')
    .requiredOption('--out <dir>', 'directory to write the merged vector files to (vectors already there are kept and merged)')
    .argument('<dirs...>', 'vector directories, e.g. the --out directories of `formcert fuzz` jobs')
    .addHelpText(
      'after',
      `
A case id held by several inputs is written once, from the first input that has it. The same id with a
different expectation or profile (findings saved by different formcert versions) is a conflict: nothing
is written.

Exit status: ${EXIT.OK} merged; ${EXIT.USAGE} an input is missing or malformed, or a conflict.`,
    )
    .action(async (dirs: string[], opts: { out: string }) => setExit(await mergeCommand(dirs, opts.out)));
}

async function mergeCommand(dirs: string[], out: string): Promise<number> {
  const err = (s: string) => process.stderr.write(`formcert vectors merge: ${s}\n`);
  // A missing input directory is a typo or a job that saved nothing under that name: never merge "nothing" silently.
  for (const dir of dirs) {
    let isDir: boolean;
    try {
      isDir = statSync(dir).isDirectory();
    } catch (e) {
      err(`${dir}: ${(e as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such directory' : (e as Error).message}`);
      return EXIT.USAGE;
    }
    if (!isDir) {
      err(`${dir} is not a directory`);
      return EXIT.USAGE;
    }
  }
  let result: Awaited<ReturnType<typeof mergeVectorDirs>>;
  try {
    result = await mergeVectorDirs(dirs, out);
  } catch (e) {
    if (!(e instanceof VectorFileError) && typeof (e as NodeJS.ErrnoException).code !== 'string') throw e;
    err((e as Error).message);
    return EXIT.USAGE;
  }
  if (result.conflicts.length > 0) {
    for (const c of result.conflicts) err(`conflicting cases with one id: ${c}`);
    err('nothing written');
    return EXIT.USAGE;
  }
  process.stdout.write(
    `merged ${result.cases} case(s) into ${out} (${result.duplicates} duplicate(s) dropped)${result.files.map((f) => `\n  ${f.path}: ${f.cases}`).join('')}\n`,
  );
  if (result.cases > 0) process.stdout.write(`replay: formcert certify --vectors ${out} -- <testee argv>\n`);
  return EXIT.OK;
}
