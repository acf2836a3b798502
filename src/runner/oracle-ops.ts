/** The reference oracle as a table of op handlers, loaded per format on first use. */
import type { OpHandler, OpName } from '../shared/ops.ts';

type OpTable = Partial<Record<OpName, OpHandler>>;

const FORMAT_MODULES: Record<string, () => Promise<{ ops: OpTable }>> = {
  journal: () => import('../journal/ops.ts'),
  codegraph: () => import('../codegraph/ops.ts'),
  morph: () => import('../morph/ops.ts'),
};

/** Returns the oracle's handler for `op`, or undefined when no format module provides it. */
export async function loadOracleOp(op: OpName): Promise<OpHandler | undefined> {
  const format = op.slice(0, op.indexOf('.'));
  const load = FORMAT_MODULES[format];
  if (!load) return undefined;
  const mod = await load();
  return mod.ops[op];
}
