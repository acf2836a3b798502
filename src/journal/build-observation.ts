/** Stage: the `journal.read` observation of spec/protocol (entries above origin, canonical member order, lexemes kept). */
import { JsonNumber, jsonNumber, type JsonValue } from '../shared/json/value.ts';
import { ENTRY_MEMBERS, METADATA_MEMBERS } from './constants.ts';
import type { ScannedValue } from './scan-json.ts';

/** A structural scanned value as JSON: small integers the scanner kept as numbers become lexemes again. */
function asJson(v: ScannedValue): JsonValue {
  if (typeof v === 'number') return new JsonNumber(String(v));
  if (v instanceof Map) return new Map([...v].map(([k, x]): [string, JsonValue] => [k, asJson(x)]));
  return v as JsonValue;
}

/** One entry as observed: the stored members in canonical order, payload built. */
export function buildEntryObservation(source: Map<string, ScannedValue>, payload: JsonValue): JsonValue {
  const md = source.get('metadata') as Map<string, ScannedValue>;
  const metadata = new Map<string, JsonValue>();
  for (const name of METADATA_MEMBERS) metadata.set(name, asJson(md.get(name)!));
  const out = new Map<string, JsonValue>();
  for (const name of ENTRY_MEMBERS) {
    if (name === 'metadata') out.set(name, metadata);
    else if (name === 'payload') out.set(name, payload);
    else out.set(name, asJson(source.get(name)!));
  }
  return out;
}

/** The whole observation. */
export function buildObservation(fields: {
  schema: number;
  generationLexeme: string;
  originLexeme: string;
  frontier: bigint;
  tornTailBytes: number;
  entries: JsonValue[];
}): JsonValue {
  return new Map<string, JsonValue>([
    ['schema', jsonNumber(fields.schema)],
    ['generation', jsonNumber(fields.generationLexeme)],
    ['origin', jsonNumber(fields.originLexeme)],
    ['frontier', jsonNumber(fields.frontier)],
    ['tornTailBytes', jsonNumber(fields.tornTailBytes)],
    ['entries', fields.entries],
  ]);
}
