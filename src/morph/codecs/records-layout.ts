/** Layout members shared by rows-delimited and columns-json (`root`, `rowCount`, `fields`). */
import { fail, ok, type Profile, type Result } from '../../shared/errors.ts';
import type { JsonObject } from '../../shared/json/value.ts';
import { LAYOUT, LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { checkConstString, readCount, readFields } from './layout-fields.ts';
import { enforces, morphError } from '../refusal.ts';

/** The record shape a row or column layout declares. */
export interface RecordsShape {
  readonly rowCount: number;
  readonly fields: string[];
}

/**
 * Reads root/rowCount/fields. R-M11a: rowCount ≥ 1, and the projected node count
 * (root + rows × (1 + fields)) must stay within the limit before anything is allocated. Under `core`
 * a zero rowCount is still refused, citing MORPH-RD-1: the document makes only a non-empty array of
 * records applicable to these codecs, so no layout of theirs declares none.
 */
export function readRecordsShape(meta: JsonObject, requirement: string, profile: Profile = 'strict'): Result<RecordsShape> {
  const root = checkConstString(meta, 'root', LAYOUT.RECORDS_ROOT, requirement);
  if (!root.ok) return root;
  // R-M11a (strict) states the bound; MORPH-RD-1 (core) implies it.
  const minRule = enforces(profile, MORPH_CODES.LAYOUT_INVALID_VALUE, RULES.ROW_COUNT_MIN) ? RULES.ROW_COUNT_MIN : RULES.ROWS_APPLICABILITY;
  const rowCount = readCount(meta, 'rowCount', 1, requirement, minRule);
  if (!rowCount.ok) return rowCount;
  const fields = readFields(meta, requirement);
  if (!fields.ok) return fields;
  if (1 + rowCount.value * (1 + fields.value.length) > LIMITS.MAX_NODES) {
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, RULES.DECLARED_COUNTS, `rowCount × fields exceeds ${LIMITS.MAX_NODES} nodes`, { member: 'rowCount' }));
  }
  return ok({ rowCount: rowCount.value, fields: fields.value });
}
