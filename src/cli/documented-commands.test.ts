/**
 * Docs that hold: every `formcert …` command shown in the documentation (a fenced block of any
 * Markdown file, a `run:` step of the CI workflows in examples/ci/, a line of the CI shell scripts
 * there) names a verb the CLI has and only options that verb takes (the testee's own arguments, after
 * a bare `--`, are the testee's business). The commands are run for real by the conformance tier
 * (documented-commands-run.conformance.test.ts); this check catches a renamed or removed flag in any
 * document at once, including the workflows that only GitHub runs.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { CI_EXAMPLES_DIR, documentedLines, formcertInvocations } from '../../test-support/documented-commands.ts';
import { registerCommands } from './commands.ts';

/** Every formcert invocation of the documentation: where, and the words after `formcert`. */
function documentedCommands(): { where: string; words: string[] }[] {
  return documentedLines().flatMap((l) => formcertInvocations(l.text).map((words) => ({ where: l.where, words })));
}

const program = new Command();
await registerCommands(program, () => {});
const commands = documentedCommands();

/** The command a documented line runs (a verb, or a verb and its subcommand) and the options it gives. */
function resolve(words: string[]): { command: Command | undefined; flags: string[] } {
  let command = program.commands.find((c) => c.name() === words[0]);
  let rest = words.slice(1);
  const sub = command?.commands.find((c) => c.name() === rest[0]);
  if (sub) {
    command = sub;
    rest = rest.slice(1);
  }
  const end = rest.indexOf('--');
  const flags = (end >= 0 ? rest.slice(0, end) : rest).filter((w) => w.startsWith('--')).map((w) => w.split('=')[0]!);
  return { command, flags };
}

describe('commands shown in the documentation', () => {
  it('are found (the check has something to check)', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.some((c) => c.words[0] === 'certify')).toBe(true);
    // Each CI recipe contributes: a change of file type or of the extraction cannot drop one unseen.
    for (const file of ['formcert-certify.yml', 'formcert-fuzz.yml', 'certify.sh', 'fuzz-campaign.sh']) {
      expect(commands.filter((c) => c.where.startsWith(`examples/ci/${file}:`)).length, file).toBeGreaterThanOrEqual(2);
    }
    expect(commands.some((c) => c.where.startsWith('docs/ci.md:'))).toBe(true);
  });

  it('name a verb the CLI has and only options it takes', () => {
    const wrong: string[] = [];
    for (const { where, words } of commands) {
      if (words[0]!.startsWith('-')) continue; // `formcert --version`, `formcert --help`
      const { command, flags } = resolve(words);
      if (!command) {
        wrong.push(`${where}: no verb ${words[0]}`);
        continue;
      }
      const known = new Set(['--help', ...command.options.map((o) => o.long)]);
      for (const flag of flags) if (!known.has(flag)) wrong.push(`${where}: formcert ${command.name()} has no ${flag}`);
    }
    expect(wrong).toEqual([]);
  });

  it('would notice a flag the CLI does not have', () => {
    const { command, flags } = resolve(['certify', '--serve', '--', 'python3', 'r.py', '--whatever']);
    expect(command?.name()).toBe('certify');
    expect(flags).toEqual(['--serve']);
    expect(command!.options.map((o) => o.long)).not.toContain('--serve');
  });
});

describe('the CI workflows of examples/ci/', () => {
  for (const file of ['formcert-certify.yml', 'formcert-fuzz.yml']) {
    it(`${file}: SHARDS is the length of the shard matrix, which counts 1..N, and every shard option uses both`, () => {
      const text = readFileSync(join(CI_EXAMPLES_DIR, file), 'utf8');
      const shards = Number(/^\s+SHARDS: (\d+)$/m.exec(text)?.[1]);
      const matrix = /^\s+shard: \[([\d, ]+)\]$/m.exec(text)?.[1]?.split(',').map(Number);
      expect(matrix).toEqual(Array.from({ length: shards }, (_, k) => k + 1));
      const shardOptions = documentedLines().filter((l) => l.file === `examples/ci/${file}` && l.text.includes('--shard'));
      expect(shardOptions.length).toBeGreaterThan(0);
      // The GitHub expression is literal text here, not a template.
      const shardOption = ['--shard "$', '{{ matrix.shard }}/$SHARDS"'].join('');
      for (const l of shardOptions) expect(l.text, l.where).toContain(shardOption);
    });
  }

  it('the fuzz campaign gives every job the same base seed (else --shard cannot keep their seeds apart)', () => {
    const fuzz = documentedLines().filter((l) => l.file.startsWith('examples/ci/') && formcertInvocations(l.text).some((w) => w[0] === 'fuzz'));
    expect(fuzz.length).toBe(2);
    for (const l of fuzz) expect(l.text, l.where).toContain('--seed "$seed"');
    const folded = documentedLines().filter((l) => l.file === 'examples/ci/formcert-fuzz.yml' && /^seed=/.test(l.text));
    // fast-check seeds, and so --seed, are 32-bit: the run id (beyond 2^31) is folded into that range.
    expect(folded.map((l) => l.text)).toEqual([['seed=$(( $', '{{ github.run_id }} % 2147483648 ))'].join('')]);
  });
});
