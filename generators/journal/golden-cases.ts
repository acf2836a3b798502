/**
 * Golden case sources for the journal ops: hand-written recipes per requirement id (accepted and
 * rejected wherever both exist) plus seeded generated histories and their mutations. Deterministic:
 * fixed seeds only. Expectations come from the rules (and the mutators' declarations), never from
 * running the oracle.
 */
import fc from 'fast-check';
import type { Profile } from '../../src/shared/errors.ts';
import type { JsonValue } from '../../src/shared/json/value.ts';
import type { OpName } from '../../src/shared/ops.ts';
import { caseId, type CaseSpec, type DeclaredExpectation } from '../../src/shared/vectors.ts';
import { loadEditCases } from '../edit-cases.ts';
import { largeFrameCases } from './large-frame-cases.ts';
import { makeEntry, makeFrame, makeGroup, type EntryOverrides } from './_internals/entries.ts';
import { renderJson } from './_internals/render.ts';
import { n, sampleBytes } from './_internals/sample.ts';
import { journalHistory } from './journal-history.ts';
import { JOURNAL_MUTATORS } from './mutators.ts';

const H3 = '{"schema":3,"generation":0,"origin":0}\n';
const H2 = '{"schema":2,"generation":0,"origin":0}\n';
const header = (schema: number | string, generation: number | string, origin: number | string) => `{"schema":${schema},"generation":${generation},"origin":${origin}}\n`;
/** A standalone entry line (LF included). */
const E = (p: number | string | bigint, o: EntryOverrides = {}) => renderJson(makeEntry(p, o)) + '\n';
/** A group line of a transaction at `first` and `records` records (LF included). */
const G = (first: number | bigint, records: number | readonly EntryOverrides[] = 0, tx: EntryOverrides = {}) => renderJson(makeFrame(makeGroup(first, records, tx))) + '\n';
/** Edits the JSON text of one generated line (for breaking exactly one member). */
const edit = (line: string, from: string, to: string) => {
  if (!line.includes(from)) throw new Error(`recipe edit: ${from} not in ${line}`);
  return line.replace(from, to);
};

const accept: DeclaredExpectation = { verdict: 'accept' };
const reject = (code: string): DeclaredExpectation => ({ verdict: 'reject', code });

type Recipe = [name: string, op: OpName, profile: Profile, requirements: string[], input: string | Uint8Array, expect: DeclaredExpectation, note: string];

const read = (name: string, profile: Profile, reqs: string[], input: string | Uint8Array, expect: DeclaredExpectation, note: string): Recipe => [name, 'journal.read', profile, reqs, input, expect, note];

/** The journal.append input for a journal text and a group of entries. */
function appendInput(journal: string | Uint8Array, group: JsonValue[] | string): string {
  const b64 = Buffer.from(typeof journal === 'string' ? Buffer.from(journal, 'utf8') : journal).toString('base64');
  return `{"journal":"${b64}","group":${typeof group === 'string' ? group : renderJson(group)}}`;
}
const append = (name: string, profile: Profile, reqs: string[], input: string, expect: DeclaredExpectation, note: string): Recipe => [name, 'journal.append', profile, reqs, input, expect, note];
const track = (name: string, profile: Profile, reqs: string[], input: string | Uint8Array, expect: DeclaredExpectation, note: string): Recipe => [name, 'journal.track-key', profile, reqs, input, expect, note];

/**
 * The journal.append input with `journal`'s base64 spelled another way by `respell` (JRN-OP-1 asks
 * for the canonical padded form: RFC 4648 §4 alphabet, `=` padding, zero bits after the last byte).
 */
function appendInputSpelled(journal: string, group: JsonValue[], respell: (canonical: string) => string): string {
  const canonical = Buffer.from(journal, 'utf8').toString('base64');
  const spelled = respell(canonical);
  if (spelled === canonical || !Buffer.from(spelled, 'base64').equals(Buffer.from(journal, 'utf8'))) throw new Error('recipe: the respelling must decode leniently to the same bytes');
  return `{"journal":${JSON.stringify(spelled)},"group":${renderJson(group)}}`;
}
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** Sets the lowest bit of the last base64 digit before the padding: a bit after the last byte. */
const setPadBit = (b64: string) => {
  const at = b64.replace(/=+$/, '').length - 1;
  return b64.slice(0, at) + B64[B64.indexOf(b64[at]!) | 1] + b64.slice(at + 1);
};
/** Every member of an entry, and of its metadata, in reverse of the canonical order (R-J8). */
const reversedMembers = (entry: Map<string, JsonValue>) =>
  new Map([...entry].reverse().map(([k, v]): [string, JsonValue] => [k, k === 'metadata' ? new Map([...(v as Map<string, JsonValue>)].reverse()) : v]));
const H3_PAD2 = header(3, 0, 10); // 40 bytes: base64 ends in "=="
const H3_PAD1 = header(3, 0, 100); // 41 bytes: base64 ends in "="

const TOO_LONG = 'é'.repeat(512) + 'x'; // 1,025 UTF-8 bytes
const EDGE = 'é'.repeat(511) + 'xy'; // 1,024 UTF-8 bytes
const U64 = '18446744073709551615';

/**
 * A frame whose payload spends the held-name budget on 66,000 three-character names of printable ASCII,
 * then holds an object naming `k7680d84d8624ef65` and `kcad80bb137fdd773`, whose member-name digests
 * share their last 64 bits (spec/journal, Reader limits: a long object's names are kept as digests);
 * the entry also carries an unknown member, whose refusal comes after the JSON text's (JRN-ORD-1).
 */
function digestNearCollision(): string {
  const alphabet = Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)).filter((c) => c !== '"' && c !== '\\');
  const names = alphabet.flatMap((a) => alphabet.flatMap((b) => alphabet.map((c) => a + b + c))).slice(0, 66_000);
  const payload = `{${names.map((n) => `${JSON.stringify(n)}:0`).join(',')},"z":{"k7680d84d8624ef65":0,"p0":0,"kcad80bb137fdd773":0}}`;
  const metadata = '{"principal":null,"correlation":8,"causation":null,"request":null,"link":null,"at_us":0}';
  return `{"schema":3,"generation":0,"origin":7}\n{"group":1,"first":8,"frontier":8,"entries":[{"position":8,"kind":"Transaction","id":"ledger.deposit","version":1,"metadata":${metadata},"payload":${payload},"x":0}]}\n`;
}

function recipes(): Recipe[] {
  return [
    // R-J1 the file
    read('file-header-only', 'core', ['R-J1', 'JRN-HDR-1'], H3, accept, 'a header and nothing else is an empty history'),
    read('file-feff-inside-string', 'strict', ['R-J1'], H3 + E(1, { principal: '\ufeffalice' }), accept, 'U+FEFF inside a string is an ordinary character'),
    read('file-empty', 'strict', ['R-J1'], '', reject('EMPTY_FILE'), 'no bytes, no header'),
    read('file-crlf-header', 'core', ['R-J1'], H3.replace('\n', '\r\n'), reject('CARRIAGE_RETURN'), 'CRLF is not the wire'),
    read('file-crlf-entry', 'core', ['R-J1'], H3 + E(1).replace('\n', '\r\n'), reject('CARRIAGE_RETURN'), 'a line ending in CR is refused, not stripped'),
    read('file-cr-in-string-escape-free', 'core', ['R-J1'], H3 + E(1, { principal: 'a\rb' }).replace('\\r', '\r'), reject('CARRIAGE_RETURN'), 'a raw CR byte anywhere is refused'),
    read('file-bom', 'strict', ['R-J1'], '\ufeff' + H3, reject('JSON_BOM'), 'a byte-order mark at the start is refused'),
    // JRN-ORD-1 on the header line too: its bytes (CR, blank) are judged before its JSON text (the
    // independent Python reader parsed the header first; found by hunt-witnesses).
    read('header-cr-in-member-name', 'core', ['R-J1', 'JRN-ORD-1'], '{"s\rchema":3,"generation":0,"origin":0}\n', reject('CARRIAGE_RETURN'), 'a raw CR inside the header\'s member name: the CR rule comes before the JSON text'),
    read('header-blank', 'strict', ['R-J1', 'JRN-ORD-1'], '\n' + H3, reject('BLANK_LINE'), 'an empty first line is a blank line, refused as such, not as a header that is no JSON'),
    read('header-blank-whitespace', 'strict', ['R-J1', 'JRN-ORD-1'], ' \t\n' + H3, reject('BLANK_LINE'), 'a first line of a space and a tab is a blank line, refused as such, not as a header that is no JSON'),
    // JRN-ORD-1: the mark is decided by the first three bytes, a missing LF only at the end of the file.
    read('file-bom-alone', 'strict', ['R-J1', 'JRN-ORD-1'], '\ufeff', reject('JSON_BOM'), 'a file of a byte-order mark alone: the mark comes before the missing LF in file order'),
    read('file-bom-header-unterminated', 'strict', ['R-J1', 'R-J3', 'JRN-ORD-1'], '\ufeff' + H3.trimEnd(), reject('JSON_BOM'), 'a byte-order mark before a header without its LF: the mark comes first in file order'),
    // Found by review of read-journal.ts survivors: a file's first bytes and an unterminated last line, read whole, in pieces and in chunks.
    read('file-bom-on-second-line', 'core', ['R-J1', 'JRN-LINE-1'], H3 + '\ufeff' + E(1), reject('JSON_SYNTAX'), 'a byte-order mark at the start of a later line is no mark, and no JSON'),
    ...(
      [
        ['e0-bb-bf', [0xe0, 0xbb, 0xbf]],
        ['ef-80-bf', [0xef, 0x80, 0xbf]],
        ['ef-bb-80', [0xef, 0xbb, 0x80]],
      ] as const
    ).map(([name, lead]) => read(`file-near-bom-${name}`, 'core', ['R-J1', 'JRN-HDR-1'], Buffer.concat([Buffer.from(lead), Buffer.from(H3)]), reject('JSON_SYNTAX'), `a valid UTF-8 character one byte away from the byte-order mark (${name}) before the header: no mark, and no JSON`)),
    read('file-cr-before-header', 'core', ['R-J1'], '\r' + H3, reject('CARRIAGE_RETURN'), 'a CR as the file\'s first byte'),
    read('line-invalid-utf8-first-byte', 'core', ['R-S1', 'JRN-LINE-1'], Buffer.concat([Buffer.from(H3), Buffer.of(0xff), Buffer.from('abcdefghijklmnopqrstuvwxyz\n')]), reject('JSON_INVALID_UTF8'), 'a line whose first byte is no UTF-8, long enough to be scanned in chunks'),
    read('v2-unterminated-close-brace', 'core', ['R-J3'], H2 + '}', reject('UNTERMINATED_V2_LINE'), 'a final v2 line without LF is refused as unterminated, whatever it holds'),
    read('v2-unterminated-close-brace-long', 'core', ['R-J3'], H2 + '}' + 'a'.repeat(80), reject('UNTERMINATED_V2_LINE'), 'the same, long enough to be scanned in chunks'),
    read('v2-unterminated-duplicate-member', 'strict', ['R-J3', 'R-S1'], H2 + E(1, { payload: new Map([['a', n(1)]]) }).trimEnd().replace('{"a":1}', '{"a":1,"a":2}'), reject('JSON_DUPLICATE_MEMBER'), 'a final v2 line without LF that is whole JSON is read: its repeated member is refused (R-S1), not the missing LF'),
    read('header-origin-past-2-53', 'core', ['JRN-HDR-1', 'R-S2'], header(3, 0, '9007199254740993') + E(1), accept, 'an origin past 2^53 is kept exactly through the fast scan of canonical lines'),
    read('file-invalid-utf8', 'core', ['R-J1'], Buffer.concat([Buffer.from(H3), Buffer.from(E(1, { id: 'ledger.X' }).replace('X', '\u0000')).map((b) => (b === 0 ? 0xff : b))]), reject('JSON_INVALID_UTF8'), 'a 0xFF byte is not UTF-8'),
    read('file-encoded-surrogate', 'core', ['R-J1'], Buffer.concat([Buffer.from(H3 + E(1, { id: 'X' }).split('X')[0]!), Buffer.of(0xed, 0xa0, 0x80), Buffer.from(E(1, { id: 'X' }).split('X')[1]!)]), reject('JSON_INVALID_UTF8'), 'UTF-8 bytes of a surrogate are not well-formed'),
    read('file-blank-line', 'strict', ['R-J1'], H3 + '\n' + E(1), reject('BLANK_LINE'), 'an empty line is refused'),
    read('file-whitespace-line', 'strict', ['R-J1'], H3 + E(1) + ' \t\n', reject('BLANK_LINE'), 'a line of spaces and tabs counts as blank'),
    read('file-trailing-empty-line', 'strict', ['R-J1'], H3 + E(1) + '\n', reject('BLANK_LINE'), 'two LFs at the end make a blank line'),
    read('file-header-without-lf', 'core', ['R-J1'], H3.trimEnd(), reject('UNTERMINATED_HEADER'), 'the header must end with LF'),
    read('file-torn-tail-not-inspected', 'core', ['R-J1', 'R-J3'], Buffer.concat([Buffer.from(H3 + E(1)), Buffer.from('{"gr\r'), Buffer.of(0xff)]), accept, 'CR and invalid UTF-8 after the last LF belong to the torn tail'),
    // R-J2 versions
    read('version-2-standalone-entries', 'core', ['R-J2'], H2 + E(1) + E(2, { kind: 'Record', causation: 1, correlation: 1 }), accept, 'version 2 stays readable'),
    read('version-1-retired', 'core', ['R-J2'], header(1, 0, 0), reject('RETIRED_SCHEMA'), 'schema 1 is retired'),
    read('version-1-retired-other-members', 'core', ['R-J2', 'JRN-ORD-1'], '{"schema":1,"format":"v1"}\n', reject('RETIRED_SCHEMA'), 'the version is judged before the members'),
    read('version-0-unsupported', 'core', ['R-J2'], header(0, 0, 0), reject('UNSUPPORTED_SCHEMA'), 'only 2 and 3 are read'),
    read('version-4-unsupported', 'core', ['R-J2'], header(4, 0, 0) + E(1), reject('UNSUPPORTED_SCHEMA'), 'a future version is refused'),
    read('version-huge-unsupported', 'core', ['R-J2'], header(U64, 0, 0), reject('UNSUPPORTED_SCHEMA'), 'any other unsigned value is unsupported'),
    read('version-string', 'core', ['R-J2', 'R-S2'], header('"3"', 0, 0), reject('WRONG_TYPE'), 'schema is an unsigned integer'),
    read('version-2-group-frame', 'core', ['R-J2'], H2 + G(1), reject('GROUP_IN_V2'), 'a v2 file never holds group frames'),
    read('version-2-group-after-entries', 'core', ['R-J2'], H2 + E(1) + G(2, 1), reject('GROUP_IN_V2'), 'a frame later in a v2 file is refused too'),
    // R-J3 torn tails
    read('torn-tail-partial-group', 'core', ['R-J3'], H3 + G(1, 1) + G(3, 1).slice(0, 40), accept, 'a cut group is outside the recovered prefix'),
    read('torn-tail-whole-line-no-lf', 'core', ['R-J3'], H3 + G(1) + G(2).trimEnd(), accept, 'even a complete-looking group without LF is torn'),
    read('torn-tail-garbage', 'core', ['R-J3'], H3 + 'not json at all', accept, 'the tail is never inspected'),
    read('v2-final-line-without-lf', 'core', ['R-J3'], H2 + E(1) + E(2).trimEnd(), accept, 'a complete final v2 entry without LF is history'),
    read('v2-final-line-cut', 'core', ['R-J3'], H2 + E(1) + E(2).slice(0, 30), reject('UNTERMINATED_V2_LINE'), 'an unparsable unterminated v2 line is refused'),
    read('v2-final-line-invalid-entry', 'core', ['R-J3', 'R-J5'], H2 + E(1) + edit(E(2), '"at_us":0', '"at_us":0,"x":1').trimEnd(), reject('UNKNOWN_MEMBER'), 'an unterminated v2 line is checked like any line'),
    // R-J4 positions
    read('positions-origin-folds-entries', 'core', ['R-J4'], header(3, 0, 2) + E(1) + E(2) + E(3), accept, 'entries at or under origin are folded, not returned'),
    read('positions-origin-beyond-history', 'core', ['R-J4'], header(3, 0, 9) + G(1, 2), accept, 'frontier is origin when origin is larger'),
    read('positions-start-at-origin-plus-one', 'core', ['R-J4'], header(3, 5, 1000) + G(1001, 1), accept, 'history may start right above origin'),
    read('positions-near-2-64', 'core', ['R-J4', 'R-S2'], header(3, 0, '18446744073709551613') + G(18446744073709551614n, 1), accept, 'positions up to 2^64-1 keep every digit'),
    read('positions-near-2-53', 'core', ['R-J4', 'R-S2'], header(3, 0, '9007199254740992') + G(9007199254740993n, 2), accept, 'positions above 2^53 keep every digit'),
    read('positions-zero', 'strict', ['R-J4'], H3 + E(0, { correlation: 0 }), reject('INVALID_POSITION'), 'positions start at 1'),
    read('positions-gap-between-lines', 'core', ['R-J4'], H3 + E(1) + E(3), reject('POSITION_GAP'), 'positions are contiguous'),
    read('positions-gap-above-origin', 'core', ['R-J4'], header(3, 0, 4) + E(6), reject('POSITION_GAP'), 'history may not start above origin + 1'),
    read('positions-repeated', 'core', ['R-J4'], H3 + E(1) + E(1), reject('POSITION_NOT_ASCENDING'), 'a position is never reused'),
    read('positions-backwards', 'core', ['R-J4'], H3 + G(1, 2) + E(2), reject('POSITION_NOT_ASCENDING'), 'positions only ascend'),
    read('positions-gap-inside-group', 'core', ['R-J4', 'R-J6'], H3 + edit(G(1, 2), '"position":3', '"position":4').replace('"frontier":3', '"frontier":4'), reject('POSITION_GAP'), 'group members are contiguous'),
    read('positions-repeated-inside-group', 'core', ['R-J4', 'R-J6'], H3 + edit(G(1, 2), '"position":3', '"position":2').replace('"frontier":3', '"frontier":2'), reject('POSITION_NOT_ASCENDING'), 'a record repeating the position before it inside a group goes back (found by mutation testing: only a gap inside a group was pinned)'),
    read('positions-origin-inside-group', 'strict', ['R-J4'], header(3, 0, 2) + G(1, 2), reject('ORIGIN_INSIDE_GROUP'), 'origin must be a complete group boundary'),
    read('positions-origin-on-group-boundary', 'strict', ['R-J4'], header(3, 0, 3) + G(1, 2) + G(4, 1), accept, 'an origin at a group end folds the whole group'),
    // R-J5 members and metadata ranges
    read('members-any-order', 'core', ['R-J5', 'R-J8'], '{"origin":0,"generation":0,"schema":3}\n{"entries":[{"payload":1,"metadata":{"at_us":0,"link":null,"request":null,"causation":null,"correlation":1,"principal":null},"version":1,"id":"a","kind":"Transaction","position":1}],"frontier":1,"first":1,"group":1}\n', accept, 'member order is free'),
    read('members-unknown-in-header', 'core', ['R-J5', 'JRN-HDR-1'], '{"schema":3,"generation":0,"origin":0,"compression":null}\n', reject('UNKNOWN_MEMBER'), 'the header member set is closed'),
    read('members-unknown-in-frame', 'core', ['R-J5', 'R-J6'], H3 + edit(G(1), '"group":1', '"group":1,"checksum":0'), reject('UNKNOWN_MEMBER'), 'the frame member set is closed'),
    read('members-unknown-in-entry', 'core', ['R-J5', 'JRN-ENT-1'], H3 + edit(E(1), '"kind"', '"track":"a","kind"'), reject('UNKNOWN_MEMBER'), 'the entry member set is closed'),
    read('members-unknown-in-metadata', 'core', ['R-J5', 'JRN-MD-1'], H3 + edit(E(1), '"at_us":0', '"at_us":0,"at_ns":5'), reject('UNKNOWN_MEMBER'), 'the metadata member set is closed'),
    read('members-unknown-in-link', 'core', ['R-J5', 'JRN-MD-1'], H3 + E(1) + E(2, { link: new Map([['RevertOf', n(1)]]) }), reject('UNKNOWN_MEMBER'), 'link holds UndoOf or RedoOf only'),
    read('members-retired-at', 'core', ['R-J5'], H3 + edit(E(1), '"at_us":0', '"at":{"secs_since_epoch":1,"nanos_since_epoch":0}'), reject('RETIRED_MEMBER'), 'the v1 timestamp member is refused by name'),
    read('members-retired-at-beside-at-us', 'core', ['R-J5'], H3 + edit(E(1), '"at_us":0', '"at_us":0,"at":0'), reject('RETIRED_MEMBER'), 'at is refused even beside a valid at_us'),
    // Found by mutation testing of check-members.ts: no vector had `at` outside metadata (a reader refusing it by
    // name everywhere survived), nor an object lacking every member (a reader naming a present member as missing,
    // and so passing an empty object, survived).
    read('members-at-in-entry', 'core', ['R-J5', 'JRN-ENT-1'], H3 + edit(E(1), '"kind"', '"at":0,"kind"'), reject('UNKNOWN_MEMBER'), 'only metadata.at is the retired member; at elsewhere is a stranger'),
    read('members-at-in-header', 'core', ['R-J5', 'JRN-HDR-1'], '{"schema":3,"generation":0,"origin":0,"at":0}\n', reject('UNKNOWN_MEMBER'), 'the header names no at member'),
    read('members-header-empty-object', 'core', ['JRN-HDR-1'], '{}\n', reject('MISSING_MEMBER'), 'a header with no member lacks schema, generation and origin'),
    read('members-metadata-empty-object', 'core', ['JRN-MD-1'], H3 + edit(E(1), /"metadata":\{[^}]*\}/.exec(E(1))![0], '"metadata":{}'), reject('MISSING_MEMBER'), 'empty metadata lacks all six members'),
    read('members-header-all-strangers', 'core', ['R-J5', 'JRN-HDR-1'], '{"a":0,"b":0,"c":0}\n', reject('UNKNOWN_MEMBER'), 'three members, as many as the header has, none of them its own (found by mutation testing: a member-set check that counts members but checks one name survived)'),
    // Found by mutation testing of parse-entry.ts: an entry or a metadata object with exactly its six members'
    // count, one of them a stranger in place of a member of its own, was in no vector (a reader that takes six
    // members for the member set when five of them are its own survived, for every member).
    ...(['position', 'kind', 'id', 'version', 'metadata', 'payload'] as const).map((m) =>
      read(`members-entry-six-with-stranger-for-${m}`, 'core', ['R-J5', 'JRN-ENT-1'], H3 + edit(E(1), `"${m}":`, `"x${m}":`), reject('UNKNOWN_MEMBER'), `six members, but x${m} in place of ${m}`),
    ),
    ...(['principal', 'correlation', 'causation', 'request', 'link', 'at_us'] as const).map((m) =>
      read(`members-metadata-six-with-stranger-for-${m}`, 'core', ['R-J5', 'JRN-MD-1'], H3 + edit(E(1), `"${m}":`, `"x${m}":`), reject('UNKNOWN_MEMBER'), `six metadata members, but x${m} in place of ${m}`),
    ),
    read('metadata-undo-redo-links', 'core', ['R-J5', 'JRN-MD-1'], H3 + E(1) + E(2, { link: new Map([['UndoOf', n(1)]]) }) + E(3, { link: new Map([['RedoOf', n(1)]]), correlation: 1, causation: 2 }), accept, 'links name earlier entries'),
    read('metadata-principal-1024-bytes', 'core', ['R-J5'], H3 + E(1, { principal: EDGE, request: EDGE }), accept, 'principal and request may take exactly 1,024 UTF-8 bytes'),
    read('metadata-guest-principal', 'core', ['R-J5'], H3 + E(1, { principal: 'guest:g-17' }), accept, 'a direct guest is an ordinary principal string'),
    read('metadata-principal-1025-bytes', 'core', ['R-J5'], H3 + E(1, { principal: TOO_LONG }), reject('FIELD_TOO_LONG'), 'principal is limited to 1,024 UTF-8 bytes'),
    read('metadata-request-1025-bytes', 'core', ['R-J5'], H3 + E(1, { request: 'r'.repeat(1025) }), reject('FIELD_TOO_LONG'), 'request is limited to 1,024 UTF-8 bytes'),
    read('metadata-correlation-zero', 'strict', ['R-J5'], H3 + E(1, { correlation: 0 }), reject('INVALID_CORRELATION'), 'correlation names a position >= 1'),
    read('metadata-correlation-ahead', 'strict', ['R-J5'], H3 + E(1, { correlation: 2 }), reject('INVALID_CORRELATION'), 'a family is named by an earlier or own position'),
    read('metadata-causation-self', 'strict', ['R-J5'], H3 + E(1) + E(2, { causation: 2 }), reject('INVALID_CAUSATION'), 'a cause precedes its effect'),
    read('metadata-causation-zero', 'strict', ['R-J5'], H3 + E(1, { causation: 0 }), reject('INVALID_CAUSATION'), 'causation is a position >= 1'),
    read('metadata-link-self', 'strict', ['R-J5'], H3 + E(1) + E(2, { link: new Map([['UndoOf', n(2)]]) }), reject('INVALID_LINK'), 'an undo names an earlier entry'),
    // R-J6 groups
    read('group-no-records', 'core', ['R-J6'], H3 + G(1), accept, 'a transaction alone is a group'),
    read('group-256-records', 'core', ['R-J6'], H3 + G(1, Array.from({ length: 256 }, () => ({ payload: n(1) }))), accept, '256 records is the limit'),
    read('group-257-records', 'core', ['R-J6'], H3 + G(1, 257), reject('GROUP_TOO_LARGE'), 'at most 256 records'),
    read('group-version-2', 'core', ['R-J6'], H3 + edit(G(1), '"group":1', '"group":2'), reject('UNSUPPORTED_GROUP_VERSION'), 'the frame version is 1'),
    read('group-empty', 'core', ['R-J6'], H3 + '{"group":1,"first":1,"frontier":1,"entries":[]}\n', reject('EMPTY_GROUP'), 'a group holds its transaction'),
    // Each frame member is type-checked before it is used (found by mutation testing: without these, a reader
    // that skipped the check would refuse for a later rule and no vector would notice the code).
    read('group-version-string', 'core', ['R-J6', 'R-S2'], H3 + edit(G(1), '"group":1', '"group":"1"'), reject('WRONG_TYPE'), 'the frame version is an integer, not a string'),
    read('group-first-string', 'core', ['R-J6', 'R-S2'], H3 + edit(G(1), '"first":1', '"first":"1"'), reject('WRONG_TYPE'), 'first is an integer'),
    read('group-frontier-null', 'core', ['R-J6', 'R-S2'], H3 + edit(G(1), '"frontier":1', '"frontier":null'), reject('WRONG_TYPE'), 'frontier is an integer'),
    read('group-entries-object', 'core', ['R-J6'], H3 + '{"group":1,"first":1,"frontier":1,"entries":{}}\n', reject('WRONG_TYPE'), 'entries is an array'),
    read('group-record-first', 'core', ['R-J6'], H3 + G(1, 0, { kind: 'Record' }), reject('GROUP_SHAPE'), 'a group starts with a Transaction'),
    read('group-two-transactions', 'core', ['R-J6'], H3 + G(1, [{ kind: 'Transaction' }]), reject('GROUP_SHAPE'), 'exactly one transaction per group'),
    read('group-first-mismatch', 'core', ['R-J6'], H3 + edit(G(1, 1), '"first":1', '"first":2'), reject('FRAME_BOUNDS'), 'first is the transaction position'),
    read('group-frontier-mismatch', 'core', ['R-J6'], H3 + edit(G(1, 1), '"frontier":2', '"frontier":1'), reject('FRAME_BOUNDS'), 'frontier is the last position'),
    read('group-record-other-principal', 'core', ['R-J6'], H3 + G(1, [{ principal: 'mallory' }], { principal: 'alice' }), reject('RECORD_METADATA_MISMATCH'), 'records share the principal'),
    read('group-record-other-time', 'core', ['R-J6'], H3 + G(1, [{ atUs: 5 }]), reject('RECORD_METADATA_MISMATCH'), 'records share the commit time'),
    read('group-record-other-correlation', 'core', ['R-J6'], H3 + E(1) + G(2, [{ correlation: 1 }]), reject('RECORD_METADATA_MISMATCH'), 'records share the correlation'),
    read('group-record-no-causation', 'core', ['R-J6'], H3 + G(1, [{ causation: null }]), reject('RECORD_METADATA_MISMATCH'), 'a record names its transaction as cause'),
    read('group-record-request', 'core', ['R-J6'], H3 + G(1, [{ request: 'k' }]), reject('RECORD_METADATA_MISMATCH'), 'records carry no request key'),
    read('group-record-link', 'core', ['R-J6'], H3 + G(1, [{ link: new Map([['UndoOf', n(1)]]) }]), reject('RECORD_METADATA_MISMATCH'), 'records carry no reversal link'),
    read('group-witness-shared', 'core', ['R-J6'], H3 + G(1, [{}, {}], { principal: 'ünï', atUs: '-5', request: 'req-1' }), accept, 'records copy principal, correlation and time; request stays on the transaction'),
    // R-J6a
    read('legacy-entries-in-v3', 'strict', ['R-J6a', 'JRN-LINE-1'], H3 + E(1) + G(2, 1) + E(4, { kind: 'Record', correlation: 2, causation: 2 }), accept, 'standalone entries stand wherever position order puts them'),
    // R-J7 reserved ids
    read('reserved-work-fact', 'core', ['R-J7'], H3 + G(1, [{ id: 'harmos:work/billing/invoice/issued', payload: [n(1), n(0), n(255)] }]), accept, 'a work fact: the name may hold "/"'),
    read('reserved-sidecar-fact', 'core', ['R-J7'], H3 + G(1, [{ id: 'harmos:sidecar/host.a-1/Ünï name', payload: [] }]), accept, 'a sidecar fact with an empty byte string'),
    read('reserved-guest-fact', 'strict', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:guest/g7/x/y', payload: [n(7)] }), accept, 'a standalone guest fact'),
    read('reserved-unknown-namespace', 'strict', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:audit/a/b', payload: [] }), reject('RESERVED_NAMESPACE'), 'other harmos: ids are reserved'),
    read('reserved-bare-prefix', 'strict', ['R-J7'], H3 + E(1, { id: 'harmos:' }), reject('RESERVED_NAMESPACE'), 'the bare prefix is reserved too'),
    read('reserved-work-no-name', 'core', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:work/billing', payload: [] }), reject('RESERVED_NAMESPACE'), 'a work id needs service and name'),
    read('reserved-work-empty-service', 'core', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:work//x', payload: [] }), reject('RESERVED_NAMESPACE'), 'the service is non-empty'),
    read('reserved-sidecar-owner-upper', 'core', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:sidecar/Host/x', payload: [] }), reject('RESERVED_NAMESPACE'), 'the owner is lowercase'),
    read('reserved-guest-empty-name', 'strict', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:guest/g/', payload: [] }), reject('RESERVED_NAMESPACE'), 'the name is non-empty'),
    read('reserved-transaction', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:work/billing/x', payload: [] }), reject('RESERVED_KIND'), 'a reserved fact is a Record'),
    read('reserved-payload-256', 'core', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:work/b/x', payload: [n(256)] }), reject('RESERVED_PAYLOAD'), 'bytes are 0-255'),
    // Found by mutation testing of scan-json.ts: a number lexeme is shared with its earlier occurrences, and no
    // vector read two different short decimals of one length, so a cache keyed by the length alone survived.
    read('payload-decimals-of-one-length', 'core', ['R-S2', 'R-J8'], H3 + E(1, { payload: new Map<string, JsonValue>([['a', n('1.5')], ['b', n('2.5')], ['c', [n('1.5'), n('-0.0')]]]) }), accept, 'short decimals of one length in one payload each keep their own lexeme, a repeated one too'),
    read('reserved-payload-lexeme', 'core', ['R-J7', 'R-S2'], H3 + E(1, { kind: 'Record', id: 'harmos:work/b/x', payload: [n('1.0')] }), reject('RESERVED_PAYLOAD'), 'bytes are written as canonical integers'),
    read('reserved-payload-typed', 'core', ['R-J7'], H3 + E(1, { kind: 'Record', id: 'harmos:sidecar/a/x', payload: new Map([['amount', n(1)]]) }), reject('RESERVED_PAYLOAD'), 'a typed record cannot take a reserved id'),
    read('reserved-lookalike-ok', 'core', ['R-J7'], H3 + E(1, { id: 'Harmos:work/a/b' }) + E(2, { id: 'xharmos:work' }), accept, 'only the exact lowercase prefix is reserved'),
    // R-J8 spacing
    read('spacing-spaces-and-tabs', 'core', ['R-J8'], '{ "schema" : 3 ,\t"generation":0 , "origin" :0 }\n' + E(1).replace(/,/g, ' ,\t').replace(/:/g, ': '), accept, 'space and tab between tokens are insignificant'),
    // JRN-HDR-1
    read('header-missing-origin', 'core', ['JRN-HDR-1'], '{"schema":3,"generation":0}\n', reject('MISSING_MEMBER'), 'origin is required'),
    read('header-not-object', 'core', ['JRN-HDR-1'], '[3,0,0]\n', reject('NOT_AN_OBJECT'), 'the header is an object'),
    read('header-generation-string', 'core', ['JRN-HDR-1', 'R-S2'], header(3, '"0"', 0), reject('WRONG_TYPE'), 'generation is an unsigned integer'),
    read('header-generation-fraction', 'strict', ['JRN-HDR-1', 'R-S2'], header(3, '0.0', 0), reject('INVALID_INTEGER'), '0.0 is not an integer lexeme'),
    // Found by mutation testing of read-integers.ts: an integer lexeme past the reader's 1,024-byte limit is
    // still R-S2's INVALID_INTEGER under strict (core alone answers LIMIT_EXCEEDED); no vector had one.
    read('header-origin-1025-digits', 'strict', ['JRN-HDR-1', 'R-S2'], header(3, 0, '1'.repeat(1025)), reject('INVALID_INTEGER'), 'an unsigned lexeme of 1,025 digits is past 64 bits; past the reader limit too, strict still refuses it by R-S2'),
    read('metadata-at-us-1025-digits', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '-' + '1'.repeat(1024) }), reject('INVALID_INTEGER'), 'a signed lexeme of 1,025 bytes is outside i64; past the reader limit too, strict still refuses it by R-S2'),
    read('header-origin-over-64-bits', 'strict', ['JRN-HDR-1', 'R-S2'], header(3, 0, '18446744073709551616'), reject('INVALID_INTEGER'), 'unsigned integers fit in 64 bits'),
    read('header-big-generation', 'core', ['JRN-HDR-1', 'R-S2'], header(3, U64, 0), accept, 'generation up to 2^64-1'),
    // JRN-LINE-1
    read('line-array', 'core', ['JRN-LINE-1'], H3 + '[]\n', reject('NOT_AN_OBJECT'), 'a line is an object'),
    read('line-number', 'core', ['JRN-LINE-1'], H3 + E(1) + '2\n', reject('NOT_AN_OBJECT'), 'a line is an object'),
    // JRN-ENT-1
    read('entry-missing-payload', 'core', ['JRN-ENT-1'], H3 + edit(E(1), ',"payload":{"amount":40}', ''), reject('MISSING_MEMBER'), 'payload is required (null is a value)'),
    read('entry-payload-null-and-scalars', 'core', ['JRN-ENT-1'], H3 + E(1, { payload: null }) + E(2, { payload: 'bare' }) + E(3, { payload: n('1E400') }) + E(4, { payload: n('-0.0') }), accept, 'any JSON payload; lexemes are kept'),
    read('entry-position-string', 'core', ['JRN-ENT-1', 'R-S2'], H3 + edit(E(1), '"position":1', '"position":"1"'), reject('WRONG_TYPE'), 'position is a number'),
    read('entry-version-negative', 'strict', ['JRN-ENT-1', 'R-S2'], H3 + E(1, { version: -1 }), reject('INVALID_INTEGER'), 'version is unsigned'),
    read('entry-version-exponent', 'strict', ['JRN-ENT-1', 'R-S2'], H3 + E(1, { version: '1e0' }), reject('INVALID_INTEGER'), '1e0 is not an integer lexeme'),
    read('entry-version-max', 'core', ['JRN-ENT-1', 'R-S2'], H3 + E(1, { version: U64 }), accept, 'version up to 2^64-1'),
    // JRN-ENT-2, JRN-ENT-3
    read('kind-record-standalone', 'core', ['JRN-ENT-2'], H3 + E(1, { kind: 'Record' }), accept, 'a standalone Record is an entry'),
    read('kind-unknown', 'core', ['JRN-ENT-2'], H3 + E(1, { kind: 'Event' }), reject('INVALID_KIND'), 'Transaction or Record only'),
    read('kind-lowercase', 'core', ['JRN-ENT-2'], H3 + E(1, { kind: 'transaction' }), reject('INVALID_KIND'), 'kind is case-sensitive'),
    read('kind-number', 'core', ['JRN-ENT-2'], H3 + edit(E(1), '"kind":"Transaction"', '"kind":0'), reject('WRONG_TYPE'), 'kind is a string'),
    read('id-unicode', 'core', ['JRN-ENT-3'], H3 + E(1, { id: 'régistre.dépôt/😀' }), accept, 'an id is any non-empty string'),
    read('id-empty', 'strict', ['JRN-ENT-3'], H3 + E(1, { id: '' }), reject('EMPTY_ID'), 'an id is never empty'),
    read('id-number', 'core', ['JRN-ENT-3'], H3 + edit(E(1), '"id":"ledger.deposit"', '"id":5'), reject('WRONG_TYPE'), 'an id is a string'),
    // JRN-MD-1
    read('metadata-missing-request', 'core', ['JRN-MD-1'], H3 + edit(E(1), '"request":null,', ''), reject('MISSING_MEMBER'), 'every metadata member is present, null when absent'),
    read('metadata-principal-number', 'core', ['JRN-MD-1'], H3 + edit(E(1), '"principal":null', '"principal":5'), reject('WRONG_TYPE'), 'principal is a string or null'),
    read('metadata-link-empty-object', 'core', ['JRN-MD-1'], H3 + E(1) + E(2, { link: new Map() }), reject('INVALID_LINK'), 'a link names UndoOf or RedoOf'),
    read('metadata-link-both', 'core', ['JRN-MD-1'], H3 + E(1) + E(2, { link: new Map([['UndoOf', n(1)], ['RedoOf', n(1)]]) }), reject('INVALID_LINK'), 'a link names exactly one'),
    read('metadata-at-us-negative-zero', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '-0' }), reject('INVALID_INTEGER'), '-0 is refused'),
    // Found by mutation testing of parse-entry.ts (each separates a fault no vector caught).
    read('metadata-causation-string', 'core', ['JRN-MD-1', 'R-S2'], H3 + edit(E(1), '"causation":null', '"causation":"x"'), reject('WRONG_TYPE'), 'causation is a position or null, not a string'),
    read('metadata-link-string', 'core', ['JRN-MD-1'], H3 + E(1, { link: 'x' }), reject('WRONG_TYPE'), 'a link is null or an object: a string holds a type it may not hold (INVALID_LINK is for an object link)'),
    read('frame-entry-number', 'core', ['JRN-ENT-1', 'JRN-LINE-1'], H3 + '{"group":1,"first":1,"frontier":1,"entries":[1]}\n', reject('NOT_AN_OBJECT'), 'an entry of a group frame is an object: a number is NOT_AN_OBJECT (JRN-ENT-1), not WRONG_TYPE'),
    read('metadata-link-target-string', 'core', ['JRN-MD-1', 'R-S2'], H3 + E(1) + E(2, { link: new Map([['UndoOf', 'x']]) }), reject('WRONG_TYPE'), 'the position a link names is an integer, not a string'),
    read('metadata-link-target-fraction', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1) + E(2, { link: new Map([['UndoOf', n('1.0')]]) }), reject('INVALID_INTEGER'), 'the position a link names is an integer lexeme: 1.0 is not one'),
    read('metadata-principal-5000-bytes', 'core', ['R-J5'], H3 + E(1, { principal: 'a'.repeat(5000) }), reject('FIELD_TOO_LONG'), 'a principal far past 1,024 bytes, long enough that a reader scanning the line in pieces measures it in pieces'),
    read('metadata-at-us-over-i64', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '9223372036854775808' }), reject('INVALID_INTEGER'), 'at_us is a signed 64-bit integer'),
    // Found by mutation testing: no vector compared two 16-digit at_us values one apart past 2^53 (a fast
    // path reading 16 digits as a double survived), nor had a negative unsigned member past 2^53.
    read('metadata-at-us-16-digits-beyond-2-53', 'core', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '9007199254740993' }) + E(2, { atUs: '-9007199254740993' }), accept, 'at_us keeps every digit past 2^53, both signs'),
    read('group-record-at-us-one-apart-past-2-53', 'core', ['R-J6', 'R-S2'], H3 + G(1, [{ atUs: '9007199254740992' }], { atUs: '9007199254740993' }), reject('RECORD_METADATA_MISMATCH'), 'witness times are compared exactly, not as doubles'),
    read('header-generation-negative', 'strict', ['JRN-HDR-1', 'R-S2'], header(3, -1, 0), reject('INVALID_INTEGER'), 'generation is unsigned'),
    read('header-generation-negative-beyond-2-53', 'strict', ['JRN-HDR-1', 'R-S2'], header(3, '-9007199254740993', 0), reject('INVALID_INTEGER'), 'generation is unsigned, however long the lexeme'),
    read('metadata-at-us-extremes', 'core', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '-9223372036854775808' }) + E(2, { atUs: '9223372036854775807' }), accept, 'at_us spans the i64 range, before the epoch included'),
    // Found by mutation testing of read-integers.ts: no vector had an at_us below the i64 range, nor compared
    // two witness times past -2^53 (a reader keeping negative values as doubles survived).
    read('metadata-at-us-under-i64', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '-9223372036854775809' }), reject('INVALID_INTEGER'), 'at_us is a signed 64-bit integer: -2^63 - 1 is below it'),
    read('group-record-at-us-one-apart-past-minus-2-53', 'core', ['R-J6', 'R-S2'], H3 + G(1, [{ atUs: '-9007199254740992' }], { atUs: '-9007199254740993' }), reject('RECORD_METADATA_MISMATCH'), 'witness times before the epoch are compared exactly, not as doubles'),
    read('metadata-at-us-fraction', 'strict', ['JRN-MD-1', 'R-S2'], H3 + E(1, { atUs: '1.5' }), reject('INVALID_INTEGER'), 'whole microseconds only'),
    // R-S1 inside lines
    read('json-duplicate-in-payload', 'strict', ['R-S1'], H3 + edit(E(1), '{"amount":40}', '{"amount":40,"amount":41}'), reject('JSON_DUPLICATE_MEMBER'), 'duplicate members are refused, payloads included'),
    read('json-lone-surrogate-in-payload', 'strict', ['R-S1'], H3 + edit(E(1), '{"amount":40}', '"\\ud800"'), reject('JSON_LONE_SURROGATE'), 'an escaped lone surrogate has no UTF-8 form'),
    read('json-surrogate-pair-ok', 'strict', ['R-S1'], H3 + edit(E(1), '{"amount":40}', '"\\ud83d\\ude00"'), accept, 'an escaped pair is one character'),
    read('json-trailing-bytes', 'core', ['JSON-SYNTAX-1'], H3 + E(1).trimEnd() + ' x\n', reject('JSON_SYNTAX'), 'one value per line'),
    read('json-nan', 'core', ['JSON-SYNTAX-1'], H3 + edit(E(1), '{"amount":40}', 'NaN'), reject('JSON_SYNTAX'), 'NaN is not JSON'),
    read('json-deep-payload', 'strict', ['R-S2a'], H3 + edit(E(1), '{"amount":40}', '['.repeat(200) + ']'.repeat(200)), { verdict: 'either' }, 'nesting beyond 128 is implementation-defined'),
    // Canonical lines whose payload nests around this reader's 10,000-level limit: beyond 128 levels the
    // verdict is implementation-defined (R-S2a), but a validator proving a canonical line valid without
    // building it must count the line's own depth (held by the mutation harness's fast-path count).
    read('canonical-entry-payload-9999-deep', 'strict', ['R-S2a'], H3 + edit(E(1), '{"amount":40}', '['.repeat(9999) + ']'.repeat(9999)), { verdict: 'either' }, 'a standalone entry whose payload nests 9,999 arrays: 10,000 levels with the entry, implementation-defined'),
    read('canonical-entry-payload-10000-deep', 'strict', ['R-S2a'], H3 + edit(E(1), '{"amount":40}', '['.repeat(10000) + ']'.repeat(10000)), { verdict: 'either' }, 'a standalone entry whose payload nests 10,000 arrays: implementation-defined'),
    read('canonical-frame-payload-9998-deep', 'strict', ['R-S2a'], H3 + edit(G(1, 0), '{"amount":40}', '['.repeat(9998) + ']'.repeat(9998)), { verdict: 'either' }, 'a frame whose transaction payload nests 9,998 arrays, 10,001 levels with the frame: implementation-defined'),
    // R-J7 and R-J6 on a canonical frame of 200 reserved records with byte-array payloads: each payload
    // counts its bytes toward the budget (a validator proving the line valid without building it too).
    read('canonical-frame-200-reserved-records', 'core', ['R-J7', 'R-J6', 'R-J8'], H3 + G(1, Array.from({ length: 200 }, (): EntryOverrides => ({ id: 'harmos:work/o/n', payload: [n('1'), n('2'), n('3')] }))), accept, 'a transaction and 200 reserved-id records with byte-array payloads, all in canonical form'),
    // JRN-ORD-1 several faults: the first in file order, then in the order of checks, decides
    read('order-fault-in-torn-tail-only', 'core', ['JRN-ORD-1', 'R-J3'], H3 + G(1) + '{"group":2,"x":1,"at":0}', accept, 'faults after the last LF are outside the recovered prefix'),
    read('order-cr-before-utf8', 'core', ['JRN-ORD-1', 'R-J1'], Buffer.concat([Buffer.from(H3), Buffer.of(0xff), Buffer.from(E(1).replace('\n', '\r\n'))]), reject('CARRIAGE_RETURN'), 'CR is checked before UTF-8 in a line'),
    read('order-json-before-members', 'strict', ['JRN-ORD-1', 'R-S1'], H3 + edit(E(1), '{"amount":40}', '{"a":1,"a":2}').replace('"kind"', '"x":0,"kind"'), reject('JSON_DUPLICATE_MEMBER'), 'the JSON text is checked before member sets'),
    read('order-unknown-before-kind', 'core', ['JRN-ORD-1', 'R-J5'], H3 + E(1, { kind: 'Event' }).replace('"id"', '"x":0,"id"'), reject('UNKNOWN_MEMBER'), 'member sets come before member values'),
    read('order-position-before-correlation', 'strict', ['JRN-ORD-1', 'R-J4'], H3 + E(0, { correlation: 5 }), reject('INVALID_POSITION'), 'position is checked before correlation'),
    read('order-count-before-entries', 'core', ['JRN-ORD-1', 'R-J6'], H3 + G(1, 257, { id: '' }), reject('GROUP_TOO_LARGE'), 'the record count is checked before any entry'),
    read('order-witness-before-bounds', 'core', ['JRN-ORD-1', 'R-J6'], H3 + edit(G(1, [{ principal: 'x' }]), '"frontier":2', '"frontier":9'), reject('RECORD_METADATA_MISMATCH'), 'entry rules come before frame bounds'),
    read('order-earlier-line-first', 'core', ['JRN-ORD-1', 'R-J4'], H3 + E(1) + E(3) + E(4).replace('\n', '\r\n'), reject('POSITION_GAP'), 'the first faulty line decides'),
    // R-J8, R-J9, JRN-OP-1, JRN-OP-2, R-J3: journal.append
    append('append-v3-empty', 'core', ['JRN-OP-1', 'R-J8'], appendInput(H3, makeGroup(1, 1)), accept, 'the group is written as one canonical frame'),
    // Found by mutation testing of read-integers.ts: an appended group is read from its JSON value, so its
    // positions are lexemes; one whose positions cross from 15 to 16 digits, or reach 2^53 - 1, must compare
    // equal to the positions counted from its transaction (a reader mixing kinds of number there survived).
    append('append-positions-cross-16-digits', 'core', ['JRN-OP-1', 'R-J4', 'R-S2'], appendInput(header(3, 0, '999999999999998'), makeGroup(999999999999999n, 1)), accept, 'a group from 999999999999999 to 1000000000000000 is contiguous'),
    append('append-positions-reach-2-53-minus-1', 'core', ['JRN-OP-1', 'R-J4', 'R-S2'], appendInput(header(3, 0, '9007199254740989'), makeGroup(9007199254740990n, 1)), accept, 'a group from 2^53 - 2 to 2^53 - 1 is contiguous'),
    append('append-keeps-forwarded-bytes', 'core', ['R-J8', 'JRN-OP-1'], appendInput(H3 + '{ "entries":[' + E(1).trimEnd() + '], "frontier":1,"first":1,"group":1}\n', makeGroup(2, 0)), accept, 'stored lines keep their bytes; the new line is canonical'),
    append('append-removes-torn-tail', 'core', ['R-J3', 'JRN-OP-1'], appendInput(H3 + G(1) + '{"group":1,"fir', makeGroup(2, 2)), accept, 'the torn tail goes before the append'),
    append('append-after-origin', 'core', ['JRN-OP-2'], appendInput(header(3, 0, 7), makeGroup(8, 0)), accept, 'an empty history continues from origin'),
    append('append-byte-order-mark', 'strict', ['R-S1', 'JRN-OP-1'], '\ufeff' + appendInput(H3, makeGroup(1, 1)), reject('JSON_BOM'), 'the op input is strict JSON: no byte-order mark before it (the Python reader took it for a syntax fault)'),
    append('append-migrates-v2', 'core', ['R-J9'], appendInput(H2 + E(1) + E(2, { correlation: 1, causation: 1 }), makeGroup(3, 1)), accept, 'v2 becomes v3: new header, lines byte for byte'),
    append('append-migrates-v2-unterminated', 'core', ['R-J9', 'R-J3'], appendInput(H2 + E(1).trimEnd(), makeGroup(2, 0)), accept, 'the final v2 line gains its LF'),
    // R-J7 on appended records (built values, not bytes): a byte string is integers 0-255, every one of them.
    ...(
      [
        ['accept-10', [n(10)], accept],
        ['accept-255', [n(255)], accept],
        ['accept-empty', [], accept],
        ['fraction', [n('1.5')], reject('RESERVED_PAYLOAD')],
        ['negative', [n(-5)], reject('RESERVED_PAYLOAD')],
        ['256', [n(256)], reject('RESERVED_PAYLOAD')],
        ['string', ['x'], reject('RESERVED_PAYLOAD')],
        ['byte-then-string', [n(1), 'x'], reject('RESERVED_PAYLOAD')],
      ] as const
    ).map(([name, payload, expect]) =>
      append(`append-reserved-payload-${name}`, 'core', ['R-J7', 'JRN-OP-1'], appendInput(H3, makeGroup(1, [{ id: 'harmos:work/svc/name', payload: [...payload] }])), expect, `a reserved work fact appended with the payload ${renderJson([...payload])}`),
    ),
    append('append-refuses-invalid-v2', 'core', ['R-J9', 'R-J4'], appendInput(H2 + E(1) + E(3), makeGroup(4, 0)), reject('POSITION_GAP'), 'the whole v2 history is validated first'),
    append('append-refuses-cut-v2', 'core', ['R-J9', 'R-J3'], appendInput(H2 + E(1) + E(2).slice(0, 20), makeGroup(3, 0)), reject('UNTERMINATED_V2_LINE'), 'an unparsable final v2 line blocks migration'),
    append('append-refuses-invalid-journal', 'core', ['JRN-OP-1', 'R-J2'], appendInput(header(1, 0, 0), makeGroup(1, 0)), reject('RETIRED_SCHEMA'), 'the journal is read first'),
    append('append-gap', 'core', ['JRN-OP-2'], appendInput(H3 + G(1), makeGroup(3, 0)), reject('APPEND_NOT_CONTINUOUS'), 'the group starts at frontier + 1'),
    append('append-overlap', 'core', ['JRN-OP-2'], appendInput(H3 + G(1, 1), makeGroup(2, 0)), reject('APPEND_NOT_CONTINUOUS'), 'positions are never reused'),
    append('append-origin-beyond-history', 'core', ['JRN-OP-2'], appendInput(header(3, 0, 9) + G(1), makeGroup(10, 0)), reject('APPEND_NOT_CONTINUOUS'), 'no group can both continue the frontier and the stored positions'),
    append('append-empty-group', 'core', ['R-J6', 'JRN-OP-1'], appendInput(H3, []), reject('EMPTY_GROUP'), 'a group holds its transaction'),
    append('append-257-records', 'core', ['R-J6'], appendInput(H3, makeGroup(1, 257)), reject('GROUP_TOO_LARGE'), 'refused before any mutation'),
    append('append-256-records', 'core', ['R-J6'], appendInput(H3, makeGroup(1, 256)), accept, '256 records is the limit'),
    append('append-principal-too-long', 'core', ['R-J5'], appendInput(H3, makeGroup(1, 0, { principal: TOO_LONG })), reject('FIELD_TOO_LONG'), 'principal limit applies to new groups'),
    append('append-typed-record-reserved-id', 'core', ['R-J7'], appendInput(H3, makeGroup(1, [{ id: 'harmos:sidecar/host/x', payload: 'typed' }])), reject('RESERVED_PAYLOAD'), 'typed records cannot use reserved prefixes'),
    append('append-system-fact', 'core', ['R-J7'], appendInput(H3, makeGroup(1, [{ id: 'harmos:sidecar/host/x', payload: [n(9)] }])), accept, 'a system fact rides with typed records'),
    append('append-record-witness', 'core', ['R-J6'], appendInput(H3, makeGroup(1, [{ atUs: 9 }])), reject('RECORD_METADATA_MISMATCH'), 'records share the commit time'),
    // Core reads a lone surrogate and writes it as its escape (R-J8; write-journal.test.ts); strict refuses it.
    append('append-strict-lone-surrogate-payload', 'strict', ['R-S1'], appendInput(H3, edit(renderJson(makeGroup(1, 0)), '{"amount":40}', '"a\\ud800b"')), reject('JSON_LONE_SURROGATE'), 'the op input is strict JSON'),
    append('append-entry-unknown-member', 'core', ['R-J5'], appendInput(H3, renderJson(makeGroup(1, 0)).replace('"kind"', '"extra":1,"kind"')), reject('UNKNOWN_MEMBER'), 'closed member sets apply to input entries'),
    // Found by mutation testing of write-journal.ts: the frame bounds prepareGroup takes from an entry whose
    // position it cannot read (left to the entry check to name) were reached by no vector.
    append('append-position-not-integer', 'core', ['R-J4', 'JRN-OP-1'], appendInput(H3, renderJson(makeGroup(1, 0)).replace('"position":1,', '"position":"1",')), reject('WRONG_TYPE'), 'an input entry whose position is a string is refused by the entry check, as a stored one is'),
    append('append-input-not-object', 'core', ['JRN-OP-1'], '[]', reject('INVALID_OP_INPUT'), 'the input is an object'),
    append('append-input-missing-group', 'core', ['JRN-OP-1'], `{"journal":"${Buffer.from(H3).toString('base64')}"}`, reject('INVALID_OP_INPUT'), 'group is required'),
    append('append-input-extra-member', 'core', ['JRN-OP-1'], appendInput(H3, makeGroup(1, 0)).replace('{"journal"', '{"dryRun":true,"journal"'), reject('INVALID_OP_INPUT'), 'the input has exactly two members'),
    append('append-input-bad-base64', 'core', ['JRN-OP-1'], `{"journal":"${Buffer.from(H3).toString('base64').slice(0, -1)}","group":[]}`, reject('INVALID_OP_INPUT'), 'journal is canonical padded base64'),
    // Found by mutation testing of ops.ts: no input had a journal that is not a string.
    append('append-input-journal-number', 'core', ['JRN-OP-1'], '{"journal":5,"group":[]}', reject('INVALID_OP_INPUT'), 'journal is a base64 string, not a number'),
    append('append-input-journal-array', 'core', ['JRN-OP-1'], '{"journal":["e30K"],"group":[]}', reject('INVALID_OP_INPUT'), 'journal is a base64 string, not an array of them'),
    append('append-input-group-object', 'core', ['JRN-OP-1'], `{"journal":"${Buffer.from(H3).toString('base64')}","group":{}}`, reject('INVALID_OP_INPUT'), 'group is an array'),
    append('append-input-base64-pad-bits-two-pads', 'core', ['JRN-OP-1'], appendInputSpelled(H3_PAD2, makeGroup(11, 0), setPadBit), reject('INVALID_OP_INPUT'), 'a bit after the last byte is set ("…9Ch==" for "…9Cg=="): lenient decoders read the same bytes, the canonical form has zero bits'),
    append('append-input-base64-pad-bits-one-pad', 'core', ['JRN-OP-1'], appendInputSpelled(H3_PAD1, makeGroup(101, 0), setPadBit), reject('INVALID_OP_INPUT'), 'the same with one "=": the last digit\'s two low bits must be zero'),
    append('append-input-base64-unpadded', 'core', ['JRN-OP-1'], appendInputSpelled(H3_PAD2, makeGroup(11, 0), (b) => b.replace(/=+$/, '')), reject('INVALID_OP_INPUT'), 'the "=" padding is required'),
    append('append-input-base64-line-break', 'core', ['JRN-OP-1'], appendInputSpelled(H3 + G(1, 2), makeGroup(4, 0), (b) => `${b.slice(0, 76)}\n${b.slice(76)}`), reject('INVALID_OP_INPUT'), 'no whitespace: a MIME-style line break after 76 digits is refused, not skipped'),
    append('append-input-base64-padded', 'core', ['JRN-OP-1'], appendInput(H3_PAD2, makeGroup(11, 0)), accept, 'canonical base64 with "==" padding (a 40-byte file) is read'),
    append('append-entries-any-member-order', 'core', ['JRN-OP-1', 'R-J8'], appendInput(H3, makeGroup(1, 2).map(reversedMembers)), accept, 'input entries and metadata list their members in reverse order; the frame line is written in the canonical order'),
    append('append-input-not-json', 'core', ['JRN-OP-1', 'JSON-SYNTAX-1'], '{"journal":', reject('JSON_SYNTAX'), 'the input is JSON'),
    // R-J10, JRN-OP-3: journal.track-key
    track('track-two-labels', 'core', ['R-J10', 'JRN-OP-3'], '["run_7","probe_1"]', accept, 'each label then U+001F'),
    track('track-one-label', 'core', ['R-J10'], '["run_7"]', accept, 'the separator follows the last label too'),
    track('track-empty-tuple', 'core', ['R-J10'], '[]', accept, 'the empty key selects every partition'),
    track('track-unicode-labels', 'core', ['R-J10'], '["😀","\\u00a0","a b","\\u2028"]', accept, 'any non-control character'),
    track('track-supplementary-first', 'core', ['R-J10'], '["\\ud800\\udc00"]', accept, 'U+10000, the first character written as a surrogate pair, is one character of four UTF-8 bytes'),
    track('track-supplementary-last', 'core', ['R-J10'], '["a\\udbff\\udfffb"]', accept, 'U+10FFFF, the last character, between two others'),
    track('track-around-surrogates', 'core', ['R-J10'], '["\\ud7ff\\ue000"]', accept, 'U+D7FF and U+E000, the characters either side of the surrogate range, are characters'),
    track('track-empty-label', 'core', ['R-J10'], '["run_7",""]', reject('INVALID_TRACK_LABEL'), 'a label is never empty'),
    track('track-unit-separator', 'core', ['R-J10'], '["run\\u001f7"]', reject('INVALID_TRACK_LABEL'), 'a label cannot hold the separator'),
    track('track-tab', 'core', ['R-J10'], '["a\\tb"]', reject('INVALID_TRACK_LABEL'), 'C0 controls are refused'),
    track('track-del', 'core', ['R-J10'], '["\\u007f"]', reject('INVALID_TRACK_LABEL'), 'DEL is a control character'),
    track('track-c1', 'core', ['R-J10'], '["x\\u0085"]', reject('INVALID_TRACK_LABEL'), 'C1 controls are refused'),
    track('track-c1-last', 'core', ['R-J10'], '["x\\u009f"]', reject('INVALID_TRACK_LABEL'), 'U+009F, the last C1 control, is refused (found by mutation testing: only U+0085 was pinned)'),
    track('track-not-array', 'core', ['JRN-OP-3'], '"run_7"', reject('INVALID_OP_INPUT'), 'the input is an array'),
    // An op input is a JSON text, not a journal line: LF and CR are whitespace between its tokens. Found by
    // mutation testing of scan-json.ts: no vector's input held a line break, so the code that reads one was never run.
    track('track-input-line-breaks', 'core', ['JRN-OP-3', 'JSON-SYNTAX-1'], '[\n"run_7",\r\n"probe_1"\r]\n', accept, 'LF and CR between the tokens of an op input are whitespace'),
    track('track-input-line-break-after-escaped-quote', 'core', ['JRN-OP-3', 'JSON-SYNTAX-1'], '["a\\"b",\n"c"]', accept, 'a string holding an escaped quote, then a line break between tokens: the quote does not end the string'),
    track('track-input-raw-line-break-in-label', 'core', ['JSON-SYNTAX-1'], '[\n"run\n7"]', reject('JSON_SYNTAX'), 'a raw LF inside a string is a control character, even where LFs between tokens are whitespace'),
    track('track-input-leading-and-trailing-whitespace', 'core', ['JRN-OP-3', 'JSON-SYNTAX-1'], ' \t\r\n["run_7"] \t\r\n', accept, 'space, tab, CR and LF before and after the value'),
    // Three bytes that are not a byte-order mark, each one byte short of it: invalid UTF-8 (JSON-SYNTAX-1), not JSON_BOM.
    track('track-input-near-bom-first-byte', 'core', ['JSON-SYNTAX-1'], Buffer.from([0x5b, 0xbb, 0xbf, 0x5d]), reject('JSON_INVALID_UTF8'), "'[' then the last two bytes of a byte-order mark: invalid UTF-8, no mark"),
    track('track-input-near-bom-second-byte', 'core', ['JSON-SYNTAX-1'], Buffer.from([0xef, 0x5b, 0xbf, 0x5d]), reject('JSON_INVALID_UTF8'), "a mark's first and third bytes around '[': invalid UTF-8, no mark"),
    track('track-input-near-bom-third-byte', 'core', ['JSON-SYNTAX-1'], Buffer.from([0xef, 0xbb, 0x5b, 0x5d]), reject('JSON_INVALID_UTF8'), "a mark's first two bytes, then '[]': invalid UTF-8, no mark"),
    track('track-number-label', 'core', ['JRN-OP-3'], '["a",7]', reject('INVALID_OP_INPUT'), 'labels are strings'),
    track('track-lone-surrogate', 'strict', ['R-S1'], '["\\udc00"]', reject('JSON_LONE_SURROGATE'), 'the input is strict JSON'),
    track('track-byte-order-mark', 'strict', ['R-S1'], '\ufeff["run_7"]', reject('JSON_BOM'), 'the input is strict JSON: no byte-order mark before it (the Python reader took it for a syntax fault)'),
    // Long tokens (spec/journal, Reader limits; src/journal/long-values.ts, member-names.ts): a structural string
    // past 4,096 UTF-8 bytes is kept by the chunked scan as its length and R-J7 shape, a member name past 256
    // bytes as a quote, a length and a digest. Found by mutation testing of long-values.ts and member-names.ts:
    // no vector had an id past 4,096 bytes or a member name past 256, so none reached that code.
    ...((): Recipe[] => {
      /** The JSON text of `s` with every character written as a \u escape (a surrogate pair for one past U+FFFF). */
      const escaped = (s: string) =>
        '"' +
        Array.from({ length: s.length }, (_, i) => '\\u' + s.charCodeAt(i).toString(16).padStart(4, '0')).join('') +
        '"';
      /** An entry whose id is the JSON text `idJson` (raw, so that escapes stay as written). */
      const withId = (idJson: string, o: EntryOverrides = {}) => edit(E(1, { ...o, id: 'ID' }), '"ID"', idJson);
      /** An entry whose payload is the JSON text `payload`. */
      const withPayload = (payload: string) => edit(E(1), '{"amount":40}', payload);
      const record = (bytes: number[]): EntryOverrides => ({ kind: 'Record', payload: bytes.map((b) => n(b)) });
      // 17 UTF-8 bytes of 1-, 2-, 3- and 4-byte characters, each at an edge of its length; 16 of them: 272 bytes.
      const MIXED = ('ab\u0080\u07ff\u0800\uffff\u{1f600}\u007f').repeat(16);
      const P = 'k'.repeat(300);
      const E256 = 'é'.repeat(128); // 256 UTF-8 bytes
      const EURO = '€'.repeat(100); // 300 UTF-8 bytes, 3 a character
      // 64,500 distinct 3-character names: held as they are, each costs its length plus 64 against the 4 MiB a
      // line's open objects may hold so (member-names.ts), 4,321,500 in all; the last ~1,900 are kept as digests.
      const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
      const NAMES = Array.from({ length: 64_500 }, (_, i) => ALNUM[i % 62]! + ALNUM[Math.floor(i / 62) % 62]! + ALNUM[Math.floor(i / 3844)]!);
      const manyNames = (...more: string[]) => withPayload(`{${[...NAMES, ...more].map((k) => `"${k}":0`).join(',')}}`);
      return [
        read('long-id-plain-5000-bytes', 'core', ['JRN-ENT-3', 'R-J7'], H3 + E(1, { id: 'x'.repeat(5000) }), accept, 'an id past 4,096 bytes not starting harmos: is any non-empty string'),
        read('long-id-work-transaction', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:work/billing/' + 'n'.repeat(5000) }), reject('RESERVED_KIND'), 'a work fact id of 5,020 bytes is well-formed, so it must be a Record'),
        read('long-id-work-record-non-ascii-name', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:work/Billing_2/' + 'é'.repeat(2100), ...record([1, 0, 255]) }), accept, 'any non-empty service without "/" and a name of 2,100 non-ASCII characters make a work fact; a Record of bytes'),
        read('long-id-work-empty-name', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:work/' + 's'.repeat(5000) + '/', ...record([]) }), reject('RESERVED_NAMESPACE'), 'a 5,000-byte service followed by "/" and no name is a malformed work id'),
        read('long-id-work-name-escaped-pair-past-4096', 'core', ['R-J7', 'JRN-ENT-3'], H3 + withId(`"harmos:work/${'s'.repeat(4083)}/\\ud83d\\ude00"`, record([9])), accept, 'the name is one escaped pair whose 4 bytes take the id from 4,096 to 4,100 bytes: a well-formed work fact'),
        read('long-id-work-escape-straddles-4096', 'core', ['R-J7'], H3 + withId(`"harmos:work/svc/${'a'.repeat(4079)}\\u00e9${'b'.repeat(10)}"`), reject('RESERVED_KIND'), 'an escaped 2-byte character takes the id from 4,095 to 4,097 bytes; a well-formed work fact id on a Transaction'),
        read('long-id-sidecar-owner-digit-first', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:sidecar/9host/' + 'x'.repeat(5000), ...record([]) }), reject('RESERVED_NAMESPACE'), 'a sidecar owner starts with [a-z]: 9host is malformed, however long the id'),
        read('long-id-sidecar-owner-upper-inside', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:sidecar/hOst/' + 'x'.repeat(5000), ...record([]) }), reject('RESERVED_NAMESPACE'), 'a sidecar owner continues with [a-z0-9.-]: hOst is malformed'),
        read('long-id-sidecar-owner-plus-inside', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:sidecar/h+st/' + 'x'.repeat(5000), ...record([]) }), reject('RESERVED_NAMESPACE'), 'a sidecar owner continues with [a-z0-9.-]: h+st is malformed'),
        read('long-id-sidecar-owner-non-ascii', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:sidecar/hé-1/' + 'x'.repeat(5000), ...record([]) }), reject('RESERVED_NAMESPACE'), 'a sidecar owner is ASCII [a-z][a-z0-9.-]*: hé-1 is malformed'),
        read('long-id-sidecar-owner-ok', 'core', ['R-J7'], H3 + E(1, { id: 'harmos:sidecar/a9.b-c/' + 'x'.repeat(5000), ...record([7]) }), accept, 'a9.b-c matches [a-z][a-z0-9.-]*: a sidecar fact with a 5,000-byte name'),
        read('long-id-guest-fact', 'strict', ['R-J7'], H3 + E(1, { id: 'harmos:guest/G-7/' + 'y'.repeat(5000), ...record([]) }), accept, 'a guest fact: any non-empty guest, a non-empty name'),
        read('long-id-guest-empty-name', 'strict', ['R-J7'], H3 + E(1, { id: 'harmos:guest/' + 'g'.repeat(5000) + '/', ...record([]) }), reject('RESERVED_NAMESPACE'), 'a guest id of 5,014 bytes with an empty name is malformed'),
        read('long-id-unknown-namespace', 'strict', ['R-J7'], H3 + E(1, { id: 'harmos:' + 'a'.repeat(5000) }), reject('RESERVED_NAMESPACE'), 'a harmos: id of no known namespace is reserved, however long'),
        read('long-id-invalid-escape-past-4096', 'core', ['JSON-SYNTAX-1'], H3 + withId(`"${'x'.repeat(4200)}\\q"`), reject('JSON_SYNTAX'), '\\q is no JSON escape, 4,200 bytes into a string'),
        read('long-id-control-character-past-4096', 'core', ['JSON-SYNTAX-1'], H3 + withId(`"${'x'.repeat(4200)}\ty"`), reject('JSON_SYNTAX'), 'a raw tab inside a string is no JSON, 4,200 bytes into it'),
        read('long-id-lone-surrogate-past-4096', 'strict', ['R-S1'], H3 + withId(`"${'x'.repeat(4200)}\\udc00y"`), reject('JSON_LONE_SURROGATE'), 'an escaped low surrogate with no high one before it, 4,200 bytes into a string'),
        read('long-request-escapes-past-4096', 'core', ['R-J5'], H3 + edit(E(1), '"request":null', `"request":"${'r'.repeat(4094)}\\u20ac${'r'.repeat(100)}"`), reject('FIELD_TOO_LONG'), 'a request of 4,197 bytes, an escaped 3-byte character across byte 4,096, is past 1,024'),
        read('long-names-differ-past-256', 'core', ['R-S1', 'JRN-ENT-1'], H3 + withPayload(`{"${P}a":1,${escaped(P + 'b')}:2}`), accept, 'two 301-byte member names differing in their last byte are two names'),
        read('long-name-duplicate-raw-and-escaped', 'strict', ['R-S1'], H3 + withPayload(`{${JSON.stringify(MIXED)}:1,${escaped(MIXED)}:2}`), reject('JSON_DUPLICATE_MEMBER'), 'one 272-byte name of 1- to 4-byte characters, written raw then as \\u escapes, is one name twice'),
        read('long-name-3-byte-characters-raw-and-escaped', 'strict', ['R-S1'], H3 + withPayload(`{"${EURO}":1,${escaped(EURO)}:2}`), reject('JSON_DUPLICATE_MEMBER'), 'one name of 100 three-byte characters (300 bytes), written raw then as \\u escapes, is one name twice'),
        read('name-256-bytes-raw-and-escaped', 'strict', ['R-S1'], H3 + withPayload(`{"${E256}":1,${escaped(E256)}:2}`), reject('JSON_DUPLICATE_MEMBER'), 'a 256-byte name written raw and as escapes is one name twice'),
        read('name-257-bytes-raw-and-escaped', 'strict', ['R-S1'], H3 + withPayload(`{${escaped(E256 + 'x')}:1,"${E256}x":2}`), reject('JSON_DUPLICATE_MEMBER'), 'a 257-byte name written as escapes and raw is one name twice'),
        read('payload-names-past-held-budget', 'core', ['R-S1', 'JRN-ENT-1'], H3 + manyNames(), accept, 'a payload object of 64,500 distinct names (about 516 KB) repeats none of them'),
        read('payload-names-past-held-budget-repeat-late', 'strict', ['R-S1'], H3 + manyNames(NAMES[62_700]!), reject('JSON_DUPLICATE_MEMBER'), 'the 62,701st of 64,500 distinct names comes again after all of them: one object names one member twice'),
        // Past the held-name budget names are kept as 128-bit digests: two that share 64 of those bits
        // (words 2 and 3; found by a long search) are still two names, which only a full compare tells.
        read('payload-names-digests-sharing-64-bits', 'core', ['R-S1', 'R-J5'], digestNearCollision(), reject('UNKNOWN_MEMBER'), 'past 66,000 three-character names, an object holds two names whose digests agree in half their bits: two names, so the JSON text passes R-S1 and the entry\'s unknown member "x" answers (kept a refusal: an observation would double its 145 KB)'),
        read('payload-names-past-held-budget-repeat-second', 'strict', ['R-S1'], H3 + manyNames(NAMES[1]!), reject('JSON_DUPLICATE_MEMBER'), 'the second of 64,500 distinct names comes again after all of them: one object names one member twice'),
        read('long-unknown-member-in-header', 'core', ['R-J5', 'JRN-HDR-1'], `{"schema":3,"generation":0,"origin":0,"${'origin'.repeat(50)}":0}\n`, reject('UNKNOWN_MEMBER'), 'a 300-byte member name is no header member'),
        read('long-unknown-member-in-metadata', 'core', ['R-J5', 'JRN-MD-1'], H3 + edit(E(1), '"at_us":0', `"at_us":0,"principal${'x'.repeat(300)}":null`), reject('UNKNOWN_MEMBER'), 'a 309-byte member name starting "principal" is no metadata member'),
        read('long-unknown-member-in-entry', 'core', ['R-J5', 'JRN-ENT-1'], H3 + edit(E(1), '"kind"', `${escaped('id' + 'd'.repeat(300))}:"x","kind"`), reject('UNKNOWN_MEMBER'), 'a 302-byte member name starting "id", written as escapes, is no entry member'),
      ];
    })(),
  ];
}

/** Seeded generated histories (accepted) and their mutations (rejected with the mutator's code). */
function generatedCases(): CaseSpec[] {
  const out: CaseSpec[] = [];
  const samples = fc.sample(journalHistory({ maxLines: 3, maxRecords: 3 }), { seed: 7301, numRuns: 40 });
  samples.forEach((s, i) => {
    out.push({ name: `generated-valid-${i}`, op: 'journal.read', profile: 'core', requirements: ['R-J4', 'R-J6'], input: sampleBytes(s), expect: accept, note: `seeded valid v${s.schema} history` });
  });
  const picks = fc.sample(fc.tuple(journalHistory({ maxLines: 3, maxRecords: 2 }), fc.nat()), { seed: 7302, numRuns: 12 });
  for (const m of JOURNAL_MUTATORS) {
    if (m.name === 'frame-too-large' || m.name === 'payload-budget') continue; // megabytes each: covered by tests, not vectors
    let made = 0;
    for (const [s, pick] of picks) {
      if (made === 3) break;
      const bytes = m.apply(s, pick);
      if (!bytes) continue;
      out.push({ name: `mutated-${m.name}-${made}`, op: 'journal.read', profile: m.profile, requirements: [m.requirement], input: bytes, expect: reject(m.code), note: `mutator ${m.name}: breaks ${m.requirement}` });
      made++;
    }
  }
  return out;
}

/** Every journal golden case: recipes first, then generated cases, then the edit cases kept as data (generators/edit-cases.ts). */
export function goldenCases(): CaseSpec[] {
  const hand = recipes().map(([name, op, profile, requirements, input, expect, note]): CaseSpec => ({ name, op, profile, requirements, input, expect, note }));
  // A generated case identical to an earlier one (same op and bytes) adds nothing.
  const seen = new Set<string>();
  return [...hand, ...largeFrameCases(), ...generatedCases(), ...loadEditCases('journal')].filter((c) => {
    const id = caseId(c.op, c.input);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
