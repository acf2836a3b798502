/**
 * The format generators fuzzing draws inputs from, per op: each format declares them in its registry
 * (generators/<format>/index.ts, imported statically). An op without a generator fuzzes from its seed
 * corpus alone.
 */
import fc from 'fast-check';
import type { FormatSources } from '../../shared/format-registry.ts';
import type { OpName } from '../../shared/ops.ts';
import { registryOf } from '../format-registries.ts';

/** Of the generated bases, the share a fail-closed mutator breaks: enough to land on each such spot, little of the budget. */
const BROKEN_WEIGHT = 1;
const VALID_WEIGHT = 7;

/**
 * The generator-backed sources of `op` (empty when its format declares none). Its format's fail-closed
 * mutators for `op` (one must-reject edit each: a byte-order mark before a JSON text, a version changed,
 * …) also break an eighth of the generated valid inputs, where a random byte edit seldom lands: a reader
 * that skips the one rule would otherwise go unseen. The broken inputs take part of the valid source's
 * budget, not a share of their own, so the format's other sources keep theirs.
 */
export function formatSources(op: OpName): FormatSources {
  const registry = registryOf(op);
  const declared = registry?.fuzzSources[op]?.() ?? {};
  const mutators = registry?.failClosedMutators.filter((m) => m.op === op) ?? [];
  if (declared.valid === undefined || mutators.length === 0) return declared;
  const broken = fc
    .tuple(declared.valid, fc.constantFrom(...mutators))
    .map(([bytes, mutator]) => mutator.mutate(bytes))
    .filter((bytes): bytes is Uint8Array => bytes !== undefined);
  const valid = fc.oneof({ weight: VALID_WEIGHT, arbitrary: declared.valid }, { weight: BROKEN_WEIGHT, arbitrary: broken });
  return declared.invalid === undefined ? { valid } : { valid, invalid: declared.invalid };
}
