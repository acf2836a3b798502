/**
 * What each format declares once for the runner (issue 16, "one registry per format"): its ops, its
 * golden case source and its fuzz sources (the input file kind of each op is part of the contract's op
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

/** Everything one format declares for the runner. */
export interface FormatRegistry {
  readonly format: FormatName;
  /** The reference oracle's handler of each op of the format. */
  readonly ops: Readonly<Partial<Record<OpName, OpHandler>>>;
  readonly caseSource: CaseSourceEntry;
  /** Generator-backed fuzz sources per op; an op without one fuzzes from its seed corpus alone. */
  readonly fuzzSources: Readonly<Partial<Record<OpName, () => FormatSources>>>;
}
