/** R-M2 limits measured on a built IR, without recursion. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { isJsonArray, isJsonObject } from '../../shared/json/value.ts';
import { LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import type { Ir } from './types.ts';
import { morphError } from '../refusal.ts';

/** Node count and container depth of an IR (a root scalar has depth 0). */
export interface IrMeasure {
  readonly nodes: number;
  readonly depth: number;
}

/** A container being walked: its children last to first, the next one's index, and its depth. */
interface Frame {
  readonly children: readonly Ir[];
  next: number;
  readonly depth: number;
}

/**
 * Counts nodes and container depth, stopping as soon as a limit is passed
 * (so a huge value costs at most the limit). Counts saturate at limit + 1. Values are visited in one
 * fixed order (each container's children last to first), with one frame per open container, not one
 * entry per pending child (a flat array of 250,000 values would hold 250,000 of them).
 */
export function measureIr(ir: Ir, maxNodes: number = LIMITS.MAX_NODES, maxDepth: number = LIMITS.MAX_DEPTH): IrMeasure {
  let nodes = 0;
  let depth = 0;
  const stack: Frame[] = [];
  let v: Ir | undefined = ir;
  let parentDepth = 0;
  for (;;) {
    if (v !== undefined) {
      nodes++;
      if (nodes > maxNodes) return { nodes, depth };
      if (isJsonArray(v) || isJsonObject(v)) {
        const d = parentDepth + 1;
        if (d > depth) depth = d;
        if (depth > maxDepth) return { nodes, depth };
        const children = isJsonArray(v) ? v : [...v.values()];
        if (children.length > 0) stack.push({ children, next: children.length - 1, depth: d });
      }
    }
    const top = stack[stack.length - 1];
    if (top === undefined) return { nodes, depth };
    if (top.next < 0) {
      stack.pop();
      v = undefined;
      continue;
    }
    v = top.children[top.next--]!;
    parentDepth = top.depth;
  }
}

/** R-M2: refuses an IR with more than 250,000 nodes or container depth above 64. */
export function checkIrLimits(ir: Ir, pointer = ''): Result<Ir> {
  const m = measureIr(ir);
  if (m.nodes > LIMITS.MAX_NODES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `more than ${LIMITS.MAX_NODES} nodes`, { pointer }));
  }
  if (m.depth > LIMITS.MAX_DEPTH) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.LIMITS, `container depth above ${LIMITS.MAX_DEPTH}`, { pointer }));
  }
  return ok(ir);
}
