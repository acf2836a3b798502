/** codegraph's registry for the runner: its ops, golden case source, fuzz sources, seeds and fail-closed mutators. */
import fc from 'fast-check';
import { ops } from '../../src/codegraph/ops.ts';
import type { FormatRegistry } from '../../src/shared/format-registry.ts';
import { codegraphModelFile } from './codegraph-model-file.ts';
import { CODEGRAPH_FAIL_CLOSED_MUTATORS } from './fail-closed-mutators.ts';
import { CODEGRAPH_FUZZ_SEEDS } from './fuzz-seeds.ts';
import * as caseSource from './golden-cases.ts';
import { MODEL_MUTATORS } from './model-mutators.ts';

export const CODEGRAPH_FORMAT: FormatRegistry = {
  format: 'codegraph',
  ops,
  caseSource: { module: 'generators/codegraph/golden-cases.ts', goldenCases: caseSource.goldenCases, exports: caseSource },
  fuzzSeeds: CODEGRAPH_FUZZ_SEEDS,
  failClosedMutators: CODEGRAPH_FAIL_CLOSED_MUTATORS,
  fuzzSources: {
    'codegraph.read': () => {
      const model = codegraphModelFile();
      return {
        valid: model,
        invalid: fc
          .tuple(model, fc.nat({ max: MODEL_MUTATORS.length - 1 }), fc.nat({ max: 1 << 16 }))
          .map(([bytes, which, pick]) => MODEL_MUTATORS[which]!.apply(bytes, pick) ?? bytes),
      };
    },
  },
};
