import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModel } from '../../src/codegraph/read-observation.ts';
import { writeModel } from '../../src/codegraph/write-model.ts';
import { renderSamples } from '../../test-support/sample-snapshot.ts';
import { jsonDiff } from '../../src/shared/json/equal.ts';
import type { JsonArray, JsonObject, JsonValue } from '../../src/shared/json/value.ts';
import { codegraphModel } from './codegraph-model.ts';
import { codegraphModelFile } from './codegraph-model-file.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const text = (b: Uint8Array) => Buffer.from(b).toString('utf8');

function observe(bytes: Uint8Array | string): JsonValue {
  const r = readModel(typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  if (!r.ok) throw new Error(`${r.error.code} at line ${r.error.location.line}: ${r.error.message}`);
  return r.value;
}

/** Fisher–Yates with a fast-check-provided list of naturals. */
function shuffle<T>(items: readonly T[], draws: readonly number[]): T[] {
  const out = [...items];
  for (let j = out.length - 1; j > 0; j--) {
    const k = (draws[j % draws.length] ?? 0) % (j + 1);
    [out[j], out[k]] = [out[k]!, out[j]!];
  }
  return out;
}

describe('codegraphModel / codegraphModelFile', () => {
  it('generates models the reader accepts', () => {
    assertProperty(
      fc.property(codegraphModelFile(), (bytes) => {
        const r = readModel(bytes);
        expect(r.ok ? 'ok' : `${r.error.code} line ${r.error.location.line}`).toBe('ok');
      }),
      { seed: 101, numRuns: 150 },
    );
  });

  it('read → write → read is the identity, and write(read(x)) = x for the canonical x', () => {
    assertProperty(
      fc.property(codegraphModelFile(), (bytes) => {
        const obs = observe(bytes);
        const rewritten = writeModel(obs);
        expect(rewritten).toBe(text(bytes));
        expect(jsonDiff(obs, observe(rewritten))).toStrictEqual([]);
      }),
      { seed: 102, numRuns: 120 },
    );
  });

  it('the writer is deterministic and independent of the input order of files, entities, edges and traits', () => {
    assertProperty(
      fc.property(codegraphModel(), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (graph, draws) => {
        const once = writeModel(graph);
        expect(writeModel(graph)).toBe(once);
        const shuffled: JsonObject = new Map(graph);
        shuffled.set('files', shuffle(graph.get('files') as JsonArray, draws));
        shuffled.set(
          'entities',
          shuffle(graph.get('entities') as JsonArray, draws).map((e) => {
            const copy = new Map(e as JsonObject);
            copy.set('traits', shuffle(copy.get('traits') as JsonArray, draws));
            return copy;
          }),
        );
        shuffled.set('edges', shuffle(graph.get('edges') as JsonArray, [...draws].reverse()));
        expect(writeModel(shuffled)).toBe(once);
      }),
      { seed: 103, numRuns: 100 },
    );
  });

  it('renumbering surrogates (shuffled graph, rewritten) leaves the observation unchanged', () => {
    assertProperty(
      fc.property(codegraphModel(), fc.array(fc.nat(), { minLength: 1, maxLength: 20 }), (graph, draws) => {
        const obs = observe(writeModel(graph));
        const shuffled: JsonObject = new Map(obs as JsonObject);
        shuffled.set('entities', shuffle((obs as JsonObject).get('entities') as JsonArray, draws));
        shuffled.set('files', shuffle((obs as JsonObject).get('files') as JsonArray, draws));
        expect(jsonDiff(obs, observe(writeModel(shuffled)))).toStrictEqual([]);
      }),
      { seed: 104, numRuns: 80 },
    );
  });

  it('blank lines (empty, spaces, tabs) anywhere leave the observation unchanged (CG-SEQ-5)', () => {
    assertProperty(
      fc.property(codegraphModelFile(), fc.array(fc.tuple(fc.nat(), fc.constantFrom('', ' ', '\t', ' \t ')), { minLength: 1, maxLength: 5 }), (bytes, blanks) => {
        const lines = text(bytes).split('\n');
        lines.pop();
        for (const [at, blank] of blanks) lines.splice(at % (lines.length + 1), 0, blank);
        expect(jsonDiff(observe(bytes), observe(lines.join('\n') + '\n'))).toStrictEqual([]);
      }),
      { seed: 105, numRuns: 60 },
    );
  });

  it('freezes what seed 42 generates (no-regression)', async () => {
    await expect(renderSamples(codegraphModelFile(), text)).toMatchFileSnapshot('./__snapshots__/codegraph-model-file.txt');
  });
});
