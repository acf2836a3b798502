#!/usr/bin/env node
// A starter testee for formcert: journal.read in both protocol modes, plain Node.js, no dependencies.
//
//   node journal-starter.mjs journal.read <input>   # exec mode, one process per case
//   node journal-starter.mjs --persistent           # persistent mode, JSON lines on stdin/stdout
//
// The protocol is spec/protocol/README.md (version 1.1); the journal rules are spec/journal/README.md.
// Copy this file, replace readJournal() with a call into your own reader, keep the protocol code.
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const EXIT = { ACCEPT: 0, REJECT: 1, USAGE: 2, SKIP: 4 };
const IMPLEMENTATION = { name: 'journal-starter-javascript', version: '1.0.0', language: 'javascript' };
const UNSIGNED = /^(?:0|[1-9][0-9]*)$/;
const SIGNED = /^-?(?:0|[1-9][0-9]*)$/;
const OWNER = /^[a-z][a-z0-9.-]*$/;
const MAX_U64 = 2n ** 64n - 1n;
const MIN_I64 = -(2n ** 63n);
const MAX_I64 = 2n ** 63n - 1n;
const FRAME_LIMIT = 8_388_608;
const PAYLOAD_BUDGET = 4_194_304;
const FIELD_LIMIT = 1024;
const MAX_RECORDS = 256;
const ENTRY_MEMBERS = ['position', 'kind', 'id', 'version', 'metadata', 'payload'];
const METADATA_MEMBERS = ['principal', 'correlation', 'causation', 'request', 'link', 'at_us'];

/** The input breaks a rule; `code` is the formcert error code. */
class Refused extends Error {
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/** A JSON number kept as its exact lexeme (R-S2): 1.0 is not 1, and nothing is rounded. */
class JsonNumber {
  constructor(lexeme) {
    this.lexeme = lexeme;
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const ESCAPES = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Parses one line strictly (JSON-SYNTAX-1, R-S1): numbers stay lexemes, objects are Maps in member
 * order, duplicate members and lone surrogates are refused, only space and tab separate tokens. The
 * line is read in order and its first fault is the one refused.
 */
function parseLine(text) {
  let at = 0;
  const syntax = (why) => new Refused('JSON_SYNTAX', `${why} at character ${at}`);
  const skipSpace = () => {
    while (text[at] === ' ' || text[at] === '\t') at++;
  };
  const parseString = () => {
    at++; // the opening quote
    let out = '';
    for (;;) {
      const c = text[at];
      if (c === undefined) throw syntax('unterminated string');
      if (c === '"') break;
      if (c < ' ') throw syntax('raw control character in a string');
      if (c !== '\\') {
        out += c;
        at++;
        continue;
      }
      const e = text[at + 1];
      if (e in ESCAPES) {
        out += ESCAPES[e];
        at += 2;
        continue;
      }
      const unit = unicodeEscapeAt(at);
      at += 6;
      // R-S1: a surrogate escape must be a high one followed at once by an escaped low one. The fault is
      // found here, in text order, so it wins over any grammar fault later in the line.
      if (unit >= 0xdc00 && unit <= 0xdfff) throw loneSurrogate();
      if (unit >= 0xd800 && unit <= 0xdbff) {
        // Only another \u escape can pair it; a broken one is the grammar fault that comes first.
        if (text[at] !== '\\' || text[at + 1] !== 'u') throw loneSurrogate();
        const low = unicodeEscapeAt(at);
        if (low < 0xdc00 || low > 0xdfff) throw loneSurrogate();
        out += String.fromCharCode(unit, low);
        at += 6;
        continue;
      }
      out += String.fromCharCode(unit);
    }
    at++;
    return out;
  };
  /** The code unit of the \u escape at `i` (a backslash, `u`, four hex digits), or a JSON_SYNTAX refusal. */
  const unicodeEscapeAt = (i) => {
    const hex = text.slice(i + 2, i + 6);
    if (text[i + 1] !== 'u' || !/^[0-9a-fA-F]{4}$/.test(hex)) throw syntax('bad escape');
    return parseInt(hex, 16);
  };
  const loneSurrogate = () => new Refused('JSON_LONE_SURROGATE', `a \\u escape names a lone surrogate at character ${at}`);
  const parseValue = () => {
    skipSpace();
    const c = text[at];
    if (c === '{') {
      at++;
      const members = new Map();
      skipSpace();
      if (text[at] === '}') {
        at++;
        return members;
      }
      for (;;) {
        skipSpace();
        if (text[at] !== '"') throw syntax('expected a member name');
        const name = parseString();
        // R-S1: the repeated name is the fault, before anything its value holds.
        if (members.has(name)) throw new Refused('JSON_DUPLICATE_MEMBER', `member ${JSON.stringify(name)} appears twice`);
        skipSpace();
        if (text[at++] !== ':') throw syntax('expected ":"');
        members.set(name, parseValue());
        skipSpace();
        if (text[at] === ',') at++;
        else if (text[at++] === '}') return members;
        else throw syntax('expected "," or "}"');
      }
    }
    if (c === '[') {
      at++;
      const items = [];
      skipSpace();
      if (text[at] === ']') {
        at++;
        return items;
      }
      for (;;) {
        items.push(parseValue());
        skipSpace();
        if (text[at] === ',') at++;
        else if (text[at++] === ']') return items;
        else throw syntax('expected "," or "]"');
      }
    }
    if (c === '"') return parseString();
    for (const [word, value] of [['true', true], ['false', false], ['null', null]]) {
      if (text.startsWith(word, at)) {
        at += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = at;
    const m = NUMBER.exec(text);
    if (!m) throw syntax('expected a value');
    at += m[0].length;
    return new JsonNumber(m[0]);
  };
  let value;
  try {
    value = parseValue();
  } catch (e) {
    // Nesting deeper than the stack allows: the format leaves it to the reader (R-S2a).
    if (e instanceof RangeError) throw new Refused('LIMIT_EXCEEDED', 'nesting too deep for this reader');
    throw e;
  }
  skipSpace();
  if (at !== text.length) throw syntax('bytes after the value');
  return value;
}

const isString = (v) => typeof v === 'string';

function unsigned(value, what) {
  if (!(value instanceof JsonNumber)) throw new Refused('WRONG_TYPE', `${what} must be an integer`);
  if (!UNSIGNED.test(value.lexeme) || BigInt(value.lexeme) > MAX_U64) {
    throw new Refused('INVALID_INTEGER', `${what} must be an unsigned 64-bit integer`);
  }
  return BigInt(value.lexeme);
}

function closed(obj, members, what) {
  // A line or a frame's entry that is no object is NOT_AN_OBJECT (JRN-LINE-1, JRN-ENT-1); a member
  // that should hold an object and holds another type is WRONG_TYPE.
  if (!(obj instanceof Map)) throw new Refused(what === 'line' || what === 'entry' ? 'NOT_AN_OBJECT' : 'WRONG_TYPE', `${what} must be an object`);
  for (const name of obj.keys()) {
    if (!members.includes(name)) {
      throw new Refused(what === 'metadata' && name === 'at' ? 'RETIRED_MEMBER' : 'UNKNOWN_MEMBER', `${what} has a member ${JSON.stringify(name)} it may not have`);
    }
  }
  for (const name of members) if (!obj.has(name)) throw new Refused('MISSING_MEMBER', `${what} lacks ${JSON.stringify(name)}`);
}

function optionalText(value, what) {
  if (value === null) return;
  if (!isString(value)) throw new Refused('WRONG_TYPE', `${what} must be a string or null`);
  if (Buffer.byteLength(value, 'utf8') > FIELD_LIMIT) throw new Refused('FIELD_TOO_LONG', `${what} is longer than 1,024 bytes`);
}

/** R-J7: ids starting harmos: are facts of three shapes, each a Record of byte values. */
function checkReserved(entry) {
  const id = entry.get('id');
  if (!id.startsWith('harmos:')) return;
  let shapeOk = false;
  for (const prefix of ['harmos:work/', 'harmos:sidecar/', 'harmos:guest/']) {
    if (!id.startsWith(prefix)) continue;
    const rest = id.slice(prefix.length);
    const slash = rest.indexOf('/');
    const owner = slash < 0 ? rest : rest.slice(0, slash);
    shapeOk = owner !== '' && slash >= 0 && rest.slice(slash + 1) !== '' && (prefix !== 'harmos:sidecar/' || OWNER.test(owner));
  }
  if (!shapeOk) throw new Refused('RESERVED_NAMESPACE', `${JSON.stringify(id)} is a reserved id of no known shape`);
  if (entry.get('kind') !== 'Record') throw new Refused('RESERVED_KIND', 'a reserved fact is a Record');
  const payload = entry.get('payload');
  const isByte = (b) => b instanceof JsonNumber && UNSIGNED.test(b.lexeme) && BigInt(b.lexeme) <= 255n;
  if (!Array.isArray(payload) || !payload.every(isByte)) throw new Refused('RESERVED_PAYLOAD', "a reserved fact's payload is an array of bytes");
}

/** One entry and its metadata (JRN-ENT-1..3, JRN-MD-1, R-J5); returns its position. */
function checkEntry(entry) {
  closed(entry, ENTRY_MEMBERS, 'entry');
  const position = unsigned(entry.get('position'), 'position');
  if (position < 1n) throw new Refused('INVALID_POSITION', 'positions start at 1');
  const kind = entry.get('kind');
  if (!isString(kind)) throw new Refused('WRONG_TYPE', 'kind must be a string');
  if (kind !== 'Transaction' && kind !== 'Record') throw new Refused('INVALID_KIND', 'kind must be Transaction or Record');
  if (!isString(entry.get('id'))) throw new Refused('WRONG_TYPE', 'id must be a string');
  if (entry.get('id') === '') throw new Refused('EMPTY_ID', 'id may not be empty');
  unsigned(entry.get('version'), 'version');
  const meta = entry.get('metadata');
  closed(meta, METADATA_MEMBERS, 'metadata');
  optionalText(meta.get('principal'), 'principal');
  const correlation = unsigned(meta.get('correlation'), 'correlation');
  if (correlation < 1n || correlation > position) throw new Refused('INVALID_CORRELATION', 'correlation must lie in [1, position]');
  if (meta.get('causation') !== null) {
    const causation = unsigned(meta.get('causation'), 'causation');
    if (causation < 1n || causation >= position) throw new Refused('INVALID_CAUSATION', 'causation must lie in [1, position)');
  }
  optionalText(meta.get('request'), 'request');
  const link = meta.get('link');
  if (link !== null) {
    // A link of another JSON type holds a type it may not hold; INVALID_LINK is for an object link.
    if (!(link instanceof Map)) throw new Refused('WRONG_TYPE', 'a link is null or an object');
    for (const name of link.keys()) if (name !== 'UndoOf' && name !== 'RedoOf') throw new Refused('UNKNOWN_MEMBER', 'a link names UndoOf or RedoOf only');
    if (link.size !== 1) throw new Refused('INVALID_LINK', 'a link has exactly one of UndoOf and RedoOf');
    const target = unsigned([...link.values()][0], 'link target');
    if (target < 1n || target >= position) throw new Refused('INVALID_LINK', 'a link target must lie in [1, position)');
  }
  const atUs = meta.get('at_us');
  if (!(atUs instanceof JsonNumber)) throw new Refused('WRONG_TYPE', 'at_us must be an integer');
  if (!SIGNED.test(atUs.lexeme) || atUs.lexeme === '-0' || BigInt(atUs.lexeme) < MIN_I64 || BigInt(atUs.lexeme) > MAX_I64) {
    throw new Refused('INVALID_INTEGER', 'at_us must be a signed 64-bit integer');
  }
  checkReserved(entry);
  return position;
}

/** The compact form of a parsed value: no whitespace, lexemes kept, minimal escapes (R-J6, R-J8). */
function compact(value) {
  if (value instanceof JsonNumber) return value.lexeme;
  if (value instanceof Map) return `{${[...value].map(([k, v]) => `${JSON.stringify(k)}:${compact(v)}`).join(',')}}`;
  if (Array.isArray(value)) return `[${value.map(compact).join(',')}]`;
  return JSON.stringify(value);
}

/** A group frame (R-J6): returns its entries. */
function checkGroup(frame, lineBytes) {
  if (lineBytes > FRAME_LIMIT) throw new Refused('FRAME_TOO_LARGE', 'a frame line is at most 8 MiB');
  closed(frame, ['group', 'first', 'frontier', 'entries'], 'group frame');
  if (!(frame.get('group') instanceof JsonNumber)) throw new Refused('WRONG_TYPE', 'group must be an integer');
  if (frame.get('group').lexeme !== '1') throw new Refused('UNSUPPORTED_GROUP_VERSION', 'group must be 1');
  const first = unsigned(frame.get('first'), 'first');
  const frontier = unsigned(frame.get('frontier'), 'frontier');
  const entries = frame.get('entries');
  if (!Array.isArray(entries)) throw new Refused('WRONG_TYPE', 'entries must be an array');
  if (entries.length === 0) throw new Refused('EMPTY_GROUP', 'a group holds at least its transaction');
  if (entries.length > MAX_RECORDS + 1) throw new Refused('GROUP_TOO_LARGE', 'a group holds at most 256 records');
  let previous;
  entries.forEach((entry, index) => {
    const position = checkEntry(entry);
    if ((entry.get('kind') === 'Transaction') !== (index === 0)) throw new Refused('GROUP_SHAPE', 'a group is one Transaction followed by Records');
    if (index > 0) {
      if (position !== previous + 1n) throw new Refused(position > previous ? 'POSITION_GAP' : 'POSITION_NOT_ASCENDING', 'positions inside a group are contiguous');
      const tm = entries[0].get('metadata');
      const rm = entry.get('metadata');
      const same = (name) => compact(rm.get(name)) === compact(tm.get(name));
      if (!same('principal') || !same('correlation') || !same('at_us') || compact(rm.get('causation')) !== compact(entries[0].get('position')) || rm.get('request') !== null || rm.get('link') !== null) {
        throw new Refused('RECORD_METADATA_MISMATCH', "a record repeats its transaction's witness");
      }
    }
    previous = position;
  });
  const budget = entries.reduce((sum, e) => sum + Buffer.byteLength(compact(e.get('payload')), 'utf8'), 0);
  if (budget > PAYLOAD_BUDGET) throw new Refused('PAYLOAD_BUDGET_EXCEEDED', "a group's payloads exceed 4 MiB");
  if (first !== unsigned(entries[0].get('position'), 'position') || frontier !== previous) throw new Refused('FRAME_BOUNDS', 'first and frontier must match the entries');
  return entries;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The line-level rules of R-J1, in the order JRN-ORD-1 gives: CR, blank, UTF-8. */
function decodeLine(raw, number) {
  if (raw.includes(0x0d)) throw new Refused('CARRIAGE_RETURN', `line ${number} holds a CR`);
  if (raw.every((b) => b === 0x20 || b === 0x09)) throw new Refused('BLANK_LINE', `line ${number} is blank`);
  try {
    return utf8.decode(raw);
  } catch {
    throw new Refused('JSON_INVALID_UTF8', `line ${number} is not UTF-8`);
  }
}

function checkHeader(value) {
  if (!(value instanceof Map)) throw new Refused('NOT_AN_OBJECT', 'the header is not an object');
  // The schema is judged first: a file of another version is refused for its version (JRN-HDR-1).
  if (value.has('schema')) {
    const schema = unsigned(value.get('schema'), 'schema');
    if (schema === 1n) throw new Refused('RETIRED_SCHEMA', 'schema 1 is retired');
    if (schema !== 2n && schema !== 3n) throw new Refused('UNSUPPORTED_SCHEMA', `schema ${schema} is not supported`);
  }
  closed(value, ['schema', 'generation', 'origin'], 'header');
  unsigned(value.get('generation'), 'generation');
  unsigned(value.get('origin'), 'origin');
  return { schema: Number(value.get('schema').lexeme), generation: value.get('generation'), origin: value.get('origin') };
}

/** Reads a journal file (spec/journal): the observation of spec/protocol as JSON text, or throws Refused. */
function readJournal(data) {
  if (data.length === 0) throw new Refused('EMPTY_FILE', 'the file is empty');
  // The byte-order mark is decided by the first three bytes, the missing LF only at the end of the
  // file: the mark comes first in file order (JRN-ORD-1).
  if (data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) throw new Refused('JSON_BOM', 'the file starts with a byte-order mark');
  const lastLf = data.lastIndexOf(0x0a);
  if (lastLf < 0) throw new Refused('UNTERMINATED_HEADER', 'the header line must end with LF');
  const lines = [];
  for (let start = 0; start <= lastLf; ) {
    const end = data.indexOf(0x0a, start);
    lines.push(data.subarray(start, end));
    start = end + 1;
  }
  let tail = data.subarray(lastLf + 1);
  const header = checkHeader(parseLine(decodeLine(lines[0], 1)));
  // In version 3 the bytes after the last LF are a torn tail (R-J3); in version 2 they are a line.
  if (header.schema === 2 && tail.length > 0) {
    lines.push(tail);
    tail = tail.subarray(tail.length);
  }
  const origin = BigInt(header.origin.lexeme);
  const entries = [];
  let expected;
  for (let i = 1; i < lines.length; i++) {
    const number = i + 1;
    const text = decodeLine(lines[i], number);
    let value;
    try {
      value = parseLine(text);
    } catch (e) {
      const cutV2 = header.schema === 2 && i === lines.length - 1 && data[data.length - 1] !== 0x0a;
      if (cutV2 && e instanceof Refused && e.code === 'JSON_SYNTAX') throw new Refused('UNTERMINATED_V2_LINE', 'the last v2 line is cut off');
      throw e;
    }
    if (!(value instanceof Map)) throw new Refused('NOT_AN_OBJECT', `line ${number} is not an object`);
    let lineEntries;
    if (value.has('group')) {
      if (header.schema === 2) throw new Refused('GROUP_IN_V2', 'a version 2 file holds no group frames');
      lineEntries = checkGroup(value, lines[i].length);
    } else {
      checkEntry(value);
      lineEntries = [value];
    }
    const first = BigInt(lineEntries[0].get('position').lexeme);
    const last = BigInt(lineEntries[lineEntries.length - 1].get('position').lexeme);
    if (expected === undefined ? first > origin + 1n : first !== expected) {
      throw new Refused(expected === undefined || first > expected ? 'POSITION_GAP' : 'POSITION_NOT_ASCENDING', `line ${number} breaks the position order`);
    }
    if (first <= origin && origin < last) throw new Refused('ORIGIN_INSIDE_GROUP', 'origin falls inside a group');
    expected = last + 1n;
    entries.push(...lineEntries.filter((e) => BigInt(e.get('position').lexeme) > origin));
  }
  const frontier = expected !== undefined && expected - 1n > origin ? expected - 1n : origin;
  const entryText = (e) =>
    `{${ENTRY_MEMBERS.map((m) =>
      m === 'metadata'
        ? `"metadata":{${METADATA_MEMBERS.map((k) => `"${k}":${compact(e.get('metadata').get(k))}`).join(',')}}`
        : `"${m}":${compact(e.get(m))}`,
    ).join(',')}}`;
  return (
    `{"schema":${header.schema},"generation":${header.generation.lexeme},"origin":${header.origin.lexeme},` +
    `"frontier":${frontier},"tornTailBytes":${tail.length},"entries":[${entries.map(entryText).join(',')}]}`
  );
}

/** One case: accept with the observation text, reject with a code, or skip. */
function run(op, path) {
  if (op !== 'journal.read') return { skip: 'this starter serves journal.read only' };
  try {
    return { accept: readJournal(readFileSync(path)) };
  } catch (e) {
    if (e instanceof Refused) return { reject: e.code, message: e.message };
    throw e; // a bug of this testee: never a verdict
  }
}

/** Exec mode (v1.1): exit 0 with the observation, or print `code: <CODE>` first and exit 1. */
function runExec(op, path) {
  const outcome = run(op, path);
  if ('accept' in outcome) {
    process.stdout.write(`${outcome.accept}\n`);
    return EXIT.ACCEPT;
  }
  if ('reject' in outcome) {
    process.stdout.write(`code: ${outcome.reject}\n${outcome.message}\n`);
    return EXIT.REJECT;
  }
  process.stdout.write(`${outcome.skip}\n`);
  return EXIT.SKIP;
}

/** Persistent mode: one JSON request per stdin line, one JSON reply per stdout line. */
async function runPersistent() {
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    const request = JSON.parse(line);
    let reply;
    if (request.cmd === 'start') {
      reply = JSON.stringify({ protocol: 1, implementation: IMPLEMENTATION, ops: { 'journal.read': { observe: true } } });
    } else if (request.cmd === 'run') {
      const { seq } = request;
      try {
        const outcome = run(request.op, request.input);
        if ('accept' in outcome) reply = `{"seq":${seq},"accept":true,"observation":${outcome.accept}}`;
        else if ('reject' in outcome) reply = JSON.stringify({ seq, accept: false, code: outcome.reject, message: outcome.message });
        else reply = JSON.stringify({ seq, skipped: outcome.skip });
      } catch (e) {
        reply = JSON.stringify({ seq, errored: String(e) });
      }
    } else {
      return EXIT.ACCEPT; // stop
    }
    process.stdout.write(`${reply}\n`);
  }
  return EXIT.ACCEPT;
}

const args = process.argv.slice(2);
if (args.length === 1 && args[0] === '--persistent') process.exitCode = await runPersistent();
else if (args.length === 2) process.exitCode = runExec(args[0], args[1]);
else {
  process.stderr.write('usage: journal-starter.mjs (journal.read <input> | --persistent)\n');
  process.exitCode = EXIT.USAGE;
}
