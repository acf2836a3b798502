/** `formcert validate <target> <file>`: streaming validation with the reference oracle. */
import type { Command } from 'commander';
import type { Result } from '../../shared/errors.ts';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { limitHeapGrowth } from '../heap-growth.ts';
import type { FileValidator, ValidationSummary } from '../../shared/file-validator.ts';
import { printRejection } from '../../runner/print-rejection.ts';
import { validateJournalFile } from '../../journal/validate-file.ts';
import { validateCodegraphFile } from '../../codegraph/validate-file.ts';
import { validateArtifactFile, validateBundleFile } from '../../morph/validate-file.ts';

const TARGETS: Record<string, FileValidator> = {
  journal: validateJournalFile,
  codegraph: validateCodegraphFile,
  'morph-bundle': validateBundleFile,
  'morph-artifact': validateArtifactFile,
};

export function register(program: Command, setExit: SetExit): void {
  program
    .command('validate')
    .description('validate a file with the reference oracle (exit 0 valid, 1 invalid, 2 usage or I/O error)')
    .argument('<target>', `one of: ${Object.keys(TARGETS).join(', ')}`)
    .argument('<file>', 'the file to validate')
    .option('--profile <profile>', 'core (document rules only) or strict (core + resolutions)', 'strict')
    .option('--json', 'print one JSON object instead of text')
    .action(async (target: string, file: string, opts: { profile: string; json?: boolean }) => {
      const validator = Object.hasOwn(TARGETS, target) ? TARGETS[target] : undefined;
      if (!validator || (opts.profile !== 'core' && opts.profile !== 'strict')) {
        process.stderr.write(
          validator ? `unknown profile: ${opts.profile} (core or strict)\n` : `unknown target: ${target} (${Object.keys(TARGETS).join(', ')})\n`,
        );
        setExit(EXIT.USAGE);
        return;
      }
      // One input per process: the heap stays near what the validator holds (see heap-growth.ts).
      limitHeapGrowth();
      let result: Result<ValidationSummary>;
      try {
        result = await validator(file, { profile: opts.profile });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (opts.json) process.stdout.write(JSON.stringify({ valid: null, ioError: message }) + '\n');
        else process.stderr.write(`formcert: cannot read ${file}: ${message}\n`);
        setExit(EXIT.USAGE);
        return;
      }
      const out = (s: string) => process.stdout.write(s);
      if (opts.json) {
        out(JSON.stringify(result.ok ? { valid: true, summary: result.value } : { valid: false, error: result.error }) + '\n');
      } else if (result.ok) {
        out(`valid ${target}: ${file}\n`);
        for (const [k, v] of Object.entries(result.value)) out(`  ${k}: ${v}\n`);
      } else {
        printRejection(result.error, out);
      }
      setExit(result.ok ? EXIT.OK : EXIT.FAILED);
    });
}
