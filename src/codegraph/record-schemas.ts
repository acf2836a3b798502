/**
 * The per-record JSON Schemas of spec/schemas/codegraph, compiled once with ajv (draft 2020-12).
 * They state what JSON Schema can; the reader checks the rest (trait keys, lexemes, order, closure).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../shared/package-root.ts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { RECORD_TYPES, type RecordType } from './constants.ts';

const SCHEMA_DIR = join(PACKAGE_ROOT, 'spec', 'schemas', 'codegraph');

/** Record type → compiled validator. */
export type RecordSchemas = Readonly<Record<RecordType, ValidateFunction>>;

let compiled: RecordSchemas | undefined;

/** Compiles the five record schemas (once per process). */
export function recordSchemas(): RecordSchemas {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  const out: Partial<Record<RecordType, ValidateFunction>> = {};
  for (const t of RECORD_TYPES) out[t] = ajv.compile(JSON.parse(readFileSync(join(SCHEMA_DIR, `${t}.schema.json`), 'utf8')));
  compiled = out as RecordSchemas;
  return compiled;
}

/** Validates one parsed record (plain JSON.parse output) against the schema of its `t`. */
export function validateWithSchema(record: unknown): boolean {
  const t = (record as { t?: unknown } | null)?.t;
  if (typeof t !== 'string' || !(RECORD_TYPES as readonly string[]).includes(t)) return false;
  return recordSchemas()[t as RecordType](record);
}
