/**
 * What each format declares once for the runner (issue 16, "one registry per format"): its ops, its
 * golden case source, its fuzz sources, seeds and fail-closed mutators (the input file kind of each op is part of the contract's op
 * list, src/shared/ops.ts). Each format's
 * registry is `generators/<format>/index.ts`; the runner imports the three statically
 * (src/runner/format-registries.ts), so a missing module is a build error, never a runtime "n/a".
 */
import type { Arbitrary } from 'fast-check';
import type { OpHandler, OpName } from './ops.ts';
import type { CaseSpec } from './vectors.ts';

/** The formats, in the order reports list them. */
export const FORMAT_NAMES = ['codegraph', 'journal', 'morph'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

/** Format-specific fuzz sources of one op: an arbitrary of valid inputs and the format's own mutators (valid → invalid). */
export interface FormatSources {
  readonly valid?: Arbitrary<Uint8Array>;
  /** Outputs of the format's own mutators (each breaks one rule). */
  readonly invalid?: Arbitrary<Uint8Array>;
}

/** A format's golden case source. */
export interface CaseSourceEntry {
  /** Repository-relative path of the module (e.g. `generators/journal/golden-cases.ts`), as the manifest names it. */
  readonly module: string;
  readonly goldenCases: () => CaseSpec[];
  /** The module's exports (its seed constants are read from them, for the manifest). */
  readonly exports: Readonly<Record<string, unknown>>;
}

/**
 * One must-reject byte edit: whatever valid input of `op` it starts from, no reader may accept its
 * output. Fuzzing the oracle applies these to generated valid inputs and requires a rejection.
 */
export interface FailClosedMutator {
  readonly name: string;
  readonly op: OpName;
  readonly requirement: string;
  /** Codes the oracle may answer with (first failing check wins, so a few are allowed). */
  readonly codes: readonly string[];
  /** The invalid input, or undefined when the edit does not apply to this input. */
  readonly mutate: (input: Uint8Array) => Uint8Array | undefined;
}

/** Everything one format declares for the runner. */
export interface FormatRegistry {
  readonly format: FormatName;
  /** The reference oracle's handler of each op of the format. */
  readonly ops: Readonly<Partial<Record<OpName, OpHandler>>>;
  readonly caseSource: CaseSourceEntry;
  /** Generator-backed fuzz sources per op; an op without one fuzzes from its seed corpus alone. */
  readonly fuzzSources: Readonly<Partial<Record<OpName, () => FormatSources>>>;
  /** Minimal valid inputs (UTF-8 text) per op, so that fuzzing works before golden/ is regenerated. */
  readonly fuzzSeeds: Readonly<Partial<Record<OpName, readonly string[]>>>;
  /** The format's must-reject byte edits (the oracle must fail closed on each). */
  readonly failClosedMutators: readonly FailClosedMutator[];
}
