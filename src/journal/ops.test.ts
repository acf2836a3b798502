import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeGroup } from '../../generators/journal/journal-builders.ts';
import { renderJson } from '../../generators/journal/journal-builders.ts';
import { jsonNumber, type JsonValue } from '../shared/json/value.ts';
import type { OpOutcome } from '../shared/ops.ts';
import { CODES } from './constants.ts';
import { ops } from './ops.ts';
import { decodeCanonicalBase64 } from '../shared/base64.ts';
import { encodeGroupFrame } from './write-journal.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const run = async (op: 'journal.read' | 'journal.append' | 'journal.track-key', input: string | Uint8Array): Promise<OpOutcome> =>
  ops[op]!(typeof input === 'string' ? Buffer.from(input, 'utf8') : input);
const codeOf = (o: OpOutcome) => ('accept' in o ? (o.accept ? 'accept' : o.error.code) : 'skipped');
const V3 = '{"schema":3,"generation":0,"origin":0}\n';

describe('journal ops', () => {
  it('journal.read answers the PROTOCOL observation', async () => {
    const o = await run('journal.read', V3 + encodeGroupFrame(makeGroup(1, 1)) + '\n{"gr');
    expect(o).toMatchObject({ accept: true });
    if (!('accept' in o) || !o.accept) return;
    const obs = o.observation as Map<string, JsonValue>;
    expect([...obs.keys()]).toEqual(['schema', 'generation', 'origin', 'frontier', 'tornTailBytes', 'entries']);
    expect(obs.get('frontier')).toEqual(jsonNumber(2));
    expect(obs.get('tornTailBytes')).toEqual(jsonNumber(4));
    expect((obs.get('entries') as JsonValue[]).length).toBe(2);
  });

  it('journal.append takes {"journal", "group"} and answers {"bytes"}', async () => {
    const journal = Buffer.from(V3).toString('base64');
    const input = `{"journal":"${journal}","group":${renderJson(makeGroup(1, 2))}}`;
    const o = await run('journal.append', input);
    expect(codeOf(o)).toBe('accept');
    if (!('accept' in o) || !o.accept) return;
    const bytes = Buffer.from((o.observation as Map<string, string>).get('bytes')!, 'base64').toString('utf8');
    expect(bytes).toBe(V3 + encodeGroupFrame(makeGroup(1, 2)) + '\n');
  });

  it('journal.append refuses malformed inputs with INVALID_OP_INPUT or the JSON code', async () => {
    const journal = Buffer.from(V3).toString('base64');
    expect(codeOf(await run('journal.append', `[]`))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.append', `{"journal":"${journal}"}`))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.append', `{"journal":"${journal}","group":[],"x":1}`))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.append', `{"journal":"${journal.slice(0, -1)}","group":[]}`))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.append', `{"journal":"${journal}","group":{}}`))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.append', `{"journal":"${journal}","journal":"","group":[]}`))).toBe(CODES.JSON_DUPLICATE_MEMBER);
    expect(codeOf(await run('journal.append', `{"journal":"${journal}","group":[]}`))).toBe(CODES.EMPTY_GROUP);
    expect(codeOf(await run('journal.append', `{"journal":"","group":[]}`))).toBe(CODES.EMPTY_FILE);
  });

  it('decodes only canonical padded base64', () => {
    expect(decodeCanonicalBase64('YQ==')).toEqual(new Uint8Array([0x61]));
    for (const bad of ['YQ', 'YR==', 'Y Q==', 'YQ==\n', '-_8=']) expect(decodeCanonicalBase64(bad), bad).toBeUndefined();
  });

  it('journal.track-key answers {"key"} and refuses non-label input', async () => {
    const o = await run('journal.track-key', '["run_7","probe_1"]');
    expect(o).toMatchObject({ accept: true });
    if ('accept' in o && o.accept) expect((o.observation as Map<string, string>).get('key')).toBe(Buffer.from('run_7\u001fprobe_1\u001f').toString('base64'));
    expect(codeOf(await run('journal.track-key', '"run_7"'))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.track-key', '["a",1]'))).toBe(CODES.INVALID_OP_INPUT);
    expect(codeOf(await run('journal.track-key', '["a",""]'))).toBe(CODES.INVALID_TRACK_LABEL);
    expect(codeOf(await run('journal.track-key', '["\\u0085"]'))).toBe(CODES.INVALID_TRACK_LABEL);
    expect(codeOf(await run('journal.track-key', '["\\ud800"]'))).toBe(CODES.JSON_LONE_SURROGATE);
  });

  it('never throw, whatever bytes they get', async () => {
    const journal = Buffer.from(V3).toString('base64');
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 120 }),
      fc.json({ maxDepth: 3 }).map((t) => Buffer.from(t)),
      fc.json({ maxDepth: 3 }).map((t) => Buffer.from(`{"journal":"${journal}","group":[${t}]}`)),
    );
    await assertProperty(
      fc.asyncProperty(inputs, async (bytes) => {
        for (const op of ['journal.read', 'journal.append', 'journal.track-key'] as const) {
          const o = await run(op, bytes);
          expect('accept' in o).toBe(true);
        }
      }),
      { seed: 77, numRuns: 500 },
    );
  });
});
