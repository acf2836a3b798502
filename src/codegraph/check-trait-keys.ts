/**
 * Stage 4 of the reader ("check trait keys"): an entity carries exactly the keys its declared traits
 * contribute (R-C4): each declared trait's key present (declaredType may be absent), no key of an
 * undeclared trait. Keys no trait contributes pass.
 */
import { OK } from '../shared/errors.ts';
import type { CheckContext, Checked } from './check-context.ts';
import { TRAIT_KEYS } from './constants.ts';
import type { ModelState } from './model-state.ts';
import type { EntityRecord } from './records.ts';

let OPTIONAL_BITS = 0;
for (let j = 0; j < TRAIT_KEYS.length; j++) if (TRAIT_KEYS[j]!.optional) OPTIONAL_BITS |= 1 << j;

/** Stage 4: compares the keys present with the keys the resolved traits contribute. */
export function checkTraitKeys(rec: EntityRecord, state: ModelState, ctx: CheckContext): Checked {
  let declared = 0;
  const bits = state.traitKeyBit;
  for (let n = 0; n < rec.tr.length; n++) declared |= bits[rec.tr[n]!]!;
  const present = rec.traitKeysPresent;
  if (present === declared) return OK;
  const missing = declared & ~present & ~OPTIONAL_BITS;
  const undeclared = present & ~declared;
  // CG-TRAIT-1: missing keys of declared traits, then keys of undeclared ones.
  for (let j = 0; j < TRAIT_KEYS.length; j++) {
    const { trait, key } = TRAIT_KEYS[j]!;
    if (missing & (1 << j)) return ctx.refusal('TRAIT_KEY_MISSING', `trait ${trait} is declared but "${key}" is absent`, { member: key });
    if (undeclared & (1 << j)) return ctx.refusal('TRAIT_KEY_UNDECLARED', `"${key}" is present but trait ${trait} is not declared`, { pointer: `/${key}`, member: key });
  }
  return OK;
}
