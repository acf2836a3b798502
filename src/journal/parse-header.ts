/** Stage: the header line (seed 003 "The Header", R-J2). */
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { checkMembers } from './check-members.ts';
import { HEADER_MEMBERS, SCHEMA_CURRENT, SCHEMA_READABLE, SCHEMA_RETIRED } from './constants.ts';
import { readUnsigned, toBig, unsignedSite, type Int } from './read-integers.ts';
import { refuse, RULES, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';
import type { JournalHeader } from '../generated/journal/header.schema.ts';

/** A checked header: numbers as values and as the lexemes written. */
export interface Header {
  readonly schema: JournalHeader['schema'];
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
export function parseHeader(raw: ScannedValue, at: LineContext, profile: Profile): Result<Header> {
  if (!(raw instanceof Map)) return fail(refuse(RULES.HEADER_NOT_OBJECT, 'the header must be a JSON object', at, ''));
  let schema: Int | undefined;
  if (raw.has('schema')) {
    const read = readUnsigned(raw.get('schema'), unsignedSite(profile, at, 'schema'));
    if (!read.ok) return read;
    schema = read.value;
    if (schema === SCHEMA_RETIRED) {
      // R-J2: version 1 is retired: refused at open, never dual-read.
      return fail(refuse(RULES.RETIRED_SCHEMA, 'schema 1 is retired', at, '/schema', 'schema'));
    }
    if (schema !== SCHEMA_CURRENT && schema !== SCHEMA_READABLE) {
      return fail(refuse(RULES.UNSUPPORTED_SCHEMA, `schema ${schema} is not supported (2 and 3 are)`, at, '/schema', 'schema'));
    }
  }
  const members = checkMembers(raw, HEADER_MEMBERS, '', at, RULES.HEADER_MISSING_MEMBER);
  if (!members.ok) return members;
  const generation = readUnsigned(raw.get('generation'), unsignedSite(profile, at, 'generation'));
  if (!generation.ok) return generation;
  const origin = readUnsigned(raw.get('origin'), unsignedSite(profile, at, 'origin'));
  if (!origin.ok) return origin;
  return ok({
    schema: schema as 2 | 3,
    generation: toBig(generation.value),
    origin: toBig(origin.value),
    originInt: origin.value,
    generationLexeme: toBig(generation.value).toString(),
    originLexeme: toBig(origin.value).toString(),
  });
}
