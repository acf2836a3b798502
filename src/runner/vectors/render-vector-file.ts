/** Writes a vector file's text: the same bytes for the same cases on every run and machine. */
import { writeJson } from '../../shared/json/write-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import type { VectorCase } from '../../generated/vector-file.schema.ts';
import { JSON_INDENT, type FormatName, type VectorSource } from './constants.ts';
import type { StoredExpectation, StoredInput } from './golden-storage.ts';

/**
 * One case as it is written into a vector file: the case type generated from
 * spec/schemas/vector-file.schema.json, read-only, with observations as the oracle gives them (any
 * JsonValue, lexemes kept) and requirement lists whose non-emptiness the loader checks.
 */
export type StoredCase = Readonly<Omit<VectorCase, 'requirements' | 'expect' | 'input'>> & {
  readonly requirements: readonly string[];
  readonly input: StoredInput;
  readonly expect: StoredExpectation;
};

/** The vector file as a JsonValue, members in the documented order (observations as the oracle gave them). */
export function buildVectorFileValue(format: FormatName, source: VectorSource, cases: readonly StoredCase[]): JsonValue {
  return new Map<string, JsonValue>([
    ['format', format],
    ['source', source],
    ['cases', cases.map(buildCaseValue)],
  ]);
}

/** One case as a JsonValue, members in the documented order. */
export function buildCaseValue(c: StoredCase): JsonValue {
  return new Map<string, JsonValue>([
    ['id', c.id],
    ['name', c.name],
    ['op', c.op],
    ['profile', c.profile],
    ['requirements', [...c.requirements]],
    ['input', new Map<string, JsonValue>(Object.entries(c.input))],
    ['expect', buildExpectValue(c.expect)],
    ['note', c.note],
  ]);
}

function buildExpectValue(e: StoredExpectation): JsonValue {
  if (e.verdict === 'accept' && 'observationFile' in e) {
    return new Map<string, JsonValue>([
      ['verdict', 'accept'],
      ['observationFile', e.observationFile],
    ]);
  }
  if (e.verdict === 'accept') {
    return new Map<string, JsonValue>([
      ['verdict', 'accept'],
      ['observation', e.observation ?? null],
    ]);
  }
  if (e.verdict === 'reject') {
    return new Map<string, JsonValue>([
      ['verdict', 'reject'],
      ['code', e.code],
    ]);
  }
  return new Map<string, JsonValue>([['verdict', 'either']]);
}

/** Pretty-printed text (2-space indent, lexemes kept, LF line ends, one final LF). */
export function renderJsonFile(value: JsonValue): string {
  return writeJson(value, { indent: JSON_INDENT }) + '\n';
}
