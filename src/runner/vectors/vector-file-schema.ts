/** Validates the shape of a parsed vector file against spec/schemas/vector-file.schema.json (ajv, draft 2020-12). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import type { JsonValue } from '../../shared/json/value.ts';
import { REPO_ROOT } from './repo-root.ts';

const SCHEMA_PATH = join(REPO_ROOT, 'spec', 'schemas', 'vector-file.schema.json');

let compiled: ValidateFunction | undefined;

function compileSchema(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv2020({ allErrors: false, strict: true, allowUnionTypes: true });
    compiled = ajv.compile(JSON.parse(readFileSync(SCHEMA_PATH, 'utf8')) as object);
  }
  return compiled;
}

/**
 * Turns a JsonValue into the plain value ajv validates. Object members become own data properties
 * (defineProperty, so a member named `__proto__` stays a member); numbers become doubles, which is
 * harmless here because the schema constrains no number.
 */
export function toSchemaInstance(v: JsonValue): unknown {
  if (v instanceof Map) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of v) {
      Object.defineProperty(o, k, { value: toSchemaInstance(x), enumerable: true, writable: true, configurable: true });
    }
    return o;
  }
  if (Array.isArray(v)) return v.map(toSchemaInstance);
  if (v !== null && typeof v === 'object') return v.toNumber();
  return v;
}

/** Returns the schema violations of a parsed vector file, one line each (empty when it conforms). */
export function checkVectorFileShape(value: JsonValue): string[] {
  const validate = compileSchema();
  if (validate(toSchemaInstance(value))) return [];
  return (validate.errors ?? []).map(describeSchemaError);
}

function describeSchemaError(e: ErrorObject): string {
  return `${e.instancePath || '(root)'}: ${e.message ?? e.keyword}`;
}
