/** Stage: one entry object (standalone line or group member) → checked facts (seed 003 "The Entry Line", R-J5, R-J7). */
import { fail, OK, ok, type Profile, type Result } from '../shared/errors.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { checkMembers } from './check-members.ts';
import { ENTRY_MEMBERS, KIND_RECORD, KIND_TRANSACTION, LIMITS, LINK_MEMBERS, METADATA_MEMBERS } from './constants.ts';
import { LongText, reservedShapeOf, type ReservedShape } from './long-values.ts';
import { integerSite, readSigned64, readUnsigned, type Int } from './read-integers.ts';
import { enforces, refuse, RULES, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';

/** What the later stages need to know about a checked entry. */
export interface EntryFacts {
  readonly position: Int;
  readonly kind: string;
  /** A principal past R-J5's bound never gets here: a string. */
  readonly principal: string | null;
  readonly correlation: Int;
  readonly causation: Int | null;
  readonly request: string | null;
  readonly hasLink: boolean;
  readonly atUs: Int;
  /** Compact serialization length of the payload, in UTF-8 bytes (R-J6 budget). */
  readonly payloadBytes: number;
  /** The entry object as scanned (payload possibly still a span). */
  readonly source: Map<string, ScannedValue>;
}

/** How the entry stage reaches a payload that may still be an unbuilt span. */
export interface PayloadAccess {
  /** The payload's value, built on demand. */
  value(v: ScannedValue): JsonValue;
  /** Compact serialization length in UTF-8 bytes. */
  length(v: ScannedValue): number;
  /** Whether the payload is an array of byte values: number lexemes `0|[1-9][0-9]{0,2}` of at most 255 (R-J7). */
  isByteArray(v: ScannedValue): boolean;
}

const BYTE_LEXEME = /^(0|[1-9][0-9]{0,2})$/;

/** R-J7's reserved payload shape: an array of number lexemes `0|[1-9][0-9]{0,2}` of at most 255. */
export function isByteArrayValue(value: JsonValue): boolean {
  return Array.isArray(value) && value.every((b) => b instanceof JsonNumber && BYTE_LEXEME.test(b.lexeme) && Number(b.lexeme) <= 255);
}

function utf8Bytes(s: string | LongText): number {
  if (s instanceof LongText) return s.utf8Bytes;
  // Each UTF-16 code unit is at most 3 UTF-8 bytes: short strings need no count.
  return s.length * 3 <= LIMITS.MAX_PRINCIPAL_BYTES ? s.length : Buffer.byteLength(s, 'utf8');
}

/** A string, or a long one a chunked scan summarized (long-values.ts). */
function isText(v: ScannedValue | undefined): v is string | LongText {
  return typeof v === 'string' || v instanceof LongText;
}

/** Checks an entry object under `profile`; returns its facts or the first enforced refusal. */
export function parseEntry(raw: ScannedValue, pointer: string, at: LineContext, payload: PayloadAccess, profile: Profile): Result<EntryFacts> {
  if (!(raw instanceof Map)) return fail(refuse(RULES.ENTRY_NOT_OBJECT, 'an entry must be a JSON object', at, pointer));
  const obj = raw;
  const rawPosition = obj.get('position');
  const kind = obj.get('kind');
  const id = obj.get('id');
  const rawVersion = obj.get('version');
  const md = obj.get('metadata');
  const payloadRaw = obj.get('payload');
  // Values are never undefined, so six members all found means exactly the closed set.
  if (obj.size !== 6 || rawPosition === undefined || kind === undefined || id === undefined || rawVersion === undefined || md === undefined || payloadRaw === undefined) {
    const members = checkMembers(obj, ENTRY_MEMBERS, pointer, at, RULES.ENTRY_MISSING_MEMBER);
    if (!members.ok) return members;
  }
  const mdPointer = `${pointer}/metadata`;

  const position = readUnsigned(rawPosition, integerSite(profile, at, appendPointer(pointer, 'position'), 'position', 'position must be an unsigned integer'));
  if (!position.ok) return position;
  const pos = position.value;
  if (pos < 1 && enforces(profile, RULES.INVALID_POSITION)) {
    // R-J4: positions start at 1.
    return fail(refuse(RULES.INVALID_POSITION, 'position must be at least 1', at, appendPointer(pointer, 'position'), 'position'));
  }
  if (!isText(kind)) return fail(refuse(RULES.KIND_WRONG_TYPE, 'kind must be a string', at, appendPointer(pointer, 'kind'), 'kind'));
  // A LongText is neither: it is longer than both.
  if (kind !== KIND_TRANSACTION && kind !== KIND_RECORD) {
    return fail(refuse(RULES.INVALID_KIND, 'kind must be "Transaction" or "Record"', at, appendPointer(pointer, 'kind'), 'kind'));
  }
  if (!isText(id)) return fail(refuse(RULES.ID_WRONG_TYPE, 'id must be a string', at, appendPointer(pointer, 'id'), 'id'));
  if (id === '' && enforces(profile, RULES.EMPTY_ID)) return fail(refuse(RULES.EMPTY_ID, 'id must not be empty', at, appendPointer(pointer, 'id'), 'id'));
  const version = readUnsigned(rawVersion, integerSite(profile, at, appendPointer(pointer, 'version'), 'version', 'version must be an unsigned integer'));
  if (!version.ok) return version;

  if (!(md instanceof Map)) return fail(refuse(RULES.METADATA_WRONG_TYPE, 'metadata must be an object', at, mdPointer, 'metadata'));
  const principal = md.get('principal');
  const rawCorrelation = md.get('correlation');
  const causationRaw = md.get('causation');
  const request = md.get('request');
  const link = md.get('link');
  const rawAtUs = md.get('at_us');
  if (md.size !== 6 || principal === undefined || rawCorrelation === undefined || causationRaw === undefined || request === undefined || link === undefined || rawAtUs === undefined) {
    const mdMembers = checkMembers(md, METADATA_MEMBERS, mdPointer, at, RULES.METADATA_MISSING_MEMBER, true);
    if (!mdMembers.ok) return mdMembers;
  }

  if (principal !== null && !isText(principal)) {
    return fail(refuse(RULES.METADATA_WRONG_TYPE, 'principal must be a string or null', at, `${mdPointer}/principal`, 'principal'));
  }
  if (principal !== null && utf8Bytes(principal) > LIMITS.MAX_PRINCIPAL_BYTES) {
    return fail(refuse(RULES.FIELD_TOO_LONG, 'principal exceeds 1,024 UTF-8 bytes', at, `${mdPointer}/principal`, 'principal'));
  }
  const correlation = readUnsigned(rawCorrelation, integerSite(profile, at, `${mdPointer}/correlation`, 'correlation', 'correlation must be an unsigned integer'));
  if (!correlation.ok) return correlation;
  if ((correlation.value < 1 || correlation.value > pos) && enforces(profile, RULES.INVALID_CORRELATION)) {
    // R-J5: a family is named by the position that opened it, never a later one.
    return fail(refuse(RULES.INVALID_CORRELATION, 'correlation must lie in [1, position]', at, `${mdPointer}/correlation`, 'correlation'));
  }
  let causation: Int | null = null;
  if (causationRaw !== null) {
    const c = readUnsigned(causationRaw, integerSite(profile, at, `${mdPointer}/causation`, 'causation', 'causation must be an unsigned integer or null'));
    if (!c.ok) return c;
    if ((c.value < 1 || c.value >= pos) && enforces(profile, RULES.INVALID_CAUSATION)) {
      // R-J5: a cause precedes its effect.
      return fail(refuse(RULES.INVALID_CAUSATION, 'causation must lie in [1, position)', at, `${mdPointer}/causation`, 'causation'));
    }
    causation = c.value;
  }
  if (request !== null && !isText(request)) {
    return fail(refuse(RULES.METADATA_WRONG_TYPE, 'request must be a string or null', at, `${mdPointer}/request`, 'request'));
  }
  if (request !== null && utf8Bytes(request) > LIMITS.MAX_REQUEST_BYTES) {
    return fail(refuse(RULES.FIELD_TOO_LONG, 'request exceeds 1,024 UTF-8 bytes', at, `${mdPointer}/request`, 'request'));
  }
  if (link !== null) {
    const checked = checkLink(link!, pos, `${mdPointer}/link`, at, profile);
    if (!checked.ok) return checked;
  }
  const atUs = readSigned64(rawAtUs, integerSite(profile, at, `${mdPointer}/at_us`, 'at_us', 'at_us must be a signed 64-bit integer'));
  if (!atUs.ok) return atUs;

  const shape = id instanceof LongText ? id.reservedShape : reservedShapeOf(id);
  if (shape !== 'plain') {
    const reserved = checkReservedEntry(shape, kind, payloadRaw!, pointer, at, payload, profile);
    if (!reserved.ok) return reserved;
  }
  return ok({
    position: pos,
    kind,
    // Past R-J5's bound (a LongText always is) they were refused above.
    principal: principal as string | null,
    correlation: correlation.value,
    causation,
    request: request as string | null,
    hasLink: link !== null,
    atUs: atUs.value,
    payloadBytes: payload.length(payloadRaw!),
    source: obj,
  });
}

/** JRN-MD-1, R-J5: a link is one of UndoOf/RedoOf naming an earlier position. */
function checkLink(link: ScannedValue, position: Int, linkPointer: string, at: LineContext, profile: Profile): Result<undefined> {
  if (!(link instanceof Map)) return fail(refuse(RULES.METADATA_WRONG_TYPE, 'link must be null or an object', at, linkPointer, 'link'));
  for (const key of link.keys()) {
    if (!(LINK_MEMBERS as readonly string[]).includes(key)) {
      return fail(refuse(RULES.UNKNOWN_MEMBER, `unknown link member ${JSON.stringify(key)}`, at, appendPointer(linkPointer, key), key));
    }
  }
  if (link.size !== 1) return fail(refuse(RULES.LINK_SHAPE, 'link must hold exactly one of UndoOf, RedoOf', at, linkPointer, 'link'));
  const [name, targetRaw] = link.entries().next().value as [string, ScannedValue];
  const target = readUnsigned(targetRaw, { profile, at, pointer: appendPointer(linkPointer, name), member: name, message: 'a link target must be an unsigned integer' });
  if (!target.ok) return target;
  if ((target.value < 1 || target.value >= position) && enforces(profile, RULES.LINK_TARGET)) {
    // R-J5: undo and redo name an earlier entry.
    return fail(refuse(RULES.LINK_TARGET, 'a link target must lie in [1, position)', at, appendPointer(linkPointer, name), name));
  }
  return OK;
}

/** R-J7: harmos-owned fact namespaces, for an id of a reserved `shape` (long-values.ts ReservedIdShape). */
function checkReservedEntry(
  shape: Exclude<ReservedShape, 'plain'>,
  kind: string,
  payloadRaw: ScannedValue,
  pointer: string,
  at: LineContext,
  payload: PayloadAccess,
  profile: Profile,
): Result<undefined> {
  const idPointer = appendPointer(pointer, 'id');
  if (shape === 'unowned') {
    // R-J7 (strict): the document names no other harmos: namespace; core reads such an id as any other.
    return enforces(profile, RULES.RESERVED_UNOWNED) ? fail(refuse(RULES.RESERVED_UNOWNED, 'ids beginning "harmos:" are reserved', at, idPointer, 'id')) : OK;
  }
  if (shape !== 'owned') {
    // The seed spells out the work and sidecar id shapes (core); only R-J7 gives the guest one (strict).
    const rule = shape === 'guest-malformed' ? RULES.RESERVED_UNOWNED : RULES.RESERVED_MALFORMED;
    if (!enforces(profile, rule)) return OK;
    return fail(refuse(rule, 'malformed reserved fact id', at, idPointer, 'id'));
  }
  if (kind !== KIND_RECORD) return fail(refuse(RULES.RESERVED_KIND, 'a reserved fact must be a Record', at, appendPointer(pointer, 'kind'), 'kind'));
  if (!payload.isByteArray(payloadRaw)) {
    return fail(refuse(RULES.RESERVED_PAYLOAD, 'a reserved fact payload is an array of byte values 0-255', at, appendPointer(pointer, 'payload'), 'payload'));
  }
  return OK;
}
