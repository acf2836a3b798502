/**
 * The reader's pipeline, named after the format's five self-validation steps: per line,
 * scan (strict JSON) → 1 validate-record-schema → 2 check-sequence → 3 resolve-dictionaries →
 * 4 check-trait-keys → 5 check-integrity, then end-of-input checks. Single pass, never rewinds;
 * stops at the first enforced error. Optionally feeds an observation builder.
 */
import { fail, ok, type FormatError, type Profile, type Result } from '../shared/errors.ts';
import { CheckContext, Refusal } from './check-context.ts';
import { checkIntegrity } from './check-integrity.ts';
import { checkSequence } from './check-sequence.ts';
import { checkTraitKeys } from './check-trait-keys.ts';
import { SECTION } from './constants.ts';
import { ModelState } from './model-state.ts';
import type { ModelRecord } from './records.ts';
import { resolveDictionaries } from './resolve-dictionaries.ts';
import { emptyMembers, LineScanner, ScanFailure, type ScannedMembers } from './scan-json.ts';
import { LineSplitter } from './scan-lines.ts';
import { READ_MEMBERS, validateRecordSchema } from './validate-record-schema.ts';

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

/** Streaming reader of one model: push chunks, then finish. Never throws on bad input. */
export class ModelReader {
  private readonly ctx: CheckContext;
  private readonly state = new ModelState();
  private readonly scanner: LineScanner;
  private readonly splitter: LineSplitter;
  private readonly members = emptyMembers();
  private error: FormatError | undefined;
  private bytes = 0;

  constructor(
    profile: Profile,
    private readonly observer?: RecordObserver,
  ) {
    this.ctx = new CheckContext(profile);
    this.scanner = new LineScanner({ allowDuplicates: profile === 'core', allowLoneSurrogates: profile === 'core' });
    this.splitter = new LineSplitter(this.ctx, (buf, start, end, hasLF) => this.readLine(buf, start, end, hasLF));
  }

  /** The first error found so far, if any (reading stops there). */
  get failed(): FormatError | undefined {
    return this.error;
  }

  /** Reads the complete lines of `buf[start, end)`; returns the offset of the first unconsumed byte. */
  push(buf: Buffer, start: number, end: number, final = false): number {
    if (this.error) return end;
    try {
      const consumed = this.splitter.push(buf, start, end, final);
      this.bytes += consumed - start;
      return consumed;
    } catch (e) {
      if (e instanceof Refusal) {
        this.error = e.error;
        return end;
      }
      throw e;
    }
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

  private readLine(buf: Buffer, start: number, end: number, hasLF: boolean): void {
    const { ctx, state, members } = this;
    ctx.lineMembers = undefined;
    try {
      if (!this.scanner.scanRecord(buf, start, end, members, this.observer ? undefined : READ_MEMBERS)) {
        ctx.reject('RECORD_TYPE_UNKNOWN', 'a line holds JSON that is not an object');
      }
    } catch (e) {
      if (!(e instanceof ScanFailure)) throw e;
      // The scanner only fails on what the profile enforces, so this always stops the read.
      ctx.refuse(e.code, e.message, { at: e.offset, pointer: e.pointer });
      throw new Error(`scanner failure ${e.code} not enforced by the profile`);
    }
    ctx.lineMembers = members;
    const rec = validateRecordSchema(members, ctx);
    checkSequence(rec, state, ctx);
    resolveDictionaries(rec, state, ctx);
    if (rec.type === 'e') checkTraitKeys(rec, state, ctx);
    checkIntegrity(rec, state, ctx);
    // R-C1: the eof line ends with LF too (strict).
    if (!hasLF) ctx.refuse('MODEL_FINAL_LF_MISSING', 'the last line does not end with LF');
    this.observer?.(rec, members, ctx);
  }
}

/** Reads a whole model held in memory. */
export function readModelBytes(input: Uint8Array, profile: Profile, observer?: RecordObserver): Result<ReadSummary> {
  const buf = Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  const reader = new ModelReader(profile, observer);
  reader.push(buf, 0, buf.length, true);
  return reader.finish();
}
