/**
 * The three format registries (generators/<format>/index.ts), imported statically: the runner's one
 * source of per-format knowledge (ops, golden case sources, fuzz sources).
 */
import { CODEGRAPH_FORMAT } from '../../generators/codegraph/index.ts';
import { JOURNAL_FORMAT } from '../../generators/journal/index.ts';
import { MORPH_FORMAT } from '../../generators/morph/index.ts';
import type { FormatRegistry } from '../shared/format-registry.ts';
import type { OpName } from '../shared/ops.ts';

/** Every format's registry, in the order reports list the formats. */
export const FORMAT_REGISTRIES: readonly FormatRegistry[] = [CODEGRAPH_FORMAT, JOURNAL_FORMAT, MORPH_FORMAT];

/** The registry of the format `op` belongs to, or undefined for an op no format declares. */
export function registryOf(op: OpName): FormatRegistry | undefined {
  return FORMAT_REGISTRIES.find((r) => op in r.ops);
}
