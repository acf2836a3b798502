/** What a golden case source (hand-written recipe or seeded generator) hands to `golden regenerate`. */
import type { Profile } from './errors.ts';
import type { OpName } from './ops.ts';

/** The verdict a case source declares; the oracle must agree, or regeneration fails. */
export type DeclaredExpectation =
  | { readonly verdict: 'accept' }
  | { readonly verdict: 'reject'; readonly code: string }
  | { readonly verdict: 'either' };

/** One case before it becomes a vector: the observation of accepted cases is filled in by the oracle. */
export interface CaseSpec {
  /** Short kebab-case name, unique within its format (e.g. `header-schema-1-retired`). */
  readonly name: string;
  readonly op: OpName;
  readonly profile: Profile;
  /** Requirement ids this case tests (at least one). */
  readonly requirements: readonly string[];
  /** The input file's exact bytes (a string is taken as UTF-8). */
  readonly input: Uint8Array | string;
  readonly expect: DeclaredExpectation;
  /** One line saying why the verdict is what it is. */
  readonly note: string;
}
