/** Strict JSON reading of a payload (or one of its lines) under the R-M2 limits. */
import type { Profile, Result } from '../../shared/errors.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { LIMITS, MORPH_CODES, RULES } from '../constants.ts';
import { parseMorphJson } from '../ir/parse-morph-json.ts';
import { citing } from '../refusal.ts';

/**
 * Parses JSON text with the R-M2 limits (`depthBase` = container depth already used above this
 * value, `nodeBudget` = nodes still allowed) under `profile` (see parseMorphJson). Limit refusals
 * cite R-M2; others keep the JSON core's code.
 */
export function parsePayloadJson(text: string, depthBase = 0, nodeBudget: number = LIMITS.MAX_NODES, profile: Profile = 'strict'): Result<JsonValue> {
  const r = parseMorphJson(text, { maxBytes: LIMITS.MAX_BYTES, maxDepth: LIMITS.MAX_DEPTH - depthBase, maxNodes: nodeBudget }, profile);
  if (!r.ok && r.error.code === MORPH_CODES.LIMIT_EXCEEDED) return { ok: false, error: citing(r.error, RULES.LIMITS) };
  return r;
}
