/**
 * Docs that hold: every `formcert …` command shown in a fenced block of a README names a verb the CLI
 * has and only options that verb takes (the testee's own arguments, after a bare `--`, are the
 * testee's business). The commands that run a bundled testee are run for real by the conformance
 * tier's CLI tests; this check catches a renamed or removed flag in any document at once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../runner/vectors/repo-root.ts';
import { registerCommands } from './commands.ts';

function listReadmes(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.isDirectory()) return ['node_modules', 'vendor', 'dist', '.git', 'target'].includes(e.name) ? [] : listReadmes(join(dir, e.name));
    return e.name.endsWith('.md') ? [join(dir, e.name)] : [];
  });
}

/** Every formcert invocation inside a fenced code block: file, line number and its words. */
function documentedCommands(): { where: string; words: string[] }[] {
  const found: { where: string; words: string[] }[] = [];
  for (const file of listReadmes(REPO_ROOT)) {
    let fenced = false;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (/^\s*```/.test(line)) fenced = !fenced;
        else if (fenced) {
          const code = line.replace(/\s#\s.*$/, '');
          for (const part of code.split(/&&|\|\||\||;/)) {
            const words = part.trim().split(/\s+/);
            const at = words.findIndex((w, k) => w === 'formcert' && (k === 0 || words[k - 1] === 'npx') || w.endsWith('bin/formcert.mjs'));
            if (at >= 0 && words[at + 1] !== undefined) found.push({ where: `${relative(REPO_ROOT, file)}:${i + 1}`, words: words.slice(at + 1) });
          }
        }
      });
  }
  return found;
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

describe('commands shown in the READMEs', () => {
  it('are found (the check has something to check)', () => {
    expect(commands.length).toBeGreaterThan(10);
    expect(commands.some((c) => c.words[0] === 'certify')).toBe(true);
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
