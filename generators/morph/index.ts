/** MORPH's registry for the runner: its ops, golden case source, fuzz sources, seeds and fail-closed mutators. */
import { ops } from '../../src/morph/ops.ts';
import type { FormatRegistry } from '../../src/shared/format-registry.ts';
import { MORPH_FAIL_CLOSED_MUTATORS } from './fail-closed-mutators.ts';
import { MORPH_FUZZ_SEEDS } from './fuzz-seeds.ts';
import { decodeFuzzSources, encodeFuzzSources, importFuzzSources } from './fuzz-sources.ts';
import * as caseSource from './golden-cases.ts';
import fc from 'fast-check';
import { jsonText } from './json-text.ts';
import { nearLimitJsonText } from './near-limit-json-text.ts';

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, 'utf8'));

export const MORPH_FORMAT: FormatRegistry = {
  format: 'morph',
  ops,
  caseSource: { module: 'generators/morph/golden-cases.ts', goldenCases: caseSource.goldenCases, exports: caseSource },
  fuzzSeeds: MORPH_FUZZ_SEEDS,
  failClosedMutators: MORPH_FAIL_CLOSED_MUTATORS,
  fuzzSources: {
    'morph.c14n': () => ({
      valid: fc.oneof(
        { weight: 9, arbitrary: jsonText().map((t) => utf8(t.text)) },
        // R-M2's bounds, both sides: depth 64/65, 250,000/250,001 nodes (byte edits then land near them too).
        { weight: 1, arbitrary: nearLimitJsonText().map((t) => utf8(t.text)) },
      ),
    }),
    // Bundles, artifacts and requests of generated values under every plan, with the format's own
    // mutators, on and just past the depth, node and count bounds (fuzz-sources.ts).
    'morph.decode': decodeFuzzSources,
    'morph.import': importFuzzSources,
    'morph.encode': encodeFuzzSources,
  },
};
