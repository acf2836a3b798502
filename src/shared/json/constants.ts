/** Structural bytes, limits and error codes of the strict JSON core (R-S1, R-S2). */

export const BYTE = {
  TAB: 0x09,
  LF: 0x0a,
  CR: 0x0d,
  SPACE: 0x20,
  QUOTE: 0x22,
  PLUS: 0x2b,
  COMMA: 0x2c,
  MINUS: 0x2d,
  DOT: 0x2e,
  SLASH: 0x2f,
  ZERO: 0x30,
  ONE: 0x31,
  NINE: 0x39,
  COLON: 0x3a,
  UPPER_E: 0x45,
  LEFT_BRACKET: 0x5b,
  BACKSLASH: 0x5c,
  RIGHT_BRACKET: 0x5d,
  LOWER_E: 0x65,
  LOWER_F: 0x66,
  LOWER_N: 0x6e,
  LOWER_T: 0x74,
  LOWER_U: 0x75,
  LEFT_BRACE: 0x7b,
  RIGHT_BRACE: 0x7d,
} as const;

/** The UTF-8 byte-order mark, refused at the start of any input (R-S1). */
export const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** Error codes of the JSON core; every format reuses them for the JSON layer of its input. */
export const JSON_CODES = {
  SYNTAX: 'JSON_SYNTAX',
  INVALID_UTF8: 'JSON_INVALID_UTF8',
  BOM: 'JSON_BOM',
  DUPLICATE_MEMBER: 'JSON_DUPLICATE_MEMBER',
  LONE_SURROGATE: 'JSON_LONE_SURROGATE',
  LIMIT_EXCEEDED: 'LIMIT_EXCEEDED',
  JCS_NUMBER_RANGE: 'JCS_NUMBER_RANGE',
} as const;

/** Requirement ids of the JSON core (spec/shared/README.md). */
export const JSON_RULES = {
  /** RFC 8259 grammar over well-formed UTF-8: the format documents ask for JSON text, so core. */
  SYNTAX: 'JSON-SYNTAX-1',
  /** What R-S1 adds to RFC 8259 (BOM, duplicate members, lone surrogate escapes): strict. */
  STRICT: 'R-S1',
  LEXEMES: 'R-S2',
  LIMITS: 'JSON-LIMIT-1',
  CANONICAL: 'R-S4',
} as const;

/**
 * Limits of formcert's streaming readers, not of any format (JSON-LIMIT-1 lets a reader set them; the
 * journal's and codegraph's README say how each applies them). Past any of them a line is refused
 * with LIMIT_EXCEEDED. One table, so that both readers refuse at the same sizes.
 */
export const JSON_READER_LIMITS = {
  /**
   * Containers open at once in one line (the line's own value is depth 1). R-S2a lets a reader refuse
   * past 128 levels; these readers keep bookkeeping for every open container, so they bound them.
   */
  MAX_DEPTH: 10_000,
  /**
   * Members of the objects open at once in one line (begun, not yet ended), repeats included. R-S1's
   * duplicate check compares every member name with the earlier names of its object, so a reader that
   * checks it must keep those names; this bounds how many.
   */
  MAX_OPEN_MEMBERS: 1 << 19,
  /** Bytes of a number lexeme a reader holds to read its value (a longer one cannot be held as read). */
  MAX_NUMBER_LEXEME_BYTES: 1024,
} as const;
