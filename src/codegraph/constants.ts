/**
 * Every structural character, vocabulary, limit and error code of the codegraph `model.jsonl` 1.0.0
 * reader and writer (spec/codegraph/README.md).
 */
import type { Profile } from '../shared/errors.ts';
import { JSON_CODES } from '../shared/json/constants.ts';

/** The one schemaVersion this reader accepts (R-C2). */
export const SCHEMA_VERSION = '1.0.0';

/** Structural bytes: the JSON core's table, shared by every scanner. */
export { BYTE } from '../shared/json/constants.ts';

/** The UTF-8 byte-order mark. */
export const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** Record type tags, in section order (R-C1, CG-SEQ-2). */
export const RECORD_TYPES = ['header', 'f', 'e', 'x', 'eof'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** Section numbers: a record of a lower section after a higher one is out of order. */
export const SECTION = { NONE: 0, HEADER: 1, FILES: 2, ENTITIES: 3, EDGES: 4, EOF: 5 } as const;

/** The closed trait vocabulary (R-C3), sorted by UTF-16 code unit. */
export const TRAITS = [
  'TChildOf',
  'TComment',
  'TInvocable',
  'TMetrics',
  'TModule',
  'TNamed',
  'TSourceAnchor',
  'TStructural',
  'TType',
  'TTypedEntity',
  'TWithAccesses',
  'TWithChildren',
  'TWithImplements',
  'TWithInheritances',
  'TWithInvocations',
  'TWithLocalVariables',
  'TWithParameters',
  'TWithValue',
] as const;

/** The closed edge-kind vocabulary (R-C3), sorted. */
export const EDGE_KINDS = ['access', 'annotationUse', 'import', 'inheritance', 'interfaceImplementation', 'invocation', 'reference', 'throws'] as const;

/** The closed provenance vocabulary (R-C3), sorted. */
export const PROVENANCES = ['declared', 'derived'] as const;

/** The shape of a trait key's value (R-C4). */
export type TraitValueShape = 'entityRef' | 'entityRefs' | 'fileRefs' | 'string' | 'metrics' | 'anchor' | 'literal';

/** R-C4: the key each value-carrying trait contributes; the six markers contribute none. */
export const TRAIT_KEYS: readonly { readonly trait: string; readonly key: string; readonly shape: TraitValueShape; readonly optional: boolean }[] = [
  { trait: 'TChildOf', key: 'parent', shape: 'entityRef', optional: false },
  { trait: 'TComment', key: 'comment', shape: 'string', optional: false },
  { trait: 'TInvocable', key: 'signature', shape: 'string', optional: false },
  { trait: 'TMetrics', key: 'metrics', shape: 'metrics', optional: false },
  { trait: 'TModule', key: 'definedIn', shape: 'fileRefs', optional: false },
  { trait: 'TNamed', key: 'name', shape: 'string', optional: false },
  { trait: 'TSourceAnchor', key: 'anchor', shape: 'anchor', optional: false },
  { trait: 'TType', key: 'typeParameters', shape: 'entityRefs', optional: false },
  { trait: 'TTypedEntity', key: 'declaredType', shape: 'entityRef', optional: true },
  { trait: 'TWithValue', key: 'value', shape: 'literal', optional: false },
  { trait: 'TWithParameters', key: 'parameters', shape: 'entityRefs', optional: false },
  { trait: 'TWithLocalVariables', key: 'localVariables', shape: 'entityRefs', optional: false },
];

/** Literal kinds of the closed tagged union (R-C8) and the members each one carries besides `k`. */
export const LITERAL_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  null: [],
  boolean: ['value'],
  number: ['value'],
  string: ['value'],
  enum: ['type', 'name'],
  class: ['type'],
  array: ['items'],
  annotation: ['type', 'arguments'],
};

/** Member names of the closed record types (R-C2), in the order the writer emits them. */
export const HEADER_MEMBERS = ['t', 'schemaVersion', 'lang', 'extractor', 'root', 'repository', 'dict'] as const;
export const DICT_MEMBERS = ['kinds', 'traits', 'edges', 'provenance'] as const;
export const FILE_MEMBERS = ['t', 'i', 'path'] as const;
export const ENTITY_CORE_MEMBERS = ['t', 'i', 'k', 'tr', 'm', 's', 'd'] as const;
export const EOF_MEMBERS = ['t', 'counts'] as const;
export const COUNT_MEMBERS = ['files', 'entities', 'edges'] as const;

/** Largest unsigned integer a lexeme may name (R-S2: it must fit in 64 bits). */
export const UINT64_MAX = (1n << 64n) - 1n;

/** Read size of the streaming file validator. */
export const READ_CHUNK_BYTES = 1 << 22;

/** Requirement ids (spec/codegraph/README.md). */
export const REQ = {
  FILE_TEXT: 'R-C1',
  CLOSED_RECORDS: 'R-C2',
  VOCAB: 'R-C3',
  TRAIT_DETAIL: 'R-C4',
  UNIQUE_FILES: 'R-C6',
  LITERAL: 'R-C8',
  INTEGERS: 'R-C9',
  JSON: 'R-S1',
  VERSION: 'CG-HDR-1',
  SEQ_HEADER: 'CG-SEQ-1',
  SEQ_ORDER: 'CG-SEQ-2',
  SEQ_DENSE: 'CG-SEQ-3',
  SEQ_EOF: 'CG-SEQ-4',
  RECORD_TYPE: 'CG-REC-1',
  RECORD_SHAPE: 'CG-REC-2',
  DICT_INDEX: 'CG-DICT-1',
  DICT_ORDER: 'CG-DICT-2',
  TRAIT_KEYS: 'CG-TRAIT-1',
  CLOSURE: 'CG-INT-1',
  SELF_EDGE: 'CG-INT-2',
  COUNTS: 'CG-INT-4',
  LINES: 'CG-INT-5',
  MODULES: 'CG-MOD-1',
  MODULE_D: 'CG-MOD-2',
  ENTITY_ORDER: 'CG-ORD-1',
  UNIQUE_ENTITIES: 'CG-ORD-2',
  FILE_ORDER: 'CG-ORD-3',
  EDGE_ORDER: 'CG-ORD-4',
} as const;

/** One registered error code: the rule it enforces and that rule's profile. */
export interface CodeInfo {
  readonly requirement: string;
  readonly profile: Profile;
}

/** Codegraph error codes (spec/codegraph/error-codes.json holds the same list with meanings). */
export const CG_CODES = {
  MODEL_CARRIAGE_RETURN: { requirement: REQ.FILE_TEXT, profile: 'strict' },
  MODEL_FINAL_LF_MISSING: { requirement: REQ.FILE_TEXT, profile: 'strict' },
  EOF_NOT_LAST: { requirement: REQ.SEQ_EOF, profile: 'core' },
  EOF_MISSING: { requirement: REQ.SEQ_EOF, profile: 'core' },
  HEADER_MISSING: { requirement: REQ.SEQ_HEADER, profile: 'core' },
  HEADER_DUPLICATE: { requirement: REQ.SEQ_HEADER, profile: 'core' },
  SECTION_ORDER: { requirement: REQ.SEQ_ORDER, profile: 'core' },
  RECORD_INDEX_NOT_DENSE: { requirement: REQ.SEQ_DENSE, profile: 'core' },
  RECORD_TYPE_UNKNOWN: { requirement: REQ.RECORD_TYPE, profile: 'core' },
  RECORD_MEMBER_MISSING: { requirement: REQ.RECORD_SHAPE, profile: 'core' },
  RECORD_MEMBER_TYPE: { requirement: REQ.RECORD_SHAPE, profile: 'core' },
  RECORD_MEMBER_UNKNOWN: { requirement: REQ.CLOSED_RECORDS, profile: 'strict' },
  RECORD_EMPTY_STRING: { requirement: REQ.CLOSED_RECORDS, profile: 'strict' },
  RECORD_INTEGER_LEXEME: { requirement: REQ.INTEGERS, profile: 'strict' },
  NULL_NOT_ABSENT: { requirement: REQ.TRAIT_DETAIL, profile: 'strict' },
  UNSUPPORTED_VERSION: { requirement: REQ.VERSION, profile: 'core' },
  DICT_UNKNOWN_MEMBER: { requirement: REQ.VOCAB, profile: 'strict' },
  DICT_UNSORTED: { requirement: REQ.DICT_ORDER, profile: 'core' },
  DICT_DUPLICATE: { requirement: REQ.CLOSED_RECORDS, profile: 'strict' },
  DICT_INDEX_UNDECLARED: { requirement: REQ.DICT_INDEX, profile: 'core' },
  DUPLICATE_TRAIT: { requirement: REQ.TRAIT_DETAIL, profile: 'strict' },
  TRAIT_KEY_MISSING: { requirement: REQ.TRAIT_KEYS, profile: 'core' },
  TRAIT_KEY_UNDECLARED: { requirement: REQ.TRAIT_KEYS, profile: 'core' },
  LITERAL_KIND_UNKNOWN: { requirement: REQ.LITERAL, profile: 'strict' },
  DANGLING_ENTITY_REF: { requirement: REQ.CLOSURE, profile: 'core' },
  DANGLING_FILE_REF: { requirement: REQ.CLOSURE, profile: 'core' },
  SELF_EDGE: { requirement: REQ.SELF_EDGE, profile: 'core' },
  LINE_RANGE: { requirement: REQ.LINES, profile: 'core' },
  MODULE_REF_INVALID: { requirement: REQ.MODULES, profile: 'core' },
  MODULE_DISAMBIGUATOR: { requirement: REQ.MODULE_D, profile: 'strict' },
  ENTITY_ORDER: { requirement: REQ.ENTITY_ORDER, profile: 'core' },
  DUPLICATE_ENTITY: { requirement: REQ.UNIQUE_ENTITIES, profile: 'core' },
  FILE_ORDER: { requirement: REQ.FILE_ORDER, profile: 'core' },
  DUPLICATE_FILE: { requirement: REQ.UNIQUE_FILES, profile: 'strict' },
  EDGE_ORDER: { requirement: REQ.EDGE_ORDER, profile: 'core' },
  EOF_COUNT_MISMATCH: { requirement: REQ.COUNTS, profile: 'core' },
} as const satisfies Record<string, CodeInfo>;

export type CgCode = keyof typeof CG_CODES;

/** Shared JSON-layer codes the reader returns, with the profile it gives each (R-S1 beyond RFC 8259 is strict). */
export const JSON_LAYER_CODES = {
  [JSON_CODES.SYNTAX]: { requirement: REQ.JSON, profile: 'core' },
  [JSON_CODES.INVALID_UTF8]: { requirement: REQ.JSON, profile: 'core' },
  [JSON_CODES.BOM]: { requirement: REQ.JSON, profile: 'strict' },
  [JSON_CODES.DUPLICATE_MEMBER]: { requirement: REQ.JSON, profile: 'strict' },
  [JSON_CODES.LONE_SURROGATE]: { requirement: REQ.JSON, profile: 'strict' },
} as const satisfies Record<string, CodeInfo>;

export type JsonLayerCode = keyof typeof JSON_LAYER_CODES;

/** Every code the codegraph reader can return. */
export type ReaderCode = CgCode | JsonLayerCode;

/** Looks up the rule and profile of a code the reader returns. */
export function codeInfo(code: ReaderCode): CodeInfo {
  return (CG_CODES as Record<string, CodeInfo>)[code] ?? (JSON_LAYER_CODES as Record<string, CodeInfo>)[code]!;
}
