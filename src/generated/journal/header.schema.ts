/* Generated from spec/schemas/journal/header.schema.json by `npm run gen:types`. Do not edit. */

/**
 * The first line of a journal (JRN-HDR-1, R-J2). Schema 3 is current, 2 readable (and migrated on append), 1 retired.
 */
export interface JournalHeader {
  /**
   * Format version marker.
   */
  schema: 2 | 3;
  /**
   * Document save generation the entries were folded from; 0 for an infrastructure journal.
   */
  generation: number;
  /**
   * Position of the origin state; entries at or beneath it are folded.
   */
  origin: number;
}
