/**
 * The protocol schemas (spec/protocol/schemas/) fit the project's own data: every golden observation
 * validates against its op's observation schema, and malformed messages are refused. With
 * protocol-messages.conformance.test.ts, which validates what real testees say, this keeps the
 * schemas neither looser nor stricter than the runner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OP_NAMES } from '../../src/shared/ops.ts';
import { loadProtocolValidators, PROTOCOL_MESSAGES, type ProtocolMessage, type ProtocolValidators } from '../../src/shared/protocol-schemas.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import { toSchemaInstance } from '../../src/runner/vectors/vector-file-schema.ts';

let v: ProtocolValidators;
let vectors: Vector[];

beforeAll(async () => {
  v = loadProtocolValidators();
  vectors = await loadVectors();
});

describe('observation schemas', () => {
  it('every golden observation validates against its op’s schema, for every op', () => {
    const problems: string[] = [];
    const opsSeen = new Set<string>();
    for (const vec of vectors) {
      if (vec.expect.verdict !== 'accept' || vec.expect.observation === undefined) continue;
      opsSeen.add(vec.op);
      problems.push(...v.observation[vec.op](toSchemaInstance(vec.expect.observation)).map((p) => `${vec.id} ${vec.op}: ${p}`));
    }
    expect([...opsSeen].sort()).toEqual([...OP_NAMES].sort());
    expect(problems).toEqual([]);
  });

  it('refuse a wrong shape', () => {
    expect(v.observation['morph.c14n']({ digest: 'ABC' })).not.toEqual([]);
    expect(v.observation['journal.track-key']({ key: 'not base64!' })).not.toEqual([]);
    expect(v.observation['morph.decode']({ value: 1, extra: true })).not.toEqual([]);
    // tornTailBytes is missing.
    expect(v.observation['journal.read']({ schema: 3, generation: 0, origin: 0, frontier: 0, entries: [] })).not.toEqual([]);
    // An entity key has three members.
    const graph = { schemaVersion: '1.0.0', lang: 'java', extractor: { name: 'a', version: '1' }, root: '', files: [], edges: [] };
    expect(v.observation['codegraph.read']({ ...graph, entities: [{ key: ['a', 'a'], kind: 'package', traits: [], attrs: {} }] })).not.toEqual([]);
    expect(v.observation['codegraph.read']({ ...graph, entities: [{ key: ['a', 'a', null], kind: 'package', traits: [], attrs: {} }] })).toEqual([]);
  });
});

describe('message schemas', () => {
  const good: [ProtocolMessage, unknown][] = [
    ['start-request', { cmd: 'start', protocol: 1 }],
    ['start-reply', { protocol: 1, implementation: { name: 'x' }, ops: { 'journal.read': { observe: true } } }],
    ['run-request', { cmd: 'run', seq: 0, op: 'journal.read', input: '/tmp/x' }],
    ['run-reply', { seq: 3, accept: true, observation: { digest: '0'.repeat(64) } }],
    ['run-reply', { seq: 3, accept: true }],
    ['run-reply', { seq: 3, accept: false, code: 'JRN_HEADER', message: 'no header' }],
    ['run-reply', { seq: 3, accept: false }],
    ['run-reply', { seq: 3, skipped: 'only the v3 codec' }],
    ['run-reply', { seq: 3, errored: 'IndexError' }],
    ['stop-request', { cmd: 'stop' }],
    ['exec-reject-line', 'code: JRN_HEADER'],
    ['exec-reject-line', 'reject'],
  ];
  const bad: [ProtocolMessage, unknown][] = [
    ['start-request', { cmd: 'start', protocol: 2 }],
    ['start-reply', { protocol: 1, implementation: {}, ops: {} }],
    ['start-reply', { protocol: 1, implementation: { name: 'x' }, ops: { 'journal.write': { observe: true } } }],
    ['run-request', { cmd: 'run', seq: -1, op: 'journal.read', input: '/tmp/x' }],
    ['run-reply', { seq: 1 }],
    ['run-reply', { seq: 1, accept: true, skipped: 'both' }],
    ['run-reply', { seq: '1', accept: true }],
    ['run-reply', { seq: 1, accept: false, code: 7 }],
    ['run-reply', { seq: 1, accept: 'yes' }],
    ['stop-request', { cmd: 'stop', now: true }],
    ['exec-reject-line', 'Traceback (most recent call last):'],
    ['exec-reject-line', 'rejected'],
    ['exec-reject-line', 'code:'],
  ];
  it('there is a schema for every message', () => {
    expect(Object.keys(v.message).sort()).toEqual([...PROTOCOL_MESSAGES].sort());
  });
  for (const [schema, msg] of good) {
    it(`${schema} takes ${JSON.stringify(msg)}`, () => expect(v.message[schema](msg)).toEqual([]));
  }
  for (const [schema, msg] of bad) {
    it(`${schema} refuses ${JSON.stringify(msg)}`, () => expect(v.message[schema](msg)).not.toEqual([]));
  }
});
