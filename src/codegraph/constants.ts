/**
 * Every structural character, vocabulary, limit and error code of the codegraph `model.jsonl` 1.0.0
 * reader and writer (spec/codegraph/README.md).
 */
import type { CodegraphEntity, Literal } from '../generated/codegraph/e.schema.ts';
import type { CodegraphEof } from '../generated/codegraph/eof.schema.ts';
import type { CodegraphFile } from '../generated/codegraph/f.schema.ts';
import type { CodegraphHeader } from '../generated/codegraph/header.schema.ts';
import type { CodegraphEdge } from '../generated/codegraph/x.schema.ts';
import { JSON_CODES, JSON_READER_LIMITS } from '../shared/json/constants.ts';
import type { SameUnion } from '../shared/same-union.ts';
import { refusalFor, type RefusalRule } from '../shared/refusals.ts';

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
const TRAIT_KEY_TABLE = [
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
] as const satisfies readonly TraitKeySpec[];

/** One trait key (R-C4): the trait that requires it, its member name, the shape of its value. */
export interface TraitKeySpec {
  readonly trait: (typeof TRAITS)[number];
  readonly key: string;
  readonly shape: TraitValueShape;
  readonly optional: boolean;
}
export const TRAIT_KEYS: readonly TraitKeySpec[] = TRAIT_KEY_TABLE;
type TraitKey = (typeof TRAIT_KEY_TABLE)[number]['key'];

/** Literal kinds of the closed tagged union (R-C8) and the members each one carries besides `k`. */
const LITERAL_MEMBER_TABLE = {
  null: [],
  boolean: ['value'],
  number: ['value'],
  string: ['value'],
  enum: ['type', 'name'],
  class: ['type'],
  array: ['items'],
  annotation: ['type', 'arguments'],
} as const;
export const LITERAL_MEMBERS: Readonly<Record<string, readonly string[]>> = LITERAL_MEMBER_TABLE;

/** Member names of the closed record types (R-C2), in the order the writer emits them. */
export const HEADER_MEMBERS = ['t', 'schemaVersion', 'lang', 'extractor', 'root', 'repository', 'dict'] as const;
export const DICT_MEMBERS = ['kinds', 'traits', 'edges', 'provenance'] as const;
export const FILE_MEMBERS = ['t', 'i', 'path'] as const;
export const ENTITY_CORE_MEMBERS = ['t', 'i', 'k', 'tr', 'm', 's', 'd'] as const;
export const EOF_MEMBERS = ['t', 'counts'] as const;
export const COUNT_MEMBERS = ['files', 'entities', 'edges'] as const;
export const EDGE_MEMBERS = ['t', 'k', 'f', 'o', 'p', 'anchor', 'sourceFile', 'arguments'] as const;

// The vocabularies and member sets are those of the schemas (spec/schemas/codegraph/*.schema.json, through
// their generated types): a schema edit that is not followed here, or the reverse, fails the typecheck.
/** The named members of a type with an index signature (an entity's other members pass through, R-C4). */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: T[K] };
type Dict = CodegraphHeader['dict'];
const SCHEMA_AGREES = [
  true satisfies SameUnion<(typeof HEADER_MEMBERS)[number], keyof CodegraphHeader>,
  true satisfies SameUnion<(typeof DICT_MEMBERS)[number], keyof Dict>,
  true satisfies SameUnion<(typeof TRAITS)[number], Dict['traits'][number]>,
  true satisfies SameUnion<(typeof EDGE_KINDS)[number], Dict['edges'][number]>,
  true satisfies SameUnion<(typeof PROVENANCES)[number], Dict['provenance'][number]>,
  true satisfies SameUnion<(typeof FILE_MEMBERS)[number], keyof CodegraphFile>,
  true satisfies SameUnion<(typeof ENTITY_CORE_MEMBERS)[number] | TraitKey, NamedKeys<CodegraphEntity>>,
  true satisfies SameUnion<(typeof EDGE_MEMBERS)[number], keyof CodegraphEdge>,
  true satisfies SameUnion<(typeof EOF_MEMBERS)[number], keyof CodegraphEof>,
  true satisfies SameUnion<(typeof COUNT_MEMBERS)[number], keyof CodegraphEof['counts']>,
  true satisfies SameUnion<keyof typeof LITERAL_MEMBER_TABLE, Literal['k']>,
];
void SCHEMA_AGREES;

/** Largest unsigned integer a lexeme may name (R-S2: it must fit in 64 bits). */
export const UINT64_MAX = (1n << 64n) - 1n;

/**
 * Items a duplicate check compares one by one (member names, R-S1; trait indices, R-C4): past this many
 * it keeps a set instead, so that a line of many names or indices costs linear time, not quadratic.
 */
export const LINEAR_SCAN_MAX = 16;

/** Read size of the streaming file validator. */
export const READ_CHUNK_BYTES = 1 << 22;

/**
 * Input bytes a streamed `codegraph.read` observes (the reference testee's resource bound, not a
 * format rule): past them the observer is let go, the model is still read for its verdict (in the
 * validator's bounded memory), and an accepted model is answered `skipped`.
 */
export const READ_OBSERVATION_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Values a streamed `codegraph.read` observation builds at most under the members no check reads
 * (each item and member of their containers; the reference testee's resource bound, like
 * READ_OBSERVATION_MAX_BYTES): bytes alone do not bound a tree, 2 MiB of `{}` in an entity's unknown
 * member cost 365 MiB observed. Past it the observer is let go and an accepted model is answered
 * `skipped`.
 */
export const READ_OBSERVATION_MAX_VALUES = 1 << 17;

/**
 * Top-level members whose strings the checks compare (natural keys, file paths, dictionary entries:
 * R-C6, CG-ORD-1, CG-DICT-2) or quote in a refusal (`t`, `schemaVersion`): the reader holds them, so it
 * limits them (JSON-LIMIT-1, spec/codegraph "Reading") instead of following a line of any length.
 */
export const COMPARED_STRING_MEMBERS: ReadonlySet<string> = new Set(['t', 's', 'd', 'path', 'schemaVersion', 'dict']);

/** Body bytes (as written, escapes included) a string of {@link COMPARED_STRING_MEMBERS} has at most. */
export const COMPARED_STRING_MAX_BYTES = 1024 * 1024;

/**
 * Limits of formcert's codegraph reader on one line's JSON (JSON-LIMIT-1, spec/codegraph "Reading"):
 * the shared ones (depth, members of the open objects, number lexemes the checks read) and the values
 * it builds. Past any of them the line is refused with LIMIT_EXCEEDED where the limit is passed.
 */
export const READER_LIMITS = {
  ...JSON_READER_LIMITS,
  /**
   * Items of built arrays plus members of built nested objects in one line (the values under the
   * members the checks read: index lists, anchors, Literals, metrics). A real record holds tens of
   * them; the largest are a Literal array (an array initializer, which Java's 64 KiB of bytecode per
   * method keeps to some ten thousand items) and a list of parameters or type parameters (255 at most
   * in Java). 2^18 is far past these; each built value costs up to some 200 bytes (a Literal is a Map),
   * so one line builds at most some 50 MiB (2^20 gave 283-297 MiB on a line of 25 million Literals).
   */
  MAX_BUILT_VALUES: 1 << 18,
  /**
   * Body bytes (as written) of the strings the checks hold whole in one line, all of them together: the
   * strings under the members the checks read, member names and the strings read for their first
   * characters only (see keptCharactersOf) aside. Each compared string is at most
   * COMPARED_STRING_MAX_BYTES, but a dictionary of 2^18 of them would still be held whole (a 212 MB
   * header line cost 591 MB before this limit, 146 MiB with it); a real header's dictionaries take
   * some kilobytes.
   */
  MAX_HELD_STRING_BYTES: 8 * 1024 * 1024,
  /**
   * Bytes (as written) of the containers built under the members the checks read, in one line, all of
   * them together: whitespace, punctuation, names, numbers and strings, less what follows the first
   * characters of a string read for those only (see keptCharactersOf) and the bodies of the strings
   * MAX_HELD_STRING_BYTES counts. A long line's buffer cannot drop
   * what the checks build (each new look at the line reads it again), so this bounds it: before this
   * limit, a Literal array of 175,000 strings of 1,200 bytes cost 444 MiB, a Literal object of long
   * member names 596 MiB. A real record's largest, a Literal array initializer, takes some hundred
   * kilobytes.
   */
  MAX_BUILT_BYTES: 4 * 1024 * 1024,
} as const;

/**
 * A string read for its first characters only (see keptCharactersOf) whose body goes on this many
 * bytes past them, complete in a long line's buffer: the long line drops what follows them.
 */
export const KEPT_MIDDLE_DROP_BYTES = 64;

/** UTF-16 code units of a string value a refusal quotes at most (a longer one is quoted in part, and the message says so). */
export const QUOTED_UNITS = 64;

/** `text` as a JSON string for a message: whole up to QUOTED_UNITS code units, else its first ones and a note that it is cut. */
export function quoteBounded(text: string): string {
  if (text.length <= QUOTED_UNITS) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, QUOTED_UNITS))}… (its first ${QUOTED_UNITS} UTF-16 code units)`;
}

/**
 * Every codegraph error code the reader can return (spec/codegraph/error-codes.json registers them,
 * with the rule each enforces; a test keeps the two lists equal).
 */
export const CG_CODE_NAMES = [
  'MODEL_CARRIAGE_RETURN',
  'MODEL_FINAL_LF_MISSING',
  'EOF_NOT_LAST',
  'EOF_MISSING',
  'HEADER_MISSING',
  'HEADER_DUPLICATE',
  'SECTION_ORDER',
  'RECORD_INDEX_NOT_DENSE',
  'RECORD_TYPE_UNKNOWN',
  'RECORD_MEMBER_MISSING',
  'RECORD_MEMBER_TYPE',
  'RECORD_MEMBER_UNKNOWN',
  'RECORD_EMPTY_STRING',
  'RECORD_INTEGER_LEXEME',
  'NULL_NOT_ABSENT',
  'UNSUPPORTED_VERSION',
  'DICT_UNKNOWN_MEMBER',
  'DICT_UNSORTED',
  'DICT_DUPLICATE',
  'DICT_INDEX_UNDECLARED',
  'DUPLICATE_TRAIT',
  'TRAIT_KEY_MISSING',
  'TRAIT_KEY_UNDECLARED',
  'LITERAL_KIND_UNKNOWN',
  'DANGLING_ENTITY_REF',
  'DANGLING_FILE_REF',
  'SELF_EDGE',
  'LINE_RANGE',
  'MODULE_REF_INVALID',
  'MODULE_DISAMBIGUATOR',
  'ENTITY_ORDER',
  'DUPLICATE_ENTITY',
  'FILE_ORDER',
  'DUPLICATE_FILE',
  'EDGE_ORDER',
  'EOF_COUNT_MISMATCH',
] as const;

export type CgCode = (typeof CG_CODE_NAMES)[number];

/** The shared JSON-layer codes the reader returns (spec/shared/error-codes.json). */
export const JSON_LAYER_CODE_NAMES = [JSON_CODES.SYNTAX, JSON_CODES.INVALID_UTF8, JSON_CODES.BOM, JSON_CODES.DUPLICATE_MEMBER, JSON_CODES.LONE_SURROGATE, JSON_CODES.LIMIT_EXCEEDED] as const;

export type JsonLayerCode = (typeof JSON_LAYER_CODE_NAMES)[number];

/** Every code the codegraph reader can return. */
export type ReaderCode = CgCode | JsonLayerCode;

/**
 * The rule and profile of every code, resolved once when the module loads from the spec registries
 * (code → requirement → profile): a code the registry does not list fails here, not at a refusal.
 */
const CODE_RULES: ReadonlyMap<string, RefusalRule> = new Map([...CG_CODE_NAMES, ...JSON_LAYER_CODE_NAMES].map((code) => [code, refusalFor('codegraph', code)]));

/** The registered rule (requirement and profile) of a code the reader returns. */
export function codeInfo(code: ReaderCode): RefusalRule {
  return CODE_RULES.get(code)!;
}
