/** Layout members shared by rows-delimited and columns-json (`root`, `rowCount`, `fields`). */
import { fail, ok, type Result } from '../../shared/errors.ts';
import type { JsonObject } from '../../shared/json/value.ts';
import { LAYOUT, LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { checkConstString, readCount, readFields } from './layout-fields.ts';
import { morphError } from '../refusal.ts';

/** The record shape a row or column layout declares. */
export interface RecordsShape {
  readonly rowCount: number;
  readonly fields: string[];
}

/**
 * Reads root/rowCount/fields. R-M11a: rowCount ≥ 1, and the projected node count
 * (root + rows × (1 + fields)) must stay within the limit before anything is allocated.
 */
export function readRecordsShape(meta: JsonObject, requirement: string): Result<RecordsShape> {
  const root = checkConstString(meta, 'root', LAYOUT.RECORDS_ROOT, requirement);
  if (!root.ok) return root;
  const rowCount = readCount(meta, 'rowCount', 1, requirement, RULES.ROW_COUNT_MIN);
  if (!rowCount.ok) return rowCount;
  const fields = readFields(meta, requirement);
  if (!fields.ok) return fields;
  if (1 + rowCount.value * (1 + fields.value.length) > LIMITS.MAX_NODES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.DECLARED_COUNTS, `rowCount × fields exceeds ${LIMITS.MAX_NODES} nodes`, { member: 'rowCount' }));
  }
  return ok({ rowCount: rowCount.value, fields: fields.value });
}
