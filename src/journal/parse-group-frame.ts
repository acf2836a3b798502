/** Stage: one group frame line → its checked entries (seed 003 "Logical Commit Groups", R-J6). */
import type { FormatError } from '../shared/errors.ts';
import { checkMembers } from './check-members.ts';
import { CODES, FRAME_MEMBERS, GROUP_FRAME_VERSION, KIND_RECORD, KIND_TRANSACTION, LIMITS, REQ } from './constants.ts';
import { parseEntry, type EntryFacts, type PayloadAccess } from './parse-entry.ts';
import { intAdd, isIntegerError, readUnsigned, type Int } from './read-integers.ts';
import { childPointer, isRefusal, refuse, type LineContext } from './refusal.ts';
import type { ScannedValue } from './scan-json.ts';

/** A checked group: its entries, transaction first. */
export interface GroupFacts {
  readonly first: Int;
  readonly frontier: Int;
  readonly entries: readonly EntryFacts[];
}

/** Checks a group frame object whose line is `lineBytes` long (LF excluded). */
export function parseGroupFrame(frame: Map<string, ScannedValue>, lineBytes: number, at: LineContext, payload: PayloadAccess): GroupFacts | FormatError {
  if (lineBytes > LIMITS.MAX_FRAME_LINE_BYTES) {
    // R-J6: a physical frame is bounded at 8 MiB (LF excluded).
    return refuse(CODES.FRAME_TOO_LARGE, REQ.GROUP, 'core', `group frame line of ${lineBytes} bytes exceeds 8 MiB`, at, '');
  }
  const members = checkMembers(frame, FRAME_MEMBERS, '', at, REQ.GROUP);
  if (members) return members;
  const group = readUnsigned(frame.get('group'));
  if (isIntegerError(group)) {
    return refuse(group, REQ.INTEGER, group === CODES.WRONG_TYPE ? 'core' : 'strict', 'group must be an unsigned integer', at, '/group', 'group');
  }
  if (group !== GROUP_FRAME_VERSION) {
    return refuse(CODES.UNSUPPORTED_GROUP_VERSION, REQ.GROUP, 'core', `group frame version ${group} is not 1`, at, '/group', 'group');
  }
  const bounds: Record<string, Int> = {};
  for (const name of ['first', 'frontier'] as const) {
    const v = readUnsigned(frame.get(name));
    if (isIntegerError(v)) {
      return refuse(v, REQ.INTEGER, v === CODES.WRONG_TYPE ? 'core' : 'strict', `${name} must be an unsigned integer`, at, `/${name}`, name);
    }
    bounds[name] = v;
  }
  const list = frame.get('entries');
  if (!Array.isArray(list)) return refuse(CODES.WRONG_TYPE, REQ.GROUP, 'core', 'entries must be an array', at, '/entries', 'entries');
  if (list.length === 0) return refuse(CODES.EMPTY_GROUP, REQ.GROUP, 'core', 'a group holds at least its transaction', at, '/entries', 'entries');
  if (list.length > LIMITS.MAX_RECORDS_PER_GROUP + 1) {
    return refuse(CODES.GROUP_TOO_LARGE, REQ.GROUP, 'core', `a group holds at most 256 records (found ${list.length - 1})`, at, '/entries', 'entries');
  }
  const entries: EntryFacts[] = [];
  let budget = 0;
  for (let i = 0; i < list.length; i++) {
    const pointer = `/entries/${i}`;
    const e = parseEntry(list[i]!, pointer, at, payload);
    if (isRefusal(e)) return e;
    const facts = e;
    if (i === 0 ? facts.kind !== KIND_TRANSACTION : facts.kind !== KIND_RECORD) {
      return refuse(CODES.GROUP_SHAPE, REQ.GROUP, 'core', 'a group is one Transaction followed by Records', at, childPointer(pointer, 'kind'), 'kind');
    }
    if (i > 0) {
      const expected = intAdd(entries[0]!.position, i);
      if (facts.position !== expected) {
        // R-J4: positions inside a group are contiguous too.
        return refuse(
          facts.position > expected ? CODES.POSITION_GAP : CODES.POSITION_NOT_ASCENDING,
          REQ.POSITIONS,
          'core',
          `expected position ${expected}, found ${facts.position}`,
          at,
          childPointer(pointer, 'position'),
          'position',
        );
      }
      const mismatch = recordMismatch(entries[0]!, facts);
      if (mismatch) return refuse(CODES.RECORD_METADATA_MISMATCH, REQ.GROUP, 'core', `a record must share the transaction's frame metadata (${mismatch})`, at, childPointer(childPointer(pointer, 'metadata'), mismatch), mismatch);
    }
    budget += facts.payloadBytes;
    entries.push(facts);
  }
  if (budget > LIMITS.MAX_GROUP_PAYLOAD_BYTES) {
    return refuse(CODES.PAYLOAD_BUDGET_EXCEEDED, REQ.GROUP, 'core', `group payloads take ${budget} bytes, over the 4 MiB budget`, at, '/entries', 'payload');
  }
  const first = entries[0]!.position;
  const last = entries[entries.length - 1]!.position;
  if (bounds.first !== first) return refuse(CODES.FRAME_BOUNDS, REQ.GROUP, 'core', 'first must equal the transaction position', at, '/first', 'first');
  if (bounds.frontier !== last) return refuse(CODES.FRAME_BOUNDS, REQ.GROUP, 'core', 'frontier must equal the last entry position', at, '/frontier', 'frontier');
  return { first, frontier: last, entries };
}

/** R-J6: the member of a record's metadata that breaks the witness rule, if any. */
function recordMismatch(tx: EntryFacts, rec: EntryFacts): string | undefined {
  if (rec.principal !== tx.principal) return 'principal';
  if (rec.correlation !== tx.correlation) return 'correlation';
  if (rec.causation !== tx.position) return 'causation';
  if (rec.request !== null) return 'request';
  if (rec.hasLink) return 'link';
  if (rec.atUs !== tx.atUs) return 'at_us';
  return undefined;
}
