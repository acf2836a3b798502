/**
 * Building MORPH refusals: a call site names the code and the rule it enforces; the profile comes from
 * the spec registries (code → rule → profile, spec/morph and spec/shared), never from the call site.
 */
import { formatError, type ErrorLocation, type FormatError, type Profile } from '../shared/errors.ts';
import { isEnforced, profileFor } from '../shared/refusals.ts';

/** A refusal with `code` citing `requirement`, with that rule's registered profile. */
export function morphError(code: string, requirement: string, message: string, location: ErrorLocation = {}): FormatError {
  return formatError(code, requirement, message, location, profileFor('morph', code, requirement));
}

/** `error` citing `requirement` instead of its own rule (a shared reader's refusal re-attributed), with that rule's profile. */
export function citing(error: FormatError, requirement: string): FormatError {
  return { ...error, requirement, profile: profileFor('morph', error.code, requirement) };
}

/**
 * Whether a read under `profile` enforces the check that refuses with `code` citing `requirement`:
 * `strict` enforces every rule, `core` only the rules whose registered profile is core. A call site
 * asks before a check and, when it is not enforced, goes on with the core reading its rule documents.
 */
export function enforces(profile: Profile, code: string, requirement: string): boolean {
  return isEnforced(profile, profileFor('morph', code, requirement));
}
