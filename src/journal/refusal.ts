/**
 * Building journal refusals: every one names its code, the rule it enforces and that rule's profile
 * (both from the spec registries, see {@link RULES}), the line, the byte offset and the pointer.
 */
import { formatError, type FormatError, type Profile } from '../shared/errors.ts';
import { isEnforced, refusalFor, type RefusalRule } from '../shared/refusals.ts';
import { CODES } from './constants.ts';

/** Where the line being checked starts (line numbers are 1-based, offsets 0-based and absolute). */
export interface LineContext {
  readonly line: number;
  readonly byteOffset: number;
}

const rule = (code: string, variant?: string): RefusalRule => refusalFor('journal', code, variant);

/**
 * Every rule the journal oracle cites, resolved once from spec/journal and spec/shared (code → rule →
 * profile). A call site names one of these, never a requirement id or a profile of its own.
 */
export const RULES = {
  // The file (R-J1, R-J3).
  EMPTY_FILE: rule(CODES.EMPTY_FILE),
  FILE_BOM: rule(CODES.JSON_BOM, 'R-J1'),
  CARRIAGE_RETURN: rule(CODES.CARRIAGE_RETURN),
  BLANK_LINE: rule(CODES.BLANK_LINE),
  FILE_INVALID_UTF8: rule(CODES.JSON_INVALID_UTF8, 'R-J1'),
  UNTERMINATED_HEADER: rule(CODES.UNTERMINATED_HEADER),
  UNTERMINATED_V2_LINE: rule(CODES.UNTERMINATED_V2_LINE),
  // Header and versions (JRN-HDR-1, R-J2).
  HEADER_NOT_OBJECT: rule(CODES.NOT_AN_OBJECT, 'JRN-HDR-1'),
  HEADER_MISSING_MEMBER: rule(CODES.MISSING_MEMBER, 'JRN-HDR-1'),
  RETIRED_SCHEMA: rule(CODES.RETIRED_SCHEMA),
  UNSUPPORTED_SCHEMA: rule(CODES.UNSUPPORTED_SCHEMA),
  GROUP_IN_V2: rule(CODES.GROUP_IN_V2),
  // Lines, members and integers (JRN-LINE-1, R-J5, R-S2).
  LINE_NOT_OBJECT: rule(CODES.NOT_AN_OBJECT),
  UNKNOWN_MEMBER: rule(CODES.UNKNOWN_MEMBER),
  RETIRED_MEMBER: rule(CODES.RETIRED_MEMBER),
  INTEGER_WRONG_TYPE: rule(CODES.WRONG_TYPE, 'R-S2'),
  INVALID_INTEGER: rule(CODES.INVALID_INTEGER),
  // Reader limits (JSON-LIMIT-1; spec/journal, Reader limits).
  INTEGER_LIMIT: rule(CODES.LIMIT_EXCEEDED),
  OPEN_MEMBERS_LIMIT: rule(CODES.LIMIT_EXCEEDED),
  // Group frames (R-J6).
  FRAME_TOO_LARGE: rule(CODES.FRAME_TOO_LARGE),
  FRAME_MISSING_MEMBER: rule(CODES.MISSING_MEMBER, 'R-J6'),
  UNSUPPORTED_GROUP_VERSION: rule(CODES.UNSUPPORTED_GROUP_VERSION),
  ENTRIES_WRONG_TYPE: rule(CODES.WRONG_TYPE, 'R-J6'),
  EMPTY_GROUP: rule(CODES.EMPTY_GROUP),
  GROUP_TOO_LARGE: rule(CODES.GROUP_TOO_LARGE),
  GROUP_SHAPE: rule(CODES.GROUP_SHAPE),
  RECORD_METADATA_MISMATCH: rule(CODES.RECORD_METADATA_MISMATCH),
  PAYLOAD_BUDGET_EXCEEDED: rule(CODES.PAYLOAD_BUDGET_EXCEEDED),
  FRAME_BOUNDS: rule(CODES.FRAME_BOUNDS),
  // Entries (JRN-ENT-*, JRN-MD-1, R-J5).
  ENTRY_NOT_OBJECT: rule(CODES.NOT_AN_OBJECT, 'JRN-ENT-1'),
  ENTRY_MISSING_MEMBER: rule(CODES.MISSING_MEMBER),
  METADATA_MISSING_MEMBER: rule(CODES.MISSING_MEMBER, 'JRN-MD-1'),
  KIND_WRONG_TYPE: rule(CODES.WRONG_TYPE, 'JRN-ENT-2'),
  INVALID_KIND: rule(CODES.INVALID_KIND),
  ID_WRONG_TYPE: rule(CODES.WRONG_TYPE, 'JRN-ENT-3'),
  EMPTY_ID: rule(CODES.EMPTY_ID),
  METADATA_WRONG_TYPE: rule(CODES.WRONG_TYPE),
  FIELD_TOO_LONG: rule(CODES.FIELD_TOO_LONG),
  INVALID_CORRELATION: rule(CODES.INVALID_CORRELATION),
  INVALID_CAUSATION: rule(CODES.INVALID_CAUSATION),
  LINK_SHAPE: rule(CODES.INVALID_LINK),
  LINK_TARGET: rule(CODES.INVALID_LINK, 'R-J5'),
  // Positions (R-J4).
  INVALID_POSITION: rule(CODES.INVALID_POSITION),
  POSITION_GAP: rule(CODES.POSITION_GAP),
  POSITION_NOT_ASCENDING: rule(CODES.POSITION_NOT_ASCENDING),
  ORIGIN_INSIDE_GROUP: rule(CODES.ORIGIN_INSIDE_GROUP),
  // Reserved ids (R-J7).
  RESERVED_MALFORMED: rule(CODES.RESERVED_NAMESPACE),
  RESERVED_UNOWNED: rule(CODES.RESERVED_NAMESPACE, 'unowned'),
  RESERVED_KIND: rule(CODES.RESERVED_KIND),
  RESERVED_PAYLOAD: rule(CODES.RESERVED_PAYLOAD),
  // Ops (JRN-OP-*, R-J10).
  APPEND_INPUT: rule(CODES.INVALID_OP_INPUT),
  TRACK_INPUT: rule(CODES.INVALID_OP_INPUT, 'JRN-OP-3'),
  APPEND_NOT_CONTINUOUS: rule(CODES.APPEND_NOT_CONTINUOUS),
  INVALID_TRACK_LABEL: rule(CODES.INVALID_TRACK_LABEL),
} as const satisfies Record<string, RefusalRule>;

/** True when a read under `profile` enforces `rule`: core rules always, strict ones under strict only. */
export function enforces(profile: Profile, rule: RefusalRule): boolean {
  return isEnforced(profile, rule.profile);
}

/** A refusal of `rule` at a line, optionally naming the pointer and member the rule is about. */
export function refuse(
  rule: RefusalRule,
  message: string,
  at: LineContext | undefined,
  pointer?: string,
  member?: string,
  byteOffset?: number,
): FormatError {
  return formatError(
    rule.code,
    rule.requirement,
    message,
    {
      ...(at ? { line: at.line, byteOffset: byteOffset ?? at.byteOffset } : byteOffset !== undefined ? { byteOffset } : {}),
      ...(pointer !== undefined ? { pointer } : {}),
      ...(member !== undefined ? { member } : {}),
    },
    rule.profile,
  );
}

/** A scanner refusal (offset relative to the line's first byte) placed at its line. */
export function placeAtLine(error: FormatError, at: LineContext): FormatError {
  const { byteOffset, ...rest } = error.location;
  return { ...error, location: { line: at.line, byteOffset: at.byteOffset + (byteOffset ?? 0), ...rest } };
}
