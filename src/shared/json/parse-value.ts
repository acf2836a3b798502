/**
 * The strict JSON reader (R-S1, R-S2): RFC 8259 with no repairs. Iterative (an explicit stack, so any
 * depth is read without recursion), lexemes kept, duplicate members and lone surrogates refused (or,
 * for the core profile, tolerated). Tokens are scanned by the shared toolkit (scan-tokens.ts), the
 * same one the journal and codegraph line scanners drive. Never throws on bad input: every refusal is
 * a FormatError with line, column, byte offset and pointer.
 */
import { isUtf8 } from 'node:buffer';
import { fail, formatError, ok, type FormatError, type Result } from '../errors.ts';
import { profileFor } from '../refusals.ts';
import { firstInvalidUtf8Offset } from '../text.ts';
import { BYTE, JSON_CODES, JSON_RULES, UTF8_BOM } from './constants.ts';
import { appendPointer } from './pointer.ts';
import {
  decodePlainBody,
  decodeStringBody,
  LITERAL_FALSE,
  measureStringBody,
  LITERAL_NULL,
  LITERAL_TRUE,
  scanLiteral,
  scanNumber,
  scanStringBody,
  skipWhitespace,
  TOKEN_FAILED,
  TOKEN_FAULT,
  TOKEN_FAULT_MESSAGE,
  TokenScan,
} from './scan-tokens.ts';
import { JsonNumber, type JsonObject, type JsonValue } from './value.ts';

/** Optional limits and tolerances; none is set by default (R-S2a: the reference reads any depth). */
export interface ParseOptions {
  /** Largest accepted input in bytes. */
  maxBytes?: number;
  /** Deepest accepted container nesting (a root container is depth 1). */
  maxDepth?: number;
  /** Most values accepted (every value counts one, containers included). */
  maxNodes?: number;
  /** Longest accepted string or member name, in UTF-8 bytes once its escapes are read. */
  maxStringBytes?: number;
  /**
   * Most UTF-8 bytes (escapes read) of every string and member name together, counted as they are
   * read (a repeated member's too): what the reader builds besides structure, held to a bound before
   * each string is built.
   */
  maxTextBytes?: number;
  /**
   * Read what only R-S1 refuses (the core profile): a leading byte-order mark is passed over, a
   * duplicate member replaces the earlier one (the last wins, keeping the first one's place), and an
   * escaped lone surrogate is kept as that code unit. Invalid UTF-8 and the RFC 8259 grammar are
   * refused either way. Off (strict) by default.
   */
  tolerant?: boolean;
  /**
   * Give every empty object and empty array the one shared, unchangeable {@link EMPTY_OBJECT} or
   * {@link EMPTY_ARRAY}, not a new one each: for a reader that only inspects what it parsed, 250,000
   * empty objects then cost 2 MB rather than 48. Off by default.
   */
  shareEmpty?: boolean;
}

/** A JSON object no one may change: every `set`, `delete` and `clear` throws. */
class UnchangeableObject extends Map<string, JsonValue> {
  override set(): this {
    throw new TypeError('a shared empty JSON object cannot be changed');
  }
  override delete(): boolean {
    throw new TypeError('a shared empty JSON object cannot be changed');
  }
  override clear(): void {
    throw new TypeError('a shared empty JSON object cannot be changed');
  }
}

/** The empty object a `shareEmpty` parse gives for every `{}`. */
export const EMPTY_OBJECT: JsonObject = Object.freeze(new UnchangeableObject());
/** The empty array a `shareEmpty` parse gives for every `[]` (frozen: pushing to it throws). */
export const EMPTY_ARRAY: JsonValue[] = Object.freeze([]) as unknown as JsonValue[];

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

/** Parses one complete JSON text. Whitespace (space, tab, LF, CR) may surround the value. */
export function parseJson(input: Uint8Array | string, options: ParseOptions = {}): Result<JsonValue> {
  if (typeof input === 'string' && !input.isWellFormed()) {
    // A JS string with a lone surrogate has no UTF-8 form to read, in either profile.
    return fail(formatError(JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT, 'text holds a lone surrogate', {}, profileFor('shared', JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT)));
  }
  const bytes = toBuffer(input);
  return new Parser(bytes, options).run();
}

function toBuffer(input: Uint8Array | string): Buffer {
  if (typeof input === 'string') return Buffer.from(input, 'utf8');
  return Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

/** What a step returns once it has recorded the parse's refusal. */
const FAILED: unique symbol = Symbol('failed');
/** What reading a value returns when it opened a container (its frame is pushed). */
const OPENED: unique symbol = Symbol('opened');

/**
 * One parse: the structure is driven here, every token is scanned by the shared toolkit
 * (scan-tokens.ts). A step that meets a fault records it and returns {@link FAILED}; nothing throws.
 */
class Parser {
  private pos = 0;
  private nodes = 0;
  private readonly stack: Frame[] = [];
  private readonly maxDepth: number;
  private readonly maxNodes: number;
  private readonly maxStringBytes: number;
  private readonly maxTextBytes: number;
  /** UTF-8 bytes of the strings and member names read so far (counted only under a text limit). */
  private textBytes = 0;
  private readonly tolerant: boolean;
  private readonly shareEmpty: boolean;
  private readonly tokens = new TokenScan();
  private failure: FormatError | undefined;

  constructor(
    private readonly bytes: Buffer,
    private readonly options: ParseOptions,
  ) {
    this.maxDepth = options.maxDepth ?? Infinity;
    this.maxNodes = options.maxNodes ?? Infinity;
    this.maxStringBytes = options.maxStringBytes ?? Infinity;
    this.maxTextBytes = options.maxTextBytes ?? Infinity;
    this.tolerant = options.tolerant ?? false;
    this.shareEmpty = options.shareEmpty ?? false;
  }

  run(): Result<JsonValue> {
    const { bytes } = this;
    if (this.options.maxBytes !== undefined && bytes.length > this.options.maxBytes) {
      return fail(this.error(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `input is ${bytes.length} bytes, over the limit of ${this.options.maxBytes}`, 0));
    }
    if (bytes.length >= 3 && bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) {
      // R-S1: a byte-order mark is refused; the core profile passes over it.
      if (!this.tolerant) return fail(this.error(JSON_CODES.BOM, JSON_RULES.STRICT, 'a byte-order mark starts the input', 0));
      this.pos = UTF8_BOM.length;
    }
    // R-S1: invalid UTF-8 anywhere is a refusal; validating once up front keeps the token scans simple.
    if (!isUtf8(bytes)) {
      const at = firstInvalidUtf8Offset(bytes);
      return fail(this.error(JSON_CODES.INVALID_UTF8, JSON_RULES.SYNTAX, 'the input is not well-formed UTF-8', at));
    }
    const value = this.parseDocument();
    return value === FAILED ? fail(this.failure!) : ok(value);
  }

  private parseDocument(): JsonValue | typeof FAILED {
    const { bytes, stack } = this;
    const end = bytes.length;
    // One loop, two states: read a value, then attach it to its container (or finish).
    for (;;) {
      this.pos = skipWhitespace(bytes, this.pos, end);
      const start = this.readValueStart();
      if (start === FAILED) return FAILED;
      if (start === OPENED) continue;
      let value: JsonValue = start;
      for (;;) {
        const top = stack[stack.length - 1];
        if (top === undefined) {
          this.pos = skipWhitespace(bytes, this.pos, end);
          if (this.pos !== end) return this.refuseSyntax('unexpected bytes after the value');
          return value;
        }
        if (top.array !== undefined) {
          top.array.push(value);
          this.pos = skipWhitespace(bytes, this.pos, end);
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
          return this.refuseSyntax("expected ',' or ']' in an array");
        }
        top.object.set(top.key, value);
        this.pos = skipWhitespace(bytes, this.pos, end);
        const c = bytes[this.pos];
        if (c === BYTE.COMMA) {
          this.pos++;
          if (this.readMemberName(top) === FAILED) return FAILED;
          break;
        }
        if (c === BYTE.RIGHT_BRACE) {
          this.pos++;
          stack.pop();
          value = top.object;
          continue;
        }
        return this.refuseSyntax("expected ',' or '}' in an object");
      }
    }
  }

  /** Reads a scalar, or opens a container (pushing a frame) and returns OPENED. */
  private readValueStart(): JsonValue | typeof OPENED | typeof FAILED {
    const { bytes } = this;
    const end = bytes.length;
    const c = bytes[this.pos];
    if (++this.nodes > this.maxNodes) return this.refuse(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `more than ${this.maxNodes} values`, this.pos);
    switch (c) {
      case BYTE.LEFT_BRACE: {
        if (this.stack.length + 1 > this.maxDepth) return this.refuseDepth();
        this.pos = skipWhitespace(bytes, this.pos + 1, end);
        if (bytes[this.pos] === BYTE.RIGHT_BRACE) {
          this.pos++;
          return this.shareEmpty ? EMPTY_OBJECT : new Map();
        }
        const object: JsonObject = new Map();
        const frame: ObjectFrame = { array: undefined, object, key: '' };
        this.stack.push(frame);
        return this.readMemberName(frame) === FAILED ? FAILED : OPENED;
      }
      case BYTE.LEFT_BRACKET: {
        if (this.stack.length + 1 > this.maxDepth) return this.refuseDepth();
        this.pos = skipWhitespace(bytes, this.pos + 1, end);
        if (bytes[this.pos] === BYTE.RIGHT_BRACKET) {
          this.pos++;
          return this.shareEmpty ? EMPTY_ARRAY : [];
        }
        const array: JsonValue[] = [];
        this.stack.push({ array, object: undefined, key: '' });
        return OPENED;
      }
      case BYTE.QUOTE:
        return this.readString();
      case BYTE.LOWER_T:
        return this.readLiteral(LITERAL_TRUE, true);
      case BYTE.LOWER_F:
        return this.readLiteral(LITERAL_FALSE, false);
      case BYTE.LOWER_N:
        return this.readLiteral(LITERAL_NULL, null);
      default: {
        if (c !== BYTE.MINUS && (c === undefined || c < BYTE.ZERO || c > BYTE.NINE)) {
          return this.refuseSyntax(c === undefined ? 'unexpected end of input, expected a value' : 'expected a value');
        }
        // R-S2: the lexeme is kept exactly.
        const start = this.pos;
        const after = scanNumber(bytes, start, end, this.tokens);
        if (after === TOKEN_FAILED) return this.refuseToken();
        this.pos = after;
        return new JsonNumber(decodePlainBody(bytes, start, after, 0));
      }
    }
  }

  /** Reads `"name" :` (whitespace before it included) into the frame's key; refuses a duplicate member (R-S1). */
  private readMemberName(frame: ObjectFrame): typeof FAILED | undefined {
    const { bytes } = this;
    this.pos = skipWhitespace(bytes, this.pos, bytes.length);
    if (bytes[this.pos] !== BYTE.QUOTE) return this.refuseSyntax('expected a member name');
    const at = this.pos;
    const key = this.readString(true);
    if (key === FAILED) return FAILED;
    frame.key = key;
    // R-S1: a duplicate member is refused; the core profile lets the later one replace it.
    if (!this.tolerant && frame.object.has(key)) return this.refuse(JSON_CODES.DUPLICATE_MEMBER, JSON_RULES.STRICT, `duplicate member ${JSON.stringify(key)}`, at, key);
    this.pos = skipWhitespace(bytes, this.pos, bytes.length);
    if (bytes[this.pos] !== BYTE.COLON) return this.refuseSyntax("expected ':' after a member name");
    this.pos++;
    return undefined;
  }

  private readLiteral(word: readonly number[], value: boolean | null): boolean | null | typeof FAILED {
    const after = scanLiteral(this.bytes, this.pos, this.bytes.length, word, this.tokens);
    if (after === TOKEN_FAILED) return this.refuseToken();
    this.pos = after;
    return value;
  }

  /**
   * Reads a string token starting at the opening quote (UTF-8 was validated up front); a member name
   * when `name`. Under a string or text limit its length is measured before it is built.
   */
  private readString(name = false): string | typeof FAILED {
    const { bytes } = this;
    const quote = this.pos;
    const start = quote + 1;
    // R-S1: an escaped lone surrogate is refused unless tolerated (core).
    const close = scanStringBody(bytes, start, bytes.length, this.tokens, this.tolerant);
    if (close === TOKEN_FAILED) return this.refuseToken();
    const { flags } = this.tokens;
    if (this.maxStringBytes !== Infinity || this.maxTextBytes !== Infinity) {
      const size = measureStringBody(bytes, start, close, flags);
      const what = name ? 'a member name' : 'a string';
      // JSON-LIMIT-1: the string is refused where it starts, before it is built; a name's place is its object's.
      if (size > this.maxStringBytes) return this.refuse(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `${what} of ${size} bytes, over the limit of ${this.maxStringBytes}`, quote, undefined, name);
      this.textBytes += size;
      if (this.textBytes > this.maxTextBytes) {
        return this.refuse(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `${what} that takes the text read to ${this.textBytes} bytes, over the limit of ${this.maxTextBytes}`, quote, undefined, name);
      }
    }
    this.pos = close + 1;
    return decodeStringBody(bytes, start, close, flags);
  }

  /** The refusal of the token scan that just failed: a lone surrogate is R-S1's, any other fault the grammar's. */
  private refuseToken(): typeof FAILED {
    const { fault, faultAt } = this.tokens;
    this.pos = faultAt;
    const message = TOKEN_FAULT_MESSAGE[fault];
    if (fault === TOKEN_FAULT.LONE_SURROGATE) return this.refuse(JSON_CODES.LONE_SURROGATE, JSON_RULES.STRICT, message, faultAt);
    return this.refuse(JSON_CODES.SYNTAX, JSON_RULES.SYNTAX, message, faultAt);
  }

  private refuseDepth(): typeof FAILED {
    return this.refuse(JSON_CODES.LIMIT_EXCEEDED, JSON_RULES.LIMITS, `nesting deeper than ${this.maxDepth}`, this.pos);
  }

  private refuseSyntax(message: string): typeof FAILED {
    return this.refuse(JSON_CODES.SYNTAX, JSON_RULES.SYNTAX, message, this.pos);
  }

  /**
   * Records the parse's one refusal (the first fault in byte order) and returns {@link FAILED}. With
   * `inName`, the fault is in a member name not yet read: the pointer is its object's.
   */
  private refuse(code: string, requirement: string, message: string, at: number, member?: string, inName = false): typeof FAILED {
    this.failure = this.error(code, requirement, message, at, member, inName);
    return FAILED;
  }

  private error(code: string, requirement: string, message: string, at: number, member?: string, inName = false): FormatError {
    const { line, column } = lineAndColumn(this.bytes, at);
    const location = { line, column, byteOffset: at, pointer: this.pointer(inName), ...(member !== undefined ? { member } : {}) };
    return formatError(code, requirement, message, location, profileFor('shared', code, requirement));
  }

  /** JSON pointer of the value being read when a refusal happened (of the innermost container, `inName`). */
  private pointer(inName = false): string {
    let p = '';
    const { stack } = this;
    const last = inName ? stack.length - 1 : stack.length;
    for (let i = 0; i < last; i++) {
      const frame = stack[i]!;
      p = appendPointer(p, frame.array !== undefined ? frame.array.length : frame.key);
    }
    return p;
  }
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
