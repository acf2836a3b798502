/**
 * What the reader remembers between lines. Bounded by the number of modules and the dictionaries:
 * never by the number of files, entities or edges (R-C6's order makes the previous record enough).
 */
import type { UInt } from './check-context.ts';
import { SECTION } from './constants.ts';
import type { Dictionaries } from './records.ts';

/** The reader's memory across lines. */
export class ModelState {
  section: number = SECTION.NONE;
  /** Next expected `i` of an f record / e record; also the counts so far. */
  fileCount = 0;
  entityCount = 0;
  edgeCount = 0;

  dict: Dictionaries | undefined;
  /** For each dict.traits index: the bit of its R-C4 trait key (0 for markers), or −1 when unknown. */
  traitKeyBit: Int32Array = new Int32Array(0);

  prevFilePath: string | undefined;

  /**
   * The module surrogates (R-C5: m names a module); the only per-entity memory, bounded by the module
   * count. Their paths are not kept: only the current module's is compared (CG-ORD-1).
   */
  readonly modules = new Set<number>();
  currentModule = -1;
  currentModulePath = '';
  /** The previous entity's order key inside the current module. */
  prevWasModule = false;
  prevSymbol = '';
  prevDisambiguator: string | undefined;

  /** Largest entity ref seen in the entity section (refs there may point forward): −1 when none. */
  maxRef = -1;
  maxRefLine = 0;
  maxRefOffset = 0;
  /** Where the largest ref was written: a member and an item index (−1 for a scalar), or a pointer. */
  maxRefMember = '';
  maxRefIndex = -1;
  maxRefPointer: { readonly pointer: string } | undefined;

  /** The previous edge's sort key (R-C6). */
  prevEdge: { f: number; o: number; k: number; file: number; start: UInt; end: UInt; p: number } | undefined;
}
