/** path-value stage: rebuilds the value from node records (R-M13). */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import type { Ir } from '../ir/types.ts';
import type { NodeRecord } from './parse-node-record.ts';
import { parsePointer } from './parse-pointer.ts';
import { enforces, morphError } from '../refusal.ts';

type Built =
  | { readonly kind: 'object'; readonly value: Map<string, JsonValue>; readonly depth: number }
  | { readonly kind: 'array'; readonly value: JsonValue[]; readonly filled: boolean[]; count: number; readonly depth: number; readonly line: number; readonly path: string }
  | { readonly kind: 'scalar' };

const CANONICAL_INDEX = /^(0|[1-9][0-9]*)$/;

function refuse(code: string, message: string, line: number, pointer: string, requirement: string = RULES.PATH_VALUE_TREE): Result<never> {
  return fail(morphError(code, requirement, message, { line, pointer }));
}

/**
 * Places each record under a parent seen on an earlier line (MISSING_PARENT otherwise); siblings
 * may come in any order; object members keep line order; arrays are filled by canonical index below
 * their declared count, and must end with no hole. Depth is counted on containers (R-M2).
 * Under `core` (R-M13 not enforced) a record may come before its parent: when a parent appears only
 * later, the records are placed again parents first — by pointer depth, line order kept among records
 * of one depth, so object members still keep line order — and each fault still names its own line.
 */
export function rebuildPathTree(records: readonly NodeRecord[], profile: Profile = 'strict'): Result<Ir> {
  const inOrder = placeRecords(records, records.map((_, i) => i + 1));
  // R-M13 (strict): a parent on a later line is out of order; core reads the records parents first.
  if (inOrder.ok || inOrder.error.requirement !== RULES.PATH_VALUE_ORDER || enforces(profile, MORPH_CODES.MISSING_PARENT, RULES.PATH_VALUE_ORDER)) return inOrder;
  const depth = (path: string) => path.split('/').length - 1;
  const order = records.map((_, i) => i).sort((a, b) => depth(records[a]!.path) - depth(records[b]!.path) || a - b);
  return placeRecords(order.map((i) => records[i]!), order.map((i) => i + 1));
}

/** {@link rebuildPathTree} over records in the given order; `lines[i]` is record i's line number. */
function placeRecords(records: readonly NodeRecord[], lines: readonly number[]): Result<Ir> {
  const nodes = new Map<string, Built>();
  const arrays: Array<Extract<Built, { kind: 'array' }>> = [];
  let root: JsonValue | undefined;
  let declaredItems = 0;
  const allPaths = new Set(records.map((r) => r.path));
  for (let i = 0; i < records.length; i++) {
    const rec = records[i]!;
    const line = lines[i]!;
    const tail = parsePointer(rec.path, line);
    if (!tail.ok) return tail;
    if (nodes.has(rec.path)) {
      if (rec.path === '') return refuse(MORPH_CODES.MULTIPLE_ROOTS, 'a second root record', line, rec.path);
      return refuse(MORPH_CODES.DUPLICATE_PATH, 'path repeats', line, rec.path);
    }
    let depth = 0;
    let attach: (v: JsonValue) => void = (v) => (root = v);
    if (tail.value !== null) {
      const { parent, token } = tail.value;
      const p = nodes.get(parent);
      if (p === undefined) {
        // R-M13 (strict): a parent that only appears later is out of order; MORPH-PV-4: one that never appears is missing.
        if (allPaths.has(parent)) return refuse(MORPH_CODES.MISSING_PARENT, 'parent appears only on a later line', line, rec.path, RULES.PATH_VALUE_ORDER);
        return refuse(MORPH_CODES.MISSING_PARENT, 'parent record is missing', line, rec.path);
      }
      if (p.kind === 'scalar') return refuse(MORPH_CODES.PARENT_NOT_CONTAINER, 'parent is a scalar', line, rec.path);
      depth = p.depth;
      if (p.kind === 'array') {
        // The parent's type decides: under an array the token is an index, never a member name.
        if (!CANONICAL_INDEX.test(token) || Number(token) >= p.count) {
          return refuse(MORPH_CODES.INVALID_ARRAY_INDEX, `index ${JSON.stringify(token)} is not canonical or not below ${p.count}`, line, rec.path);
        }
        const index = Number(token);
        attach = (v) => {
          p.value[index] = v;
          p.filled[index] = true;
        };
      } else {
        attach = (v) => p.value.set(token, v);
      }
    }
    if (rec.tag === 'object' || rec.tag === 'array') {
      const cdepth = depth + 1;
      if (cdepth > LIMITS.MAX_DEPTH) return refuse(MORPH_CODES.LIMIT_EXCEEDED, `container depth above ${LIMITS.MAX_DEPTH}`, line, rec.path, RULES.LIMITS);
      if (rec.tag === 'object') {
        const value = new Map<string, JsonValue>();
        nodes.set(rec.path, { kind: 'object', value, depth: cdepth });
        attach(value);
      } else {
        // R-M11a: the sum of declared item counts is bounded before allocating; the root is one more node.
        declaredItems += rec.itemCount;
        if (1 + declaredItems > LIMITS.MAX_NODES) return refuse(MORPH_CODES.LIMIT_EXCEEDED, 'declared item counts exceed the node limit', line, rec.path, RULES.DECLARED_COUNTS);
        const built = { kind: 'array' as const, value: new Array<JsonValue>(rec.itemCount).fill(null), filled: new Array<boolean>(rec.itemCount).fill(false), count: rec.itemCount, depth: cdepth, line, path: rec.path };
        arrays.push(built);
        nodes.set(rec.path, built);
        attach(built.value);
      }
    } else {
      nodes.set(rec.path, { kind: 'scalar' });
      attach(rec.value);
    }
  }
  for (const a of arrays) {
    const present = a.filled.filter(Boolean).length;
    if (present === a.count) continue;
    // Missing items only at the end read as a short array; a gap before a present item is a hole.
    const firstMissing = a.filled.indexOf(false);
    const code = present === firstMissing ? MORPH_CODES.ITEM_COUNT_MISMATCH : MORPH_CODES.ARRAY_HOLE;
    return refuse(code, `array has ${present} of ${a.count} items`, a.line, a.path);
  }
  if (root === undefined) return refuse(MORPH_CODES.MISSING_PARENT, 'no root record', 1, '');
  return ok(root);
}
