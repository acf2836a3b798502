import { describe, expect, it } from 'vitest';
import { parseJson } from '../shared/json/parse-value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { isJsonObject, type JsonValue } from '../shared/json/value.ts';
import type { OpOutcome } from '../shared/ops.ts';
import { buildArtifact } from './artifact/build-artifact.ts';
import { CONTEXT_CODES } from './bundle/constants.ts';
import { MORPH_CODES } from './constants.ts';
import { getGuide } from './guides/index.ts';
import { ops } from './ops.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const enc = (s: string) => new TextEncoder().encode(s);

async function run(op: keyof typeof ops, input: string): Promise<OpOutcome> {
  return ops[op]!(enc(input));
}

function observed(o: OpOutcome, member: string): JsonValue {
  if (!('accept' in o) || !o.accept || !isJsonObject(o.observation)) throw new Error(`not accepted: ${JSON.stringify(o)}`);
  return o.observation.get(member)!;
}

function code(o: OpOutcome): string {
  return 'accept' in o && !o.accept ? o.error.code : 'accepted';
}

const ownGuide = { id: 'morph-guide/json-compact', version: '1', text: 'One JSON value.' };
const encodeRequest = (input: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ input, plan: { encoding: 'json-compact', formatVersion: '1', options: {} }, guide: ownGuide, ...extra });

describe('morph ops', () => {
  it('exports the four morph ops', () => {
    expect(Object.keys(ops).sort()).toEqual(['morph.c14n', 'morph.decode', 'morph.encode', 'morph.import']);
  });

  it('morph.c14n: member order does not matter, lexemes do', async () => {
    const a = observed(await run('morph.c14n', '{"b":1,"a":[true,null]}'), 'digest');
    const b = observed(await run('morph.c14n', ' {"a":[true,null],"b":1}\n'), 'digest');
    const c = observed(await run('morph.c14n', '{"a":[true,null],"b":1.0}'), 'digest');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(code(await run('morph.c14n', '{"a":1,"a":2}'))).toBe('JSON_DUPLICATE_MEMBER');
  });

  it('morph.encode then morph.decode gives the input back, lexemes and order kept', async () => {
    const input = '{"z":1.50,"a":["😀","\\u0000"]}';
    const bundle = observed(await run('morph.encode', encodeRequest(input)), 'bundle') as string;
    expect(bundle.startsWith('MORPH-CONTEXT/1 ')).toBe(true);
    expect(bundle).toContain('One JSON value.');
    const v = observed(await run('morph.decode', bundle), 'value');
    expect(writeJson(v)).toBe(input);
  });

  it('morph.encode: guide null and absent both mean the suite guide of the encoding (MORPH-ENC-2)', async () => {
    const own = getGuide('json-compact');
    const withNull = await run('morph.encode', encodeRequest('[1]', { guide: null }));
    const withoutGuide = await run('morph.encode', JSON.stringify({ input: '[1]', plan: { encoding: 'json-compact', formatVersion: '1', options: {} } }));
    expect(own).toBeDefined();
    if (own === undefined) return;
    const bundle = observed(withNull, 'bundle') as string;
    expect(bundle).toContain(`\n${own.text}\n`);
    expect(bundle).toContain(`"interpretationGuideId":"${own.id}"`);
    expect(observed(withoutGuide, 'bundle')).toBe(bundle);
  });

  it('morph.encode refusals: request shape, codec, options, input JSON, applicability', async () => {
    expect(code(await run('morph.encode', '{"input":"1"'))).toBe('JSON_SYNTAX');
    expect(code(await run('morph.encode', '[]'))).toBe(CONTEXT_CODES.ENCODE_REQUEST_INVALID);
    expect(code(await run('morph.encode', encodeRequest('1', { extra: 1 })))).toBe(CONTEXT_CODES.ENCODE_REQUEST_INVALID);
    expect(code(await run('morph.encode', JSON.stringify({ input: 1, plan: { encoding: 'json-compact', formatVersion: '1', options: {} } })))).toBe(CONTEXT_CODES.ENCODE_REQUEST_INVALID);
    expect(code(await run('morph.encode', JSON.stringify({ input: '1', plan: { encoding: 'json-compact', formatVersion: '1' } })))).toBe(CONTEXT_CODES.ENCODE_REQUEST_INVALID);
    expect(code(await run('morph.encode', encodeRequest('1', { guide: { id: 'g', version: '1' } })))).toBe(CONTEXT_CODES.ENCODE_REQUEST_INVALID);
    expect(code(await run('morph.encode', JSON.stringify({ input: '1', plan: { encoding: 'yaml', formatVersion: '1', options: {} }, guide: ownGuide })))).toBe(MORPH_CODES.UNSUPPORTED_ENCODING);
    expect(code(await run('morph.encode', JSON.stringify({ input: '1', plan: { encoding: 'json-compact', formatVersion: '1', options: { delimiter: ',' } }, guide: ownGuide })))).toBe(MORPH_CODES.INVALID_CODEC_OPTIONS);
    expect(code(await run('morph.encode', encodeRequest('{"a":1,"a":2}')))).toBe('JSON_DUPLICATE_MEMBER');
    expect(code(await run('morph.encode', encodeRequest('1 2')))).toBe('JSON_SYNTAX');
    expect(code(await run('morph.encode', JSON.stringify({ input: '{"a":1}', plan: { encoding: 'json-lines', formatVersion: '1', options: {} }, guide: ownGuide })))).toBe(MORPH_CODES.CODEC_INAPPLICABLE);
  });

  it('morph.import answers the decoded value of a built artifact', async () => {
    const ir = parseJson('[{"id":1,"ok":true},{"id":2,"ok":false}]');
    if (!ir.ok) throw new Error();
    const built = buildArtifact({
      ir: ir.value, inputKind: 'json-text', plan: { encoding: 'rows-delimited', formatVersion: '1', options: { delimiter: '|' } }, guide: ownGuide,
      plannerPolicy: 'economy-experimental', target: { model: 'm', tokenizer: 'o200k_base' }, requestFrame: { task: { id: 't', instruction: 'i' }, prefix: '', suffix: '' },
    });
    if (!built.ok) throw new Error(built.error.code);
    expect(writeJson(observed(await run('morph.import', built.value.text), 'value'))).toBe('[{"id":1,"ok":true},{"id":2,"ok":false}]');
    expect(code(await run('morph.import', '{}'))).toBe(CONTEXT_CODES.ARTIFACT_MISSING_MEMBER);
    expect(code(await run('morph.decode', 'MORPH-CONTEXT/1'))).toBe(CONTEXT_CODES.BUNDLE_HEADER);
  });
});

describe('morph ops never throw', () => {
  it('property: morph.encode and morph.import answer every edited request with an outcome', async () => {
    const fc = (await import('fast-check')).default;
    const base = encodeRequest('[{"a":1},{"a":2}]');
    const edit = fc.tuple(fc.nat({ max: base.length }), fc.nat({ max: 4 }), fc.string({ maxLength: 4 })).map(([i, del, ins]) => base.slice(0, i) + ins + base.slice(i + del));
    await assertProperty(
      fc.asyncProperty(edit, async (text) => {
        for (const op of ['morph.encode', 'morph.import', 'morph.decode', 'morph.c14n'] as const) {
          const o = await run(op, text);
          expect('accept' in o).toBe(true);
        }
      }),
      { seed: 4460, numRuns: 300 },
    );
  });
});
