/* Generated from spec/schemas/journal/entry.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The earlier entry this one undoes or redoes, by position: exactly one member.
 *
 * This interface was referenced by `JournalMetadata`'s JSON-Schema
 * via the `definition` "Link".
 */
export type JournalLink =
  | {
      /**
       * Lexeme 0|[1-9][0-9]* within 64 bits (R-S2).
       *
       * This interface was referenced by `JournalMetadata`'s JSON-Schema
       * via the `definition` "UnsignedInteger".
       */
      UndoOf: number;
    }
  | {
      /**
       * Lexeme 0|[1-9][0-9]* within 64 bits (R-S2).
       *
       * This interface was referenced by `JournalMetadata`'s JSON-Schema
       * via the `definition` "UnsignedInteger".
       */
      RedoOf: number;
    };

/**
 * One entry: a standalone legacy line or a member of a group frame (JRN-ENT-1..3). Reserved harmos: ids (R-J7) and position rules (R-J4) are checked by the reader.
 */
export interface JournalEntry {
  /**
   * Permanent identity in the total order; unsigned 64-bit lexeme, at least 1.
   */
  position: number;
  kind: "Transaction" | "Record";
  /**
   * Permanent wire name of the payload's definition; ids starting harmos: are reserved (R-J7).
   */
  id: string;
  /**
   * Definition version the payload was written with; unsigned 64-bit lexeme.
   */
  version: number;
  metadata: JournalMetadata;
  /**
   * Any JSON value; for reserved facts an array of byte values 0-255.
   */
  payload: {
    [k: string]: unknown;
  };
}
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
  causation: number | null;
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
