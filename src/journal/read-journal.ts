/**
 * The journal reader: one pass over LF-split lines, memory bounded by one held line of at most
 * PENDING_LIMIT_BYTES (plus, when asked, the collected observation): a longer line is scanned in
 * chunks as it is read (scan-long-line.ts), never held. Stages: split lines (here) → file rules
 * (R-J1) → scan-json (or scan-long-line) → parse-header | parse-group-frame | parse-entry → position
 * rules (R-J4) → build-observation.
 */
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { fail, ok, type FormatError, type Profile, type Result } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { firstInvalidUtf8Offset } from '../shared/text.ts';
import { buildEntryObservation, buildObservation } from './build-observation.ts';
import { BOM, BYTE, CODES, ENTRY_MEMBERS, FRAME_MEMBERS, HEADER_MEMBERS, LIMITS, READ_CHUNK_BYTES, SCHEMA_READABLE } from './constants.ts';
import { FastLineScanner, type FastLine } from './fast-scan-line.ts';
import { isByteArrayValue, parseEntry, type EntryFacts, type PayloadAccess } from './parse-entry.ts';
import { parseGroupFrame } from './parse-group-frame.ts';
import { parseHeader, type Header } from './parse-header.ts';
import { intAdd, toBig, type Int } from './read-integers.ts';
import { enforces, placeAtLine, refuse, RULES, type LineContext } from './refusal.ts';
import { asBuffer, isByteArraySpan, JsonLineScanner, PayloadSpan, StreamedPayload, type ScannedValue } from './scan-json.ts';
import { LongLine, type LongLineFacts } from './scan-long-line.ts';
import { compactLength } from './write-compact.ts';

/** What a successful read knows about the file. */
export interface JournalSummary {
  readonly header: Header;
  /** Last position of the recovered prefix, or origin when that is larger (R-J4). */
  readonly frontier: bigint;
  /** Position of the last entry line or group read, or null when there is none. */
  readonly lastPosition: bigint | null;
  /** Entries above origin. */
  readonly entryCount: number;
  /** Entry and group lines after the header. */
  readonly lineCount: number;
  /** Bytes of the recovered prefix (header included). */
  readonly recoveredBytes: number;
  /** v3 bytes after the last LF (R-J3); always 0 for v2. */
  readonly tornTailBytes: number;
  /** v2 only: whether the file ends with LF (R-J3 lets the final v2 line go without one). */
  readonly endsWithLf: boolean;
  /** The observation's entries, when the read was asked to collect them (and they fit its bound). */
  readonly entries?: JsonValue[];
  /** Set when the entries to collect passed `maxCollectedBytes`: the verdict holds, the entries were let go. */
  readonly entriesOverBound?: true;
}

/** Options of a read. */
export interface ReadOptions {
  /** Build the observation's entries (memory grows with the file); off for validation. */
  readonly collect?: boolean;
  /** Rules enforced: `strict` (default) or `core` (the format document's rules only). */
  readonly profile?: Profile;
  /** Overrides {@link PENDING_LIMIT_BYTES} (tests use a small one; 0 scans every line in chunks). */
  readonly pendingLimitBytes?: number;
  /**
   * When collecting, the entry lines' bytes kept at most: past it the entries are let go (the summary
   * says so) and the read goes on for its verdict, so memory stays bounded on any input.
   */
  readonly maxCollectedBytes?: number;
  /**
   * When collecting, the payload values built at most (each item, member and scalar one): past it the
   * entries are let go as past maxCollectedBytes. Bytes alone do not bound a tree: 8 MiB of `{}` in a
   * payload built 2.8 million maps (656 MiB).
   */
  readonly maxCollectedValues?: number;
  /** Overrides {@link DECIDED_LINE_LIMIT_BYTES} (tests use a small one). */
  readonly decidedLineLimitBytes?: number;
}

/**
 * Bytes of a line held whole; past them the line is scanned in chunks as it is read (scan-long-line.ts)
 * and only what the rules read of it is kept, so a v3 torn tail is counted, never stored, and a huge
 * valid entry line is accepted in bounded memory. Above the 8 MiB frame limit: a frame scanned in chunks
 * is too large (R-J6), its members never read; an entry line (no size bound) is read through in chunks.
 */
export const PENDING_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * Bytes of a line whose refusal is decided read on in search of its LF before the reader stops: past them the refusal is given as the bytes read decide it. Only a CR or
 * an invalid UTF-8 byte later in the same line, or the input's end before an LF, could still change
 * its code, and an endless line (/dev/zero) must get an answer. A v3 history line is never stopped:
 * if it never ends it is a torn tail, which does not refuse the file.
 */
export const DECIDED_LINE_LIMIT_BYTES = 64 * 1024 * 1024;

/** The payloads of the line being checked, built or measured on demand from their spans. */
class LinePayloads implements PayloadAccess {
  line: Buffer = Buffer.alloc(0);
  constructor(private readonly scanner: JsonLineScanner) {}

  value(v: ScannedValue): JsonValue {
    // A line scanned in chunks is never collected (its entries pass the observation's bound) nor built.
    if (v instanceof StreamedPayload) throw new Error('internal: a payload scanned in chunks has no value to build');
    return v instanceof PayloadSpan ? this.scanner.buildPayload(this.line, v) : (v as JsonValue);
  }

  /** The payload's value and how many values it holds, or undefined past `maxValues` of them (built no further). */
  valueWithin(v: ScannedValue, maxValues: number): { value: JsonValue; values: number } | undefined {
    if (v instanceof PayloadSpan) return this.scanner.buildPayloadWithin(this.line, v, maxValues);
    // A scalar payload the structural scan built (a small integer, a string, a literal).
    return maxValues >= 1 ? { value: this.value(v), values: 1 } : undefined;
  }

  isByteArray(v: ScannedValue): boolean {
    if (v instanceof StreamedPayload) return v.isByteArray;
    // Read from the span's bytes: built, a payload of millions of `{}` took 1.2 GB to be refused.
    if (v instanceof PayloadSpan) return isByteArraySpan(this.line, v.start, v.end);
    return isByteArrayValue(v as JsonValue);
  }

  length(v: ScannedValue): number {
    if (v instanceof StreamedPayload) return v.compactLength;
    if (!(v instanceof PayloadSpan)) return compactLength(v as JsonValue);
    // -1: a tolerated duplicate member makes the built value shorter than its bytes.
    return v.compactLength >= 0 ? v.compactLength : compactLength(this.scanner.buildPayload(this.line, v));
  }
}

const EMPTY = Buffer.alloc(0);

/** Incremental reader: feed chunks with {@link push}, then {@link finish}. Never throws on bad input. */
export class JournalReader {
  private readonly collect: boolean;
  private readonly profile: Profile;
  /** Tolerant under core: duplicate members and lone surrogate escapes are R-S1 (strict) faults. */
  private readonly scanner: JsonLineScanner;
  private fast: FastLineScanner | undefined;
  /** Blank lines passed over (core profile only). */
  private blankLines = 0;
  private fastLines = 0;
  private parts: Buffer[] = [];
  private partsLength = 0;
  private readonly pendingLimit: number;
  /** The pending line outgrew PENDING_LIMIT_BYTES: it is scanned in chunks, counted in partsLength, and parts holds its first bytes only. */
  private long: LongLine | undefined;
  private offset = 0;
  private lineNo = 0;
  private header: Header | undefined;
  private last: Int | null = null;
  private entryCount = 0;
  private error: FormatError | undefined;
  private entries: JsonValue[] = [];
  private readonly maxCollected: number;
  private collectedBytes = 0;
  private readonly maxCollectedValues: number;
  private collectedValues = 0;
  private entriesOverBound = false;
  private readonly decidedLimit: number;
  private readonly payload: LinePayloads;

  constructor(options: ReadOptions = {}) {
    this.collect = options.collect ?? false;
    this.profile = options.profile ?? 'strict';
    this.scanner = new JsonLineScanner({ tolerant: this.profile === 'core' });
    this.payload = new LinePayloads(this.scanner);
    this.pendingLimit = options.pendingLimitBytes ?? PENDING_LIMIT_BYTES;
    this.maxCollected = options.maxCollectedBytes ?? Number.POSITIVE_INFINITY;
    this.maxCollectedValues = options.maxCollectedValues ?? Number.POSITIVE_INFINITY;
    this.decidedLimit = options.decidedLineLimitBytes ?? DECIDED_LINE_LIMIT_BYTES;
  }

  /**
   * Lines the fast path proved valid so far (fast-scan-line.ts). Not part of any verdict: the path
   * exists for speed, and this count is how a test sees that writer-form lines still take it.
   */
  get linesTakenFast(): number {
    return this.fastLines;
  }

  /** Feeds the next bytes; returns false once the file is refused (later chunks are ignored). */
  push(chunk: Uint8Array): boolean {
    if (this.error) return false;
    const buf = asBuffer(chunk);
    let start = 0;
    if (this.partsLength > 0) {
      const lf = buf.indexOf(BYTE.LF);
      if (lf < 0) {
        this.keep(buf);
        return !this.error;
      }
      const long = this.long;
      if (long) {
        long.push(buf.subarray(0, lf));
        const length = this.partsLength + lf;
        this.clearPending();
        if (!this.processLongLine(long, length, true)) return false;
      } else {
        const line = Buffer.concat([...this.parts, buf.subarray(0, lf)]);
        this.clearPending();
        if (!this.processLine(line, true)) return false;
      }
      start = lf + 1;
    }
    for (;;) {
      const lf = buf.indexOf(BYTE.LF, start);
      if (lf < 0) break;
      if (!this.processLine(buf.subarray(start, lf), true)) return false;
      start = lf + 1;
    }
    if (start < buf.length) this.keep(buf.subarray(start));
    return !this.error;
  }

  /** Ends the input and returns the verdict. */
  finish(): Result<JournalSummary> {
    if (this.error) return fail(this.error);
    const tail = this.partsLength;
    if (!this.header) {
      // Only the first bytes matter here (empty file, BOM): a counted line kept them.
      const bytes = Buffer.concat(this.parts);
      const at = { line: this.lineNo + 1, byteOffset: this.offset };
      if (this.offset === 0 && tail === 0 && enforces(this.profile, RULES.EMPTY_FILE)) return fail(refuse(RULES.EMPTY_FILE, 'an empty file has no header', at));
      if (this.offset === 0 && startsWithBom(bytes) && enforces(this.profile, RULES.FILE_BOM)) {
        return fail(refuse(RULES.FILE_BOM, 'a journal must not start with a byte-order mark', at));
      }
      // R-J1: the header line must end with LF (core reads an empty file as a header that never came).
      return fail(refuse(RULES.UNTERMINATED_HEADER, 'the header line has no terminating LF', at));
    }
    let tornTailBytes = 0;
    let endsWithLf = tail === 0;
    if (tail > 0) {
      if (this.header.schema === SCHEMA_READABLE) {
        // R-J3: a final complete v2 entry line without LF is part of the history.
        const done = this.long ? this.processLongLine(this.long, tail, false) : this.processLine(Buffer.concat(this.parts), false);
        if (!done) return fail(this.error!);
      } else {
        // R-J3: v3 bytes after the last LF are outside the recovered prefix, never inspected.
        tornTailBytes = tail;
        endsWithLf = true;
      }
    }
    const h = this.header;
    const last = this.last === null ? null : toBig(this.last);
    const frontier = last !== null && last > h.origin ? last : h.origin;
    return ok({
      header: h,
      frontier,
      lastPosition: last,
      entryCount: this.entryCount,
      lineCount: this.lineNo - 1 - this.blankLines,
      recoveredBytes: this.offset,
      tornTailBytes,
      endsWithLf,
      ...(this.collect && !this.entriesOverBound ? { entries: this.entries } : {}),
      ...(this.entriesOverBound ? { entriesOverBound: true as const } : {}),
    });
  }

  private clearPending(): void {
    this.parts = [];
    this.partsLength = 0;
    this.long = undefined;
  }

  private keep(bytes: Buffer): void {
    if (this.long) {
      this.long.push(bytes);
      // The first bytes kept for finish's BOM check (R-J1) may have come in pieces shorter than the mark.
      const head = this.parts[0];
      if (this.offset === 0 && head !== undefined && head.length < BOM.length) this.parts[0] = Buffer.concat([head, bytes.subarray(0, BOM.length - head.length)]);
      this.partsLength += bytes.length;
      this.stopIfDecided();
      return;
    }
    // Copied: the caller may reuse its chunk buffer.
    this.parts.push(Buffer.from(bytes));
    this.partsLength += bytes.length;
    if (this.partsLength > this.pendingLimit && this.mayScanInChunks()) {
      // Too long to hold: scanned in chunks from here on; the first bytes stay for finish's BOM check.
      const held = this.parts;
      const head = Buffer.concat(held.map((piece) => piece.subarray(0, BOM.length))).subarray(0, BOM.length);
      this.long = this.startLongLine();
      // Piece by piece, each let go once scanned (one copy of the held line would double it).
      this.parts = [];
      for (let i = 0; i < held.length; i++) {
        this.long.push(held[i]!);
        held[i] = EMPTY;
      }
      this.parts = [Buffer.from(head)];
      this.stopIfDecided();
    }
  }

  /**
   * A line may be scanned in chunks unless its entries are to be collected: a collecting read lets
   * the entries go past maxCollectedBytes anyway, so only a line within that bound is held to be built.
   */
  private mayScanInChunks(): boolean {
    return !this.header || !this.collect || this.entriesOverBound || this.collectedBytes + this.partsLength > this.maxCollected;
  }

  /** The chunked scan of the pending line, told which members of the line object no rule reads. */
  private startLongLine(): LongLine {
    const header = this.header;
    let long: LongLine | undefined;
    // The header's rules read schema, generation and origin only (parse-header); an entry's, its own
    // members; a group frame's, its members only while the line may be within the 8 MiB frame limit
    // (parse-group-frame refuses a longer frame before reading any member). Other members are refused
    // by name (check-members), their values never read.
    const unread = header
      ? (name: string) =>
          !(ENTRY_MEMBERS as readonly string[]).includes(name) && (!(FRAME_MEMBERS as readonly string[]).includes(name) || long!.bytes > LIMITS.MAX_FRAME_LINE_BYTES)
      : (name: string) => !(HEADER_MEMBERS as readonly string[]).includes(name);
    long = new LongLine(this.offset === 0, enforces(this.profile, RULES.FILE_BOM), this.profile === 'core', unread);
    return long;
  }

  /**
   * Whether a decided line is refused however it ends: the header line and a v2 line are (R-J1, R-J3),
   * a v3 history line is not — without an LF it is a torn tail, outside the recovered prefix (R-J3).
   */
  private refusalIsCertain(): boolean {
    return !this.header || this.header.schema === SCHEMA_READABLE;
  }

  /**
   * Stops the read at a line scanned in chunks whose refusal is certain: at once at a CR in a v2 line
   * (a CR is the first check of a line, terminated or not), and past the bound when its bytes decide
   * its refusal, so an endless line (/dev/zero) gets an answer (DECIDED_LINE_LIMIT_BYTES).
   */
  private stopIfDecided(): void {
    const long = this.long!;
    if (!this.refusalIsCertain()) return;
    if (long.cr >= 0 && this.header) this.stopLong(long, false);
    else if (this.partsLength > this.decidedLimit && long.decided) this.stopLong(long, true);
  }

  /** Stops the read at a decided line without waiting for its LF; `cut` when the line was not read to its end. */
  private stopLong(long: LongLine, cut: boolean): void {
    this.lineNo++;
    const at: LineContext = { line: this.lineNo, byteOffset: this.offset };
    const e = this.longLineFault(long.end(), at, true) as FormatError;
    const note = ` (reading stopped ${this.partsLength} bytes into the line, before its LF: a CR or an invalid UTF-8 byte further on, or the input ending without an LF, could have changed this code)`;
    this.stop(cut ? { ...e, message: e.message + note } : e);
  }

  /**
   * The refusal of a line scanned in chunks by checkLine's order (R-J1: CR, BOM, blank, UTF-8; then
   * JSON), 'blank' for a blank line core passes over, or undefined when the JSON scan succeeded.
   */
  private longLineFault(f: LongLineFacts, at: LineContext, terminated: boolean): FormatError | 'blank' | undefined {
    if (f.cr >= 0) return refuse(RULES.CARRIAGE_RETURN, 'carriage return in the file', at, undefined, undefined, at.byteOffset + f.cr);
    if (f.bom && enforces(this.profile, RULES.FILE_BOM)) return refuse(RULES.FILE_BOM, 'a journal must not start with a byte-order mark', at);
    if (f.blank) return enforces(this.profile, RULES.BLANK_LINE) ? refuse(RULES.BLANK_LINE, 'blank line', at) : 'blank';
    if (f.utf8 >= 0) return refuse(RULES.FILE_INVALID_UTF8, 'invalid UTF-8', at, undefined, undefined, at.byteOffset + f.utf8);
    if (f.scan.ok) return undefined;
    return this.jsonFault(f.scan.error, at, terminated);
  }

  /** A JSON refusal placed at its line; an unparsable unterminated final v2 line is refused as such (R-J3). */
  private jsonFault(e: FormatError, at: LineContext, terminated: boolean): FormatError {
    if (!terminated && e.code === CODES.JSON_SYNTAX) {
      return refuse(RULES.UNTERMINATED_V2_LINE, `unparsable final v2 line without LF (${e.message})`, at, e.location.pointer, undefined, at.byteOffset + (e.location.byteOffset ?? 0));
    }
    // Grammar faults are core (JSON-SYNTAX-1); duplicates and lone surrogates are strict (R-S1).
    return placeAtLine(e, at);
  }

  /** A line scanned in chunks, `length` bytes (LF excluded), now ended. Returns false when the file is refused. */
  private processLongLine(long: LongLine, length: number, terminated: boolean): boolean {
    this.lineNo++;
    const at: LineContext = { line: this.lineNo, byteOffset: this.offset };
    this.offset += length + (terminated ? 1 : 0);
    const facts = long.end();
    const fault = this.longLineFault(facts, at, terminated);
    if (fault === 'blank') {
      this.blankLines++;
      return true;
    }
    if (fault) return this.stop(fault);
    if (this.header && this.collect) {
      // mayScanInChunks: a collecting read lets this line's entries go (it passes the bound).
      this.entriesOverBound = true;
      this.entries = [];
    }
    const value = (facts.scan as { value: ScannedValue }).value;
    if (!this.header) {
      const header = parseHeader(value, at, this.profile);
      if (!header.ok) return this.stop(header.error);
      this.header = header.value;
      return true;
    }
    return this.checkHistoryLine(value, length, at);
  }

  private stop(error: FormatError): false {
    this.error = error;
    return false;
  }

  /** One line, LF excluded. Returns false when the file is refused. */
  private processLine(line: Buffer, terminated: boolean): boolean {
    this.lineNo++;
    const at: LineContext = { line: this.lineNo, byteOffset: this.offset };
    this.offset += line.length + (terminated ? 1 : 0);
    const ok = this.checkLine(line, at, terminated);
    return ok;
  }

  private checkLine(line: Buffer, at: LineContext, terminated: boolean): boolean {
    const cr = line.indexOf(BYTE.CR);
    if (cr >= 0) {
      // R-J1: the wire is LF-only; a CR is refused, never stripped.
      return this.stop(refuse(RULES.CARRIAGE_RETURN, 'carriage return in the file', at, undefined, undefined, at.byteOffset + cr));
    }
    let start = 0;
    if (at.byteOffset === 0 && startsWithBom(line)) {
      // R-J1 (strict): a BOM opens no journal; core passes over it.
      if (enforces(this.profile, RULES.FILE_BOM)) return this.stop(refuse(RULES.FILE_BOM, 'a journal must not start with a byte-order mark', at));
      start = BOM.length;
    }
    if (isBlank(line, start)) {
      // R-J1 (strict): a blank line is refused; core passes over it.
      if (enforces(this.profile, RULES.BLANK_LINE)) return this.stop(refuse(RULES.BLANK_LINE, 'blank line', at));
      this.blankLines++;
      return true;
    }
    if (!isUtf8(line)) {
      return this.stop(refuse(RULES.FILE_INVALID_UTF8, 'invalid UTF-8', at, undefined, undefined, at.byteOffset + firstInvalidUtf8Offset(line)));
    }
    if (this.header && !this.collect) {
      // Validation only: a canonical compact line is proven valid without being built. The fast path
      // accepts only lines every profile accepts and never refuses, so it goes before the full scan.
      const fast = (this.fast ??= new FastLineScanner()).scanLine(line, this.header.schema !== SCHEMA_READABLE);
      if (fast) return this.acceptFastLine(fast, at);
    }
    const scanned = this.scanner.scan(line, start, line.length, true);
    if (!scanned.ok) return this.stop(this.jsonFault(scanned.error, at, terminated));
    this.payload.line = line;
    if (!this.header) {
      const header = parseHeader(scanned.value, at, this.profile);
      if (!header.ok) return this.stop(header.error);
      this.header = header.value;
      return true;
    }
    return this.checkHistoryLine(scanned.value, line.length, at);
  }

  private checkHistoryLine(value: ScannedValue, lineBytes: number, at: LineContext): boolean {
    if (!(value instanceof Map)) {
      return this.stop(refuse(RULES.LINE_NOT_OBJECT, 'a history line is a group frame or an entry object', at, ''));
    }
    let entries: readonly EntryFacts[];
    if (value.has('group')) {
      if (this.header!.schema === SCHEMA_READABLE) {
        // R-J2: a v2 file never contains group frames.
        return this.stop(refuse(RULES.GROUP_IN_V2, 'group frame in a version 2 file', at, '/group', 'group'));
      }
      const group = parseGroupFrame(value, lineBytes, at, this.payload, this.profile);
      if (!group.ok) return this.stop(group.error);
      entries = group.value.entries;
    } else {
      // R-J6a: a standalone legacy entry line (v2, or v3 in position order).
      const entry = parseEntry(value, '', at, this.payload, this.profile);
      if (!entry.ok) return this.stop(entry.error);
      entries = [entry.value];
    }
    const first = entries[0]!.position;
    const last = entries[entries.length - 1]!.position;
    if (!this.checkPositions(first, last, value.has('group'), at)) return false;
    const origin = this.header!.originInt;
    for (const e of entries) {
      if (e.position <= origin) continue;
      this.entryCount++;
      if (this.collect && !this.entriesOverBound) {
        const built = this.payload.valueWithin(e.source.get('payload')!, this.maxCollectedValues - this.collectedValues);
        if (built === undefined) this.letEntriesGo();
        else {
          this.collectedValues += built.values;
          this.entries.push(buildEntryObservation(e.source, built.value));
        }
      }
    }
    if (this.collect && !this.entriesOverBound) {
      this.collectedBytes += lineBytes;
      if (this.collectedBytes > this.maxCollected) this.letEntriesGo();
    }
    return true;
  }

  /** Past an observation's bound: the entries go, the rest of the file is still read for its verdict. */
  private letEntriesGo(): void {
    this.entriesOverBound = true;
    this.entries = [];
  }

  /** R-J4 across lines: continuity with the previous line (or origin) and origin on a group boundary. */
  private checkPositions(first: Int, last: Int, isGroup: boolean, at: LineContext): boolean {
    const origin = this.header!.originInt;
    const pointer = isGroup ? '/entries/0/position' : '/position';
    if (this.last === null) {
      if (first > intAdd(origin, 1)) {
        // R-J4: history may start at or under origin + 1, never above it.
        return this.stop(refuse(RULES.POSITION_GAP, `first position ${first} leaves a gap above origin ${origin}`, at, pointer, 'position'));
      }
    } else if (first !== intAdd(this.last, 1)) {
      const expected = intAdd(this.last, 1);
      const rule = first > expected ? RULES.POSITION_GAP : RULES.POSITION_NOT_ASCENDING;
      return this.stop(refuse(rule, `expected position ${expected}, found ${first}`, at, pointer, 'position'));
    }
    if (first <= origin && origin < last && enforces(this.profile, RULES.ORIGIN_INSIDE_GROUP)) {
      // R-J4: an origin names a complete group boundary.
      return this.stop(refuse(RULES.ORIGIN_INSIDE_GROUP, `origin ${origin} falls inside group ${first}..${last}`, at, '', 'origin'));
    }
    this.last = last;
    return true;
  }

  /** A line the fast path proved valid: only the cross-line rules remain. */
  private acceptFastLine(fast: FastLine, at: LineContext): boolean {
    this.fastLines++;
    if (!this.checkPositions(fast.first, fast.last, fast.isGroup, at)) return false;
    const origin = this.header!.originInt;
    // Entries above origin: positions are safe integers here, so a bigint origin lies above them all.
    if (typeof origin === 'number' && fast.last > origin) this.entryCount += fast.last - Math.max(fast.first, origin + 1) + 1;
    return true;
  }
}

function startsWithBom(b: Uint8Array): boolean {
  return b.length >= 3 && b[0] === BOM[0] && b[1] === BOM[1] && b[2] === BOM[2];
}

function isBlank(line: Uint8Array, start: number): boolean {
  for (let i = start; i < line.length; i++) if (line[i] !== BYTE.SPACE && line[i] !== BYTE.TAB) return false;
  return true;
}

/** Reads a whole journal held in memory. */
export function readJournalBytes(bytes: Uint8Array, options: ReadOptions = {}): Result<JournalSummary> {
  const whole = asBuffer(bytes);
  const reader = new JournalReader(options);
  reader.push(whole);
  return reader.finish();
}

/** Reads a journal file in chunks (one pass, memory bounded by one line when not collecting). Rejects only on I/O errors. */
export async function readJournalFile(path: string, options: ReadOptions = {}): Promise<Result<JournalSummary>> {
  const handle = await open(path, 'r');
  try {
    const reader = new JournalReader(options);
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) break;
      if (!reader.push(chunk.subarray(0, bytesRead))) break;
    }
    return reader.finish();
  } finally {
    await handle.close();
  }
}

/** The `journal.read` observation of a successful read that collected its entries. */
export function observationOf(summary: JournalSummary): JsonValue {
  return buildObservation({
    schema: summary.header.schema,
    generationLexeme: summary.header.generationLexeme,
    originLexeme: summary.header.originLexeme,
    frontier: summary.frontier,
    tornTailBytes: summary.tornTailBytes,
    entries: summary.entries ?? [],
  });
}
