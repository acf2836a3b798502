/**
 * The member names of one object of a line scanned in chunks, kept for R-S1's duplicate check (and,
 * under core, each member's compact length, which a tolerated repeat takes back: R-J6). Names are held
 * as strings while the line's {@link NameBudget} lasts, then as 128-bit digests in a flat table (16
 * bytes a name, whatever its length), so what one object keeps is bounded by its member count, and
 * READER_LIMITS.MAX_OPEN_MEMBERS bounds the members of the objects open at once.
 */
import { hash } from 'node:crypto';
import { wtf8 } from './long-values.ts';

/**
 * Bytes of held names the objects open in one line may keep as strings, counted as each name's UTF-16
 * length plus NAME_OVERHEAD (about what a held name costs in the heap); past it, names are digested.
 */
export const HELD_NAMES_BUDGET = 4 * 1024 * 1024;
const NAME_OVERHEAD = 64;

/** What the open objects of one line have spent of their budget ({@link HELD_NAMES_BUDGET} unless a test sets another). */
export class NameBudget {
  spent = 0;
  constructor(readonly limit = HELD_NAMES_BUDGET) {}
}

/**
 * A set of 128-bit digests, open addressing over flat typed arrays (load at most 1/2), with an
 * optional number per digest. SHA-256 cut to 128 bits: two names share a digest only by a collision,
 * which no known method finds in fewer than about 2^64 evaluations (a birthday search), so an input
 * cannot be written to make two different names look the same.
 */
class DigestTable {
  private words: Uint32Array;
  private used: Uint8Array;
  private values: Float64Array | undefined;
  private count = 0;

  constructor(withValues: boolean) {
    // Small at first: many objects may be open at once (nested), each with a table of its own.
    this.words = new Uint32Array(8 * 4);
    this.used = new Uint8Array(8);
    this.values = withValues ? new Float64Array(8) : undefined;
  }

  /** The slot holding `d` (4 words), or the empty slot where it would go. */
  private slotOf(d: Uint32Array): number {
    const mask = this.used.length - 1;
    let i = d[0]! & mask;
    while (this.used[i]) {
      const w = i * 4;
      if (this.words[w] === d[0] && this.words[w + 1] === d[1] && this.words[w + 2] === d[2] && this.words[w + 3] === d[3]) return i;
      i = (i + 1) & mask;
    }
    return i;
  }

  get(d: Uint32Array): number | undefined {
    const i = this.slotOf(d);
    return this.used[i] ? (this.values?.[i] ?? 0) : undefined;
  }

  set(d: Uint32Array, value: number): void {
    let i = this.slotOf(d);
    if (!this.used[i]) {
      if ((this.count + 1) * 2 > this.used.length) {
        this.grow();
        i = this.slotOf(d);
      }
      this.used[i] = 1;
      this.words.set(d, i * 4);
      this.count++;
    }
    if (this.values) this.values[i] = value;
  }

  private grow(): void {
    const { words, used, values } = this;
    this.words = new Uint32Array(words.length * 2);
    this.used = new Uint8Array(used.length * 2);
    this.values = values ? new Float64Array(values.length * 2) : undefined;
    for (let i = 0; i < used.length; i++) {
      if (!used[i]) continue;
      const d = words.subarray(i * 4, i * 4 + 4);
      const j = this.slotOf(d);
      this.used[j] = 1;
      this.words.set(d, j * 4);
      if (values) this.values![j] = values[i]!;
    }
  }
}

/** The first 128 bits of SHA-256 over a name's WTF-8 bytes, as 4 words in a scratch array (read before the next call). */
const scratch = new Uint32Array(4);
function digestOf(name: string): Uint32Array {
  // One-shot, no intermediate objects: this runs for every name past the budget.
  const d = hash('sha256', name.isWellFormed() ? name : wtf8(name), 'buffer') as Buffer;
  for (let k = 0; k < 4; k++) scratch[k] = d.readUInt32LE(k * 4);
  return scratch;
}

/** The names of one object's members, each with a number (its compact length, when asked). */
export class MemberNames {
  /** Held names: the first one inline (most objects of a deep nest have one member), then a map. */
  private firstName: string | undefined;
  private firstValue = 0;
  private held: Map<string, number> | undefined;
  private heldCost = 0;
  private digests: DigestTable | undefined;

  constructor(
    private readonly budget: NameBudget,
    /** Keep each member's number (a passed-over payload object under core: R-J6 lengths). */
    private readonly withValues: boolean,
  ) {}

  /** The number kept with `name`, or undefined when the object has no such member yet. */
  get(name: string): number | undefined {
    if (name === this.firstName) return this.firstValue;
    const v = this.held?.get(name);
    if (v !== undefined || !this.digests) return v;
    return this.digests.get(digestOf(name));
  }

  /** Records `name` (again, under core: its number replaced). */
  set(name: string, value: number): void {
    if (name === this.firstName) {
      this.firstValue = value;
      return;
    }
    if (this.held?.has(name)) {
      this.held.set(name, value);
      return;
    }
    const cost = name.length + NAME_OVERHEAD;
    if (this.digests === undefined && this.budget.spent + cost <= this.budget.limit) {
      if (this.firstName === undefined) {
        this.firstName = name;
        this.firstValue = value;
      } else (this.held ??= new Map()).set(name, value);
      this.heldCost += cost;
      this.budget.spent += cost;
      return;
    }
    (this.digests ??= new DigestTable(this.withValues)).set(digestOf(name), value);
  }

  /** The object has ended: its held names go back to the line's budget. */
  release(): void {
    this.budget.spent -= this.heldCost;
    this.heldCost = 0;
  }
}
