/**
 * MORPH's built-in fuzz seeds: a small JSON text for c14n and one encode request per codec (the decode
 * corpus is made from these by the oracle's own encoder), so that fuzzing works before golden/ is regenerated.
 */
import type { OpName } from '../../src/shared/ops.ts';

/** A morph.encode request of a two-record sample under one codec's plan. */
function encodeRequest(encoding: string, formatVersion: string, options: object): string {
  const input = '[{"a":1,"b":"x\\ty"},{"a":-2.5,"b":null}]';
  return JSON.stringify({ input, plan: { encoding, formatVersion, options }, guide: null });
}

/** Minimal valid inputs of each MORPH op that has one. */
export const MORPH_FUZZ_SEEDS: Partial<Record<OpName, readonly string[]>> = {
  'morph.c14n': ['{"b":[1.0,true,null],"a":"x"}'],
  'morph.encode': [
    ...['json-compact', 'json-lines', 'columns-json', 'path-value'].map((e) => encodeRequest(e, '1', {})),
    encodeRequest('rows-delimited', '1', { delimiter: ',' }),
    encodeRequest('toon', '4.1.1', { delimiter: ',' }),
  ],
};
