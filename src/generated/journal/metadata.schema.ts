/* Generated from spec/schemas/journal/metadata.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Lexeme 0|[1-9][0-9]* within 64 bits (R-S2).
 *
 * This interface was referenced by `JournalMetadata`'s JSON-Schema
 * via the `definition` "UnsignedInteger".
 */
export type UnsignedInteger = number;
/**
 * The earlier entry this one undoes or redoes, by position: exactly one member.
 *
 * This interface was referenced by `JournalMetadata`'s JSON-Schema
 * via the `definition` "Link".
 */
export type JournalLink =
  | {
      UndoOf: UnsignedInteger;
    }
  | {
      RedoOf: UnsignedInteger;
    };
/**
 * Lexeme -?(0|[1-9][0-9]*) within i64, -0 refused (R-S2).
 *
 * This interface was referenced by `JournalMetadata`'s JSON-Schema
 * via the `definition` "SignedInteger64".
 */
export type SignedInteger64 = number;

/**
 * What the runtime witnessed when an entry was sealed (JRN-MD-1, R-J5). Every member is present; absent values are null. Integer lexemes (R-S2), the ranges relative to the entry's position and the 1,024-byte limits in UTF-8 are checked by the reader, not by this schema.
 */
export interface JournalMetadata {
  /**
   * Who committed; a direct guest is spelled guest:<id>. At most 1,024 UTF-8 bytes.
   */
  principal: string | null;
  /**
   * The family: the position that opened it, in [1, own position].
   */
  correlation: number;
  /**
   * The position that directly caused this entry, in [1, own position).
   */
  causation: UnsignedInteger | null;
  /**
   * Idempotency key the entry was admitted under. At most 1,024 UTF-8 bytes.
   */
  request: string | null;
  link: null | JournalLink;
  /**
   * Microseconds since the Unix epoch, UTC; negative before it.
   */
  at_us: number;
}
