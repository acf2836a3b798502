/** Stage: the header line (seed 003 "The Header", R-J2). */
import type { FormatError } from '../shared/errors.ts';
import { checkMembers } from './check-members.ts';
import { CODES, HEADER_MEMBERS, REQ, SCHEMA_CURRENT, SCHEMA_READABLE, SCHEMA_RETIRED } from './constants.ts';
import { isIntegerError, readUnsigned, toBig, type Int } from './read-integers.ts';
import { childPointer, refuse, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';

/** A checked header: numbers as values and as the lexemes written. */
export interface Header {
  readonly schema: 2 | 3;
  readonly generation: bigint;
  readonly origin: bigint;
  /** origin as an {@link Int}, for per-line comparisons. */
  readonly originInt: Int;
  readonly generationLexeme: string;
  readonly originLexeme: string;
}

/**
 * Checks the header object. The schema marker is looked at first, so a file of another version is
 * refused for its version (naming it) before its members are judged by this version's rules.
 */
export function parseHeader(raw: ScannedValue, at: LineContext): Header | FormatError {
  if (!(raw instanceof Map)) return refuse(CODES.NOT_AN_OBJECT, REQ.HEADER, 'core', 'the header must be a JSON object', at, '');
  if (raw.has('schema')) {
    const schema = readUnsigned(raw.get('schema'));
    if (isIntegerError(schema)) {
      return refuse(schema, REQ.INTEGER, schema === CODES.WRONG_TYPE ? 'core' : 'strict', 'schema must be an unsigned integer', at, '/schema', 'schema');
    }
    if (schema === SCHEMA_RETIRED) {
      // R-J2: version 1 is retired: refused at open, never dual-read.
      return refuse(CODES.RETIRED_SCHEMA, REQ.VERSION, 'core', 'schema 1 is retired', at, '/schema', 'schema');
    }
    if (schema !== SCHEMA_CURRENT && schema !== SCHEMA_READABLE) {
      return refuse(CODES.UNSUPPORTED_SCHEMA, REQ.VERSION, 'core', `schema ${schema} is not supported (2 and 3 are)`, at, '/schema', 'schema');
    }
  }
  const members = checkMembers(raw, HEADER_MEMBERS, '', at, REQ.HEADER);
  if (members) return members;
  const values: Record<string, Int> = {};
  for (const name of ['generation', 'origin'] as const) {
    const v = readUnsigned(raw.get(name));
    if (isIntegerError(v)) {
      return refuse(v, REQ.INTEGER, v === CODES.WRONG_TYPE ? 'core' : 'strict', `${name} must be an unsigned integer`, at, childPointer('', name), name);
    }
    values[name] = v;
  }
  return {
    schema: Number(readUnsigned(raw.get('schema'))) as 2 | 3,
    generation: toBig(values.generation!),
    origin: toBig(values.origin!),
    originInt: values.origin!,
    generationLexeme: toBig(values.generation!).toString(),
    originLexeme: toBig(values.origin!).toString(),
  };
}
