/**
 * The verbs of `formcert`, one module each under src/cli/commands/, every one named here.
 *
 * A verb's module imports what it needs statically; the one lazy step is this table, so that a
 * process loads only the verb it runs: `formcert testee exec` is started once per case in exec mode
 * and must not pay for certify, fuzz and the report renderers on every start.
 */
import type { Command } from 'commander';
import type { SetExit } from '../shared/exit-codes.ts';

/** A verb module: adds its command(s) to the program. */
export interface VerbModule {
  register(program: Command, setExit: SetExit): void;
}

/** Every verb, in the order `formcert --help` lists them. */
export const VERBS = {
  certify: () => import('./commands/certify.ts'),
  fuzz: () => import('./commands/fuzz.ts'),
  golden: () => import('./commands/golden.ts'),
  morph: () => import('./commands/morph.ts'),
  report: () => import('./commands/report.ts'),
  show: () => import('./commands/show.ts'),
  testee: () => import('./commands/testee.ts'),
  validate: () => import('./commands/validate.ts'),
  vectors: () => import('./commands/vectors.ts'),
} as const satisfies Record<string, () => Promise<VerbModule>>;

/** The verb `argv` runs, when its first word names one. */
function verbOf(argv: readonly string[]): keyof typeof VERBS | undefined {
  const first = argv[0];
  return first !== undefined && Object.hasOwn(VERBS, first) ? (first as keyof typeof VERBS) : undefined;
}

/** Program options that answer without any verb. */
const VERBLESS_OPTIONS: readonly string[] = ['-V', '--version'];

/**
 * Adds to `program` the verb `argv` runs; none for `--version`; every verb when argv names none
 * (help, or a mistyped verb: commander then lists them all or says which is unknown).
 */
export async function registerCommands(program: Command, setExit: SetExit, argv: readonly string[] = []): Promise<void> {
  if (argv.length === 1 && VERBLESS_OPTIONS.includes(argv[0]!)) return;
  const verb = verbOf(argv);
  const chosen = verb ? [verb] : (Object.keys(VERBS) as (keyof typeof VERBS)[]);
  for (const name of chosen) (await VERBS[name]()).register(program, setExit);
}
