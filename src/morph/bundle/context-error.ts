/** Refusals of part 2: the profile always follows the cited requirement (bundle/constants.ts). */
import { formatError, type ErrorLocation, type FormatError } from '../../shared/errors.ts';
import { ruleProfile } from './constants.ts';

/** Builds a FormatError whose profile is the profile of `requirement`. */
export function contextError(code: string, requirement: string, message: string, location: ErrorLocation = {}): FormatError {
  return formatError(code, requirement, message, location, ruleProfile(requirement));
}
