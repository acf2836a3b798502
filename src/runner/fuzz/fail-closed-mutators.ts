/**
 * Every format's fail-closed mutators (byte edits no reader may accept, declared by each format's
 * registry), gathered for the oracle's fail-closed fuzz test.
 */
import type { FailClosedMutator } from '../../shared/format-registry.ts';
import { FORMAT_REGISTRIES } from '../format-registries.ts';

export type { FailClosedMutator } from '../../shared/format-registry.ts';

/** Every fail-closed mutator of every format, in the registries' order. */
export const FAIL_CLOSED_MUTATORS: readonly FailClosedMutator[] = FORMAT_REGISTRIES.flatMap((r) => r.failClosedMutators);
