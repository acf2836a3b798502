/** Building journal refusals: every one names its code, rule, profile, line, byte offset and pointer. */
import { formatError, type FormatError, type Profile } from '../shared/errors.ts';

/** Where the line being checked starts (line numbers are 1-based, offsets 0-based and absolute). */
export interface LineContext {
  readonly line: number;
  readonly byteOffset: number;
}

/** A refusal at a line, optionally naming the pointer and member the rule is about. */
export function refuse(
  code: string,
  requirement: string,
  profile: Profile,
  message: string,
  at: LineContext | undefined,
  pointer?: string,
  member?: string,
  byteOffset?: number,
): FormatError {
  return formatError(
    code,
    requirement,
    message,
    {
      ...(at ? { line: at.line, byteOffset: byteOffset ?? at.byteOffset } : byteOffset !== undefined ? { byteOffset } : {}),
      ...(pointer !== undefined ? { pointer } : {}),
      ...(member !== undefined ? { member } : {}),
    },
    profile,
  );
}

/** Appends one RFC 6901 reference token to a pointer. */
export function childPointer(pointer: string, token: string | number): string {
  return `${pointer}/${typeof token === 'number' ? token : token.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** True when a stage returned a refusal rather than its facts. */
export function isRefusal(x: unknown): x is FormatError {
  return typeof x === 'object' && x !== null && (x as { kind?: unknown }).kind === 'format-error';
}
