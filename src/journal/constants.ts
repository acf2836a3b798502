/** Every structural byte, limit, member name and error code of the journal format (seed 003, R-J*). */
import type { JournalEntry, JournalLink, JournalMetadata } from '../generated/journal/entry.schema.ts';
import type { JournalGroupFrame } from '../generated/journal/group-frame.schema.ts';
import type { JournalHeader } from '../generated/journal/header.schema.ts';
import { JSON_READER_LIMITS } from '../shared/json/constants.ts';
import type { SameUnion } from '../shared/same-union.ts';

/** Format versions (R-J2). */
export const SCHEMA_CURRENT = 3;
export const SCHEMA_READABLE = 2;
export const SCHEMA_RETIRED = 1;
/** The only group frame version (R-J6). */
export const GROUP_FRAME_VERSION = 1;

/** Structural bytes: the JSON core's table, shared by every scanner. */
export { BYTE } from '../shared/json/constants.ts';
/** The UTF-8 byte-order mark (R-J1 refuses it at the start of a file). */
export const BOM = [0xef, 0xbb, 0xbf] as const;

/** Limits (seed 003 "Logical Commit Groups", R-J6, R-J5). */
export const LIMITS = {
  /** Records after the transaction in one group. */
  MAX_RECORDS_PER_GROUP: 256,
  /** Sum of the compact payload serializations of one group, in UTF-8 bytes. */
  MAX_GROUP_PAYLOAD_BYTES: 4 * 1024 * 1024,
  /** One group frame line, LF excluded. */
  MAX_FRAME_LINE_BYTES: 8 * 1024 * 1024,
  /** principal and request strings, in UTF-8 bytes. */
  MAX_PRINCIPAL_BYTES: 1024,
  MAX_REQUEST_BYTES: 1024,
} as const;

/**
 * Limits of formcert's journal reader, not of the format (JSON-LIMIT-1 lets a reader set them; see
 * spec/journal/README.md, "Reader limits"). Past either, a line is refused with LIMIT_EXCEEDED.
 */
export const READER_LIMITS = {
  /**
   * Bytes of a number lexeme the core profile reads as an integer member's value. The core profile
   * reads such a value at any size and compares it across lines (positions, origin), so it must be
   * held whole; a longer lexeme is LIMIT_EXCEEDED under core. Under strict, R-S2 refuses it first
   * (INVALID_INTEGER) from its length alone: past 20 bytes no lexeme is a 64-bit integer.
   */
  MAX_CORE_INTEGER_LEXEME_BYTES: JSON_READER_LIMITS.MAX_NUMBER_LEXEME_BYTES,
  /**
   * Members of the objects open at once in one line (begun, not yet ended), repeats included. R-S1's
   * duplicate check compares every member name with the earlier names of its object, so a reader
   * keeps something of each name of every open object; this bounds what it keeps on any input.
   */
  MAX_OPEN_MEMBERS: JSON_READER_LIMITS.MAX_OPEN_MEMBERS,
  /**
   * Containers open at once in one line (the line's own object is depth 1). R-S2a lets a reader refuse
   * past 128 levels; this reader keeps bookkeeping for every open container, so it bounds them.
   */
  MAX_DEPTH: JSON_READER_LIMITS.MAX_DEPTH,
} as const;

/**
 * How much of a string the reader holds (not limits: nothing is refused for them). A structural
 * string past HELD_TEXT_BYTES of UTF-8 is kept as a summary (long-values.ts LongText): every rule
 * that reads one is decided by then (kind, principal, request: R-J5's 1,024 bytes; id: its R-J7 shape,
 * followed as it streams). A member name past HELD_NAME_BYTES is kept, and reported, as its first
 * bytes, its length and a digest of all of it (long-values.ts displayNameOf).
 */
export const HELD_TEXT_BYTES = 4096;
export const HELD_NAME_BYTES = 256;

/** Integer ranges (R-S2). */
export const U64_MAX = (1n << 64n) - 1n;
export const I64_MIN = -(1n << 63n);
export const I64_MAX = (1n << 63n) - 1n;

/** Closed member sets, in the canonical writer order (R-J8). */
export const HEADER_MEMBERS = ['schema', 'generation', 'origin'] as const;
export const FRAME_MEMBERS = ['group', 'first', 'frontier', 'entries'] as const;
export const ENTRY_MEMBERS = ['position', 'kind', 'id', 'version', 'metadata', 'payload'] as const;
export const METADATA_MEMBERS = ['principal', 'correlation', 'causation', 'request', 'link', 'at_us'] as const;
export const LINK_MEMBERS = ['UndoOf', 'RedoOf'] as const;
// The member sets are those of the schemas (spec/schemas/journal/*.schema.json, through their generated
// types): a schema edit that is not followed here (or the reverse) fails the typecheck.
const HEADER_MATCHES_SCHEMA: SameUnion<(typeof HEADER_MEMBERS)[number], keyof JournalHeader> = true;
const FRAME_MATCHES_SCHEMA: SameUnion<(typeof FRAME_MEMBERS)[number], keyof JournalGroupFrame> = true;
const ENTRY_MATCHES_SCHEMA: SameUnion<(typeof ENTRY_MEMBERS)[number], keyof JournalEntry> = true;
const METADATA_MATCHES_SCHEMA: SameUnion<(typeof METADATA_MEMBERS)[number], keyof JournalMetadata> = true;
const LINK_MATCHES_SCHEMA: SameUnion<(typeof LINK_MEMBERS)[number], keyof UnionToIntersection<JournalLink>> = true;
void [HEADER_MATCHES_SCHEMA, FRAME_MATCHES_SCHEMA, ENTRY_MATCHES_SCHEMA, METADATA_MATCHES_SCHEMA, LINK_MATCHES_SCHEMA];
/** The members of every branch of a union of objects (`{UndoOf} | {RedoOf}` → `{UndoOf} & {RedoOf}`). */
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** The v1 timestamp member: refused by name even beside at_us (R-J5). */
export const RETIRED_METADATA_MEMBER = 'at';

/** Entry kinds (seed 003 "The Entry Line"). */
export const KIND_TRANSACTION = 'Transaction';
export const KIND_RECORD = 'Record';

/** Reserved definition-id namespaces (R-J7). */
export const RESERVED_PREFIX = 'harmos:';
export const WORK_PREFIX = 'harmos:work/';
export const SIDECAR_PREFIX = 'harmos:sidecar/';
export const GUEST_PREFIX = 'harmos:guest/';

/** Track key separator U+001F (R-J10). */
export const TRACK_SEPARATOR = 0x1f;

/** Requirement ids used by the code (see spec/journal/README.md). */
export const REQ = {
  FILE: 'R-J1',
  VERSION: 'R-J2',
  TORN_TAIL: 'R-J3',
  POSITIONS: 'R-J4',
  METADATA: 'R-J5',
  GROUP: 'R-J6',
  LEGACY: 'R-J6a',
  RESERVED: 'R-J7',
  WRITER: 'R-J8',
  MIGRATION: 'R-J9',
  TRACK_KEY: 'R-J10',
  JSON: 'R-S1',
  JSON_SYNTAX: 'JSON-SYNTAX-1',
  INTEGER: 'R-S2',
  HEADER: 'JRN-HDR-1',
  ENTRY: 'JRN-ENT-1',
  KIND: 'JRN-ENT-2',
  ID: 'JRN-ENT-3',
  LINK: 'JRN-MD-1',
  LINE_KIND: 'JRN-LINE-1',
  APPEND_INPUT: 'JRN-OP-1',
  APPEND_CONTINUE: 'JRN-OP-2',
  TRACK_INPUT: 'JRN-OP-3',
} as const;

/** Error codes the journal oracle returns: the journal registry plus the shared JSON codes. */
export const CODES = {
  // shared JSON text codes (spec/shared/error-codes.json)
  JSON_SYNTAX: 'JSON_SYNTAX',
  JSON_INVALID_UTF8: 'JSON_INVALID_UTF8',
  JSON_BOM: 'JSON_BOM',
  JSON_DUPLICATE_MEMBER: 'JSON_DUPLICATE_MEMBER',
  JSON_LONE_SURROGATE: 'JSON_LONE_SURROGATE',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  // journal codes (spec/journal/error-codes.json)
  EMPTY_FILE: 'EMPTY_FILE',
  CARRIAGE_RETURN: 'CARRIAGE_RETURN',
  BLANK_LINE: 'BLANK_LINE',
  UNTERMINATED_HEADER: 'UNTERMINATED_HEADER',
  RETIRED_SCHEMA: 'RETIRED_SCHEMA',
  UNSUPPORTED_SCHEMA: 'UNSUPPORTED_SCHEMA',
  GROUP_IN_V2: 'GROUP_IN_V2',
  UNTERMINATED_V2_LINE: 'UNTERMINATED_V2_LINE',
  NOT_AN_OBJECT: 'NOT_AN_OBJECT',
  MISSING_MEMBER: 'MISSING_MEMBER',
  UNKNOWN_MEMBER: 'UNKNOWN_MEMBER',
  RETIRED_MEMBER: 'RETIRED_MEMBER',
  WRONG_TYPE: 'WRONG_TYPE',
  INVALID_INTEGER: 'INVALID_INTEGER',
  UNSUPPORTED_GROUP_VERSION: 'UNSUPPORTED_GROUP_VERSION',
  EMPTY_GROUP: 'EMPTY_GROUP',
  GROUP_SHAPE: 'GROUP_SHAPE',
  GROUP_TOO_LARGE: 'GROUP_TOO_LARGE',
  FRAME_BOUNDS: 'FRAME_BOUNDS',
  RECORD_METADATA_MISMATCH: 'RECORD_METADATA_MISMATCH',
  FRAME_TOO_LARGE: 'FRAME_TOO_LARGE',
  PAYLOAD_BUDGET_EXCEEDED: 'PAYLOAD_BUDGET_EXCEEDED',
  INVALID_POSITION: 'INVALID_POSITION',
  POSITION_GAP: 'POSITION_GAP',
  POSITION_NOT_ASCENDING: 'POSITION_NOT_ASCENDING',
  ORIGIN_INSIDE_GROUP: 'ORIGIN_INSIDE_GROUP',
  INVALID_KIND: 'INVALID_KIND',
  EMPTY_ID: 'EMPTY_ID',
  INVALID_CORRELATION: 'INVALID_CORRELATION',
  INVALID_CAUSATION: 'INVALID_CAUSATION',
  INVALID_LINK: 'INVALID_LINK',
  FIELD_TOO_LONG: 'FIELD_TOO_LONG',
  RESERVED_NAMESPACE: 'RESERVED_NAMESPACE',
  RESERVED_KIND: 'RESERVED_KIND',
  RESERVED_PAYLOAD: 'RESERVED_PAYLOAD',
  INVALID_OP_INPUT: 'INVALID_OP_INPUT',
  APPEND_NOT_CONTINUOUS: 'APPEND_NOT_CONTINUOUS',
  INVALID_TRACK_LABEL: 'INVALID_TRACK_LABEL',
} as const;

export type JournalCode = (typeof CODES)[keyof typeof CODES];

/** The shared JSON codes (registered in spec/shared/, not in the journal registry). */
export const SHARED_CODES: readonly string[] = [
  CODES.JSON_SYNTAX,
  CODES.JSON_INVALID_UTF8,
  CODES.JSON_BOM,
  CODES.JSON_DUPLICATE_MEMBER,
  CODES.JSON_LONE_SURROGATE,
  CODES.LIMIT_EXCEEDED,
];

/** Read chunk size of the streaming reader. */
export const READ_CHUNK_BYTES = 1 << 20;

/**
 * The reference oracle's resource bounds as a testee (not format rules: the format sets no bound on a
 * journal or an op input). `journal.append` and `journal.track-key` inputs are single JSON documents
 * held whole; past this many bytes the oracle answers `skipped` instead of holding them.
 */
export const OP_INPUT_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Entry-line bytes a streamed `journal.read` collects into its observation; past them the entries are
 * let go, the file is still read for its verdict, and an accepted file is answered `skipped`.
 */
export const READ_OBSERVATION_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Payload values a streamed `journal.read` observation builds at most (each scalar, item, member value
 * and container; the reference testee's resource bound, like READ_OBSERVATION_MAX_BYTES): bytes alone
 * do not bound the tree, 8 MiB of `{}` built 2.8 million maps (656 MiB). Past it the entries go and a
 * valid journal is answered `skipped`. Real payloads hold tens of values.
 */
export const READ_OBSERVATION_MAX_VALUES = 1 << 18;
