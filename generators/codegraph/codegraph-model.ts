/** `codegraphModel()`: valid codegraph models as graphs in natural-key form (the observation's shape). */
import fc from 'fast-check';
import type { JsonObject } from '../../src/shared/json/value.ts';
import { assembleGraph, edgeDraft, FILE_POOL, memberDraft, MODULE_POOL } from './_internals/graph-parts.ts';

/**
 * Valid models: 2–5 modules (unicode paths whose UTF-16 and code-point orders differ), nested members
 * with and without disambiguators, every trait with its key, every Literal kind, external stubs,
 * edges with arguments and a wide fan-out hub. Write them with `writeModel` for the file bytes.
 */
export function codegraphModel(options: { maxMembers?: number; maxEdges?: number; maxFanOut?: number } = {}): fc.Arbitrary<JsonObject> {
  return fc
    .record({
      lang: fc.constantFrom('java', 'typescript', 'py'),
      extractor: fc.record({ name: fc.constantFrom('codegraph-spoon', 'gen'), version: fc.constantFrom('0.2.0', '1'), extra: fc.boolean() }),
      root: fc.constantFrom('', 'src', 'fixtures/java/src'),
      repository: fc.boolean(),
      modules: fc.uniqueArray(fc.constantFrom(...MODULE_POOL), { minLength: 2, maxLength: 5 }),
      files: fc.uniqueArray(fc.constantFrom(...FILE_POOL), { minLength: 1, maxLength: 5 }),
      members: fc.array(memberDraft, { maxLength: options.maxMembers ?? 10 }),
      edges: fc.array(edgeDraft, { maxLength: options.maxEdges ?? 10 }),
      hub: fc.nat(),
      fanOut: fc.nat(options.maxFanOut ?? 12),
    })
    .map(assembleGraph);
}
