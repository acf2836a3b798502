/**
 * The reader's pipeline, named after the format's five self-validation steps: per line,
 * scan (strict JSON) → 1 validate-record-schema → 2 check-sequence → 3 resolve-dictionaries →
 * 4 check-trait-keys → 5 check-integrity, then end-of-input checks. Single pass, never rewinds;
 * stops at the first enforced error. Optionally feeds an observation builder.
 */
import { isUtf8 } from 'node:buffer';
import { createHash, type Hash } from 'node:crypto';
import { fail, formatError, OK, ok, type FormatError, type Profile, type Result } from '../shared/errors.ts';
import { JSON_CODES } from '../shared/json/constants.ts';
import { decodeStringBody, readHex4, STRING_ESCAPED, STRING_LONE_SURROGATE, STRING_NON_ASCII } from '../shared/json/scan-tokens.ts';
import { firstInvalidUtf8Offset, incompleteUtf8Tail, utf8SequenceLength } from '../shared/text.ts';
import { CheckContext, gapShift, NO_GAPS, type Checked, type LineGap } from './check-context.ts';
import { checkIntegrity } from './check-integrity.ts';
import { checkSequence } from './check-sequence.ts';
import { checkTraitKeys } from './check-trait-keys.ts';
import { BYTE, codeInfo, COMPARED_STRING_MAX_BYTES, COMPARED_STRING_MEMBERS, SECTION, UTF8_BOM, type ReaderCode } from './constants.ts';
import { ModelState } from './model-state.ts';
import type { ModelRecord } from './records.ts';
import { resolveDictionaries } from './resolve-dictionaries.ts';
import { emptyMembers, firstCharactersEnd, LineScanner, type RecordSpan, type ScannedMembers } from './scan-json.ts';
import { LineSplitter } from './scan-lines.ts';
import { keptCharactersOf, READ_MEMBERS, TRAIT_KEY_INDEX, validateRecordSchema } from './validate-record-schema.ts';

/** Called for every accepted record (the observation builder). */
export type RecordObserver = (rec: ModelRecord, members: ScannedMembers, ctx: CheckContext) => void;

/** What a successful read found. */
export interface ReadSummary {
  readonly files: number;
  readonly entities: number;
  readonly edges: number;
  readonly modules: number;
  readonly lines: number;
  readonly bytes: number;
}

const EMPTY = Buffer.alloc(0);

/**
 * A line too long to hold whose JSON fault is already known from its prefix: the rest of the line is read
 * without being kept, only for what the line checks before its JSON (R-C1: UTF-8, then CR) and its end.
 */
interface LongLineDrain {
  /** The JSON fault found in the prefix: the line's verdict unless the rest breaks UTF-8 or holds a CR. */
  readonly fault: FormatError;
  readonly line: number;
  /** File offset of the line's first byte (columns count from it). */
  readonly lineFileStart: number;
  /** File offset of the line's first CR byte (strict profile only), or -1. */
  crAt: number;
  /** A UTF-8 sequence cut by the chunk boundary, and its file offset. */
  carry: Buffer;
  carryFileOffset: number;
}

/** Streaming reader of one model: push chunks, then finish. Never throws on bad input. */
export class ModelReader {
  private readonly ctx: CheckContext;
  private readonly state = new ModelState();
  private readonly scanner: LineScanner;
  private readonly splitter: LineSplitter;
  private readonly members = emptyMembers();
  private error: FormatError | undefined;
  private bytes = 0;
  private drain: LongLineDrain | undefined;
  /** What was dropped of the long line being buffered (string middles, array items), in buffer order (see compactLongLine). */
  private gaps: LineGap[] = [];

  constructor(
    profile: Profile,
    private observer?: RecordObserver,
  ) {
    this.ctx = new CheckContext(profile);
    this.scanner = new LineScanner({
      allowDuplicates: !this.ctx.enforces(JSON_CODES.DUPLICATE_MEMBER),
      allowLoneSurrogates: !this.ctx.enforces(JSON_CODES.LONE_SURROGATE),
      limitedMembers: COMPARED_STRING_MEMBERS,
      maxLimitedStringBytes: COMPARED_STRING_MAX_BYTES,
      keptCharactersOf,
      readerLimits: true,
      checkedMembers: READ_MEMBERS,
      // Unread and no trait's key: the schema stage passes over such a member or refuses it by its name.
      isPassedOver: (name) => !TRAIT_KEY_INDEX.has(name),
      // Strict: a closed record refuses its first unknown member by name (R-C2, R-C7); core refuses none.
      refusesPassedOverByName: this.ctx.enforces('RECORD_MEMBER_UNKNOWN'),
    });
    this.scanner.cutLongNames = observer === undefined;
    this.splitter = new LineSplitter(this.ctx, (buf, start, end, hasLF) => this.readLine(buf, start, end, hasLF));
  }

  /**
   * Stops observing: later records are checked as the validator checks them (the members no check
   * reads are no longer built, and long lines drop the middles of strings nobody reads).
   */
  /** Whether the observer was let go at its bound of values (see observeUpToValues): the observation is incomplete. */
  observationOverBound = false;

  /** Lets the observer build at most `values` values under members no check reads (LineScanner.observedValuesLeft). */
  observeUpToValues(values: number): void {
    this.scanner.observedValuesLeft = values;
  }

  dropObserver(): void {
    this.observer = undefined;
    this.scanner.cutLongNames = true;
  }

  /** The first error found so far, if any (reading stops there). */
  get failed(): FormatError | undefined {
    return this.error;
  }

  /** Reads the complete lines of `buf[start, end)`; returns the offset of the first unconsumed byte. */
  push(buf: Buffer, start: number, end: number, final = false): number {
    if (this.error) return end;
    if (this.drain) return this.pushDrain(this.drain, buf, start, end, final);
    if (this.gaps.length > 0) return this.pushCompactedLine(this.gaps, buf, start, end, final);
    const consumed = this.splitter.push(buf, start, end, final);
    if (!consumed.ok) {
      this.error = consumed.error;
      return end;
    }
    this.bytes += consumed.value - start;
    return consumed.value;
  }

  /**
   * The long line whose middle was dropped ends in this push (or not yet): it is read, with its
   * locations shifted past the gaps, then the pushes go on as usual.
   */
  private pushCompactedLine(gaps: LineGap[], buf: Buffer, start: number, end: number, final: boolean): number {
    const lf = buf.indexOf(BYTE.LF, start);
    const lineEnd = lf >= 0 && lf < end ? lf + 1 : final ? end : -1;
    if (lineEnd < 0) return start; // still inside the line: the caller keeps the bytes
    const { ctx } = this;
    ctx.gaps = gaps;
    this.scanner.itemGaps = gaps;
    const consumed = this.splitter.push(buf, start, lineEnd, final && lineEnd === end);
    ctx.gaps = NO_GAPS;
    this.scanner.itemGaps = NO_GAPS;
    this.gaps = [];
    if (!consumed.ok) return this.stop(consumed, end);
    const dropped = gapShift(gaps, Number.POSITIVE_INFINITY);
    this.splitter.skip(dropped);
    this.bytes += dropped + (consumed.value - start);
    return consumed.value === end ? end : this.push(buf, consumed.value, end, final);
  }

  /**
   * Called when {@link pushLongLine} took nothing (`buf[0, filled)` is a prefix of one line that
   * may still be valid): when that prefix ends inside a value the reader does not build, or between
   * two tokens (validation only, no observer), what of it is already checked is dropped from the
   * buffer, in place, and the line's later locations are shifted by what was dropped — the checked
   * middle of a string's body, the whole items an array has passed (the items left keep their
   * indices), the whitespace between two tokens but its first byte, or the digits of an unread number
   * but the first of their run. Gives the bytes left
   * (`filled` when nothing could be dropped: the caller then grows the buffer). Memory then follows
   * the rest of the line, not a huge string, array, number or run of whitespace in it.
   */
  compactLongLine(buf: Buffer, filled: number): number {
    const { scanner } = this;
    if (this.observer || this.error || this.drain) return filled;
    // The string being scanned lies inside the array's current item: drop whichever frees more.
    const itemBytes = scanner.skippedItemsFrom < 0 ? 0 : scanner.skippedItemsTo - scanner.skippedItemsFrom;
    // A built string keeps the characters the checks read (its first one at least: it stays non-empty).
    const start = scanner.skippedBodyStart;
    let body = start;
    let cut = start;
    // The string already cut further, or a later one (strings come in buffer order).
    const last = this.gaps[this.gaps.length - 1];
    if (start >= 0) {
      const good = Math.min(scanner.skippedBodyGood, filled - incompleteUtf8Tail(buf, start, filled));
      body = firstCharactersEnd(buf, start, good, scanner.skippedBodyKeep);
      // Not all the characters to keep are there yet, or the string was cut further already: nothing now.
      if (body >= 0 && !(last && body < last.at)) cut = Math.max(body, lastSafeCut(buf, body, good));
      else body = cut = start;
    }
    const stringBytes = cut - body;
    // Between tokens, the whitespace the prefix ends with, but its first byte (it may separate tokens).
    let space = filled;
    if (scanner.endsBetweenTokens) {
      while (space > 0 && isJsonSpace(buf[space - 1]!)) space--;
      if (space < filled) space++;
    }
    // In the last digit run of a number nobody reads that the prefix ends with: all its digits but the
    // first (a run of digits after its first reads the same way however long it is).
    let digits = filled;
    if (scanner.endsBetweenTokens && scanner.skippedNumberAt >= 0) {
      while (digits > scanner.skippedNumberAt && isDigit(buf[digits - 1]!)) digits--;
      if (digits < filled) digits++;
    }
    // Both end the buffer: one of them is empty.
    const tail = Math.min(space, digits);
    const tailBytes = filled - tail;
    // The record's runs of members no check reads (see LineScanner.recordSpans), dropped together.
    // And the middles of the complete strings read for their first characters only (see LineScanner.keptSpans).
    const spans = scanner.keptSpans.length === 0 ? scanner.recordSpans : mergeSpans(scanner.recordSpans, scanner.keptSpans);
    let recordBytes = 0;
    for (const span of spans) recordBytes += span.to - span.from;
    // Not worth a copy when most of the buffer is the rest of the line.
    if (Math.max(itemBytes, stringBytes, tailBytes, recordBytes) < filled >> 2) return filled;
    if (recordBytes > itemBytes && recordBytes > stringBytes && recordBytes > tailBytes) return this.dropRecordSpans(buf, filled, spans);
    if (tailBytes >= itemBytes && tailBytes >= stringBytes) {
      // The buffer's end: nothing to move.
      if (last && last.at === tail && last.items === undefined) last.length += tailBytes;
      else this.gaps.push({ at: tail, length: tailBytes });
      return tail;
    }
    if (itemBytes >= stringBytes) return this.dropItems(buf, filled, scanner.skippedItemsFrom, scanner.skippedItemsTo, scanner.skippedObject ? undefined : scanner.skippedItemsIndex, scanner.skippedNames, scanner.skippedItemsIndex);
    // A member name's representative digests all its code units: what is dropped goes to its digest first.
    if (last && last.at === body) {
      last.length += stringBytes;
      if (last.hash) hashStringBody(last.hash, buf, body, cut);
    } else if (scanner.skippedBodyName) {
      const kept = decodeStringBody(buf, start, body, ANY_BODY);
      const hash = createHash('sha256').update(kept, 'utf16le');
      hashStringBody(hash, buf, body, cut);
      this.gaps.push({ at: body, length: stringBytes, hash, keptUnits: kept.length });
    } else {
      this.gaps.push({ at: body, length: stringBytes });
    }
    buf.copy(buf, body, cut, filled);
    return filled - stringBytes;
  }

  /**
   * Drops `buf[from, to)`, the whole items (and their commas) an array no check reads has passed, from
   * its first item to its current one (item `index`), or an object's `memberCount` members (with `names`,
   * strict, the names of those members): the gaps inside join the new one at `from`, the gaps after it move with
   * the bytes. Gives the bytes left.
   */
  private dropItems(buf: Buffer, filled: number, from: number, to: number, index: number | undefined, names: string[] | undefined, memberCount: number): number {
    const dropped = to - from;
    buf.copy(buf, from, to, filled);
    const gaps: LineGap[] = [];
    let length = dropped;
    // An object cut before keeps the names of its members dropped then (they are in no buffer now).
    let kept: Set<string> | undefined;
    // And the count of them (JSON-LIMIT-1 counts the members of the open objects, dropped ones too).
    let members = index === undefined ? memberCount : 0;
    for (const g of this.gaps) {
      if (g.at < from || g.at >= to) continue;
      length += g.length;
      if (g.at === from && g.names !== undefined) kept = g.names;
      if (g.at === from && g.members !== undefined && index === undefined) members += g.members;
    }
    if (names !== undefined) {
      kept ??= new Set();
      for (const name of names) kept.add(name);
    }
    for (const g of this.gaps) if (g.at < from) gaps.push(g);
    gaps.push(index !== undefined ? { at: from, length, items: index } : { at: from, length, names: kept, members });
    for (const g of this.gaps) if (g.at >= to) gaps.push({ ...g, at: g.at - dropped });
    this.gaps = gaps;
    return filled - dropped;
  }

  /**
   * Drops the record's runs `spans` (in buffer order, apart) from `buf[0, filled)` in one pass, as
   * dropItems drops one object's members: each becomes a gap at its start, which takes in the gaps inside
   * it (a gap at its start is the same run dropped before: its count and names join), and the gaps after
   * it move with the bytes. One pass, because a line may hold a run between every two members the checks
   * read. Gives the bytes left.
   */
  private dropRecordSpans(buf: Buffer, filled: number, spans: readonly RecordSpan[]): number {
    const gaps: LineGap[] = [];
    const old = this.gaps;
    let g = 0;
    let dropped = 0;
    let write = spans[0]!.from;
    for (let j = 0; j < spans.length; j++) {
      const span = spans[j]!;
      const keptEnd = j + 1 < spans.length ? spans[j + 1]!.from : filled;
      // The gaps before this span (after the one before it) move by what was dropped before them.
      for (; g < old.length && old[g]!.at < span.from; g++) gaps.push(dropped === 0 ? old[g]! : { ...old[g]!, at: old[g]!.at - dropped });
      let length = span.to - span.from;
      let members = span.count;
      let names: Set<string> | undefined;
      for (; g < old.length && old[g]!.at < span.to; g++) {
        const inner = old[g]!;
        length += inner.length;
        if (inner.at === span.from) {
          if (inner.names !== undefined) names = inner.names;
          if (inner.members !== undefined) members += inner.members;
        }
      }
      if (span.names !== undefined) {
        names ??= new Set();
        for (const name of span.names) names.add(name);
      }
      gaps.push({ at: span.from - dropped, length, names, members });
      dropped += span.to - span.from;
      // The bytes up to the next span move down over what was dropped.
      buf.copy(buf, write, span.to, keptEnd);
      write += keptEnd - span.to;
    }
    for (; g < old.length; g++) gaps.push({ ...old[g]!, at: old[g]!.at - dropped });
    this.gaps = gaps;
    return filled - dropped;
  }

  /**
   * `buf[start, end)` is the start of one line with no LF yet, too long to keep buffering (issue: memory
   * must not follow a hostile line). Judges the prefix as the whole line would be judged: a BOM, a
   * UTF-8 fault (R-C1, the first check of a line, so final at once) or a JSON fault that no later byte
   * can undo (the scanner did not reach the prefix's end). With a JSON fault the reader takes the bytes
   * and reads the rest of the line without keeping it (returns `end`); otherwise it takes nothing
   * (returns `start`) and the caller keeps the bytes: the line may still be a valid record.
   */
  pushLongLine(buf: Buffer, start: number, end: number): number {
    if (this.error) return end;
    if (this.drain) return this.pushDrain(this.drain, buf, start, end, false);
    const { ctx, splitter } = this;
    const fileStart = splitter.nextFileOffset;
    const line = ctx.line + 1;
    const before = { bufferFileOffset: ctx.bufferFileOffset, lineBuffer: ctx.lineBuffer, lineStart: ctx.lineStart };
    ctx.bufferFileOffset = fileStart - start;
    ctx.lineBuffer = buf;
    ctx.lineMembers = undefined;
    const gaps = this.gaps;
    const shift = (at: number) => gapShift(gaps, at);
    ctx.gaps = gaps;
    this.scanner.itemGaps = gaps;
    const taken = this.judgeLongLine(buf, start, end, fileStart, line, before, shift);
    ctx.gaps = NO_GAPS;
    this.scanner.itemGaps = NO_GAPS;
    return taken;
  }

  /** pushLongLine's body, with the line's gaps (if any) applied to its locations. */
  private judgeLongLine(
    buf: Buffer,
    start: number,
    end: number,
    fileStart: number,
    line: number,
    before: { bufferFileOffset: number; lineBuffer: Buffer; lineStart: number },
    shift: (at: number) => number,
  ): number {
    const { ctx, splitter } = this;
    let pos = start;
    if (fileStart === 0 && end - start >= 3 && buf[start] === UTF8_BOM[0] && buf[start + 1] === UTF8_BOM[1] && buf[start + 2] === UTF8_BOM[2]) {
      ctx.line = 1;
      ctx.lineStart = start;
      // R-S1 / R-C1: a byte-order mark is refused (strict); core reads past it, as the splitter does.
      if (ctx.enforces(JSON_CODES.BOM)) return this.stop(ctx.refusal(JSON_CODES.BOM, 'the file starts with a byte-order mark', { at: start }), end);
      pos += 3;
    }
    ctx.line = line;
    ctx.lineStart = pos;
    const tail = incompleteUtf8Tail(buf, pos, end);
    if (!isUtf8(buf.subarray(pos, end - tail))) {
      return this.stop(ctx.refusal(JSON_CODES.INVALID_UTF8, 'the line is not well-formed UTF-8', { at: firstInvalidUtf8Offset(buf, pos, end - tail) }), end);
    }
    let cr = ctx.enforces('MODEL_CARRIAGE_RETURN') ? buf.indexOf(BYTE.CR, pos) : -1;
    if (cr >= end) cr = -1;
    // R-C1 (strict): a CR refuses the line whatever its JSON (only a UTF-8 fault further on comes
    // first), so such a line is read on at once: nothing of it may be dropped, and nothing needs keeping.
    const fault = this.prefixFault(buf, pos, end) ?? (cr >= 0 ? ctx.refusal('MODEL_CARRIAGE_RETURN', 'a CR byte (lines end with LF alone)', { at: cr }).error : undefined);
    if (fault === undefined) {
      // Nothing taken: the line is read again, whole, by push().
      ctx.line = line - 1;
      ctx.bufferFileOffset = before.bufferFileOffset;
      ctx.lineBuffer = before.lineBuffer;
      ctx.lineStart = before.lineStart;
      return start;
    }
    this.drain = {
      fault,
      line,
      lineFileStart: fileStart + (pos - start),
      crAt: cr >= 0 ? fileStart + (cr - start) + shift(cr) : -1,
      carry: tail > 0 ? Buffer.from(buf.subarray(end - tail, end)) : EMPTY,
      carryFileOffset: fileStart + (end - tail - start) + shift(end - tail),
    };
    // The dropped bytes were read too.
    const taken = end - start + shift(end);
    this.gaps = [];
    splitter.skip(taken);
    this.bytes += taken;
    return end;
  }

  /** Records the read's refusal; gives `end` (the reader has taken the bytes: reading stops). */
  private stop(refused: { readonly error: FormatError }, end: number): number {
    this.error = refused.error;
    return end;
  }

  /** The JSON fault of a line's prefix when no byte after the prefix can change it, else undefined. */
  private prefixFault(buf: Buffer, start: number, end: number): FormatError | undefined {
    // Built or not, a value is checked the same way: only the fault is wanted here, so nothing else is
    // built (an observed long line would otherwise be built again each time its buffer fills).
    const scanned = this.scanner.scanRecord(buf, start, end, this.members, READ_MEMBERS);
    if (scanned.ok || this.scanner.truncated) return undefined;
    return this.ctx.placeScanRefusal(scanned.error).error;
  }

  /** Reads on through a long line whose JSON fault is known, keeping nothing; stops at its end. */
  private pushDrain(d: LongLineDrain, buf: Buffer, start: number, end: number, final: boolean): number {
    const lf = buf.indexOf(BYTE.LF, start);
    const lineEnd = lf >= 0 && lf < end ? lf : end;
    const ends = lineEnd < end || final;
    const base = this.splitter.nextFileOffset - start;
    const fail = (code: ReaderCode, message: string, fileOffset: number): number => {
      const info = codeInfo(code);
      this.error = formatError(code, info.requirement, message, { line: d.line, byteOffset: fileOffset, column: fileOffset - d.lineFileStart + 1 }, info.profile);
      this.drain = undefined;
      return end;
    };
    let from = start;
    if (d.carry.length > 0) {
      // Complete the sequence the last chunk cut, then judge it whole (a fault is charged to its lead byte).
      const need = utf8SequenceLength(d.carry[0]!) - d.carry.length;
      const have = Math.min(need, lineEnd - start);
      const joined = Buffer.concat([d.carry, buf.subarray(start, start + have)]);
      if (have === need ? !isUtf8(joined) : ends || incompleteUtf8Tail(joined, 0, joined.length) !== joined.length) {
        return fail(JSON_CODES.INVALID_UTF8, 'the line is not well-formed UTF-8', d.carryFileOffset);
      }
      d.carry = have === need ? EMPTY : joined;
      from = start + have;
    }
    const tail = ends ? 0 : incompleteUtf8Tail(buf, from, lineEnd);
    if (!isUtf8(buf.subarray(from, lineEnd - tail))) {
      return fail(JSON_CODES.INVALID_UTF8, 'the line is not well-formed UTF-8', base + firstInvalidUtf8Offset(buf, from, lineEnd - tail));
    }
    if (tail > 0) {
      d.carry = Buffer.from(buf.subarray(lineEnd - tail, lineEnd));
      d.carryFileOffset = base + lineEnd - tail;
    }
    if (d.crAt < 0 && this.ctx.enforces('MODEL_CARRIAGE_RETURN')) {
      const cr = buf.indexOf(BYTE.CR, start);
      if (cr >= 0 && cr < lineEnd) d.crAt = base + cr;
    }
    if (ends) {
      // R-C1 (strict): the CR comes first, as the splitter checks it before the line's JSON.
      if (d.crAt >= 0) return fail('MODEL_CARRIAGE_RETURN', 'a CR byte (lines end with LF alone)', d.crAt);
      this.error = d.fault;
      this.drain = undefined;
      return end;
    }
    this.splitter.skip(end - start);
    this.bytes += end - start;
    return end;
  }

  /** End-of-input checks (CG-SEQ-4: the eof record must have been read). */
  finish(): Result<ReadSummary> {
    if (this.error) return fail(this.error);
    const { state, ctx } = this;
    if (state.section === SECTION.NONE) return fail(ctx.errorOf('HEADER_MISSING', 'the file holds no header'));
    if (state.section !== SECTION.EOF) return fail(ctx.errorOf('EOF_MISSING', 'the input ends without an eof record (truncated)'));
    return ok({
      files: state.fileCount,
      entities: state.entityCount,
      edges: state.edgeCount,
      modules: state.modules.size,
      lines: ctx.line,
      bytes: this.bytes,
    });
  }

  /** Reads one line through the five stages; gives OK or the line's refusal. */
  private readLine(buf: Buffer, start: number, end: number, hasLF: boolean): Checked {
    const { ctx, state, members } = this;
    ctx.lineMembers = undefined;
    const scanned = this.scanner.scanRecord(buf, start, end, members, this.observer ? undefined : READ_MEMBERS);
    // The scanner only fails on what the profile enforces.
    if (!scanned.ok) return ctx.placeScanRefusal(scanned.error);
    if (this.observer && this.scanner.observedValuesLeft < 0) {
      // Past the observation's bound of values: the observer goes, the model is read on for its verdict.
      this.dropObserver();
      this.observationOverBound = true;
    }
    if (!scanned.value) return ctx.refusal('RECORD_TYPE_UNKNOWN', 'a line holds JSON that is not an object');
    ctx.lineMembers = members;
    const record = validateRecordSchema(members, ctx);
    if (!record.ok) return record;
    const rec = record.value;
    const sequence = checkSequence(rec, state, ctx);
    if (!sequence.ok) return sequence;
    const resolved = resolveDictionaries(rec, state, ctx);
    if (!resolved.ok) return resolved;
    if (rec.type === 'e') {
      const keys = checkTraitKeys(rec, state, ctx);
      if (!keys.ok) return keys;
    }
    const integrity = checkIntegrity(rec, state, ctx);
    if (!integrity.ok) return integrity;
    // R-C1: the eof line ends with LF too (strict).
    if (!hasLF && ctx.enforces('MODEL_FINAL_LF_MISSING')) return ctx.refusal('MODEL_FINAL_LF_MISSING', 'the last line does not end with LF');
    this.observer?.(rec, members, ctx);
    return OK;
  }
}

function isDigit(c: number): boolean {
  return c >= BYTE.ZERO && c <= BYTE.NINE;
}

/** The code unit of each one-letter escape, by its letter. */
const ESCAPED_UNIT: Readonly<Record<number, number>> = { 0x22: 0x22, 0x5c: 0x5c, 0x2f: 0x2f, 0x62: 0x08, 0x66: 0x0c, 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09 };
/** Scratch for hashStringBody: UTF-16LE code units, fed to the hash as it fills. */
const UNIT_BYTES = Buffer.allocUnsafe(1 << 16);

/**
 * Feeds `hash` the code units (UTF-16LE, as `Buffer.from(text, 'utf16le')` gives them) of the checked
 * string body `buf[from, to)`, cut between characters and never inside an escaped pair (see
 * lastSafeCut), without building the text: a long line's buffer of such a body would otherwise become
 * a string, then bytes, at every cut.
 */
function hashStringBody(hash: Hash, buf: Buffer, from: number, to: number): void {
  let n = 0;
  const put = (unit: number) => {
    UNIT_BYTES[n++] = unit & 0xff;
    UNIT_BYTES[n++] = unit >> 8;
  };
  let i = from;
  while (i < to) {
    if (n > UNIT_BYTES.length - 4) {
      hash.update(UNIT_BYTES.subarray(0, n));
      n = 0;
    }
    const c = buf[i]!;
    if (c === BYTE.BACKSLASH) {
      const e = buf[i + 1]!;
      // A \u escape is one code unit, a half of a pair or a lone surrogate alike.
      if (e === BYTE.LOWER_U) {
        put(readHex4(buf, i + 2, to));
        i += 6;
      } else {
        put(ESCAPED_UNIT[e]!);
        i += 2;
      }
    } else if (c < 0x80) {
      put(c);
      i++;
    } else if (c < 0xe0) {
      put(((c & 0x1f) << 6) | (buf[i + 1]! & 0x3f));
      i += 2;
    } else if (c < 0xf0) {
      put(((c & 0x0f) << 12) | ((buf[i + 1]! & 0x3f) << 6) | (buf[i + 2]! & 0x3f));
      i += 3;
    } else {
      const cp = (((c & 0x07) << 18) | ((buf[i + 1]! & 0x3f) << 12) | ((buf[i + 2]! & 0x3f) << 6) | (buf[i + 3]! & 0x3f)) - 0x10000;
      put(0xd800 | (cp >> 10));
      put(0xdc00 | (cp & 0x3ff));
      i += 4;
    }
  }
  hash.update(UNIT_BYTES.subarray(0, n));
}

/** Flags that make decodeStringBody read any body (escapes, non-ASCII bytes and lone surrogates alike). */
const ANY_BODY = STRING_ESCAPED | STRING_NON_ASCII | STRING_LONE_SURROGATE;

/** Two lists of apart spans, each in line order, as one list in line order. */
function mergeSpans(a: readonly RecordSpan[], b: readonly RecordSpan[]): RecordSpan[] {
  const out: RecordSpan[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) out.push(j >= b.length || (i < a.length && a[i]!.from < b[j]!.from) ? a[i++]! : b[j++]!);
  return out;
}

/** JSON whitespace as the scanner skips it (a CR reaches the scanner in the core profile only, R-C1). */
function isJsonSpace(c: number): boolean {
  return c === BYTE.SPACE || c === BYTE.TAB || c === BYTE.CR || c === BYTE.LF;
}

/**
 * The end of the longest run of whole characters and one-letter escapes in the checked string body
 * `buf[body, good)`: a cut there leaves a body that reads the same way. Never right after an escaped
 * high surrogate (it pairs with what follows), never inside an escape or a UTF-8 sequence.
 */
function lastSafeCut(buf: Buffer, body: number, good: number): number {
  let i = body;
  let safe = body;
  while (i < good) {
    const c = buf[i]!;
    if (c === BYTE.BACKSLASH) {
      if (buf[i + 1] === BYTE.LOWER_U) {
        const unit = readHex4(buf, i + 2, good);
        i += 6;
        // After a high surrogate the pairing depends on what follows: no cut there.
        if ((unit < 0xd800 || unit > 0xdbff) && i <= good) safe = i;
        continue;
      }
      i += 2;
    } else {
      i += c < 0x80 ? 1 : utf8SequenceLength(c);
    }
    if (i <= good) safe = i;
  }
  return safe;
}

/** Reads a whole model held in memory. */
export function readModelBytes(input: Uint8Array, profile: Profile, observer?: RecordObserver): Result<ReadSummary> {
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const reader = new ModelReader(profile, observer);
  reader.push(buf, 0, buf.length, true);
  return reader.finish();
}
