/**
 * The writer (R-J8, R-J9, R-J3): canonical lines, appends that refuse before any mutation, torn-tail
 * removal before an append, v2 → v3 migration on the first append. Reading never rewrites a file.
 */
import { constants as fsConstants } from 'node:fs';
import { open, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fail, ok, type FormatError, type Profile, type Result } from '../shared/errors.ts';
import { JsonNumber, type JsonValue } from '../shared/json/value.ts';
import { BYTE, ENTRY_MEMBERS, GROUP_FRAME_VERSION, LIMITS, METADATA_MEMBERS, READ_CHUNK_BYTES, SCHEMA_CURRENT, SCHEMA_READABLE } from './constants.ts';
import { isByteArrayValue, type PayloadAccess } from './parse-entry.ts';
import { parseGroupFrame } from './parse-group-frame.ts';
import { readJournalBytes, readJournalFile, type JournalSummary } from './read-journal.ts';
import { readUnsigned, toBig } from './read-integers.ts';
import { refuse, RULES } from './refusal.ts';
import { compactLength, writeCompact, writeCompactString } from './write-compact.ts';

/** The canonical v3 header line, LF excluded (R-J8). */
export function encodeHeader(generation: bigint | string, origin: bigint | string): string {
  return `{"schema":${SCHEMA_CURRENT},"generation":${generation},"origin":${origin}}`;
}

/** One entry in canonical member order and compact spacing (R-J8); members it lacks are programmer errors. */
export function encodeEntry(entry: Map<string, JsonValue>): string {
  const md = entry.get('metadata') as Map<string, JsonValue>;
  const mdText = METADATA_MEMBERS.map((m) => `${writeCompactString(m)}:${writeCompact(md.get(m)!)}`).join(',');
  return (
    '{' +
    ENTRY_MEMBERS.map((m) => `${writeCompactString(m)}:${m === 'metadata' ? `{${mdText}}` : writeCompact(entry.get(m)!)}`).join(',') +
    '}'
  );
}

/** A group frame line in canonical form, LF excluded (R-J8): first and frontier taken from the entries. */
export function encodeGroupFrame(entries: readonly Map<string, JsonValue>[]): string {
  const pos = (e: Map<string, JsonValue>) => (e.get('position') as JsonNumber).lexeme;
  return `{"group":${GROUP_FRAME_VERSION},"first":${pos(entries[0]!)},"frontier":${pos(entries[entries.length - 1]!)},"entries":[${entries.map(encodeEntry).join(',')}]}`;
}

const VALUE_ACCESS: PayloadAccess = {
  value: (v) => v as JsonValue,
  length: (v) => compactLength(v as JsonValue),
  isByteArray: (v) => isByteArrayValue(v as JsonValue),
};

/**
 * Checks a new group against the journal it extends and encodes it (JRN-OP-1, JRN-OP-2, R-J6):
 * every rule a reader applies to a frame, plus continuity with the frontier. Pointers are into the
 * op input (`/group/<i>/…`).
 */
export function prepareGroup(group: readonly JsonValue[], state: JournalSummary, profile: Profile = 'strict'): Result<string> {
  const at = { line: state.lineCount + 2, byteOffset: state.recoveredBytes };
  const toInput = (e: FormatError): FormatError => ({
    ...e,
    location: { ...e.location, ...(e.location.pointer !== undefined ? { pointer: e.location.pointer.replace(/^\/entries/, '/group') } : {}) },
  });
  if (group.length === 0) return fail(refuse(RULES.EMPTY_GROUP, 'a group holds at least its transaction', undefined, '/group'));
  if (group.length > LIMITS.MAX_RECORDS_PER_GROUP + 1) {
    // R-J6: sticky count failure: refused before anything is written.
    return fail(refuse(RULES.GROUP_TOO_LARGE, `a group holds at most 256 records (got ${group.length - 1})`, undefined, '/group'));
  }
  // Frame bounds come from the entries; an unreadable position is left to the entry check to name.
  const positionOf = (e: JsonValue | undefined): JsonNumber => {
    const p = e instanceof Map ? e.get('position') : undefined;
    const read = readUnsigned(p, { profile, at, pointer: '', member: 'position', message: 'position must be an unsigned integer' });
    return read.ok ? new JsonNumber(toBig(read.value).toString()) : new JsonNumber('0');
  };
  const frame = new Map<string, JsonValue>([
    ['group', new JsonNumber(String(GROUP_FRAME_VERSION))],
    ['first', positionOf(group[0])],
    ['frontier', positionOf(group[group.length - 1])],
    ['entries', [...group]],
  ]);
  // The frame-size rule needs the encoded length, and encoding needs checked entries: check first
  // with the size rule off, then encode and check the size.
  const parsed = parseGroupFrame(frame, 0, at, VALUE_ACCESS, profile);
  if (!parsed.ok) return fail(toInput(parsed.error));
  const checked = parsed.value;
  const line = encodeGroupFrame(group as Map<string, JsonValue>[]);
  const lineBytes = Buffer.byteLength(line, 'utf8');
  if (lineBytes > LIMITS.MAX_FRAME_LINE_BYTES) {
    return fail(refuse(RULES.FRAME_TOO_LARGE, `the group frame would take ${lineBytes} bytes, over 8 MiB`, undefined, '/group'));
  }
  const expected = state.frontier + 1n;
  // JRN-OP-2: the group continues the frontier, and the last stored line, so the file stays contiguous.
  if (toBig(checked.first) !== expected || (state.lastPosition !== null && state.lastPosition + 1n !== expected)) {
    return fail(refuse(RULES.APPEND_NOT_CONTINUOUS, `the group must start at position ${expected} (last stored ${state.lastPosition ?? 'none'})`, undefined, '/group/0/position', 'position'));
  }
  return ok(line);
}

/** The v3 file a v2 file migrates to (R-J9): new header, then every entry line byte for byte, each LF-terminated. */
export function migrateV2Bytes(journal: Uint8Array, state: JournalSummary): Uint8Array {
  const buf = Buffer.from(journal.buffer, journal.byteOffset, journal.byteLength);
  const headerEnd = buf.indexOf(BYTE.LF) + 1;
  const parts: Uint8Array[] = [Buffer.from(encodeHeader(state.header.generationLexeme, state.header.originLexeme) + '\n'), buf.subarray(headerEnd)];
  if (!state.endsWithLf) parts.push(Buffer.from('\n'));
  return Buffer.concat(parts);
}

/**
 * Pure append (the `journal.append` op): reads the journal, refuses it or the group before producing
 * anything, removes a v3 torn tail, migrates v2, and returns the new file's bytes.
 */
export function appendGroupToBytes(journal: Uint8Array, group: readonly JsonValue[], profile: Profile = 'strict'): Result<Uint8Array> {
  const read = readJournalBytes(journal, { profile });
  if (!read.ok) return read;
  const state = read.value;
  const line = prepareGroup(group, state, profile);
  if (!line.ok) return line;
  const base =
    state.header.schema === SCHEMA_READABLE
      ? migrateV2Bytes(journal, state)
      : // R-J3: the torn tail is removed before the append.
        journal.subarray(0, state.recoveredBytes);
  return ok(Buffer.concat([base, Buffer.from(line.value + '\n', 'utf8')]));
}

/** Result of a file append: where the journal now stands. */
export interface AppendReceipt {
  readonly first: bigint;
  readonly frontier: bigint;
  readonly migrated: boolean;
  readonly removedTailBytes: number;
}

/**
 * Appends a group to a journal file. Nothing is written unless the file and the group pass every
 * check. A v2 file is first migrated beside itself (written, fsync'd, renamed over the original, the
 * directory fsync'd). Rejects only on I/O errors.
 */
export async function appendGroupToFile(path: string, group: readonly JsonValue[]): Promise<Result<AppendReceipt>> {
  const read = await readJournalFile(path, { collect: false });
  if (!read.ok) return read;
  const state = read.value;
  const line = prepareGroup(group, state);
  if (!line.ok) return line;
  let migrated = false;
  let length = state.recoveredBytes;
  if (state.header.schema === SCHEMA_READABLE) {
    length = await migrateV2File(path, state);
    migrated = true;
  }
  const handle = await open(path, fsConstants.O_RDWR);
  try {
    // R-J3: the torn tail goes before the append (a no-op when there is none).
    await handle.truncate(length);
    const bytes = Buffer.from(line.value + '\n', 'utf8');
    await handle.write(bytes, 0, bytes.length, length);
    await handle.sync();
  } finally {
    await handle.close();
  }
  const positions = group.map((e) => ((e as Map<string, JsonValue>).get('position') as JsonNumber).toBigInt()!);
  return ok({ first: positions[0]!, frontier: positions[positions.length - 1]!, migrated, removedTailBytes: state.tornTailBytes });
}

/** R-J9: writes the v3 copy beside the file, syncs it, renames it over the original; returns its length. */
async function migrateV2File(path: string, state: JournalSummary): Promise<number> {
  const tmp = `${path}.v3-migration.tmp`;
  const src = await open(path, 'r');
  const dst = await open(tmp, 'w');
  let written = 0;
  try {
    const header = Buffer.from(encodeHeader(state.header.generationLexeme, state.header.originLexeme) + '\n');
    await dst.write(header);
    written += header.length;
    // The old header line is skipped; every entry line after it is copied byte for byte.
    const chunk = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    let pos = 0;
    let inHeader = true;
    for (;;) {
      const { bytesRead } = await src.read(chunk, 0, chunk.length, pos);
      if (bytesRead === 0) break;
      pos += bytesRead;
      let from = 0;
      if (inHeader) {
        const lf = chunk.subarray(0, bytesRead).indexOf(BYTE.LF);
        if (lf < 0) continue;
        inHeader = false;
        from = lf + 1;
      }
      await dst.write(chunk, from, bytesRead - from);
      written += bytesRead - from;
    }
    if (!state.endsWithLf) {
      await dst.write(Buffer.from('\n'));
      written += 1;
    }
    await dst.sync();
  } finally {
    await dst.close();
    await src.close();
  }
  await rename(tmp, path);
  await syncDirectory(dirname(path));
  return written;
}

async function syncDirectory(dir: string): Promise<void> {
  // Makes the rename durable; some platforms cannot open a directory for sync, which is not an error here.
  try {
    const d = await open(dir, 'r');
    try {
      await d.sync();
    } finally {
      await d.close();
    }
  } catch {
    // Directory fsync is unsupported on this platform.
  }
}
