/**
 * The line scanner: a strict RFC 8259 byte scanner (R-S1) specialised for one record per line. It
 * validates every byte of a line but builds only the values the checks need ("lite" values): a member
 * whose value nobody reads is scanned and dropped. Iterative (explicit stack), so any depth is read
 * (R-S2a). UTF-8 well-formedness is checked by the caller over whole chunks before scanning. Tokens
 * (strings and their escapes, numbers, literals, whitespace) are read with the shared toolkit
 * (src/shared/json/scan-tokens.ts); this file drives the structure. Never throws on bad input: the
 * first fault comes back as a refusal value.
 */
import { createHash, type Hash } from 'node:crypto';
import { fail, formatError, type Result } from '../shared/errors.ts';
import { JSON_CODES } from '../shared/json/constants.ts';
import { escapePointerToken } from '../shared/json/pointer.ts';
import {
  decodePlainBody,
  decodeStringBody,
  LITERAL_FALSE,
  LITERAL_NULL,
  LITERAL_TRUE,
  scanLiteral,
  scanNumber,
  scanStringBody,
  skipWhitespace,
  TOKEN_FAILED,
  TOKEN_FAULT,
  TOKEN_FAULT_MESSAGE,
  readHex4,
  TokenScan,
} from '../shared/json/scan-tokens.ts';
import { utf8SequenceLength } from '../shared/text.ts';
import { JsonNumber } from '../shared/json/value.ts';
import { BYTE, codeInfo, type JsonLayerCode, KEPT_MIDDLE_DROP_BYTES, LINEAR_SCAN_MAX, READER_LIMITS } from './constants.ts';

/**
 * A built value. Canonical unsigned integers of at most 15 digits are JS numbers (exact, and the
 * lexeme is `String(n)`); every other number keeps its lexeme as a JsonNumber. Objects are Maps.
 */
export type Lite = null | boolean | string | number | JsonNumber | Lite[] | LiteObject;
export type LiteObject = Map<string, Lite>;

/** The top-level members of one record line, in line order. */
export interface ScannedMembers {
  count: number;
  readonly names: string[];
  /** The built value, or undefined when the member was only scanned. */
  readonly values: (Lite | undefined)[];
  /** Byte offset of each value in the buffer (start and end, exclusive). */
  readonly starts: number[];
  readonly ends: number[];
}

/** Member names that every object in a model uses often: matched from bytes without allocating. */
const INTERNED = [
  't', 'i', 'k', 'tr', 'm', 's', 'd', 'f', 'o', 'p', 'anchor', 'path', 'parent', 'comment', 'signature', 'metrics',
  'definedIn', 'name', 'typeParameters', 'declaredType', 'value', 'parameters', 'localVariables', 'sourceFile',
  'arguments', 'schemaVersion', 'lang', 'extractor', 'root', 'dict', 'repository', 'counts', 'kinds', 'traits',
  'edges', 'provenance', 'files', 'entities', 'type', 'items', 'version', 'cyclomatic', 'sloc',
  'header', 'eof', 'e', 'x', 'null', 'boolean', 'number', 'string', 'enum', 'class', 'array', 'annotation',
];
/** Interned strings bucketed by length (< 32) and first byte: a flat table, a candidate or two per slot. */
const MAX_INTERNED = 32;
const INTERNED_TABLE: ({ readonly id: number; readonly bytes: Uint8Array }[] | undefined)[] = new Array(MAX_INTERNED * 256).fill(undefined);
for (let id = 0; id < INTERNED.length; id++) {
  const name = INTERNED[id]!;
  const slot = name.length * 256 + name.charCodeAt(0);
  (INTERNED_TABLE[slot] ??= []).push({ id, bytes: Buffer.from(name, 'latin1') });
}
/** Interned name → its id (for a name read through escapes, which the byte table cannot match). */
const INTERNED_ID: ReadonlyMap<string, number> = new Map(INTERNED.map((name, id) => [name, id]));
if (INTERNED.length > 64) throw new Error('scan-json: the duplicate check keeps interned names in two 32-bit masks');

/** The id (position in INTERNED) of the interned string whose ASCII bytes are `buf[start, end)`, or -1. */
function internedIdAt(buf: Buffer, start: number, end: number): number {
  const len = end - start;
  if (len === 0 || len >= MAX_INTERNED) return -1;
  const candidates = INTERNED_TABLE[len * 256 + buf[start]!];
  if (candidates === undefined) return -1;
  for (let j = 0; j < candidates.length; j++) {
    const cand = candidates[j]!.bytes;
    let k = 1;
    while (k < len && cand[k] === buf[start + k]) k++;
    if (k >= len) return candidates[j]!.id;
  }
  return -1;
}

/** The interned string whose ASCII bytes are `buf[start, end)`, if it is one. */
function internedAt(buf: Buffer, start: number, end: number): string | undefined {
  const id = internedIdAt(buf, start, end);
  return id < 0 ? undefined : INTERNED[id];
}

/** Options of the scanner: the core profile tolerates what only R-S1 (strict) refuses. */
export interface ScanOptions {
  /** Keep the last of duplicate members instead of refusing (core profile). */
  readonly allowDuplicates: boolean;
  /** Keep an escaped lone surrogate instead of refusing (core profile). */
  readonly allowLoneSurrogates: boolean;
  /**
   * Top-level members whose strings (at any depth, member names included) have a body of at most
   * `maxLimitedStringBytes` bytes as written; a longer one is refused with LIMIT_EXCEEDED (JSON-LIMIT-1)
   * at its first byte past the limit. None when undefined.
   */
  readonly limitedMembers?: ReadonlySet<string>;
  readonly maxLimitedStringBytes?: number;
  /**
   * How many leading characters of a string value built inside top-level member `member` the checks
   * read: 0 when they read all of it; n > 0 when they read its type and its first n characters only
   * (1: its emptiness; more: a vocabulary entry and a bounded quote), so that a long line may drop its
   * checked middle as it does an unbuilt string's, keeping those characters (the reader then has no
   * observer). `key` is the member name it is the value of in the innermost object, '' directly in an
   * array, undefined at the top level. All of every string when undefined.
   */
  readonly keptCharactersOf?: (member: string, key: string | undefined) => number;
  /**
   * Apply the reader's limits (READER_LIMITS, JSON-LIMIT-1): depth, members of the open objects, values
   * built, and lexemes of built numbers. The record reader sets it; a bare scan of JSON text does not.
   */
  readonly readerLimits?: boolean;
  /**
   * The top-level members the checks read (READ_MEMBERS): the limits on values built and on number
   * lexemes apply to what is built under these only, so that building more for an observation (every
   * member) refuses nothing the validator accepts. All members when undefined.
   */
  readonly checkedMembers?: ReadonlySet<string>;
  /**
   * Top-level members, among those not built, that the checks pass over or refuse by their name alone
   * (never by their value or their bytes): a long line may drop runs of them from the buffer (see
   * recordSpans). None when undefined.
   */
  readonly isPassedOver?: (name: string) => boolean;
  /**
   * Whether the checks may refuse such a member by its name (strict: an unknown member of a closed
   * record): each run then keeps its first member, which names the first of them. Under core nothing
   * refuses a member by its name, and a run is dropped whole.
   */
  readonly refusesPassedOverByName?: boolean;
}

/** Refusal messages of the reader limits (JSON-LIMIT-1). */
const DEPTH_MESSAGE = `more than ${READER_LIMITS.MAX_DEPTH} containers open at this one (this reader's limit, JSON-LIMIT-1 and R-S2a)`;
const OPEN_MEMBERS_MESSAGE = `more than ${READER_LIMITS.MAX_OPEN_MEMBERS} members in the objects open at this member (this reader's limit, JSON-LIMIT-1)`;
const BUILT_VALUES_MESSAGE = `more than ${READER_LIMITS.MAX_BUILT_VALUES} values in the arrays and objects the checks read in this line (this reader's limit, JSON-LIMIT-1)`;
const BUILT_BYTES_MESSAGE = `the values the checks build in this line pass ${READER_LIMITS.MAX_BUILT_BYTES} bytes as written (this reader's limit, JSON-LIMIT-1)`;
const HELD_STRINGS_MESSAGE = `the strings the checks hold in this line pass ${READER_LIMITS.MAX_HELD_STRING_BYTES} bytes together (this reader's limit, JSON-LIMIT-1)`;
const NUMBER_LEXEME_MESSAGE = `a number the checks read is longer than ${READER_LIMITS.MAX_NUMBER_LEXEME_BYTES} bytes (this reader's limit, JSON-LIMIT-1)`;

/**
 * A member name of more than this many UTF-16 code units is held, compared and quoted (in a message or
 * a pointer) by its representative, {@link representLongName}, when the scanner cuts long names.
 */
export const NAME_HELD_UNITS = 64;

/**
 * Characters a long line keeps at the start of a member name whose middle it drops: more code units
 * than NAME_HELD_UNITS, so that the name left is still long and its representative starts the same.
 */
export const NAME_KEPT_CHARACTERS = NAME_HELD_UNITS + 1;

/**
 * Code units of a long name its representative quotes: as few as keep the representative longer than
 * NAME_HELD_UNITS (these, the mark and the 43 digits), so that no name held as itself can spell one.
 * Up to 2^19 names are held at once (JSON-LIMIT-1): each unit is paid for half a million times.
 */
const REPRESENTATIVE_PREFIX_UNITS = NAME_HELD_UNITS + 1 - 1 - 43;

/** Between a representative's prefix and its digest: a Latin-1 character, so a Latin-1 prefix keeps the string one byte a unit. */
const REPRESENTATIVE_MARK = '\u00b7';

/** Text of Latin-1 characters only (every code unit below U+0100). */
const LATIN1 = /^[\u0000-\u00ff]*$/;

/**
 * The representative of a member name longer than NAME_HELD_UNITS code units: its first
 * REPRESENTATIVE_PREFIX_UNITS code units, '·', then the SHA-256 of all its code units (UTF-16LE) in
 * base64url. Two names get one representative only when they share those first units and their
 * digests collide; a SHA-256 collision takes about 2^128 evaluations (the birthday bound of 256 bits; no
 * attack shortens it), which no one can run, so R-S1's duplicate check and core's last-wins reading
 * compare representatives as names. A name of at most NAME_HELD_UNITS units is never one (a
 * representative is longer). `hash`, when given, has been fed the name's first code units already (a
 * long line's dropped middle, see LineGap) and `rest` is what follows them.
 */
export function representLongName(name: string, hash?: Hash, rest?: string): string {
  // Fed as a string: a Buffer of the code units per long name would be garbage outside V8's heap.
  const digest = (hash ?? createHash('sha256')).update(rest ?? name, 'utf16le').digest('base64url');
  const text = `${name.slice(0, REPRESENTATIVE_PREFIX_UNITS)}${REPRESENTATIVE_MARK}${digest}`;
  // A copy: a slice of the name would keep the whole name alive as long as its representative. Latin-1
  // text is copied as one byte a unit (half the size of a two-byte string, the other copy).
  return LATIN1.test(text) ? Buffer.from(text, 'latin1').toString('latin1') : Buffer.from(text, 'utf16le').toString('utf16le');
}

/** Pads a long name's digest past NAME_HELD_UNITS units, so that no name held as itself spells its key. */
const LONG_NAME_KEY_PAD = '~'.repeat(NAME_HELD_UNITS + 1 - 43);

/**
 * What a set of names a long line dropped holds for `name`: the name itself, or for a representative
 * ({@link representLongName}) its digest alone, padded past NAME_HELD_UNITS units — one byte a unit,
 * whatever the prefix's characters. Two representatives share a key only when their digests
 * collide, which is when their names are equal.
 */
export function droppedNameKey(name: string): string {
  if (name.length <= NAME_HELD_UNITS) return name;
  return Buffer.from(name.slice(REPRESENTATIVE_PREFIX_UNITS + 1) + LONG_NAME_KEY_PAD, 'latin1').toString('latin1');
}

interface Frame {
  /** The built container, or undefined while skipping. */
  readonly container: Lite[] | LiteObject | undefined;
  readonly isObject: boolean;
  /** Member names seen so far (duplicate detection), objects only. */
  readonly names: string[] | undefined;
  /** The same names as a set, made once `names` holds more than LINEAR_SCAN_MAX (a linear check per name). */
  nameSet: Set<string> | undefined;
  key: string;
  index: number;
  /** Buffer offset of the container's first item (after the whitespace that follows its opener). */
  readonly firstAt: number;
  /** Buffer offset right after the comma before the current item (the first item's offset before any comma). */
  itemAt: number;
  /** The same for the item before the current one. */
  prevItemAt: number;
  /** Of an object: how many names `names` held when the current member began, and before the one before. */
  namesAtItem: number;
  prevNamesAtItem: number;
  /** Of an object whose first members a long line's gap dropped (strict): their names. */
  readonly droppedNames: ReadonlySet<string> | undefined;
  /** Of an object: members read so far, those a long line's gap dropped included (READER_LIMITS.MAX_OPEN_MEMBERS). */
  members: number;
}

/** The gaps of a long line the scanner needs: where the first items of an array no check reads were dropped, and how many. */
export interface DroppedItems {
  readonly at: number;
  /** The bytes dropped there. */
  readonly length: number;
  readonly items?: number;
  /** Of an object no check reads (strict profile): the names of the members dropped (R-S1 duplicates). */
  readonly names?: Set<string> | undefined;
  /** Of an object no check reads: how many members were dropped (READER_LIMITS.MAX_OPEN_MEMBERS counts them). */
  readonly members?: number;
  /** Of a long member name's dropped middle: the digest of the name so far, and the code units it kept before the gap. */
  readonly hash?: Hash;
  readonly keptUnits?: number;
}

/** Marks a member of the table that a later one of its name superseded (core); it equals no name. */
const SUPERSEDED = Symbol('superseded') as unknown as string;

/** Takes the superseded members out of `out`, in one pass, keeping the others in line order. */
function dropSuperseded(out: ScannedMembers): void {
  let n = 0;
  for (let j = 0; j < out.count; j++) {
    if (out.names[j] === SUPERSEDED) continue;
    out.names[n] = out.names[j]!;
    out.values[n] = out.values[j];
    out.starts[n] = out.starts[j]!;
    out.ends[n] = out.ends[j]!;
    n++;
  }
  out.count = n;
}

const HAS_NAMES = (g: DroppedItems) => g.names !== undefined;
const HAS_MEMBERS = (g: DroppedItems) => g.members !== undefined;
const HAS_ITEMS = (g: DroppedItems) => g.items !== undefined;

/** The index of the first of `gaps` (in buffer order) at or after buffer offset `at`. */
function firstGapFrom(gaps: readonly DroppedItems[], at: number): number {
  let lo = 0;
  let hi = gaps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (gaps[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A run of the record's passed-over members (but its first, when runs keep it): `[from, to)` holds `count` of them, and (strict) their names' keys. */
export interface RecordSpan {
  readonly from: number;
  readonly to: number;
  readonly count: number;
  readonly names: string[] | undefined;
}

/** Internal: a container was opened (its frame is on the stack). */
const OPENED = Symbol('opened');
/** Internal: the scan failed; the fault is in the scanner's registers. */
const FAILED = Symbol('failed');

/** The line holds one JSON object (its members are in the table). */
const SCANNED_RECORD: Result<boolean> = Object.freeze({ ok: true, value: true });
/** The line holds JSON that is not an object. */
const SCANNED_OTHER: Result<boolean> = Object.freeze({ ok: true, value: false });

/**
 * Scans strict JSON in `buf[pos, end)`; one instance serves every line of a file. Never throws on bad
 * input: a fault is returned as a refusal value (see {@link LineScanner.scanRecord}).
 */
export class LineScanner {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  end = 0;
  private readonly stack: Frame[] = [];
  private building = false;
  /** The top-level member being scanned (its pointer is built only when something fails). */
  private member: string | undefined;
  private readonly maxLimitedBytes: number;
  // The reader limits (JSON-LIMIT-1); infinite when the options do not ask for them.
  private readonly maxDepth: number;
  private readonly maxOpenMembers: number;
  private readonly maxBuiltValues: number;
  private readonly maxNumberBytes: number;
  private readonly maxHeldStringBytes: number;
  private readonly maxBuiltBytes: number;
  /** Containers open around the scanner's stack: 1 inside a record's object, 0 for a line that is not one. */
  private depthBase = 0;
  /** Members of the objects open now (the record's own included), dropped ones included. */
  private openMembers = 0;
  /** Items and members added to built containers in this line so far (under checked members). */
  private builtValues = 0;
  /** Body bytes of the strings held whole in this line so far (READER_LIMITS.MAX_HELD_STRING_BYTES). */
  private heldStringBytes = 0;
  /** Line bytes of the containers built under checked members that ended in this line so far (READER_LIMITS.MAX_BUILT_BYTES). */
  private builtBytes = 0;
  /** Where the container built under the checked member being scanned starts (-1 when none), and its line offset. */
  private builtFrom = -1;
  private builtFromLine = 0;
  /**
   * Line bytes inside that container that count in no built bytes: what follows the kept characters of
   * its strings read for those only, and the bodies of its held strings (MAX_HELD_STRING_BYTES counts them).
   */
  private builtExempt = 0;
  /** The line's gaps before `gapCursor` (see lineAt), and their bytes. */
  private gapCursor = 0;
  private gapBytes = 0;
  /**
   * Values an observation may still build (set by the reader while it observes; infinite otherwise):
   * each item and member of a container built under a member no check reads counts, and past the last
   * such members are built no further (the reader then lets the observer go). Bytes alone do not bound
   * a tree: 2 MiB of `{}` in an unread member cost 365 MiB observed.
   */
  observedValuesLeft = Number.POSITIVE_INFINITY;
  /** Whether the top-level member being scanned is one the checks read (see ScanOptions.checkedMembers). */
  private checked = false;
  /**
   * When the last scan failed inside a string it was not building, because the range ended (a prefix
   * of a long line): where that string's body starts and the offset up to which the body is known
   * good. -1 otherwise. The long-line path may then drop part of that body (see ModelReader).
   */
  skippedBodyStart = -1;
  skippedBodyGood = -1;
  /** Characters a cut keeps at the start of that string (0 when it is not built; see ScanOptions.keptCharactersOf). */
  skippedBodyKeep = 0;
  /** Whether that string is a member name (a cut then feeds what it drops to the name's digest). */
  skippedBodyName = false;
  /**
   * Whether member names longer than NAME_HELD_UNITS are held as their representative (validation only:
   * an observation carries every name as it is written). Set by the reader.
   */
  cutLongNames = false;
  /**
   * When the last scan failed because the range ended inside an array or object it was not building:
   * the span `[skippedItemsFrom, skippedItemsTo)` of its items (members) already scanned whole (with
   * their commas), and the index of the item being scanned. The long-line path may drop the span (see
   * ModelReader). The largest such span of the open containers; -1 when there is none.
   */
  skippedItemsFrom = -1;
  skippedItemsTo = -1;
  skippedItemsIndex = 0;
  /** Whether that span is of an object's members, and (strict) the names of those members. */
  skippedObject = false;
  skippedNames: string[] | undefined;
  /**
   * The record's current run of passed-over members (ScanOptions.isPassedOver) a long line may drop:
   * where its droppable part starts (its second member's name when runs keep their first, its first
   * member's otherwise; -1 when there is none yet), how many members that part holds, and (strict) their
   * names' keys; and where the record's current member starts.
   */
  private recordRunFrom = -1;
  private recordRunCount = 0;
  private recordRunNames: string[] | undefined;
  private recordMemberAt = -1;
  /** The runs of this line's record that ended before the member being read (see recordSpans). */
  private readonly recordRuns: RecordSpan[] = [];
  /**
   * When the last scan failed because the range ended inside the record: the spans of its runs of
   * passed-over members a long line may drop (each from where its droppable part starts to the member
   * after it, or to the member being read), in line order. Empty otherwise.
   */
  readonly recordSpans: RecordSpan[] = [];
  /**
   * The middles of the complete strings this scan read for their first characters only (validation
   * only): from the end of those characters to the closing quote, when at least KEPT_MIDDLE_DROP_BYTES
   * long, in line order. A long line may drop them (the checks never read them again).
   */
  readonly keptSpans: RecordSpan[] = [];
  /**
   * When the last scan ended at the range's end between two tokens or after the value (where whitespace
   * may stand, not inside a string, number or literal): the long-line path may drop whitespace there.
   */
  endsBetweenTokens = false;
  /** Where a number the scan did not build starts, when it ran to the range's end (it may go on); -1 otherwise. */
  skippedNumberAt = -1;
  /**
   * The current long line's gaps (see ModelReader): an array no check reads whose first item starts at
   * a gap's `at` had that gap's `items` dropped, so its item indices (in a refusal's pointer) start there.
   */
  itemGaps: readonly DroppedItems[] = [];
  /** Id of the interned name the last scanName read, or -1. */
  private nameId = -1;
  private wantedSet: ReadonlySet<string> | undefined;
  private wantedIds: Uint8Array = new Uint8Array(0);
  /** The token toolkit's registers (this scanner's own). */
  private readonly tokens = new TokenScan();
  // The fault registers: filled by fault(), read once by scanRecord to build the refusal.
  private faultCode: JsonLayerCode = JSON_CODES.SYNTAX;
  private faultAt = 0;
  private faultMessage = '';
  private faultPointer = '';

  constructor(private readonly options: ScanOptions) {
    this.maxLimitedBytes = options.maxLimitedStringBytes ?? Number.POSITIVE_INFINITY;
    const limits = options.readerLimits === true;
    this.maxDepth = limits ? READER_LIMITS.MAX_DEPTH : Number.POSITIVE_INFINITY;
    this.maxOpenMembers = limits ? READER_LIMITS.MAX_OPEN_MEMBERS : Number.POSITIVE_INFINITY;
    this.maxBuiltValues = limits ? READER_LIMITS.MAX_BUILT_VALUES : Number.POSITIVE_INFINITY;
    this.maxNumberBytes = limits ? READER_LIMITS.MAX_NUMBER_LEXEME_BYTES : Number.POSITIVE_INFINITY;
    this.maxHeldStringBytes = limits ? READER_LIMITS.MAX_HELD_STRING_BYTES : Number.POSITIVE_INFINITY;
    this.maxBuiltBytes = limits ? READER_LIMITS.MAX_BUILT_BYTES : Number.POSITIVE_INFINITY;
  }

  /**
   * Set when the last failure came from reaching `end` (the line may go on past it): a long line is
   * judged from a prefix only when its failure does not depend on what follows.
   */
  get truncated(): boolean {
    return this.tokens.truncated;
  }

  /**
   * Scans one line holding one JSON object; builds the values of the members named in `wanted` (all
   * of them when `wanted` is undefined). Gives true for an object, false for JSON that is not one, or
   * the first fault (R-S1) as a refusal whose byte offset is absolute in `buf` and whose pointer names
   * where in the line's value it sits (the reader places it at its line).
   */
  scanRecord(buf: Buffer, start: number, end: number, out: ScannedMembers, wanted: ReadonlySet<string> | undefined): Result<boolean> {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.tokens.truncated = false;
    this.skippedBodyStart = -1;
    this.skippedItemsFrom = -1;
    this.endsBetweenTokens = false;
    this.skippedNumberAt = -1;
    out.count = 0;
    // Emptied only when not empty: setting an array's length is a runtime call, once per record.
    if (this.stack.length !== 0) this.stack.length = 0;
    this.member = undefined;
    this.openMembers = 0;
    this.builtValues = 0;
    this.heldStringBytes = 0;
    this.builtBytes = 0;
    this.builtFrom = -1;
    this.gapCursor = 0;
    this.gapBytes = 0;
    if (this.recordSpans.length !== 0) this.recordSpans.length = 0;
    if (this.keptSpans.length !== 0) this.keptSpans.length = 0;
    const r = this.scanMembers(buf, start, end, out, wanted);
    if (r !== FAILED) return r ? SCANNED_RECORD : SCANNED_OTHER;
    if (this.tokens.truncated) {
      this.noteSkippedItems(end);
      this.noteRecordSpans();
    }
    this.stack.length = 0; // drop the frames of the failed line (and the values they hold)
    const rule = codeInfo(this.faultCode);
    return fail(formatError(rule.code, rule.requirement, this.faultMessage, { byteOffset: this.faultAt, pointer: this.faultPointer }, rule.profile));
  }

  private scanMembers(buf: Buffer, start: number, end: number, out: ScannedMembers, wanted: ReadonlySet<string> | undefined): boolean | typeof FAILED {
    this.pos = skipWhitespace(buf, start, end);
    if (this.pos >= end || buf[this.pos] !== BYTE.LEFT_BRACE) {
      this.depthBase = 0;
      this.building = false;
      this.checked = false;
      if (this.scanValue() === FAILED) return FAILED;
      return this.expectEnd() ? false : FAILED;
    }
    this.depthBase = 1;
    this.pos = skipWhitespace(buf, this.pos + 1, end);
    if (buf[this.pos] === BYTE.RIGHT_BRACE && this.pos < end) {
      this.pos++;
      return this.expectEnd() ? true : FAILED;
    }
    const wantedIds = wanted === undefined ? undefined : this.wantedIdsOf(wanted);
    let seenLow = 0;
    let seenHigh = 0;
    // Past LINEAR_SCAN_MAX members, the names read so far as a set (see the duplicate check below).
    let nameSet: Set<string> | undefined;
    // (Strict) the names of the record's members a long line's gaps dropped, a set per gap (R-S1 still
    // compares them); the gaps keep them, so they are not copied at each scan of the line.
    let droppedNames: ReadonlySet<string>[] | undefined;
    // Core: members a later one of the same name superseded (marked SUPERSEDED in the table), and once
    // there are repeats in a long table, where each name's live entry is.
    let superseded = 0;
    let liveAt: Map<string, number> | undefined;
    const passedOver = this.options.isPassedOver;
    const keepFirst = this.options.refusesPassedOverByName === true;
    let previousPassedOver = false;
    this.recordRunFrom = -1;
    this.recordMemberAt = -1;
    if (this.recordRuns.length !== 0) this.recordRuns.length = 0;
    for (;;) {
      this.member = undefined;
      if ((previousPassedOver || !keepFirst) && this.itemGaps.length > 0) {
        // A gap here dropped members of a run (after its first, when runs keep it): they still count
        // (JSON-LIMIT-1, R-S1), and the run goes on.
        const gap = this.gapAt(this.pos, HAS_MEMBERS);
        if (gap !== undefined) {
          this.openMembers += gap.members ?? 0;
          if (gap.names !== undefined) (droppedNames ??= []).push(gap.names);
          this.startRecordRun(this.pos);
        }
      }
      this.recordMemberAt = this.pos;
      if (this.pos >= end || buf[this.pos] !== BYTE.QUOTE) return this.fail('expected a member name');
      const nameAt = this.pos;
      // JSON-LIMIT-1: the members of the open objects (the record's own first) are bounded.
      if (++this.openMembers > this.maxOpenMembers) return this.limitFault(nameAt, OPEN_MEMBERS_MESSAGE);
      const name = this.scanName();
      if (name === FAILED) return FAILED;
      // Duplicates: an interned name is one bit of two masks; any other is compared with every earlier
      // name (and, when it spells an interned one through escapes, sets that name's bit).
      let id = this.nameId;
      let duplicate = false;
      if (id < 0) {
        if (nameSet === undefined && out.count > LINEAR_SCAN_MAX) nameSet = new Set(out.names.slice(0, out.count));
        if (nameSet !== undefined) duplicate = nameSet.has(name);
        else {
          for (let j = 0; j < out.count; j++) {
            if (out.names[j] === name) {
              duplicate = true;
              break;
            }
          }
        }
        id = INTERNED_ID.get(name) ?? -1;
        if (droppedNames !== undefined) {
          const key = droppedNameKey(name);
          if (droppedNames.some((dropped) => dropped.has(key))) duplicate = true;
        }
      }
      if (id >= 0) {
        const bit = 1 << (id & 31);
        if (id < 32) {
          if (seenLow & bit) duplicate = true;
          seenLow |= bit;
        } else {
          if (seenHigh & bit) duplicate = true;
          seenHigh |= bit;
        }
      }
      if (duplicate) {
        // R-S1 (strict): member names are unique.
        if (!this.options.allowDuplicates) return this.fault(JSON_CODES.DUPLICATE_MEMBER, nameAt, `member "${name}" appears twice`, '/' + escapePointerToken(name));
        // Core profile: the last occurrence wins. The earlier one is marked, and the table is compacted
        // once at the record's end: taking each out at once costs quadratic time on many repeats, and
        // so does finding it by a search once the table is long (past LINEAR_SCAN_MAX, a map says where).
        if (liveAt === undefined && out.count > LINEAR_SCAN_MAX) {
          liveAt = new Map();
          for (let j = 0; j < out.count; j++) if (out.names[j] !== SUPERSEDED) liveAt.set(out.names[j]!, j);
        }
        out.names[liveAt?.get(name) ?? out.names.indexOf(name)] = SUPERSEDED;
        superseded++;
      }
      this.pos = skipWhitespace(buf, this.pos, end);
      if (buf[this.pos] !== BYTE.COLON || this.pos >= end) return this.fail("expected ':' after a member name");
      this.pos = skipWhitespace(buf, this.pos + 1, end);
      const build = wanted === undefined || (this.nameId >= 0 ? wantedIds![this.nameId] === 1 : wanted.has(name));
      // An interned name keeps its bit in the masks above, which a dropped member would lose: never passed over.
      const isPassedOver = !build && id < 0 && passedOver?.(name) === true;
      if (!isPassedOver) this.endRecordRun(nameAt);
      else if ((previousPassedOver || !keepFirst) && this.recordRunFrom < 0) this.startRecordRun(nameAt);
      const valueAt = this.pos;
      this.building = build;
      this.checked = build && (this.options.checkedMembers === undefined || this.options.checkedMembers.has(name));
      this.member = name;
      // Most members are a string, a number or a short array of indices: read those directly, without
      // the general value loop and its stack (any other shape, or a fault, takes the general path).
      const c0 = this.pos < end ? buf[this.pos]! : -1;
      if (this.checked && (c0 === BYTE.LEFT_BRACKET || c0 === BYTE.LEFT_BRACE)) {
        this.builtFrom = valueAt;
        this.builtFromLine = this.lineAt(valueAt, true);
        this.builtExempt = 0;
      }
      let value: Lite | typeof FAILED | undefined;
      if (c0 === BYTE.QUOTE) value = this.scanString(build);
      else if ((c0 >= BYTE.ZERO && c0 <= BYTE.NINE) || c0 === BYTE.MINUS) value = this.scanNumber();
      else if (c0 === BYTE.LEFT_BRACKET && build) value = this.scanIndexArray();
      if (value === undefined) value = this.scanValue();
      if (value === FAILED) return FAILED;
      if (this.builtFrom >= 0) {
        // JSON-LIMIT-1: the container ended; its bytes join the line's built bytes.
        const used = this.builtBytesAt(this.pos, false);
        if (used > this.maxBuiltBytes) return this.builtBytesFault();
        this.builtBytes = used;
        this.builtFrom = -1;
      }
      const n = out.count++;
      out.names[n] = name;
      nameSet?.add(name);
      liveAt?.set(name, n);
      out.values[n] = build ? value : undefined;
      out.starts[n] = valueAt;
      out.ends[n] = this.pos;
      previousPassedOver = isPassedOver;
      this.pos = skipWhitespace(buf, this.pos, end);
      const c = this.pos < end ? buf[this.pos] : -1;
      if (c === BYTE.COMMA) {
        // In the run once its comma is read: a run is dropped up to the member after it.
        if (this.recordRunFrom >= 0) {
          this.recordRunCount++;
          this.recordRunNames?.push(droppedNameKey(name));
        }
        this.pos = skipWhitespace(buf, this.pos + 1, end);
        continue;
      }
      if (c === BYTE.RIGHT_BRACE) {
        this.pos++;
        if (superseded > 0) dropSuperseded(out);
        return this.expectEnd() ? true : FAILED;
      }
      return this.fail("expected ',' or '}' after a member");
    }
  }

  /** Scans one JSON value (building it when `this.building`), iteratively. */
  private scanValue(): Lite | typeof FAILED {
    const { stack } = this;
    const base = stack.length;
    for (;;) {
      this.pos = skipWhitespace(this.buf, this.pos, this.end);
      let value = this.scanValueStart();
      if (value === OPENED) continue;
      if (value === FAILED) return FAILED;
      for (;;) {
        if (stack.length === base) return value;
        const top = stack[stack.length - 1]!;
        if (top.container !== undefined) {
          if (top.isObject) (top.container as LiteObject).set(top.key, value);
          else (top.container as Lite[]).push(value);
        }
        this.pos = skipWhitespace(this.buf, this.pos, this.end);
        const c = this.pos < this.end ? this.buf[this.pos] : -1;
        if (c === BYTE.COMMA) {
          this.pos++;
          top.index++;
          top.prevItemAt = top.itemAt;
          top.itemAt = this.pos;
          if (top.isObject) {
            top.prevNamesAtItem = top.namesAtItem;
            top.namesAtItem = top.names!.length;
            this.pos = skipWhitespace(this.buf, this.pos, this.end);
            if (!this.scanMemberName(top)) return FAILED;
          }
          break;
        }
        if (c === (top.isObject ? BYTE.RIGHT_BRACE : BYTE.RIGHT_BRACKET)) {
          this.pos++;
          stack.pop();
          if (top.isObject) this.openMembers -= top.members;
          value = top.container ?? null;
          continue;
        }
        return this.fail(top.isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
      }
    }
  }

  private scanValueStart(): Lite | typeof OPENED | typeof FAILED {
    const { buf, end } = this;
    if (this.pos >= end) return this.fail('expected a value');
    // JSON-LIMIT-1: an item or member of a built container is one more value built in this line.
    const top = this.stack[this.stack.length - 1];
    if (top !== undefined && top.container !== undefined) {
      if (this.checked) {
        if (++this.builtValues > this.maxBuiltValues) return this.limitFault(this.pos, BUILT_VALUES_MESSAGE);
        // JSON-LIMIT-1: the built bytes, looked at where each built value starts (in line offsets, so a
        // long line's gaps change nothing), whatever follows.
        if (this.builtBytesAt(this.pos, true) > this.maxBuiltBytes) return this.builtBytesFault();
      } else if (--this.observedValuesLeft < 0) {
        // Built for an observation only, past its bound of values: built no further.
        this.building = false;
      }
    }
    const c = buf[this.pos]!;
    if (c === BYTE.QUOTE) return this.scanString(this.building);
    if (c === BYTE.LEFT_BRACE || c === BYTE.LEFT_BRACKET) {
      const isObject = c === BYTE.LEFT_BRACE;
      // JSON-LIMIT-1 / R-S2a: at most maxDepth containers open at once (an empty one opens too).
      if (this.depthBase + this.stack.length + 1 > this.maxDepth) return this.limitFault(this.pos, DEPTH_MESSAGE);
      this.pos = skipWhitespace(buf, this.pos + 1, end);
      const close = isObject ? BYTE.RIGHT_BRACE : BYTE.RIGHT_BRACKET;
      if (this.pos < end && buf[this.pos] === close) {
        this.pos++;
        return this.building ? (isObject ? new Map() : []) : null;
      }
      const frame: Frame = {
        container: this.building ? (isObject ? new Map() : []) : undefined,
        isObject,
        names: isObject ? [] : undefined,
        nameSet: undefined,
        key: '',
        // An array whose first items a long line's gap dropped: its items keep their indices.
        index: this.itemGaps.length > 0 && !this.building && !isObject ? this.droppedItemsAt(this.pos) : 0,
        firstAt: this.pos,
        itemAt: this.pos,
        prevItemAt: this.pos,
        namesAtItem: 0,
        prevNamesAtItem: 0,
        droppedNames: this.itemGaps.length > 0 && !this.building && isObject ? this.droppedNamesAt(this.pos) : undefined,
        // The members a long line's gap dropped from this object still count as read (JSON-LIMIT-1).
        members: this.itemGaps.length > 0 && !this.building && isObject ? this.droppedMembersAt(this.pos) : 0,
      };
      this.openMembers += frame.members;
      this.stack.push(frame);
      if (isObject && !this.scanMemberName(frame)) return FAILED;
      return OPENED;
    }
    if (c === BYTE.MINUS || (c >= BYTE.ZERO && c <= BYTE.NINE)) return this.scanNumber();
    if (c === BYTE.LOWER_T) return this.scanWord(LITERAL_TRUE, true);
    if (c === BYTE.LOWER_F) return this.scanWord(LITERAL_FALSE, false);
    if (c === BYTE.LOWER_N) return this.scanWord(LITERAL_NULL, null);
    return this.fail('unexpected byte where a value should start');
  }

  /** Scans `"name":` inside a nested object; false when it fails. */
  private scanMemberName(frame: Frame): boolean {
    if (this.pos >= this.end || this.buf[this.pos] !== BYTE.QUOTE) return this.fail('expected a member name') !== FAILED;
    const at = this.pos;
    // JSON-LIMIT-1: the members of the open objects are bounded (their names are kept for R-S1).
    frame.members++;
    if (++this.openMembers > this.maxOpenMembers) return this.limitFault(at, OPEN_MEMBERS_MESSAGE) !== FAILED;
    const name = this.scanName();
    if (name === FAILED) return false;
    const names = frame.names!;
    if (frame.nameSet === undefined && names.length > LINEAR_SCAN_MAX) frame.nameSet = new Set(names);
    const seen = frame.nameSet === undefined ? names.includes(name) : frame.nameSet.has(name);
    if (seen || frame.droppedNames?.has(droppedNameKey(name)) === true) {
      // R-S1 (strict): member names are unique.
      if (!this.options.allowDuplicates) {
        // The pointer names the repeated member itself (/…/object/name), not the member before it.
        frame.key = name;
        this.fault(JSON_CODES.DUPLICATE_MEMBER, at, `member "${name}" appears twice`, this.pointerOf());
        return false;
      }
    } else {
      names.push(name);
      frame.nameSet?.add(name);
    }
    frame.key = name;
    this.pos = skipWhitespace(this.buf, this.pos, this.end);
    if (this.pos >= this.end || this.buf[this.pos] !== BYTE.COLON) {
      this.fail("expected ':' after a member name");
      return false;
    }
    this.pos++;
    return true;
  }

  /** The record's runs a long line may drop now (see recordSpans): the ended ones, and the current one up to the member being read. */
  private noteRecordSpans(): void {
    for (const run of this.recordRuns) this.recordSpans.push(run);
    if (this.recordRunFrom >= 0 && this.recordMemberAt > this.recordRunFrom) {
      this.recordSpans.push({ from: this.recordRunFrom, to: this.recordMemberAt, count: this.recordRunCount, names: this.recordRunNames });
    }
  }

  /** Ends the record's current run before the member at `at` (one the checks read), keeping it when it has members to drop. */
  private endRecordRun(at: number): void {
    if (this.recordRunFrom >= 0 && this.recordRunCount > 0) this.recordRuns.push({ from: this.recordRunFrom, to: at, count: this.recordRunCount, names: this.recordRunNames });
    this.recordRunFrom = -1;
  }

  /** Starts the droppable part of the record's run of passed-over members at `at` (see recordSpans). */
  private startRecordRun(at: number): void {
    this.recordRunFrom = at;
    this.recordRunCount = 0;
    // R-S1 (strict): a later member may repeat the name of one dropped; core lets duplicates pass.
    this.recordRunNames = this.options.allowDuplicates ? undefined : [];
  }

  /**
   * The first gap at buffer offset `at` that `has` accepts. The gaps are in buffer order, and a line
   * may have many (a run dropped between every two members the checks read), so it is a binary search.
   */
  private gapAt(at: number, has: (g: DroppedItems) => boolean): DroppedItems | undefined {
    const gaps = this.itemGaps;
    for (let j = firstGapFrom(gaps, at); j < gaps.length && gaps[j]!.at === at; j++) if (has(gaps[j]!)) return gaps[j];
    return undefined;
  }

  /** The names of the first members a gap dropped from the object whose first member is now at `at`. */
  private droppedNamesAt(at: number): ReadonlySet<string> | undefined {
    return this.gapAt(at, HAS_NAMES)?.names;
  }

  /** How many first members a gap dropped from the object whose first member is now at `at` (0 when none). */
  private droppedMembersAt(at: number): number {
    return this.gapAt(at, HAS_MEMBERS)?.members ?? 0;
  }

  /** How many first items a gap dropped from the array whose first item is now at `at` (0 when none). */
  private droppedItemsAt(at: number): number {
    return this.gapAt(at, HAS_ITEMS)?.items ?? 0;
  }

  /**
   * After a scan that ran out of bytes: the largest span of whole items of an open array no check reads
   * (from its first item to the item being scanned, which has begun: a cut then leaves `[` followed by
   * a value, read the same way as after the comma it replaces).
   */
  private noteSkippedItems(end: number): void {
    let best = 0;
    for (const frame of this.stack) {
      if (frame.container !== undefined) continue;
      // The current item starts past the whitespace after its comma (the first item's offset already does).
      let itemAt = skipWhitespace(this.buf, frame.itemAt, end);
      let index = frame.index;
      let namesAt = frame.namesAtItem;
      if (itemAt >= end) {
        // The range ends before the current item begins: keep the item before it (whole), and its comma.
        itemAt = skipWhitespace(this.buf, frame.prevItemAt, end);
        index--;
        namesAt = frame.prevNamesAtItem;
      }
      const span = itemAt - frame.firstAt;
      if (span <= best) continue;
      best = span;
      this.skippedItemsFrom = frame.firstAt;
      this.skippedItemsTo = itemAt;
      this.skippedItemsIndex = index;
      this.skippedObject = frame.isObject;
      // R-S1 (strict): a later member may repeat the name of one dropped; core lets duplicates pass.
      // Kept by their keys (a long name's is its digest, one byte a unit): up to 2^19 of them.
      this.skippedNames = frame.isObject && !this.options.allowDuplicates ? frame.names!.slice(0, namesAt).map(droppedNameKey) : undefined;
    }
  }

  /** 1 for each interned name in `wanted` (computed once per set). */
  private wantedIdsOf(wanted: ReadonlySet<string>): Uint8Array {
    if (this.wantedSet !== wanted) {
      this.wantedSet = wanted;
      this.wantedIds = Uint8Array.from(INTERNED, (name) => (wanted.has(name) ? 1 : 0));
    }
    return this.wantedIds;
  }

  /**
   * Scans a member name, returning an interned string when it is a common one; sets `nameId` to its
   * id, or -1 when the bytes are not an interned name (escapes included).
   */
  private scanName(): string | typeof FAILED {
    const { buf } = this;
    const start = this.pos + 1;
    let i = start;
    const end = this.end;
    this.nameId = -1;
    while (i < end) {
      const c = buf[i]!;
      if (c === BYTE.QUOTE) break;
      if (c === BYTE.BACKSLASH || c < 0x20 || c >= 0x80) return this.scanString(true, true) as string | typeof FAILED;
      i++;
    }
    // Past the buffer, long enough for a limited member's limit, or a long name: the string path reads
    // (refuses, or represents) it.
    if (i >= end || i - start > this.maxLimitedBytes || (i - start > NAME_HELD_UNITS && this.cutLongNames)) return this.scanString(true, true) as string | typeof FAILED;
    this.pos = i + 1;
    const id = internedIdAt(buf, start, i);
    this.nameId = id;
    return id >= 0 ? INTERNED[id]! : buf.toString('latin1', start, i);
  }

  /**
   * Reads `[n, n, …]` where every item is a canonical unsigned integer of at most 15 digits and nothing
   * else (no whitespace) is there: the array index lists of a record (tr, anchor, refs). Gives
   * undefined, with the position unchanged, for anything else: the general path then reads (or
   * refuses) the same bytes, so the fast path never decides a verdict.
   */
  private scanIndexArray(): number[] | undefined {
    const { buf, end } = this;
    let i = this.pos + 1;
    const out: number[] = [];
    if (i < end && buf[i] === BYTE.RIGHT_BRACKET) {
      this.pos = i + 1;
      return out;
    }
    for (;;) {
      const start = i;
      let c = i < end ? buf[i]! : -1;
      let v = 0;
      if (c === BYTE.ZERO) {
        i++;
        c = i < end ? buf[i]! : -1;
      } else {
        while (c >= BYTE.ZERO && c <= BYTE.NINE) {
          v = v * 10 + (c - BYTE.ZERO);
          i++;
          c = i < end ? buf[i]! : -1;
        }
      }
      // No digit, a leading zero, a long lexeme, a fraction or an exponent: not this shape.
      if (i === start || i - start > 15 || (c >= BYTE.ZERO && c <= BYTE.NINE) || c === BYTE.DOT || c === BYTE.LOWER_E || c === BYTE.UPPER_E) return undefined;
      // Past the limit of built values the general path reads (and refuses) the same bytes.
      if (this.checked && this.builtValues + out.push(v) > this.maxBuiltValues) return undefined;
      if (c === BYTE.COMMA) {
        i++;
        continue;
      }
      if (c !== BYTE.RIGHT_BRACKET) return undefined;
      this.pos = i + 1;
      if (this.checked) this.builtValues += out.length;
      return out;
    }
  }

  /** Scans a string token; returns its value when `build`, else null. */
  private scanString(build: boolean, isName = false): string | null | typeof FAILED {
    const { buf, tokens } = this;
    const start = this.pos + 1;
    // A limited string is scanned up to one byte past its limit (where its closing quote may stand);
    // the member is looked at only when the line goes on past that (never on a short line).
    const capped = this.end - start > this.maxLimitedBytes + 1 && this.member !== undefined && this.options.limitedMembers?.has(this.member) === true;
    const close = scanStringBody(buf, start, capped ? start + this.maxLimitedBytes + 1 : this.end, tokens, this.options.allowLoneSurrogates);
    // JSON-LIMIT-1: the strings the checks hold whole share one budget per line. Decided at the body's
    // first byte past what is left of it, whatever follows (a valid body that long is held that long).
    // The characters the checks read of a built value (-1: all of it), asked once per string.
    const keep = build && !isName ? this.keptCharacters() : -1;
    const held = build && !isName && this.checked && keep < 0;
    if (held) {
      const left = this.maxHeldStringBytes - this.heldStringBytes;
      if ((close === TOKEN_FAILED ? tokens.faultAt : close) - start > left) return this.limitFault(start + left, HELD_STRINGS_MESSAGE);
      if (close !== TOKEN_FAILED) {
        this.heldStringBytes += close - start;
        // Counted there, not in the built bytes (a dictionary's entries).
        if (this.builtFrom >= 0) this.builtExempt += close - start;
      }
    }
    if (close === TOKEN_FAILED) {
      if (capped && tokens.truncated) {
        // JSON-LIMIT-1: the body goes on past the limit (bytes the line holds: decided now, whatever follows).
        tokens.truncated = false;
        return this.fault(JSON_CODES.LIMIT_EXCEEDED, start + this.maxLimitedBytes, `a string longer than ${this.maxLimitedBytes} bytes in "${this.member}" (the reader's limit for strings the checks compare or quote)`);
      }
      if (tokens.truncated) {
        // A long name's middle may go (its digest keeps it), but not inside a limited member (its limit counts every byte).
        const kept = !build ? 0 : isName ? (this.cutLongNames && !this.inLimitedMember() ? NAME_KEPT_CHARACTERS : -1) : keep;
        if (kept >= 0) {
          this.skippedBodyStart = start;
          this.skippedBodyGood = tokens.faultAt;
          this.skippedBodyKeep = kept;
          this.skippedBodyName = isName;
        }
      }
      return this.tokenFault();
    }
    this.pos = close + 1;
    if (!build) return null;
    const flags = tokens.flags;
    if (!isName && this.builtFrom >= 0) {
      const kept = keep > 0 ? firstCharactersEnd(buf, start, close, keep) : -1;
      if (kept >= 0) {
        // What follows the characters the checks read counts in no limit, is not built, and (validation
        // only) a long line may drop it.
        // (lineAt's offsets only grow: the kept characters' end first.)
        const keptEnd = this.lineAt(kept, false);
        this.builtExempt += this.lineAt(close, true) - keptEnd;
        if (this.cutLongNames) {
          if (close - kept >= KEPT_MIDDLE_DROP_BYTES) this.keptSpans.push({ from: kept, to: close, count: 0, names: undefined });
          return decodeStringBody(buf, start, kept, flags);
        }
      }
    }
    if (flags === 0 && !(isName && close - start > NAME_HELD_UNITS && this.cutLongNames)) return internedAt(buf, start, close) ?? decodePlainBody(buf, start, close, 0);
    const text = decodeStringBody(buf, start, close, flags);
    if (isName && text.length > NAME_HELD_UNITS && this.cutLongNames && !this.inLimitedMember()) return this.representName(text, start, close);
    return text;
  }

  /** Whether the scan is inside a member whose strings are limited (JSON-LIMIT-1). */
  private inLimitedMember(): boolean {
    return this.member !== undefined && this.options.limitedMembers?.has(this.member) === true;
  }

  /** The representative of the long name `text` read from `buf[start, close)`, whose middle a long line may have dropped. */
  private representName(text: string, start: number, close: number): string {
    const gaps = this.itemGaps;
    // A cut may drop the body up to its closing quote: the gap then stands at `close`.
    for (let j = firstGapFrom(gaps, start + 1); j < gaps.length && gaps[j]!.at <= close; j++) {
      const g = gaps[j]!;
      if (g.hash !== undefined) return representLongName(text, g.hash.copy(), text.slice(g.keptUnits));
    }
    return representLongName(text);
  }

  /**
   * Characters of the string value being scanned that the checks read, when they do not read all of it
   * (see ScanOptions.keptCharactersOf); -1 when they do.
   */
  private keptCharacters(): number {
    const { member } = this;
    const test = this.options.keptCharactersOf;
    if (member === undefined || test === undefined) return -1;
    const top = this.stack[this.stack.length - 1];
    const n = test(member, top === undefined ? undefined : top.isObject ? top.key : '');
    return n > 0 ? n : -1;
  }

  /** Scans a number per the RFC 8259 grammar; canonical short unsigned integers become JS numbers. */
  private scanNumber(): Lite | typeof FAILED {
    const { buf, tokens } = this;
    const start = this.pos;
    const after = scanNumber(buf, start, this.end, tokens);
    // JSON-LIMIT-1: a number the checks read is held whole, so its lexeme is bounded. Decided at its
    // first byte past the limit, whatever follows (a valid prefix that long makes a lexeme that long).
    if (this.checked && (after === TOKEN_FAILED ? tokens.faultAt : after) - start > this.maxNumberBytes) return this.limitFault(start + this.maxNumberBytes, NUMBER_LEXEME_MESSAGE);
    if (after === TOKEN_FAILED) return this.tokenFault();
    this.pos = after;
    if (!this.building) {
      // It may go on past the range (a long line's prefix): the long-line path may drop digits of it.
      if (after === this.end) this.skippedNumberAt = start;
      return null;
    }
    if (tokens.flags === 0 && after - start <= 15) return tokens.integer;
    return new JsonNumber(buf.toString('latin1', start, after));
  }

  private scanWord(word: readonly number[], value: Lite): Lite | typeof FAILED {
    const after = scanLiteral(this.buf, this.pos, this.end, word, this.tokens);
    if (after === TOKEN_FAILED) return this.tokenFault();
    this.pos = after;
    return value;
  }

  private expectEnd(): boolean {
    this.pos = skipWhitespace(this.buf, this.pos, this.end);
    if (this.pos < this.end) return this.fault(JSON_CODES.SYNTAX, this.pos, 'unexpected bytes after the record') !== FAILED;
    // Whitespace may follow the value (in a long line's prefix, more of it).
    this.endsBetweenTokens = true;
    return true;
  }

  private pointerOf(): string {
    // Joined once: a fault deep inside a 100,000-level nesting costs one pass, not one string per level.
    const tokens: string[] = [''];
    if (this.member !== undefined) tokens.push(escapePointerToken(this.member));
    for (const frame of this.stack) tokens.push(frame.isObject ? escapePointerToken(frame.key) : String(frame.index));
    return tokens.length === 1 ? '' : tokens.join('/');
  }

  /**
   * The line offset of `buf[at]` (inclusive: with the gaps right before that byte) or of the boundary
   * before it (not inclusive). Offsets asked for only grow within a scan, so a cursor walks the gaps once.
   */
  private lineAt(at: number, inclusive: boolean): number {
    const gaps = this.itemGaps;
    while (this.gapCursor < gaps.length && gaps[this.gapCursor]!.at < at) this.gapBytes += gaps[this.gapCursor++]!.length;
    let shift = this.gapBytes;
    if (inclusive) for (let j = this.gapCursor; j < gaps.length && gaps[j]!.at === at; j++) shift += gaps[j]!.length;
    return at + shift;
  }

  /** The line's built bytes (READER_LIMITS.MAX_BUILT_BYTES) up to `buf[at]` inside the container being built. */
  private builtBytesAt(at: number, inclusive: boolean): number {
    return this.builtBytes + this.lineAt(at, inclusive) - this.builtFromLine - this.builtExempt;
  }

  /** The built bytes passed their limit in the current member: refused at the member's value, whatever follows. */
  private builtBytesFault(): typeof FAILED {
    this.tokens.truncated = false;
    return this.fault(JSON_CODES.LIMIT_EXCEEDED, this.builtFrom, BUILT_BYTES_MESSAGE, this.member === undefined ? '' : `/${escapePointerToken(this.member)}`);
  }

  /** A reader limit passed at `at` (JSON-LIMIT-1): decided by the bytes read, whatever follows. */
  private limitFault(at: number, message: string): typeof FAILED {
    this.tokens.truncated = false;
    return this.fault(JSON_CODES.LIMIT_EXCEEDED, at, message);
  }

  /** Fills the fault registers from the toolkit's (a token that did not scan). */
  private tokenFault(): typeof FAILED {
    const { tokens } = this;
    const code = tokens.fault === TOKEN_FAULT.LONE_SURROGATE ? JSON_CODES.LONE_SURROGATE : JSON_CODES.SYNTAX;
    return this.fault(code, tokens.faultAt, TOKEN_FAULT_MESSAGE[tokens.fault]);
  }

  /** A grammar fault at the current position. */
  private fail(message: string): typeof FAILED {
    // A grammar fault at the range's end: the scan stood between tokens.
    if (this.pos >= this.end) this.endsBetweenTokens = true;
    return this.fault(JSON_CODES.SYNTAX, this.pos, message);
  }

  private fault(code: JsonLayerCode, at: number, message: string, pointer: string = this.pointerOf()): typeof FAILED {
    if (at >= this.end) this.tokens.truncated = true;
    this.faultCode = code;
    this.faultAt = at;
    this.faultMessage = message;
    this.faultPointer = pointer;
    return FAILED;
  }
}

/** A fresh, empty member table for {@link LineScanner.scanRecord}. */
export function emptyMembers(): ScannedMembers {
  return { count: 0, names: [], values: [], starts: [], ends: [] };
}

/**
 * Where the first `count` characters of the checked string body `buf[body, good)` end (an escaped pair
 * counts as one), or -1 when they are not all there yet.
 */
export function firstCharactersEnd(buf: Buffer, body: number, good: number, count: number): number {
  let end = body;
  for (let n = 0; n < count; n++) {
    const next = firstCharacterEnd(buf, end, good);
    if (next === end) return -1;
    end = next;
  }
  return end;
}

/**
 * Where the first character of the checked string body `buf[body, good)` ends (an escaped pair counts
 * as one), or `body` when it is not all there yet.
 */
function firstCharacterEnd(buf: Buffer, body: number, good: number): number {
  if (body >= good) return body;
  const c = buf[body]!;
  let end = body + (c < 0x80 ? 1 : utf8SequenceLength(c));
  if (c === BYTE.BACKSLASH) {
    end = body + 2;
    if (buf[body + 1] === BYTE.LOWER_U) {
      const unit = readHex4(buf, body + 2, good);
      end = body + 6;
      // A high surrogate followed by an escaped low one: the pair is one character.
      if (unit >= 0xd800 && unit <= 0xdbff && buf[end] === BYTE.BACKSLASH && buf[end + 1] === BYTE.LOWER_U) {
        const low = readHex4(buf, end + 2, good);
        if (low >= 0xdc00 && low <= 0xdfff) end += 6;
        else if (low < 0) return body;
      }
    }
  }
  return end <= good ? end : body;
}
