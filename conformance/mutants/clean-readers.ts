/** The clean readers the mutants are made from: each must pass every golden case of its ops. */
import type { Mutant } from './run-mutants.ts';

/** A clean reader, started like a mutant. */
export type CleanReader = Pick<Mutant, 'mode' | 'argv' | 'ops'> & { readonly name: string };

export const CLEAN_READERS: readonly CleanReader[] = [
  {
    name: 'python reader',
    mode: 'persistent',
    ops: ['journal.read', 'codegraph.read', 'journal.track-key', 'journal.append', 'morph.c14n', 'morph.decode', 'morph.import', 'morph.encode'],
    argv: ['python3', 'conformance/testees/python/formcert_reader.py', '--persistent'],
  },
];
