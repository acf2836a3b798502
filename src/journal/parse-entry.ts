/** Stage: one entry object (standalone line or group member) → checked facts (seed 003 "The Entry Line", R-J5, R-J7). */
import type { FormatError } from '../shared/errors.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { checkMembers } from './check-members.ts';
import {
  CODES,
  ENTRY_MEMBERS,
  GUEST_PREFIX,
  KIND_RECORD,
  KIND_TRANSACTION,
  LIMITS,
  LINK_MEMBERS,
  METADATA_MEMBERS,
  REQ,
  RESERVED_PREFIX,
  SIDECAR_OWNER_PATTERN,
  SIDECAR_PREFIX,
  WORK_PREFIX,
} from './constants.ts';
import { isIntegerError, readSigned64, readUnsigned, type Int } from './read-integers.ts';
import { childPointer, refuse, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';

/** What the later stages need to know about a checked entry. */
export interface EntryFacts {
  readonly position: Int;
  readonly kind: string;
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
}

const BYTE_LEXEME = /^(0|[1-9][0-9]{0,2})$/;

function utf8Bytes(s: string): number {
  // Each UTF-16 code unit is at most 3 UTF-8 bytes: short strings need no count.
  return s.length * 3 <= LIMITS.MAX_PRINCIPAL_BYTES ? s.length : Buffer.byteLength(s, 'utf8');
}

/** Checks an entry object; returns its facts or the first refusal. */
export function parseEntry(raw: ScannedValue, pointer: string, at: LineContext, payload: PayloadAccess): EntryFacts | FormatError {
  if (!(raw instanceof Map)) {
    return refuse(CODES.NOT_AN_OBJECT, REQ.ENTRY, 'core', 'an entry must be a JSON object', at, pointer);
  }
  const obj = raw;
  const rawPosition = obj.get('position');
  const kind = obj.get('kind');
  const id = obj.get('id');
  const rawVersion = obj.get('version');
  const md = obj.get('metadata');
  const payloadRaw = obj.get('payload');
  // Values are never undefined, so six members all found means exactly the closed set.
  if (obj.size !== 6 || rawPosition === undefined || kind === undefined || id === undefined || rawVersion === undefined || md === undefined || payloadRaw === undefined) {
    const members = checkMembers(obj, ENTRY_MEMBERS, pointer, at, REQ.ENTRY);
    if (members) return members;
  }

  const position = readUnsigned(rawPosition);
  if (isIntegerError(position)) {
    return refuse(position, REQ.INTEGER, position === CODES.WRONG_TYPE ? 'core' : 'strict', 'position must be an unsigned integer', at, childPointer(pointer, 'position'), 'position');
  }
  if (position < 1) {
    // R-J4: positions start at 1.
    return refuse(CODES.INVALID_POSITION, REQ.POSITIONS, 'strict', 'position must be at least 1', at, childPointer(pointer, 'position'), 'position');
  }
  if (typeof kind !== 'string') {
    return refuse(CODES.WRONG_TYPE, REQ.KIND, 'core', 'kind must be a string', at, childPointer(pointer, 'kind'), 'kind');
  }
  if (kind !== KIND_TRANSACTION && kind !== KIND_RECORD) {
    return refuse(CODES.INVALID_KIND, REQ.KIND, 'core', 'kind must be "Transaction" or "Record"', at, childPointer(pointer, 'kind'), 'kind');
  }
  if (typeof id !== 'string') return refuse(CODES.WRONG_TYPE, REQ.ID, 'core', 'id must be a string', at, childPointer(pointer, 'id'), 'id');
  if (id.length === 0) return refuse(CODES.EMPTY_ID, REQ.ID, 'strict', 'id must not be empty', at, childPointer(pointer, 'id'), 'id');
  const version = readUnsigned(rawVersion);
  if (isIntegerError(version)) {
    return refuse(version, REQ.INTEGER, version === CODES.WRONG_TYPE ? 'core' : 'strict', 'version must be an unsigned integer', at, childPointer(pointer, 'version'), 'version');
  }

  if (!(md instanceof Map)) {
    return refuse(CODES.WRONG_TYPE, REQ.LINK, 'core', 'metadata must be an object', at, `${pointer}/metadata`, 'metadata');
  }
  const principal = md.get('principal');
  const rawCorrelation = md.get('correlation');
  const causationRaw = md.get('causation');
  const request = md.get('request');
  const link = md.get('link');
  const rawAtUs = md.get('at_us');
  if (md.size !== 6 || principal === undefined || rawCorrelation === undefined || causationRaw === undefined || request === undefined || link === undefined || rawAtUs === undefined) {
    const mdMembers = checkMembers(md, METADATA_MEMBERS, `${pointer}/metadata`, at, REQ.LINK, true);
    if (mdMembers) return mdMembers;
  }

  if (principal !== null && typeof principal !== 'string') {
    return refuse(CODES.WRONG_TYPE, REQ.LINK, 'core', 'principal must be a string or null', at, `${pointer}/metadata/principal`, 'principal');
  }
  if (principal !== null && utf8Bytes(principal) > LIMITS.MAX_PRINCIPAL_BYTES) {
    return refuse(CODES.FIELD_TOO_LONG, REQ.METADATA, 'core', 'principal exceeds 1,024 UTF-8 bytes', at, `${pointer}/metadata/principal`, 'principal');
  }
  const correlation = readUnsigned(rawCorrelation);
  if (isIntegerError(correlation)) {
    return refuse(correlation, REQ.INTEGER, correlation === CODES.WRONG_TYPE ? 'core' : 'strict', 'correlation must be an unsigned integer', at, `${pointer}/metadata/correlation`, 'correlation');
  }
  if (correlation < 1 || correlation > position) {
    // R-J5: a family is named by the position that opened it, never a later one.
    return refuse(CODES.INVALID_CORRELATION, REQ.METADATA, 'strict', 'correlation must lie in [1, position]', at, `${pointer}/metadata/correlation`, 'correlation');
  }
  let causation: Int | null = null;
  if (causationRaw !== null) {
    const c = readUnsigned(causationRaw);
    if (isIntegerError(c)) {
      return refuse(c, REQ.INTEGER, c === CODES.WRONG_TYPE ? 'core' : 'strict', 'causation must be an unsigned integer or null', at, `${pointer}/metadata/causation`, 'causation');
    }
    if (c < 1 || c >= position) {
      // R-J5: a cause precedes its effect.
      return refuse(CODES.INVALID_CAUSATION, REQ.METADATA, 'strict', 'causation must lie in [1, position)', at, `${pointer}/metadata/causation`, 'causation');
    }
    causation = c;
  }
  if (request !== null && typeof request !== 'string') {
    return refuse(CODES.WRONG_TYPE, REQ.LINK, 'core', 'request must be a string or null', at, `${pointer}/metadata/request`, 'request');
  }
  if (request !== null && utf8Bytes(request) > LIMITS.MAX_REQUEST_BYTES) {
    return refuse(CODES.FIELD_TOO_LONG, REQ.METADATA, 'core', 'request exceeds 1,024 UTF-8 bytes', at, `${pointer}/metadata/request`, 'request');
  }
  if (link !== null) {
    const linkPointer = `${pointer}/metadata/link`;
    if (!(link instanceof Map)) {
      return refuse(CODES.WRONG_TYPE, REQ.LINK, 'core', 'link must be null or an object', at, linkPointer, 'link');
    }
    for (const key of link.keys()) {
      if (!(LINK_MEMBERS as readonly string[]).includes(key)) {
        return refuse(CODES.UNKNOWN_MEMBER, REQ.METADATA, 'core', `unknown link member ${JSON.stringify(key)}`, at, childPointer(linkPointer, key), key);
      }
    }
    if (link.size !== 1) {
      return refuse(CODES.INVALID_LINK, REQ.LINK, 'core', 'link must hold exactly one of UndoOf, RedoOf', at, linkPointer, 'link');
    }
    const [name, targetRaw] = link.entries().next().value as [string, ScannedValue];
    const target = readUnsigned(targetRaw);
    if (isIntegerError(target)) {
      return refuse(target, REQ.INTEGER, target === CODES.WRONG_TYPE ? 'core' : 'strict', 'a link target must be an unsigned integer', at, childPointer(linkPointer, name), name);
    }
    if (target < 1 || target >= position) {
      // R-J5: undo and redo name an earlier entry.
      return refuse(CODES.INVALID_LINK, REQ.METADATA, 'strict', 'a link target must lie in [1, position)', at, childPointer(linkPointer, name), name);
    }
  }
  const atUs = readSigned64(rawAtUs);
  if (isIntegerError(atUs)) {
    return refuse(atUs, REQ.INTEGER, atUs === CODES.WRONG_TYPE ? 'core' : 'strict', 'at_us must be a signed 64-bit integer', at, `${pointer}/metadata/at_us`, 'at_us');
  }

  if (id.startsWith(RESERVED_PREFIX)) {
    const reserved = checkReservedEntry(id, kind, payloadRaw!, pointer, at, payload);
    if (reserved) return reserved;
  }
  return {
    position,
    kind,
    principal,
    correlation,
    causation,
    request,
    hasLink: link !== null,
    atUs,
    payloadBytes: payload.length(payloadRaw!),
    source: obj,
  };
}

/** R-J7: harmos-owned fact namespaces. */
function checkReservedEntry(
  id: string,
  kind: string,
  payloadRaw: ScannedValue,
  pointer: string,
  at: LineContext,
  payload: PayloadAccess,
): FormatError | undefined {
  const idPointer = childPointer(pointer, 'id');
  let rest: string | undefined;
  let ownerOk = (_: string) => true;
  if (id.startsWith(WORK_PREFIX)) {
    rest = id.slice(WORK_PREFIX.length);
  } else if (id.startsWith(SIDECAR_PREFIX)) {
    rest = id.slice(SIDECAR_PREFIX.length);
    ownerOk = (owner) => SIDECAR_OWNER_PATTERN.test(owner);
  } else if (id.startsWith(GUEST_PREFIX)) {
    rest = id.slice(GUEST_PREFIX.length);
  }
  if (rest === undefined) {
    return refuse(CODES.RESERVED_NAMESPACE, REQ.RESERVED, 'strict', 'ids beginning "harmos:" are reserved', at, idPointer, 'id');
  }
  // The first "/" after the prefix splits owner from name; the name may itself contain "/".
  const slash = rest.indexOf('/');
  if (slash <= 0 || slash === rest.length - 1 || !ownerOk(rest.slice(0, slash))) {
    // The seed spells out the work and sidecar id shapes (core); only R-J7 gives the guest one (strict).
    const profile = id.startsWith(GUEST_PREFIX) ? 'strict' : 'core';
    return refuse(CODES.RESERVED_NAMESPACE, REQ.RESERVED, profile, 'malformed reserved fact id', at, idPointer, 'id');
  }
  if (kind !== KIND_RECORD) {
    return refuse(CODES.RESERVED_KIND, REQ.RESERVED, 'core', 'a reserved fact must be a Record', at, childPointer(pointer, 'kind'), 'kind');
  }
  const value = payload.value(payloadRaw);
  const isBytes = Array.isArray(value) && value.every((b) => b instanceof JsonNumber && BYTE_LEXEME.test(b.lexeme) && Number(b.lexeme) <= 255);
  if (!isBytes) {
    return refuse(CODES.RESERVED_PAYLOAD, REQ.RESERVED, 'core', 'a reserved fact payload is an array of byte values 0-255', at, childPointer(pointer, 'payload'), 'payload');
  }
  return undefined;
}
