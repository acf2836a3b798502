/**
 * The strict JSON reader (R-S1, R-S2): RFC 8259 with no repairs. Iterative (an explicit stack, so any
 * depth is read without recursion), lexemes kept, duplicate members and lone surrogates refused.
 * Never throws on bad input: every refusal is a FormatError with line, column, byte offset and pointer.
 */
import { isUtf8 } from 'node:buffer';
import { fail, formatError, ok, type FormatError, type Result } from '../errors.ts';
import { BYTE, JSON_CODES, JSON_RULE_PROFILE, JSON_RULES, UTF8_BOM } from './constants.ts';
import { appendPointer } from './pointer.ts';
import { JsonNumber, type JsonObject, type JsonValue } from './value.ts';
import { firstInvalidUtf8Offset } from '../text.ts';

/** Optional limits; none is set by default (R-S2a: the reference reads any depth). */
export interface ParseOptions {
  /** Largest accepted input in bytes. */
  maxBytes?: number;
  /** Deepest accepted container nesting (a root container is depth 1). */
  maxDepth?: number;
  /** Most values accepted (every value counts one, containers included). */
  maxNodes?: number;
}

interface ArrayFrame {
  readonly array: JsonValue[];
  readonly object: undefined;
  key: string;
}
interface ObjectFrame {
  readonly array: undefined;
  readonly object: JsonObject;
  key: string;
}
type Frame = ArrayFrame | ObjectFrame;

/** Buffer's own slice decoders: what toString('utf8', s, e) calls after its argument checks. */
interface SlicingBuffer extends Buffer {
  utf8Slice(start: number, end: number): string;
  latin1Slice(start: number, end: number): string;
}

class Refusal {
  constructor(readonly error: FormatError) {}
}

/** Parses one complete JSON text. Whitespace (space, tab, LF, CR) may surround the value. */
export function parseJson(input: Uint8Array | string, options: ParseOptions = {}): Result<JsonValue> {
  if (typeof input === 'string' && !input.isWellFormed()) {
    return fail(formatError(JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT, 'text holds a lone surrogate', {}, 'strict'));
  }
  const bytes = toBuffer(input);
  return new Parser(bytes, options).run();
}

function toBuffer(input: Uint8Array | string): SlicingBuffer {
  if (typeof input === 'string') return Buffer.from(input, 'utf8') as SlicingBuffer;
  return (Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength)) as SlicingBuffer;
}

class Parser {
  private pos = 0;
  private nodes = 0;
  private readonly stack: Frame[] = [];
  private readonly maxDepth: number;
  private readonly maxNodes: number;

  constructor(
    private readonly bytes: SlicingBuffer,
    private readonly options: ParseOptions,
  ) {
    this.maxDepth = options.maxDepth ?? Infinity;
    this.maxNodes = options.maxNodes ?? Infinity;
  }

  run(): Result<JsonValue> {
    const { bytes } = this;
    if (this.options.maxBytes !== undefined && bytes.length > this.options.maxBytes) {
      return fail(this.error(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `input is ${bytes.length} bytes, over the limit of ${this.options.maxBytes}`, 0));
    }
    if (bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) {
      return fail(this.error(JSON_CODES.BOM, JSON_RULES.STRICT, 'a byte-order mark starts the input', 0));
    }
    // R-S1: invalid UTF-8 anywhere is a refusal; validating once up front keeps the string scanner simple.
    if (!isUtf8(bytes)) {
      const at = firstInvalidUtf8Offset(bytes);
      return fail(this.error(JSON_CODES.INVALID_UTF8, JSON_RULES.SYNTAX, 'the input is not well-formed UTF-8', at));
    }
    try {
      return ok(this.parseDocument());
    } catch (e) {
      if (e instanceof Refusal) return fail(e.error);
      throw e;
    }
  }

  private parseDocument(): JsonValue {
    const { bytes, stack } = this;
    let value: JsonValue;
    // One loop, two states: read a value, then attach it to its container (or finish).
    for (;;) {
      this.skipWhitespace();
      const start = this.readValueStart();
      if (start === OPENED) continue;
      value = start;
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          this.skipWhitespace();
          if (this.pos !== bytes.length) this.refuseSyntax('unexpected bytes after the value');
          return value;
        }
        if (top.array !== undefined) {
          top.array.push(value);
          this.skipWhitespace();
          const c = bytes[this.pos];
          if (c === BYTE.COMMA) {
            this.pos++;
            break;
          }
          if (c === BYTE.RIGHT_BRACKET) {
            this.pos++;
            stack.pop();
            value = top.array;
            continue;
          }
          this.refuseSyntax("expected ',' or ']' in an array");
        } else {
          top.object.set(top.key, value);
          this.skipWhitespace();
          const c = bytes[this.pos];
          if (c === BYTE.COMMA) {
            this.pos++;
            this.readMemberName(top);
            break;
          }
          if (c === BYTE.RIGHT_BRACE) {
            this.pos++;
            stack.pop();
            value = top.object;
            continue;
          }
          this.refuseSyntax("expected ',' or '}' in an object");
        }
      }
    }
  }

  /** Reads a scalar, or opens a container (pushing a frame) and returns OPENED. */
  private readValueStart(): JsonValue | typeof OPENED {
    const { bytes } = this;
    const c = bytes[this.pos];
    this.countNode();
    switch (c) {
      case BYTE.LEFT_BRACE: {
        this.checkDepth();
        this.pos++;
        this.skipWhitespace();
        const object: JsonObject = new Map();
        if (bytes[this.pos] === BYTE.RIGHT_BRACE) {
          this.pos++;
          return object;
        }
        const frame: ObjectFrame = { array: undefined, object, key: '' };
        this.stack.push(frame);
        this.readMemberName(frame, true);
        return OPENED;
      }
      case BYTE.LEFT_BRACKET: {
        this.checkDepth();
        this.pos++;
        this.skipWhitespace();
        const array: JsonValue[] = [];
        if (bytes[this.pos] === BYTE.RIGHT_BRACKET) {
          this.pos++;
          return array;
        }
        this.stack.push({ array, object: undefined, key: '' });
        return OPENED;
      }
      case BYTE.QUOTE:
        return this.readString();
      case BYTE.LOWER_T:
        return this.readLiteral('true', true);
      case BYTE.LOWER_F:
        return this.readLiteral('false', false);
      case BYTE.LOWER_N:
        return this.readLiteral('null', null);
      default:
        if (c === BYTE.MINUS || (c !== undefined && c >= BYTE.ZERO && c <= BYTE.NINE)) return this.readNumber();
        this.refuseSyntax(c === undefined ? 'unexpected end of input, expected a value' : 'expected a value');
    }
  }

  /** Reads `"name" :` into the frame's key; refuses a duplicate member (R-S1). */
  private readMemberName(frame: ObjectFrame, afterOpen = false): void {
    if (!afterOpen) this.skipWhitespace();
    if (this.bytes[this.pos] !== BYTE.QUOTE) this.refuseSyntax('expected a member name');
    const at = this.pos;
    const key = this.readString();
    if (frame.object.has(key)) {
      frame.key = key;
      throw new Refusal(this.error(JSON_CODES.DUPLICATE_MEMBER, JSON_RULES.STRICT, `duplicate member ${JSON.stringify(key)}`, at, key));
    }
    frame.key = key;
    this.skipWhitespace();
    if (this.bytes[this.pos] !== BYTE.COLON) this.refuseSyntax("expected ':' after a member name");
    this.pos++;
  }

  private readLiteral(word: string, value: boolean | null): boolean | null {
    const { bytes } = this;
    for (let i = 0; i < word.length; i++) {
      if (bytes[this.pos + i] !== word.charCodeAt(i)) this.refuseSyntax(`invalid literal, expected ${word}`);
    }
    this.pos += word.length;
    return value;
  }

  /** Number grammar of RFC 8259; the lexeme is kept exactly (R-S2). */
  private readNumber(): JsonNumber {
    const { bytes } = this;
    const start = this.pos;
    let p = start;
    if (bytes[p] === BYTE.MINUS) p++;
    if (bytes[p] === BYTE.ZERO) {
      p++;
    } else if (isDigit(bytes[p]) && bytes[p] !== BYTE.ZERO) {
      while (isDigit(bytes[p])) p++;
    } else {
      this.pos = p;
      this.refuseSyntax('expected a digit');
    }
    if (bytes[p] === BYTE.DOT) {
      p++;
      if (!isDigit(bytes[p])) {
        this.pos = p;
        this.refuseSyntax('expected a digit after the decimal point');
      }
      while (isDigit(bytes[p])) p++;
    }
    if (bytes[p] === BYTE.LOWER_E || bytes[p] === BYTE.UPPER_E) {
      p++;
      if (bytes[p] === BYTE.PLUS || bytes[p] === BYTE.MINUS) p++;
      if (!isDigit(bytes[p])) {
        this.pos = p;
        this.refuseSyntax('expected a digit in the exponent');
      }
      while (isDigit(bytes[p])) p++;
    }
    this.pos = p;
    return new JsonNumber(bytes.latin1Slice(start, p));
  }

  /** Reads a string token starting at the opening quote. UTF-8 was validated up front. */
  private readString(): string {
    const { bytes } = this;
    const start = ++this.pos;
    let p = start;
    // Fast path: no escape before the closing quote.
    for (;;) {
      const c = bytes[p];
      if (c === BYTE.QUOTE) {
        this.pos = p + 1;
        return bytes.utf8Slice(start, p);
      }
      if (c === BYTE.BACKSLASH) break;
      if (c === undefined) {
        this.pos = p;
        this.refuseSyntax('unterminated string');
      }
      if (c < 0x20) {
        this.pos = p;
        this.refuseSyntax('unescaped control character in a string');
      }
      p++;
    }
    let out = bytes.utf8Slice(start, p);
    let runStart = p;
    for (;;) {
      const c = bytes[p];
      if (c === BYTE.QUOTE) {
        out += bytes.utf8Slice(runStart, p);
        this.pos = p + 1;
        return out;
      }
      if (c === undefined) {
        this.pos = p;
        this.refuseSyntax('unterminated string');
      }
      if (c < 0x20) {
        this.pos = p;
        this.refuseSyntax('unescaped control character in a string');
      }
      if (c !== BYTE.BACKSLASH) {
        p++;
        continue;
      }
      out += bytes.utf8Slice(runStart, p);
      const e = bytes[p + 1];
      switch (e) {
        case 0x22: out += '"'; p += 2; break;
        case 0x5c: out += '\\'; p += 2; break;
        case 0x2f: out += '/'; p += 2; break;
        case 0x62: out += '\b'; p += 2; break;
        case 0x66: out += '\f'; p += 2; break;
        case 0x6e: out += '\n'; p += 2; break;
        case 0x72: out += '\r'; p += 2; break;
        case 0x74: out += '\t'; p += 2; break;
        case 0x75: {
          const unit = this.readHex4(p + 2);
          if (unit >= 0xd800 && unit <= 0xdbff) {
            // R-S1: a high surrogate must be followed at once by an escaped low surrogate.
            const low = bytes[p + 6] === BYTE.BACKSLASH && bytes[p + 7] === 0x75 ? this.readHex4(p + 8) : -1;
            if (low < 0xdc00 || low > 0xdfff) this.refuseSurrogate(p);
            out += String.fromCharCode(unit, low);
            p += 12;
          } else if (unit >= 0xdc00 && unit <= 0xdfff) {
            this.refuseSurrogate(p);
          } else {
            out += String.fromCharCode(unit);
            p += 6;
          }
          break;
        }
        default:
          this.pos = p;
          this.refuseSyntax('invalid escape sequence');
      }
      runStart = p;
    }
  }

  private readHex4(at: number): number {
    let v = 0;
    for (let i = 0; i < 4; i++) {
      const h = hexValue(this.bytes[at + i]);
      if (h < 0) {
        this.pos = at + i;
        this.refuseSyntax('invalid \\u escape');
      }
      v = v * 16 + h;
    }
    return v;
  }

  private refuseSurrogate(at: number): never {
    throw new Refusal(this.error(JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT, 'an escaped surrogate has no partner', at));
  }

  private skipWhitespace(): void {
    const { bytes } = this;
    let p = this.pos;
    for (;;) {
      const c = bytes[p];
      if (c === BYTE.SPACE || c === BYTE.LF || c === BYTE.TAB || c === BYTE.CR) p++;
      else break;
    }
    this.pos = p;
  }

  private countNode(): void {
    if (++this.nodes > this.maxNodes) {
      throw new Refusal(this.error(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `more than ${this.maxNodes} values`, this.pos));
    }
  }

  private checkDepth(): void {
    if (this.stack.length + 1 > this.maxDepth) {
      throw new Refusal(this.error(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `nesting deeper than ${this.maxDepth}`, this.pos));
    }
  }

  private refuseSyntax(message: string): never {
    throw new Refusal(this.error(JSON_CODES.SYNTAX, JSON_RULES.SYNTAX, message, this.pos));
  }

  private error(code: string, requirement: string, message: string, at: number, member?: string): FormatError {
    const { line, column } = lineAndColumn(this.bytes, at);
    const location = { line, column, byteOffset: at, pointer: this.pointer(), ...(member !== undefined ? { member } : {}) };
    return formatError(code, requirement, message, location, JSON_RULE_PROFILE[requirement]);
  }

  /** JSON pointer of the value being read when a refusal happened. */
  private pointer(): string {
    let p = '';
    for (const frame of this.stack) {
      p = appendPointer(p, frame.array !== undefined ? frame.array.length : frame.key);
    }
    return p;
  }
}

const OPENED: unique symbol = Symbol('opened');

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= BYTE.ZERO && c <= BYTE.NINE;
}

function hexValue(c: number | undefined): number {
  if (c === undefined) return -1;
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** 1-based line and byte column of a byte offset. */
export function lineAndColumn(bytes: Uint8Array, at: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(at, bytes.length);
  for (let i = 0; i < end; i++) {
    if (bytes[i] === BYTE.LF) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: at - lineStart + 1 };
}
