/**
 * The line scanner: a strict RFC 8259 byte scanner (R-S1) specialised for one record per line. It
 * validates every byte of a line but builds only the values the checks need ("lite" values): a member
 * whose value nobody reads is scanned and dropped. Iterative (explicit stack), so any depth is read
 * (R-S2a). UTF-8 well-formedness is checked by the caller over whole chunks before scanning.
 */
import { JsonNumber } from '../shared/json/value.ts';
import { JSON_CODES } from '../shared/json/constants.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import { BYTE, type JsonLayerCode } from './constants.ts';

/**
 * A built value. Canonical unsigned integers of at most 15 digits are JS numbers (exact, and the
 * lexeme is `String(n)`); every other number keeps its lexeme as a JsonNumber. Objects are Maps.
 */
export type Lite = null | boolean | string | number | JsonNumber | Lite[] | LiteObject;
export type LiteObject = Map<string, Lite>;

/** Why a line is not strict JSON: a shared JSON-layer code, the byte offset in the buffer, a pointer. */
export class ScanFailure {
  constructor(
    readonly code: JsonLayerCode,
    readonly offset: number,
    readonly pointer: string,
    readonly message: string,
  ) {}
}

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
const INTERNED_TABLE: ({ readonly name: string; readonly bytes: Uint8Array }[] | undefined)[] = new Array(MAX_INTERNED * 256).fill(undefined);
for (const name of INTERNED) {
  const slot = name.length * 256 + name.charCodeAt(0);
  (INTERNED_TABLE[slot] ??= []).push({ name, bytes: Buffer.from(name, 'latin1') });
}

/** The interned string whose ASCII bytes are `buf[start, end)`, if it is one. */
function internedAt(buf: Buffer, start: number, end: number): string | undefined {
  const len = end - start;
  if (len === 0 || len >= MAX_INTERNED) return undefined;
  const candidates = INTERNED_TABLE[len * 256 + buf[start]!];
  if (candidates === undefined) return undefined;
  for (let j = 0; j < candidates.length; j++) {
    const cand = candidates[j]!.bytes;
    let k = 1;
    while (k < len && cand[k] === buf[start + k]) k++;
    if (k >= len) return candidates[j]!.name;
  }
  return undefined;
}

const HEX = new Int8Array(256).fill(-1);
for (let c = 0; c < 10; c++) HEX[0x30 + c] = c;
for (let c = 0; c < 6; c++) {
  HEX[0x41 + c] = 10 + c;
  HEX[0x61 + c] = 10 + c;
}
const SIMPLE_ESCAPES: Record<number, string> = { 34: '"', 92: '\\', 47: '/', 98: '\b', 102: '\f', 110: '\n', 114: '\r', 116: '\t' };

/** Options of the scanner: the core profile tolerates what only R-S1 (strict) refuses. */
export interface ScanOptions {
  /** Keep the last of duplicate members instead of refusing (core profile). */
  readonly allowDuplicates: boolean;
  /** Keep an escaped lone surrogate instead of refusing (core profile). */
  readonly allowLoneSurrogates: boolean;
}

interface Frame {
  /** The built container, or undefined while skipping. */
  readonly container: Lite[] | LiteObject | undefined;
  readonly isObject: boolean;
  /** Member names seen so far (duplicate detection), objects only. */
  readonly names: string[] | undefined;
  key: string;
  index: number;
}

const OPENED = Symbol('opened');

/** Scans strict JSON in `buf[pos, end)`; one instance serves every line of a file. */
export class LineScanner {
  buf: Buffer = Buffer.alloc(0);
  pos = 0;
  end = 0;
  private readonly stack: Frame[] = [];
  private building = false;
  /** The top-level member being scanned (its pointer is built only when something fails). */
  private member: string | undefined;
  /**
   * Set when the last failure came from reaching `end` (the line may go on past it): a long line is
   * judged from a prefix only when its failure does not depend on what follows.
   */
  truncated = false;

  constructor(private readonly options: ScanOptions) {}

  /**
   * Scans one line holding one JSON object; builds the values of the members named in `wanted` (all
   * of them when `wanted` is undefined). Returns false when the line is JSON but not an object.
   */
  scanRecord(buf: Buffer, start: number, end: number, out: ScannedMembers, wanted: ReadonlySet<string> | undefined): boolean {
    this.buf = buf;
    this.pos = start;
    this.end = end;
    this.truncated = false;
    out.count = 0;
    if (this.stack.length !== 0) this.stack.length = 0; // left over by an earlier failure
    this.skipWs();
    if (this.pos >= end || buf[this.pos] !== BYTE.LEFT_BRACE) {
      this.building = false;
      this.stack.length = 0;
      this.member = undefined;
      this.scanValue();
      this.expectEnd();
      return false;
    }
    this.pos++;
    this.skipWs();
    if (buf[this.pos] === BYTE.RIGHT_BRACE && this.pos < end) {
      this.pos++;
      this.expectEnd();
      return true;
    }
    for (;;) {
      this.member = undefined;
      if (this.pos >= end || buf[this.pos] !== BYTE.QUOTE) this.fail('expected a member name');
      const nameAt = this.pos;
      const name = this.scanName();
      for (let j = 0; j < out.count; j++) {
        if (out.names[j] === name) {
          if (!this.options.allowDuplicates) {
            throw new ScanFailure(JSON_CODES.DUPLICATE_MEMBER, nameAt, '/' + escapeToken(name), `member "${name}" appears twice`);
          }
          // Core profile: the last occurrence wins; drop the earlier one.
          out.names.splice(j, 1);
          out.values.splice(j, 1);
          out.starts.splice(j, 1);
          out.ends.splice(j, 1);
          out.count--;
          break;
        }
      }
      this.skipWs();
      if (buf[this.pos] !== BYTE.COLON || this.pos >= end) this.fail("expected ':' after a member name");
      this.pos++;
      this.skipWs();
      const build = wanted === undefined || wanted.has(name);
      const valueAt = this.pos;
      this.building = build;
      this.member = name;
      const value = this.scanValue();
      const n = out.count++;
      out.names[n] = name;
      out.values[n] = build ? value : undefined;
      out.starts[n] = valueAt;
      out.ends[n] = this.pos;
      this.skipWs();
      const c = this.pos < end ? buf[this.pos] : -1;
      if (c === BYTE.COMMA) {
        this.pos++;
        this.skipWs();
        continue;
      }
      if (c === BYTE.RIGHT_BRACE) {
        this.pos++;
        this.expectEnd();
        return true;
      }
      this.fail("expected ',' or '}' after a member");
    }
  }

  /** Scans one JSON value (building it when `this.building`), iteratively. */
  private scanValue(): Lite {
    const { stack } = this;
    const base = stack.length;
    for (;;) {
      this.skipWs();
      let value = this.scanValueStart();
      if (value === OPENED) continue;
      for (;;) {
        if (stack.length === base) return value as Lite;
        const top = stack[stack.length - 1]!;
        if (top.container !== undefined) {
          if (top.isObject) (top.container as LiteObject).set(top.key, value as Lite);
          else (top.container as Lite[]).push(value as Lite);
        }
        this.skipWs();
        const c = this.pos < this.end ? this.buf[this.pos] : -1;
        if (c === BYTE.COMMA) {
          this.pos++;
          top.index++;
          if (top.isObject) {
            this.skipWs();
            this.scanMemberName(top);
          }
          break;
        }
        if (c === (top.isObject ? BYTE.RIGHT_BRACE : BYTE.RIGHT_BRACKET)) {
          this.pos++;
          stack.pop();
          value = top.container ?? null;
          continue;
        }
        this.fail(top.isObject ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array");
      }
    }
  }

  private scanValueStart(): Lite | typeof OPENED {
    const { buf } = this;
    if (this.pos >= this.end) this.fail('expected a value');
    const c = buf[this.pos]!;
    if (c === BYTE.QUOTE) return this.scanString(this.building);
    if (c === BYTE.LEFT_BRACE || c === BYTE.LEFT_BRACKET) {
      const isObject = c === BYTE.LEFT_BRACE;
      this.pos++;
      this.skipWs();
      const close = isObject ? BYTE.RIGHT_BRACE : BYTE.RIGHT_BRACKET;
      if (this.pos < this.end && buf[this.pos] === close) {
        this.pos++;
        return this.building ? (isObject ? new Map() : []) : null;
      }
      const frame: Frame = {
        container: this.building ? (isObject ? new Map() : []) : undefined,
        isObject,
        names: isObject ? [] : undefined,
        key: '',
        index: 0,
      };
      this.stack.push(frame);
      if (isObject) this.scanMemberName(frame);
      return OPENED;
    }
    if (c === BYTE.MINUS || (c >= BYTE.ZERO && c <= BYTE.NINE)) return this.scanNumber();
    if (c === BYTE.LOWER_T) return this.scanWord('true', true);
    if (c === BYTE.LOWER_F) return this.scanWord('false', false);
    if (c === BYTE.LOWER_N) return this.scanWord('null', null);
    return this.fail('unexpected byte where a value should start');
  }

  private scanMemberName(frame: Frame): void {
    if (this.pos >= this.end || this.buf[this.pos] !== BYTE.QUOTE) this.fail('expected a member name');
    const at = this.pos;
    const name = this.scanName();
    const names = frame.names!;
    if (names.includes(name)) {
      if (!this.options.allowDuplicates) {
        throw new ScanFailure(JSON_CODES.DUPLICATE_MEMBER, at, this.pointerOf() + '/' + escapeToken(name), `member "${name}" appears twice`);
      }
    } else {
      names.push(name);
    }
    frame.key = name;
    this.skipWs();
    if (this.pos >= this.end || this.buf[this.pos] !== BYTE.COLON) this.fail("expected ':' after a member name");
    this.pos++;
  }

  /** Scans a member name, returning an interned string when it is a common one. */
  private scanName(): string {
    const { buf } = this;
    const start = this.pos + 1;
    let i = start;
    const end = this.end;
    while (i < end) {
      const c = buf[i]!;
      if (c === BYTE.QUOTE) break;
      if (c === BYTE.BACKSLASH || c < 0x20 || c >= 0x80) return this.scanString(true) as string;
      i++;
    }
    if (i >= end) return this.scanString(true) as string;
    this.pos = i + 1;
    return internedAt(buf, start, i) ?? buf.toString('latin1', start, i);
  }

  /** Scans a string token; returns its value when `build`, else null. */
  private scanString(build: boolean): string | null {
    const { buf, end } = this;
    const start = this.pos + 1;
    let i = start;
    let high = false;
    for (;;) {
      if (i >= end) this.failAt(i, 'unterminated string');
      const c = buf[i]!;
      if (c === BYTE.QUOTE) {
        this.pos = i + 1;
        if (!build) return null;
        if (high) return buf.toString('utf8', start, i);
        return internedAt(buf, start, i) ?? buf.toString('latin1', start, i);
      }
      if (c === BYTE.BACKSLASH) break;
      if (c < 0x20) this.failAt(i, 'unescaped control character in a string');
      if (c >= 0x80) high = true;
      i++;
    }
    // Slow path: escapes.
    let out = build ? (high ? buf.toString('utf8', start, i) : buf.toString('latin1', start, i)) : '';
    let run = i;
    for (;;) {
      if (i >= end) this.failAt(i, 'unterminated string');
      const c = buf[i]!;
      if (c === BYTE.QUOTE) {
        if (build) out += buf.toString('utf8', run, i);
        this.pos = i + 1;
        return build ? out : null;
      }
      if (c < 0x20) this.failAt(i, 'unescaped control character in a string');
      if (c !== BYTE.BACKSLASH) {
        i++;
        continue;
      }
      if (build) out += buf.toString('utf8', run, i);
      const e = i + 1 < end ? buf[i + 1]! : -1;
      if (e === -1) this.truncated = true;
      if (e === BYTE.LOWER_U) {
        const unit = this.hex4(i + 2, i);
        i += 6;
        if (unit >= 0xd800 && unit <= 0xdbff) {
          // A high surrogate must be followed at once by an escaped low one.
          if (i + 1 < end && buf[i] === BYTE.BACKSLASH && buf[i + 1] === BYTE.LOWER_U) {
            const low = this.hex4(i + 2, i);
            if (low >= 0xdc00 && low <= 0xdfff) {
              if (build) out += String.fromCharCode(unit, low);
              i += 6;
              run = i;
              continue;
            }
          }
          if (i + 1 >= end) this.truncated = true;
          this.loneSurrogate(i - 6);
        } else if (unit >= 0xdc00 && unit <= 0xdfff) {
          this.loneSurrogate(i - 6);
        }
        if (build) out += String.fromCharCode(unit);
        run = i;
        continue;
      }
      const simple = SIMPLE_ESCAPES[e];
      if (simple === undefined) this.failAt(i, 'invalid escape');
      if (build) out += simple;
      i += 2;
      run = i;
    }
  }

  private loneSurrogate(at: number): void {
    if (!this.options.allowLoneSurrogates) throw new ScanFailure(JSON_CODES.LONE_SURROGATE, at, this.pointerOf(), 'an escaped surrogate has no partner');
  }

  private hex4(at: number, escapeAt: number): number {
    if (at + 4 > this.end) {
      this.truncated = true;
      this.failAt(escapeAt, 'truncated \\u escape');
    }
    const { buf } = this;
    const a = HEX[buf[at]!]!;
    const b = HEX[buf[at + 1]!]!;
    const c = HEX[buf[at + 2]!]!;
    const d = HEX[buf[at + 3]!]!;
    if ((a | b | c | d) < 0) this.failAt(escapeAt, 'invalid \\u escape');
    return (a << 12) | (b << 8) | (c << 4) | d;
  }

  /** Scans a number per the RFC 8259 grammar; canonical short unsigned integers become JS numbers. */
  private scanNumber(): Lite {
    const { buf, end } = this;
    const start = this.pos;
    let i = start;
    let simple = true;
    if (buf[i] === BYTE.MINUS) {
      simple = false;
      i++;
    }
    if (i >= end) this.failAt(i, 'truncated number');
    let value = 0;
    const first = buf[i]!;
    if (first === BYTE.ZERO) {
      i++;
    } else if (first > BYTE.ZERO && first <= BYTE.NINE) {
      while (i < end) {
        const c = buf[i]!;
        if (c < BYTE.ZERO || c > BYTE.NINE) break;
        value = value * 10 + (c - BYTE.ZERO);
        i++;
      }
    } else {
      this.failAt(i, 'a number needs a digit');
    }
    if (i < end && buf[i] === BYTE.DOT) {
      simple = false;
      i++;
      const digits = i;
      while (i < end && buf[i]! >= BYTE.ZERO && buf[i]! <= BYTE.NINE) i++;
      if (i === digits) this.failAt(i, 'a fraction needs a digit');
    }
    if (i < end && (buf[i] === BYTE.LOWER_E || buf[i] === BYTE.UPPER_E)) {
      simple = false;
      i++;
      if (i < end && (buf[i] === BYTE.PLUS || buf[i] === BYTE.MINUS)) i++;
      const digits = i;
      while (i < end && buf[i]! >= BYTE.ZERO && buf[i]! <= BYTE.NINE) i++;
      if (i === digits) this.failAt(i, 'an exponent needs a digit');
    }
    this.pos = i;
    if (!this.building) return null;
    if (simple && i - start <= 15) return value;
    return new JsonNumber(buf.toString('latin1', start, i));
  }

  private scanWord(word: string, value: Lite): Lite {
    const { buf } = this;
    for (let k = 0; k < word.length; k++) {
      if (this.pos + k >= this.end) {
        this.truncated = true;
        this.failAt(this.pos, 'invalid literal');
      }
      if (buf[this.pos + k] !== word.charCodeAt(k)) this.failAt(this.pos, 'invalid literal');
    }
    this.pos += word.length;
    return value;
  }

  private skipWs(): void {
    const { buf, end } = this;
    let i = this.pos;
    while (i < end) {
      const c = buf[i];
      // R-S1 whitespace; a CR reaches here only when the profile lets it (R-C1 is checked by the line splitter).
      if (c === BYTE.SPACE || c === BYTE.TAB || c === BYTE.CR || c === BYTE.LF) i++;
      else break;
    }
    this.pos = i;
  }

  private expectEnd(): void {
    this.skipWs();
    if (this.pos < this.end) this.failAt(this.pos, 'unexpected bytes after the record');
  }

  private pointerOf(): string {
    let p = this.member === undefined ? '' : '/' + escapeToken(this.member);
    for (const frame of this.stack) p = appendPointer(p, frame.isObject ? frame.key : frame.index);
    return p;
  }

  private fail(message: string): never {
    return this.failAt(this.pos, message);
  }

  private failAt(at: number, message: string): never {
    if (at >= this.end) this.truncated = true;
    throw new ScanFailure(JSON_CODES.SYNTAX, at, this.pointerOf(), message);
  }
}

function escapeToken(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A fresh, empty member table for {@link LineScanner.scanRecord}. */
export function emptyMembers(): ScannedMembers {
  return { count: 0, names: [], values: [], starts: [], ends: [] };
}
