/**
 * `formcert morph encode <json-file>`: encodes a JSON file as a MORPH-CONTEXT/1 bundle (stdout) or a
 * morph-artifact/1 file (--artifact), with a fixed codec (--encoding) or the planner (--policy).
 * The token count of every candidate weighed goes to stderr, so stdout stays the exact bundle bytes.
 */
import type { Command } from 'commander';
import type { FormatError } from '../../shared/errors.ts';
import { EXIT, type SetExit } from '../../shared/exit-codes.ts';
import { printRejection } from '../../runner/print-rejection.ts';
import { readFile, writeFile } from 'node:fs/promises';
import { irFromJsonText } from '../../morph/ir/ir-from-json-text.ts';
import { CANDIDATE_PLANS } from '../../morph/codecs/registry.ts';
import { planEncoding } from '../../morph/planner/plan-encoding.ts';
import { loadTokenCounter } from '../../morph/planner/load-token-counter.ts';
import { buildArtifact } from '../../morph/artifact/build-artifact.ts';
import { ARTIFACT } from '../../morph/bundle/constants.ts';

/** Options of `morph encode`. */
interface EncodeOptions {
  encoding?: string;
  delimiter?: string;
  policy?: string;
  targetModel: string;
  tokenizer: string;
  taskId: string;
  instruction: string;
  prefix: string;
  suffix: string;
  artifact?: string;
}

/** Delimiter names accepted on the command line besides the character itself. */
const DELIMITER_NAMES: Record<string, string> = { tab: '\t', '\\t': '\t', comma: ',', pipe: '|', semicolon: ';' };

/** How a plan's options read on one line. */
function describeOptions(options: { delimiter?: string }): string {
  return options.delimiter === undefined ? '' : ` delimiter=${JSON.stringify(options.delimiter)}`;
}

/** Adds `morph encode` to the program. */
export function register(program: Command, setExit: SetExit): void {
  const morph = program.command('morph').description('MORPH tools: encode JSON as a model-context bundle or artifact');
  morph
    .command('encode')
    .description('encode a JSON file; prints the MORPH-CONTEXT/1 bundle, or writes a morph-artifact/1 with --artifact')
    .argument('<json-file>', 'the JSON text to encode')
    .option('--encoding <encoding>', 'a fixed codec: json-compact, json-lines, rows-delimited, columns-json, path-value, toon (optionally @version)')
    .option('--delimiter <char>', 'delimiter for rows-delimited or toon: the character or tab, comma, pipe, semicolon')
    .option('--policy <policy>', 'planner policy: compatibility, economy-experimental or validated (default compatibility)')
    .option('--target-model <model>', 'target model recorded in the artifact', 'gpt-4o')
    .option('--tokenizer <name>', 'tokenizer that counts the prompt: o200k_base or cl100k_base', 'o200k_base')
    .option('--task-id <id>', 'task id ([a-z0-9][a-z0-9.-]*)', 'answer')
    .option('--instruction <text>', 'task instruction (the prompt TASK section)', 'Answer the question using only the data in the bundle.')
    .option('--prefix <text>', 'caller prefix of the prompt', '')
    .option('--suffix <text>', 'caller suffix of the prompt', '')
    .option('--artifact <out>', 'write a morph-artifact/1 file here instead of printing the bundle')
    .action(async (file: string, opts: EncodeOptions) => {
      const usage = (message: string) => {
        process.stderr.write(`formcert morph encode: ${message}\n`);
        setExit(EXIT.USAGE);
      };
      const refuse = (error: FormatError) => {
        printRejection(error, (s) => process.stderr.write(s));
        setExit(EXIT.FAILED);
      };
      if (opts.encoding !== undefined && opts.policy !== undefined) return usage('give --encoding or --policy, not both');
      if (opts.delimiter !== undefined && opts.encoding === undefined) return usage('--delimiter needs --encoding');
      let input: Uint8Array;
      try {
        input = await readFile(file);
      } catch (err) {
        return usage(`cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const task = { id: opts.taskId, instruction: opts.instruction };
      if (!ARTIFACT.TASK_ID_PATTERN.test(task.id)) return usage(`task id ${JSON.stringify(task.id)} does not match [a-z0-9][a-z0-9.-]*`);
      if (task.instruction === '' || opts.targetModel === '') return usage('the instruction and the target model must not be empty');
      const ir = irFromJsonText(input);
      if (!ir.ok) return refuse(ir.error);
      const counter = await loadTokenCounter(opts.tokenizer);
      if (!counter.ok) return usage(counter.error.message);

      // A fixed --encoding is a one-candidate plan; the planner still renders and counts it.
      let candidates: typeof CANDIDATE_PLANS = CANDIDATE_PLANS;
      let policy = opts.policy ?? 'compatibility';
      if (opts.encoding !== undefined) {
        const [encoding, version] = opts.encoding.split('@');
        const delimiter = opts.delimiter === undefined ? undefined : (DELIMITER_NAMES[opts.delimiter] ?? opts.delimiter);
        candidates = CANDIDATE_PLANS.filter((p) => p.encoding === encoding && (version === undefined || p.formatVersion === version) && (delimiter === undefined || p.options.delimiter === delimiter));
        if (candidates.length === 0) return usage(`no registered plan for --encoding ${opts.encoding}${delimiter === undefined ? '' : ` with delimiter ${JSON.stringify(delimiter)}`}`);
        candidates = candidates.slice(0, 1);
        // MORPH-PLAN-3: a hand-picked codec other than the baseline is recorded as an experimental choice.
        policy = encoding === 'json-compact' ? 'compatibility' : 'economy-experimental';
      }
      const request = {
        ir: ir.value,
        inputKind: 'json-text' as const,
        policy,
        target: { model: opts.targetModel, tokenizer: opts.tokenizer },
        requestFrame: { task, prefix: opts.prefix, suffix: opts.suffix },
      };
      const choice = planEncoding({ ...request, ...(opts.encoding === undefined ? {} : { candidates }) }, counter.value);
      if (!choice.ok) return refuse(choice.error);
      for (const c of choice.value.candidates) {
        const name = `${c.plan.encoding}@${c.plan.formatVersion}${describeOptions(c.plan.options)}`;
        process.stderr.write(c.tokens === undefined ? `  ${name}: not applicable (${c.refused})\n` : `  ${name}: ${c.tokens} tokens\n`);
      }
      const chosen = choice.value;
      process.stderr.write(`chosen: ${chosen.plan.encoding}@${chosen.plan.formatVersion}${describeOptions(chosen.plan.options)} (${chosen.tokens} ${opts.tokenizer} tokens, policy ${chosen.policy})\n`);
      if (opts.artifact === undefined) {
        process.stdout.write(chosen.bundle.text);
        setExit(EXIT.OK);
        return;
      }
      const artifact = buildArtifact({ ...request, plan: chosen.plan, guide: chosen.guide, plannerPolicy: chosen.policy });
      if (!artifact.ok) return refuse(artifact.error);
      try {
        await writeFile(opts.artifact, artifact.value.text);
      } catch (err) {
        return usage(`cannot write ${opts.artifact}: ${err instanceof Error ? err.message : String(err)}`);
      }
      process.stderr.write(`wrote ${opts.artifact} (artifactId ${artifact.value.value.get('artifactId') as string}, prompt ${chosen.prompt.renderedDigest})\n`);
      setExit(EXIT.OK);
    });
}
