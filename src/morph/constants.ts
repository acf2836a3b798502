/**
 * Every structural string, limit and error code of the MORPH codec layer (seed 001, R-M1…R-M18).
 * Part 2 (bundle, prompt, artifact, planner) keeps its own constants beside its code and registers
 * its codes in the same spec/morph/error-codes.json.
 */

/** R-M2: limits applied when building an IR and when decoding a payload. */
export const LIMITS = {
  /** Input or payload size in UTF-8 bytes (16 MiB). */
  MAX_BYTES: 16 * 1024 * 1024,
  /** Container depth: a root scalar is depth 0, a root container depth 1. */
  MAX_DEPTH: 64,
  /** Every value counts one, containers included. */
  MAX_NODES: 250_000,
} as const;

/**
 * JSON-LIMIT-1 with R-M2's depth and value limits, for the JSON texts MORPH reads around an input or
 * a payload: an artifact envelope, a `morph.encode` request, a bundle's METADATA and SCHEMA sections.
 * Each carries its input or payload as one string (or describes one no deeper than R-M2 allows), so
 * nothing the suite writes comes near them; what they bound is the tree a hostile file would have the
 * reader build (an 8 MiB run of `[` is four million arrays, two thousand times the bytes in memory).
 */
export const ENVELOPE_JSON_LIMITS = {
  maxDepth: LIMITS.MAX_DEPTH,
  maxNodes: LIMITS.MAX_NODES,
  // These texts are inspected, never changed: every empty object or array is one shared value, so
  // the 250,000 the value limit lets through cost 2 MB, not 48 (a map each).
  shareEmpty: true,
} as const;

/**
 * JSON-LIMIT-1 for the texts that carry an input or a payload whole, an artifact (MORPH-ART-1) and a
 * `morph.encode` request (MORPH-ENC-1), both decided: the envelope's limits, and their text held to
 * what that input or payload needs. No string or member name is longer than R-M2's 16 MiB once its
 * escapes are read (the payload or input is the longest string either holds), and all of them together
 * come to at most 20 MiB: the payload or input, and 4 MiB for the guide and everything else. The
 * 64 MiB file bounds leave room for escapes, not for more text: without these, a file near its bound
 * could have the reader build hundreds of megabytes of strings (a JavaScript string of wide characters
 * costs twice its UTF-8 bytes).
 */
export const CARRIER_JSON_LIMITS = {
  ...ENVELOPE_JSON_LIMITS,
  maxStringBytes: LIMITS.MAX_BYTES,
  maxTextBytes: LIMITS.MAX_BYTES + 4 * 1024 * 1024,
} as const;

/** Identity strings written into layout metadata and digests. */
export const IDS = {
  IR_VERSION: 'morph-ir/1',
  C14N_VERSION: 'morph-c14n/1',
  /** The digest preamble: the version then one LF. */
  C14N_PREAMBLE: 'morph-c14n/1\n',
  TOON_ADAPTER: 'official-@toon-format/toon',
  TOON_PACKAGE_VERSION: '4.1.1',
  GUIDE_PREFIX: 'morph-guide/',
  GUIDE_VERSION: '1',
} as const;

/** The two input kinds (R-M3). */
export const INPUT_KINDS = ['json-text', 'js-value'] as const;
/** `json-text` or `js-value`. */
export type InputKind = (typeof INPUT_KINDS)[number];

/** Encoding names and format versions (R-M1). */
export const ENCODINGS = {
  JSON_COMPACT: 'json-compact',
  JSON_LINES: 'json-lines',
  ROWS_DELIMITED: 'rows-delimited',
  COLUMNS_JSON: 'columns-json',
  PATH_VALUE: 'path-value',
  TOON: 'toon',
} as const;
/** Format version of the five native codecs. */
export const NATIVE_FORMAT_VERSION = '1';
/** Format version of the toon adapter: the pinned package version. */
export const TOON_FORMAT_VERSION = '4.1.1';

/** Structural characters of the payload grammars. */
export const CHARS = {
  LF: '\n',
  CR: '\r',
  QUOTE: '"',
  BACKSLASH: '\\',
  TAB: '\t',
  COMMA: ',',
  PIPE: '|',
  SEMICOLON: ';',
  POINTER_SEPARATOR: '/',
  POINTER_ESCAPE: '~',
} as const;

/** R-M12, R-M15: rows-delimited delimiters in candidate order (tab, comma, pipe, semicolon). */
export const ROW_DELIMITERS = ['\t', ',', '|', ';'] as const;
/** toon delimiter plans in candidate order (comma, tab, pipe). */
export const TOON_DELIMITERS = [',', '\t', '|'] as const;
/** toon indentation is fixed (R-M11b). */
export const TOON_INDENT_SIZE = 2;
/**
 * R-M17: the largest array index (2^32 - 2). JavaScript lists member names that are the canonical
 * decimal form of an integer from 0 to this before all other names, in ascending numeric order.
 */
export const TOON_MAX_ARRAY_INDEX = 4_294_967_294;

/** Fixed layout-metadata values of each codec. */
export const LAYOUT = {
  ROOT_KINDS: ['null', 'boolean', 'string', 'number', 'array', 'object'],
  JSON_LINES_ROOT: 'array',
  LINE_FRAMING_VERSION: '1',
  RECORDS_ROOT: 'array-of-objects',
  CELL_CODEC: 'json-scalar-v1',
  COLUMN_CODEC: 'json-array-v1',
  PATH_VALUE_ROOT: 'typed-node-records',
  POINTER_SYNTAX: 'rfc6901',
  RECORD_CODEC: 'typed-json-lines-v1',
} as const;

/** path-value node tags. */
export const NODE_TAGS = ['object', 'array', 'string', 'number', 'boolean', 'null'] as const;
/** One path-value node tag. */
export type NodeTag = (typeof NODE_TAGS)[number];

/** Error codes this part can return (registered in spec/morph/error-codes.json). */
export const MORPH_CODES = {
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  JS_VALUE_UNSUPPORTED: 'JS_VALUE_UNSUPPORTED',
  UNSUPPORTED_ENCODING: 'UNSUPPORTED_ENCODING',
  INVALID_CODEC_OPTIONS: 'INVALID_CODEC_OPTIONS',
  CODEC_INAPPLICABLE: 'CODEC_INAPPLICABLE',
  TOON_NUMBER_INAPPLICABLE: 'TOON_NUMBER_INAPPLICABLE',
  LAYOUT_NOT_OBJECT: 'LAYOUT_NOT_OBJECT',
  LAYOUT_MISSING_MEMBER: 'LAYOUT_MISSING_MEMBER',
  LAYOUT_UNKNOWN_MEMBER: 'LAYOUT_UNKNOWN_MEMBER',
  LAYOUT_INVALID_VALUE: 'LAYOUT_INVALID_VALUE',
  INPUT_KIND_MISMATCH: 'INPUT_KIND_MISMATCH',
  DIGEST_MISMATCH: 'DIGEST_MISMATCH',
  PAYLOAD_CARRIAGE_RETURN: 'PAYLOAD_CARRIAGE_RETURN',
  PAYLOAD_NOT_CANONICAL: 'PAYLOAD_NOT_CANONICAL',
  ROOT_KIND_MISMATCH: 'ROOT_KIND_MISMATCH',
  TRAILING_LINE_FEED: 'TRAILING_LINE_FEED',
  EMPTY_LINE: 'EMPTY_LINE',
  ELEMENT_COUNT_MISMATCH: 'ELEMENT_COUNT_MISMATCH',
  ROW_COUNT_MISMATCH: 'ROW_COUNT_MISMATCH',
  ROW_WIDTH_MISMATCH: 'ROW_WIDTH_MISMATCH',
  UNTERMINATED_STRING: 'UNTERMINATED_STRING',
  INVALID_CELL: 'INVALID_CELL',
  DUPLICATE_FIELD: 'DUPLICATE_FIELD',
  COLUMN_COUNT_MISMATCH: 'COLUMN_COUNT_MISMATCH',
  COLUMN_LENGTH_MISMATCH: 'COLUMN_LENGTH_MISMATCH',
  INVALID_COLUMN: 'INVALID_COLUMN',
  NON_PRIMITIVE_CELL: 'NON_PRIMITIVE_CELL',
  INVALID_RECORD: 'INVALID_RECORD',
  UNKNOWN_NODE_TAG: 'UNKNOWN_NODE_TAG',
  INVALID_NUMBER_LEXEME: 'INVALID_NUMBER_LEXEME',
  INVALID_POINTER: 'INVALID_POINTER',
  DUPLICATE_PATH: 'DUPLICATE_PATH',
  MISSING_PARENT: 'MISSING_PARENT',
  PARENT_NOT_CONTAINER: 'PARENT_NOT_CONTAINER',
  INVALID_ARRAY_INDEX: 'INVALID_ARRAY_INDEX',
  ARRAY_HOLE: 'ARRAY_HOLE',
  ITEM_COUNT_MISMATCH: 'ITEM_COUNT_MISMATCH',
  RECORD_COUNT_MISMATCH: 'RECORD_COUNT_MISMATCH',
  MULTIPLE_ROOTS: 'MULTIPLE_ROOTS',
  TOON_DECODE_FAILED: 'TOON_DECODE_FAILED',
  TOON_NOT_CANONICAL: 'TOON_NOT_CANONICAL',
} as const;
/** Any code of {@link MORPH_CODES}. */
export type MorphCode = (typeof MORPH_CODES)[keyof typeof MORPH_CODES];

/** Requirement ids cited by this part (spec/morph/README.md). */
export const RULES = {
  LIMITS: 'R-M2',
  JS_VALUE: 'R-M3',
  JS_VALUE_STRINGS: 'R-M3',
  ENCODINGS: 'R-M1',
  C14N: 'MORPH-C14N-1',
  OPTIONS: 'R-M11b',
  SHARED_LAYOUT: 'MORPH-LAYOUT-1',
  IDENTITY: 'MORPH-ID-1',
  CANONICAL_PAYLOAD: 'R-M11',
  NO_CR: 'R-M11a',
  /** Declared counts past the node limit are refused before allocation (R-M2's limit; R-M11a's timing). */
  DECLARED_COUNTS: 'R-M2',
  ROW_COUNT_MIN: 'R-M11a',
  COMPACT_ROOT_KIND: 'MORPH-JC-1',
  COMPACT_APPLICABILITY: 'MORPH-JC-2',
  LINES_APPLICABILITY: 'MORPH-JL-1',
  LINES_FRAMING: 'MORPH-JL-2',
  LINES_LAYOUT: 'MORPH-JL-3',
  ROWS_APPLICABILITY: 'MORPH-RD-1',
  ROWS_LAYOUT: 'MORPH-RD-2',
  ROWS_GRAMMAR: 'MORPH-RD-3',
  ROWS_CELL: 'R-M12',
  COLUMNS_LAYOUT: 'MORPH-CJ-1',
  COLUMNS_GRAMMAR: 'MORPH-CJ-2',
  PATH_VALUE_LAYOUT: 'MORPH-PV-1',
  PATH_VALUE_RECORD: 'MORPH-PV-2',
  PATH_VALUE_POINTER: 'MORPH-PV-3',
  PATH_VALUE_TREE: 'MORPH-PV-4',
  PATH_VALUE_TRAILING_LF: 'MORPH-PV-5',
  PATH_VALUE_ORDER: 'R-M13',
  TOON_LAYOUT: 'R-M14',
  TOON_NUMBERS: 'MORPH-TOON-1',
  TOON_ROUND_TRIP: 'MORPH-TOON-2',
  TOON_CANONICAL: 'MORPH-TOON-3',
  /** toon never reorders members: integer-like names out of place make the input inapplicable. */
  TOON_MEMBER_ORDER: 'R-M17',
  /** toon decode refuses every number toon encode refuses (MORPH-TOON-1), with the same code. */
  TOON_DECODED_NUMBERS: 'R-M18',
  CHECK_ORDER: 'MORPH-ORDER-1',
  /** A codec that cannot carry an IR unchanged (member display order included) refuses it. */
  APPLY: 'MORPH-APPLY-1',
} as const;
