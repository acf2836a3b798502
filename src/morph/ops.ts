/**
 * The reference oracle's MORPH ops (spec/protocol): morph.c14n, morph.decode, morph.import, morph.encode.
 * Each takes the bytes of one input file and answers accept-with-observation or a typed refusal, under
 * the profile its options name (strict when not given; core enforces the format document's rules only).
 */
import type { Profile, Result } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import type { InputBound, OpHandler, OpName, OpOptions, OpOutcome } from '../shared/ops.ts';
import { collectIfSet, releaseBytes } from '../shared/read-bounded.ts';
import { importArtifact, MAX_ARTIFACT_BYTES } from './artifact/import-artifact.ts';
import { BUNDLE, CONTEXT_RULES, ENCODE_REQUEST_MAX_BYTES } from './bundle/constants.ts';
import { decodeBundle } from './bundle/decode-bundle.ts';
import { encodeBundle } from './bundle/encode-bundle.ts';
import { parseEncodeRequest } from './bundle/parse-encode-request.ts';
import { semanticDigest } from './digest/semantic-digest.ts';
import { irFromJsonText } from './ir/ir-from-json-text.ts';
import { LIMITS, MORPH_CODES, RULES } from './constants.ts';
import { morphError } from './refusal.ts';

function answer<T>(result: Result<T>, observe: (value: T) => Array<[string, JsonValue]>): OpOutcome {
  return result.ok ? { accept: true, observation: new Map(observe(result.value)) } : { accept: false, error: result.error };
}

/**
 * The size bound of an op's input, refused with `LIMIT_EXCEEDED` under `requirement` — the same
 * refusal the op gives an input over the bound held in memory, so a reader of a stream never has to
 * hold more than the bound to answer.
 */
function boundOf(maxBytes: number, requirement: string, what: string): InputBound {
  return {
    maxBytes,
    refuse: (size) => ({
      accept: false,
      error: morphError(MORPH_CODES.LIMIT_EXCEEDED, requirement, `${what} is ${size ?? `more than ${maxBytes}`} bytes, over ${maxBytes}`, { byteOffset: maxBytes }),
    }),
  };
}

/** morph.c14n: JSON text → `{"digest": <morph-c14n/1 SHA-256>}`. */
export const c14nOp: OpHandler = Object.assign((input: Uint8Array, options?: OpOptions) => answer(irFromJsonText(input, options?.profile), (ir) => [['digest', semanticDigest(ir)]]), {
  // R-M2: at most 16 MiB of input.
  inputBound: boundOf(LIMITS.MAX_BYTES, RULES.LIMITS, 'input'),
});

/** morph.decode: a MORPH-CONTEXT/1 bundle → `{"value": <decoded JSON>}`. */
export const decodeOp: OpHandler = Object.assign((input: Uint8Array, options?: OpOptions) => answer(decodeBundle(input, options?.profile), (d) => [['value', d.ir]]), {
  // MORPH-CTX-5: a bundle is at most 16 MiB.
  inputBound: boundOf(BUNDLE.MAX_BYTES, CONTEXT_RULES.BUNDLE_SIZE, 'bundle'),
});

/** morph.import: a morph-artifact/1 file → `{"value": <decoded JSON>}`. */
export const importOp: OpHandler = Object.assign((input: Uint8Array, options?: OpOptions) => answer(importArtifact(input, options?.profile, options?.inputOwned === true), (a) => [['value', a.ir]]), {
  // MORPH-ART-1: an artifact is at most 64 MiB.
  inputBound: boundOf(MAX_ARTIFACT_BYTES, CONTEXT_RULES.ARTIFACT_JSON, 'artifact'),
});

const encodeBound = boundOf(ENCODE_REQUEST_MAX_BYTES, CONTEXT_RULES.ENCODE_REQUEST, 'request');

/** morph.encode: `{"input", "plan", "guide"}` → `{"bundle": <MORPH-CONTEXT/1 text>}`. */
export const encodeOp: OpHandler = Object.assign((input: Uint8Array, options?: OpOptions) => encode(input, options?.profile ?? 'strict', options?.inputOwned === true), { inputBound: encodeBound });

function encode(input: Uint8Array, profile: Profile, owned: boolean): OpOutcome {
  // MORPH-ENC-1: a request over 64 MiB is refused before it is parsed.
  if (input.length > ENCODE_REQUEST_MAX_BYTES) return encodeBound.refuse(input.length);
  const request = parseEncodeRequest(input, profile);
  // The request's bytes (whitespace may pad them to 64 MiB) are not read again.
  if (owned) releaseBytes(input);
  if (!request.ok) return { accept: false, error: request.error };
  const { codec, options, guide } = request.value;
  const text = releaseInputText(request.value);
  // The input string (twice its UTF-8 bytes when it holds a wide character) is garbage now, before the
  // IR as large as it is built: collected here where the CLI set a collection (testee exec).
  collectIfSet();
  const ir = irFromJsonText(text, profile);
  if (!ir.ok) return { accept: false, error: ir.error };
  return answer(
    encodeBundle({ ir: ir.value, inputKind: 'json-text', plan: { encoding: codec.encoding, formatVersion: codec.formatVersion, options }, guide, profile }),
    (b) => [['bundle', b.text]],
  );
}

/**
 * The request's input text as its UTF-8 bytes, the string itself let go (the request no longer holds
 * it), so the string and the IR built from it are never held together (each is as large as the
 * input). A text with a lone surrogate, which has no UTF-8 form, is handed on as the string, for
 * irFromJsonText to refuse as it refuses any such string.
 */
function releaseInputText(request: { input: string }): Uint8Array | string {
  const text = request.input;
  if (!text.isWellFormed()) return text;
  request.input = '';
  return Buffer.from(text, 'utf8');
}

/** Every MORPH op of the testee contract. */
export const ops: Partial<Record<OpName, OpHandler>> = {
  'morph.c14n': c14nOp,
  'morph.decode': decodeOp,
  'morph.import': importOp,
  'morph.encode': encodeOp,
};
