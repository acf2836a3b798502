/** Reads a whole model in memory into its `codegraph.read` observation. */
import type { Profile, Result } from '../shared/errors.ts';
import { ok } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { ObservationBuilder } from './build-observation.ts';
import { readModelBytes } from './read-model.ts';

/** Validates `input` and returns the observation (natural keys, lexemes kept), or the first error. */
export function readModel(input: Uint8Array, profile: Profile = 'strict'): Result<JsonValue> {
  const builder = new ObservationBuilder();
  const result = readModelBytes(input, profile, builder.observe);
  return result.ok ? ok(builder.result()) : result;
}
