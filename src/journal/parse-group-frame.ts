/** Stage: one group frame line → its checked entries (seed 003 "Logical Commit Groups", R-J6). */
import { fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { appendPointer } from '../shared/json/pointer.ts';
import { checkMembers } from './check-members.ts';
import { FRAME_MEMBERS, GROUP_FRAME_VERSION, KIND_RECORD, KIND_TRANSACTION, LIMITS } from './constants.ts';
import { parseEntry, type EntryFacts, type PayloadAccess } from './parse-entry.ts';
import { intAdd, readUnsigned, unsignedSite, type Int } from './read-integers.ts';
import { refuse, RULES, type LineContext } from './refusal.ts';
import { entryCountOf, type ScannedValue } from './scan-json.ts';

/** A checked group: its entries, transaction first. */
export interface GroupFacts {
  readonly first: Int;
  readonly frontier: Int;
  readonly entries: readonly EntryFacts[];
}

/** Checks a group frame object whose line is `lineBytes` long (LF excluded). */
export function parseGroupFrame(frame: Map<string, ScannedValue>, lineBytes: number, at: LineContext, payload: PayloadAccess, profile: Profile): Result<GroupFacts> {
  if (lineBytes > LIMITS.MAX_FRAME_LINE_BYTES) {
    // R-J6: a physical frame is bounded at 8 MiB (LF excluded).
    return fail(refuse(RULES.FRAME_TOO_LARGE, `group frame line of ${lineBytes} bytes exceeds 8 MiB`, at, ''));
  }
  const members = checkMembers(frame, FRAME_MEMBERS, '', at, RULES.FRAME_MISSING_MEMBER);
  if (!members.ok) return members;
  const group = readUnsigned(frame.get('group'), unsignedSite(profile, at, 'group'));
  if (!group.ok) return group;
  if (group.value !== GROUP_FRAME_VERSION) {
    return fail(refuse(RULES.UNSUPPORTED_GROUP_VERSION, `group frame version ${group.value} is not 1`, at, '/group', 'group'));
  }
  const firstBound = readUnsigned(frame.get('first'), unsignedSite(profile, at, 'first'));
  if (!firstBound.ok) return firstBound;
  const frontierBound = readUnsigned(frame.get('frontier'), unsignedSite(profile, at, 'frontier'));
  if (!frontierBound.ok) return frontierBound;
  const list = frame.get('entries');
  if (!Array.isArray(list)) return fail(refuse(RULES.ENTRIES_WRONG_TYPE, 'entries must be an array', at, '/entries', 'entries'));
  if (list.length === 0) return fail(refuse(RULES.EMPTY_GROUP, 'a group holds at least its transaction', at, '/entries', 'entries'));
  const count = entryCountOf(list);
  if (count > LIMITS.MAX_RECORDS_PER_GROUP + 1) {
    return fail(refuse(RULES.GROUP_TOO_LARGE, `a group holds at most 256 records (found ${count - 1})`, at, '/entries', 'entries'));
  }
  const entries: EntryFacts[] = [];
  let budget = 0;
  for (let i = 0; i < list.length; i++) {
    const pointer = `/entries/${i}`;
    const e = parseEntry(list[i]!, pointer, at, payload, profile);
    if (!e.ok) return e;
    const facts = e.value;
    if (i === 0 ? facts.kind !== KIND_TRANSACTION : facts.kind !== KIND_RECORD) {
      return fail(refuse(RULES.GROUP_SHAPE, 'a group is one Transaction followed by Records', at, appendPointer(pointer, 'kind'), 'kind'));
    }
    if (i > 0) {
      const expected = intAdd(entries[0]!.position, i);
      if (facts.position !== expected) {
        // R-J4: positions inside a group are contiguous too.
        const rule = facts.position > expected ? RULES.POSITION_GAP : RULES.POSITION_NOT_ASCENDING;
        return fail(refuse(rule, `expected position ${expected}, found ${facts.position}`, at, appendPointer(pointer, 'position'), 'position'));
      }
      const mismatch = recordMismatch(entries[0]!, facts);
      if (mismatch) {
        const where = appendPointer(appendPointer(pointer, 'metadata'), mismatch);
        return fail(refuse(RULES.RECORD_METADATA_MISMATCH, `a record must share the transaction's frame metadata (${mismatch})`, at, where, mismatch));
      }
    }
    budget += facts.payloadBytes;
    entries.push(facts);
  }
  if (budget > LIMITS.MAX_GROUP_PAYLOAD_BYTES) {
    return fail(refuse(RULES.PAYLOAD_BUDGET_EXCEEDED, `group payloads take ${budget} bytes, over the 4 MiB budget`, at, '/entries', 'payload'));
  }
  const first = entries[0]!.position;
  const last = entries[entries.length - 1]!.position;
  if (firstBound.value !== first) return fail(refuse(RULES.FRAME_BOUNDS, 'first must equal the transaction position', at, '/first', 'first'));
  if (frontierBound.value !== last) return fail(refuse(RULES.FRAME_BOUNDS, 'frontier must equal the last entry position', at, '/frontier', 'frontier'));
  return ok({ first, frontier: last, entries });
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
