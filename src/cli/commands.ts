/** Registers every verb. Each verb lives in its own module under src/cli/commands/ and exports `register`. */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import type { SetExit } from '../shared/exit-codes.ts';
import { MODULE_EXTENSION } from '../shared/package-root.ts';

/** A verb module: adds its command(s) to the program. Heavy imports belong inside the action handlers. */
export interface VerbModule {
  register(program: Command, setExit: SetExit): void;
}

const COMMANDS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'commands');

/** Adds all verbs found in src/cli/commands/ to `program`, in file-name order. */
export async function registerCommands(program: Command, setExit: SetExit): Promise<void> {
  const files = readdirSync(COMMANDS_DIR)
    .filter((f) => f.endsWith(MODULE_EXTENSION) && !f.endsWith(`.test${MODULE_EXTENSION}`) && !f.endsWith('.d.ts') && !f.startsWith('_'))
    .sort();
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(COMMANDS_DIR, file)).href)) as VerbModule;
    mod.register(program, setExit);
  }
}
