/** Small classifiers of IR values used by applicability checks. */
import { isJsonArray, isJsonNumber, isJsonObject, type JsonObject } from '../../shared/json/value.ts';
import type { Ir } from '../ir/types.ts';

/** The `rootKind` word of json-compact for a value. */
export function kindOf(v: Ir): 'null' | 'boolean' | 'string' | 'number' | 'array' | 'object' {
  if (v === null) return 'null';
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'string') return 'string';
  if (isJsonNumber(v)) return 'number';
  return isJsonArray(v) ? 'array' : 'object';
}

/** True for null, booleans, strings and numbers (null is a primitive). */
export function isPrimitive(v: Ir): boolean {
  return !isJsonArray(v) && !isJsonObject(v);
}

/** Narrowing helper for a record array element. */
export function isRecord(v: Ir): v is JsonObject {
  return isJsonObject(v);
}
