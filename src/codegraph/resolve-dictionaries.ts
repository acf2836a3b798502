/**
 * Stage 3 of the reader ("resolve k/tr/p against the header dictionaries"): the dictionaries
 * themselves (closed vocabularies R-C3, sorted and unique R-C2), then every index a record holds.
 */
import { OK } from '../shared/errors.ts';
import type { CheckContext, Checked } from './check-context.ts';
import { EDGE_KINDS, LINEAR_SCAN_MAX, PROVENANCES, TRAIT_KEYS, TRAITS } from './constants.ts';
import type { ModelState } from './model-state.ts';
import type { Dictionaries, ModelRecord } from './records.ts';
import { compareUtf16 } from '../shared/text.ts';

const VOCABULARIES: Record<string, readonly string[] | undefined> = { kinds: undefined, traits: TRAITS, edges: EDGE_KINDS, provenance: PROVENANCES };

/** Checks the header's dictionaries and prepares the trait → key table. */
export function checkDictionaries(dict: Dictionaries, state: ModelState, ctx: CheckContext): Checked {
  for (const name of ['kinds', 'traits', 'edges', 'provenance'] as const) {
    const list = dict[name];
    const vocabulary = VOCABULARIES[name];
    for (let n = 0; n < list.length; n++) {
      const pointer = `/dict/${name}/${n}`;
      // R-C3: traits, edges and provenance are closed vocabularies (kinds is open).
      if (vocabulary !== undefined && !vocabulary.includes(list[n]!) && ctx.enforces('DICT_UNKNOWN_MEMBER')) {
        return ctx.refusal('DICT_UNKNOWN_MEMBER', `${JSON.stringify(list[n])} is not in the closed ${name} vocabulary`, { pointer, member: name });
      }
      if (n === 0) continue;
      // CG-DICT-2: sorted by UTF-16 code unit; R-C2: no entry twice.
      const cmp = compareUtf16(list[n - 1]!, list[n]!);
      if (cmp > 0) return ctx.refusal('DICT_UNSORTED', `dict.${name} is not sorted by UTF-16 code unit`, { pointer, member: name });
      if (cmp === 0 && ctx.enforces('DICT_DUPLICATE')) return ctx.refusal('DICT_DUPLICATE', `dict.${name} lists ${JSON.stringify(list[n])} twice`, { pointer, member: name });
    }
  }
  state.dict = dict;
  state.traitKeyBit = new Int32Array(dict.traits.length);
  for (let n = 0; n < dict.traits.length; n++) {
    const j = TRAIT_KEYS.findIndex((t) => t.trait === dict.traits[n]);
    state.traitKeyBit[n] = j < 0 ? 0 : 1 << j;
  }
  return OK;
}

/** Stage 3: every k, tr and p index names a declared dictionary member (CG-DICT-1). */
export function resolveDictionaries(rec: ModelRecord, state: ModelState, ctx: CheckContext): Checked {
  if (rec.type === 'header') return checkDictionaries(rec.dict, state, ctx);
  const dict = state.dict!;
  // CG-DICT-1: an index at or beyond the dictionary's length is undeclared.
  if (rec.type === 'e') {
    if (rec.k >= dict.kinds.length) return ctx.refusal('DICT_INDEX_UNDECLARED', `kind index ${rec.k} is not declared`, { pointer: '/k', member: 'k' });
    const tr = rec.tr;
    // A long tr is checked against a table of the indices seen (every one is declared when it is
    // marked), so that its cost is linear; a short one compares each index with those before it.
    const seen = tr.length > LINEAR_SCAN_MAX ? new Uint8Array(dict.traits.length) : undefined;
    for (let n = 0; n < tr.length; n++) {
      const index = tr[n]!;
      if (index >= dict.traits.length) return ctx.refusal('DICT_INDEX_UNDECLARED', `trait index ${index} is not declared`, { pointer: `/tr/${n}`, member: 'tr' });
      // R-C4: tr lists each trait once.
      if (repeatsEarlier(tr, n, seen) && ctx.enforces('DUPLICATE_TRAIT')) return ctx.refusal('DUPLICATE_TRAIT', `trait index ${index} appears twice`, { pointer: `/tr/${n}`, member: 'tr' });
    }
  } else if (rec.type === 'x') {
    if (rec.k >= dict.edges.length) return ctx.refusal('DICT_INDEX_UNDECLARED', `edge kind index ${rec.k} is not declared`, { pointer: '/k', member: 'k' });
    if (rec.p >= dict.provenance.length) return ctx.refusal('DICT_INDEX_UNDECLARED', `provenance index ${rec.p} is not declared`, { pointer: '/p', member: 'p' });
  }
  return OK;
}

/** Whether `tr[n]` appears in `tr[0, n)`; with `seen`, by its table (which it then marks). */
function repeatsEarlier(tr: readonly number[], n: number, seen: Uint8Array | undefined): boolean {
  const index = tr[n]!;
  if (seen !== undefined) {
    const repeated = seen[index] === 1;
    seen[index] = 1;
    return repeated;
  }
  for (let q = 0; q < n; q++) if (tr[q] === index) return true;
  return false;
}
