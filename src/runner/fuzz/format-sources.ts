/**
 * The format generators fuzzing draws valid inputs from, per op: each format declares them in its
 * registry (generators/<format>/index.ts, imported statically). An op without a generator fuzzes
 * from its seed corpus alone.
 */
import type { FormatSources } from '../../shared/format-registry.ts';
import type { OpName } from '../../shared/ops.ts';
import { registryOf } from '../format-registries.ts';

/** The generator-backed sources of `op` (empty when its format declares none). */
export function formatSources(op: OpName): FormatSources {
  return registryOf(op)?.fuzzSources[op]?.() ?? {};
}
