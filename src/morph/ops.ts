/**
 * The reference oracle's MORPH ops (spec/protocol): morph.c14n, morph.decode, morph.import, morph.encode.
 * Each takes the bytes of one input file and answers accept-with-observation or a typed refusal.
 */
import type { Result } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import type { OpHandler, OpName, OpOutcome } from '../shared/ops.ts';
import { importArtifact } from './artifact/import-artifact.ts';
import { decodeBundle } from './bundle/decode-bundle.ts';
import { encodeBundle } from './bundle/encode-bundle.ts';
import { parseEncodeRequest } from './bundle/parse-encode-request.ts';
import { semanticDigest } from './digest/semantic-digest.ts';
import { irFromJsonText } from './ir/ir-from-json-text.ts';

function answer<T>(result: Result<T>, observe: (value: T) => Array<[string, JsonValue]>): OpOutcome {
  return result.ok ? { accept: true, observation: new Map(observe(result.value)) } : { accept: false, error: result.error };
}

/** morph.c14n: JSON text → `{"digest": <morph-c14n/1 SHA-256>}`. */
export const c14nOp: OpHandler = (input) => answer(irFromJsonText(input), (ir) => [['digest', semanticDigest(ir)]]);

/** morph.decode: a MORPH-CONTEXT/1 bundle → `{"value": <decoded JSON>}`. */
export const decodeOp: OpHandler = (input) => answer(decodeBundle(input), (d) => [['value', d.ir]]);

/** morph.import: a morph-artifact/1 file → `{"value": <decoded JSON>}`. */
export const importOp: OpHandler = (input) => answer(importArtifact(input), (a) => [['value', a.ir]]);

/** morph.encode: `{"input", "plan", "guide"}` → `{"bundle": <MORPH-CONTEXT/1 text>}`. */
export const encodeOp: OpHandler = (input) => {
  const request = parseEncodeRequest(input);
  if (!request.ok) return { accept: false, error: request.error };
  const r = request.value;
  const ir = irFromJsonText(r.input);
  if (!ir.ok) return { accept: false, error: ir.error };
  return answer(
    encodeBundle({ ir: ir.value, inputKind: 'json-text', plan: { encoding: r.codec.encoding, formatVersion: r.codec.formatVersion, options: r.options }, guide: r.guide }),
    (b) => [['bundle', b.text]],
  );
};

/** Every MORPH op of the testee contract. */
export const ops: Partial<Record<OpName, OpHandler>> = {
  'morph.c14n': c14nOp,
  'morph.decode': decodeOp,
  'morph.import': importOp,
  'morph.encode': encodeOp,
};
