/** Errors are values: a stable machine-readable code, where, which rule, and a message for people. */

/** `core`: the verdict follows from the format document; `strict`: from a pinned resolution. */
export type Profile = 'core' | 'strict';

/** Where in the input a problem was found. Every member is optional; give all that are known. */
export interface ErrorLocation {
  /** 1-based line number. */
  line?: number;
  /** 1-based column, counted in bytes. */
  column?: number;
  /** 0-based byte offset from the start of the input. */
  byteOffset?: number;
  /** RFC 6901 JSON pointer into the value of the line or document. */
  pointer?: string;
  /** The member name the rule is about (e.g. an unknown member). */
  member?: string;
}

/** "The input was rejected": a verdict about the input, never about the program. */
export interface FormatError {
  readonly kind: 'format-error';
  /** Stable code from the error-code registry in spec/ (tests match on this, never on message). */
  readonly code: string;
  /** Requirement id the rejection enforces (e.g. `R-J4`, `JRN-HDR-1`). */
  readonly requirement: string;
  /** Whether the rule is from the format document (`core`) or a resolution (`strict`). */
  readonly profile: Profile;
  readonly location: ErrorLocation;
  /** For people only. */
  readonly message: string;
}

/** Outcome of an operation that may refuse its input. */
export type Result<T, E = FormatError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/**
 * Builds a {@link FormatError}. `profile` is the cited rule's profile as the spec registries give it
 * (src/shared/refusals.ts): a caller looks it up, never types it.
 */
export function formatError(code: string, requirement: string, message: string, location: ErrorLocation, profile: Profile): FormatError {
  return { kind: 'format-error', code, requirement, profile, location, message };
}

/** Wraps a value as a successful {@link Result}. */
export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

/** The one successful void {@link Result}: shared and frozen, so a check that passes allocates nothing. */
export const OK: { readonly ok: true; readonly value: undefined } = Object.freeze({ ok: true, value: undefined });

/** Wraps an error as a failed {@link Result}. */
export function fail<E = FormatError>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}

/** Renders a location as `line 3, byte 120, at /a/0, member "x"` for people. */
export function describeLocation(location: ErrorLocation): string {
  const parts: string[] = [];
  if (location.line !== undefined) parts.push(`line ${location.line}`);
  if (location.column !== undefined) parts.push(`column ${location.column}`);
  if (location.byteOffset !== undefined) parts.push(`byte ${location.byteOffset}`);
  if (location.pointer !== undefined) parts.push(`at ${location.pointer === '' ? '(root)' : location.pointer}`);
  if (location.member !== undefined) parts.push(`member ${JSON.stringify(location.member)}`);
  return parts.join(', ');
}
