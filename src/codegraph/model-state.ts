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
   * The module surrogates (R-C5: m names a module); the only per-entity memory: a bit per entity (a
   * Set of them cost 223 MiB on 3.3 million modules). Their paths are not kept: only the current
   * module's is compared (CG-ORD-1).
   */
  readonly modules = new IndexSet();
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

/** A set of entity surrogates as a bit per index (dense from 0, so a bit each is the least they take). */
export class IndexSet {
  private bits = new Uint32Array(1024);
  /** How many indices are in the set. */
  size = 0;

  /** Adds index `i` (a non-negative safe integer). */
  add(i: number): void {
    const word = Math.floor(i / 32);
    if (word >= this.bits.length) {
      const grown = new Uint32Array(Math.max(word + 1, this.bits.length * 2));
      grown.set(this.bits);
      this.bits = grown;
    }
    const bit = 1 << (i % 32);
    if ((this.bits[word]! & bit) === 0) this.size++;
    this.bits[word]! |= bit;
  }

  /** Whether index `i` is in the set. */
  has(i: number): boolean {
    const word = Math.floor(i / 32);
    return word < this.bits.length && (this.bits[word]! & (1 << (i % 32))) !== 0;
  }
}
