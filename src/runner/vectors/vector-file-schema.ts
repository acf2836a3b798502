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
 * harmless here because the schema constrains no number. Iterative, with an explicit stack: a vector
 * file nested thousands deep (an observation of a deep input) must not overflow the call stack.
 */
export function toSchemaInstance(root: JsonValue): unknown {
  const convertLeaf = (v: JsonValue): unknown => (v !== null && typeof v === 'object' ? (v as { toNumber(): number }).toNumber() : v);
  const shell = (v: JsonValue): unknown => (v instanceof Map ? {} : Array.isArray(v) ? new Array(v.length) : convertLeaf(v));
  const out = shell(root);
  const stack: Array<[JsonValue, unknown]> = [[root, out]];
  while (stack.length > 0) {
    const [v, target] = stack.pop()!;
    if (v instanceof Map) {
      for (const [k, x] of v) {
        const child = shell(x);
        Object.defineProperty(target as object, k, { value: child, enumerable: true, writable: true, configurable: true });
        if (x instanceof Map || Array.isArray(x)) stack.push([x, child]);
      }
    } else if (Array.isArray(v)) {
      const arr = target as unknown[];
      v.forEach((x, i) => {
        const child = shell(x);
        arr[i] = child;
        if (x instanceof Map || Array.isArray(x)) stack.push([x, child]);
      });
    }
  }
  return out;
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
