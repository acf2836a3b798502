/** Applicability shared by rows-delimited and columns-json: a uniform array of primitive records. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { isJsonArray, isJsonObject, type JsonObject } from '../../shared/json/value.ts';
import { MORPH_CODES, RULES } from '../constants.ts';
import { checkIrLimits } from '../ir/measure-ir.ts';
import type { Ir } from '../ir/types.ts';
import { isPrimitive } from './ir-kinds.ts';
import { morphError } from '../refusal.ts';

function inapplicable(message: string, pointer: string): Result<never> {
  return fail(morphError(MORPH_CODES.CODEC_INAPPLICABLE, RULES.ROWS_APPLICABILITY, message, { pointer }));
}

/**
 * MORPH-RD-1: a non-empty root array of objects with identical key sets, at least one field, and
 * only primitive values (null included). Returns the field list in the first record's display order.
 */
export function checkUniformRecords(ir: Ir): Result<{ fields: string[]; records: JsonObject[] }> {
  if (!isJsonArray(ir)) return inapplicable('root is not an array', '');
  if (ir.length === 0) return inapplicable('root array is empty', '');
  const first = ir[0];
  if (!isJsonObject(first)) return inapplicable('element is not an object', '/0');
  if (first.size === 0) return inapplicable('records have no field', '/0');
  const fields = [...first.keys()];
  for (let i = 0; i < ir.length; i++) {
    const rec = ir[i];
    if (!isJsonObject(rec)) return inapplicable('element is not an object', `/${i}`);
    if (rec.size !== fields.length || !fields.every((f) => rec.has(f))) return inapplicable('records have different key sets', `/${i}`);
    for (const [k, v] of rec) if (!isPrimitive(v)) return inapplicable(`field ${JSON.stringify(k)} is not primitive`, `/${i}`);
  }
  const l = checkIrLimits(ir);
  if (!l.ok) return l;
  return ok({ fields, records: ir as JsonObject[] });
}
