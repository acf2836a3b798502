/** The members every native codec shares in its layout metadata, and the identity checks on decode. */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { JsonNumber, type JsonObject, type JsonValue } from '../../shared/json/value.ts';
import { IDS, MORPH_CODES, RULES, type InputKind } from '../constants.ts';
import { isDigestHex, semanticDigest } from '../digest/semantic-digest.ts';
import type { Ir } from '../ir/types.ts';
import { checkClosedObject, checkConstString, invalidMember, readInputKind } from './layout-fields.ts';
import type { DecodeContext } from './types.ts';
import { morphError } from '../refusal.ts';

/** Member names shared by every native codec (seed 001, Shared native layout metadata). */
export const SHARED_NATIVE_MEMBERS = ['irVersion', 'inputKind', 'semanticDigest'] as const;

/** Every member of a native codec's layout metadata: the shared ones and the codec's `Own`. */
export type NativeLayoutMembers<Own extends readonly string[]> = (typeof SHARED_NATIVE_MEMBERS)[number] | Own[number];

/** Builds the shared native members followed by a codec's own, in that display order. */
export function buildNativeLayout(ir: Ir, inputKind: InputKind, own: ReadonlyArray<[string, JsonValue]>): JsonObject {
  return new Map<string, JsonValue>([
    ['irVersion', IDS.IR_VERSION],
    ['inputKind', inputKind],
    ['semanticDigest', semanticDigest(ir)],
    ...own,
  ]);
}

/** Closed check of a native layout object: the shared members plus exactly `own`; shared values checked. */
export function checkNativeLayout(meta: JsonValue, own: readonly string[]): Result<JsonObject> {
  // MORPH-LAYOUT-1: the set of members is closed (shared + the codec's own); own values cite the codec's rule.
  const closed = checkClosedObject(meta, [...SHARED_NATIVE_MEMBERS, ...own], RULES.SHARED_LAYOUT);
  if (!closed.ok) return closed;
  const m = closed.value;
  const irv = checkConstString(m, 'irVersion', IDS.IR_VERSION, RULES.SHARED_LAYOUT);
  if (!irv.ok) return irv;
  const kind = readInputKind(m, RULES.SHARED_LAYOUT);
  if (!kind.ok) return kind;
  const d = m.get('semanticDigest');
  if (typeof d !== 'string' || !isDigestHex(d)) return invalidMember('semanticDigest', 'semanticDigest must be 64 lowercase hex digits', RULES.SHARED_LAYOUT);
  return ok(m);
}

/** R-M6a: the layout's declared identity must equal the context's, before decoding. */
export function checkDeclaredIdentity(meta: JsonObject, context: DecodeContext): Result<void> {
  if (meta.get('inputKind') !== context.inputKind) {
    return fail(morphError(MORPH_CODES.INPUT_KIND_MISMATCH, RULES.IDENTITY, `layout inputKind ${JSON.stringify(meta.get('inputKind'))} differs from ${JSON.stringify(context.inputKind)}`, { member: 'inputKind' }));
  }
  const d = meta.get('semanticDigest');
  if (d !== undefined && context.inputSemanticDigest !== undefined && d !== context.inputSemanticDigest) {
    return fail(morphError(MORPH_CODES.DIGEST_MISMATCH, RULES.IDENTITY, 'layout semanticDigest differs from the declared input digest', { member: 'semanticDigest' }));
  }
  return ok(undefined);
}

/** R-M6a: the digest recomputed from the decoded IR must equal every declared digest. */
export function checkDecodedDigest(ir: Ir, meta: JsonObject, context: DecodeContext): Result<Ir> {
  const actual = semanticDigest(ir);
  for (const declared of [meta.get('semanticDigest'), context.inputSemanticDigest]) {
    if (typeof declared === 'string' && declared !== actual) {
      return fail(morphError(MORPH_CODES.DIGEST_MISMATCH, RULES.IDENTITY, `decoded value has digest ${actual}, ${declared} was declared`));
    }
  }
  return ok(ir);
}

/** A count as a JSON number node for layout metadata. */
export function buildCountNode(n: number): JsonNumber {
  return new JsonNumber(String(n));
}
