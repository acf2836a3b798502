import fc from 'fast-check';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codegraphModelFile } from '../../generators/codegraph/codegraph-model-file.ts';
import { MODEL_MUTATORS } from '../../generators/codegraph/model-mutators.ts';
import { loadErrorCodes, loadRequirements } from '../shared/registry.ts';
import { CG_CODE_NAMES, codeInfo, JSON_LAYER_CODE_NAMES } from './constants.ts';
import { ops } from './ops.ts';
import { ModelReader, readModelBytes } from './read-model.ts';
import { readModel } from './read-observation.ts';
import { validateCodegraphFile } from './validate-file.ts';
import { assertProperty } from '../../test-support/assert-property.ts';

const models = fc.sample(codegraphModelFile({ maxMembers: 6, maxEdges: 6, maxFanOut: 4 }), { seed: 11, numRuns: 30 });

/** Reads with the input cut into chunks at the given offsets, as the file validator does. */
function readInChunks(bytes: Uint8Array, cuts: number[], profile: 'core' | 'strict' = 'strict') {
  const reader = new ModelReader(profile);
  let pending = Buffer.alloc(0);
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  let from = 0;
  for (const to of [...points, bytes.length]) {
    const buf = Buffer.concat([pending, Buffer.from(bytes.subarray(from, to))]);
    const consumed = reader.push(buf, 0, buf.length, to === bytes.length);
    pending = buf.subarray(consumed);
    from = to;
    if (reader.failed) break;
  }
  return reader.finish();
}

describe('the codegraph reader', () => {
  it('never throws on arbitrary bytes, and refuses only with registered codes', () => {
    const registered = new Set<string>([...CG_CODE_NAMES, ...JSON_LAYER_CODE_NAMES]);
    assertProperty(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('core', 'strict') as fc.Arbitrary<'core' | 'strict'>, (bytes, profile) => {
        const r = readModel(bytes, profile);
        if (!r.ok) expect(registered).toContain(r.error.code);
      }),
      { seed: 21, numRuns: 1500 },
    );
  });

  it('never throws on valid models with random byte edits (either profile)', () => {
    const registered = new Set<string>([...CG_CODE_NAMES, ...JSON_LAYER_CODE_NAMES]);
    assertProperty(
      fc.property(fc.constantFrom(...models), fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 4 }), (model, edits) => {
        const bytes = Buffer.from(model);
        for (const [at, b] of edits) bytes[at % bytes.length] = b;
        for (const profile of ['core', 'strict'] as const) {
          const r = readModel(bytes, profile);
          if (!r.ok) expect(registered).toContain(r.error.code);
        }
      }),
      { seed: 22, numRuns: 400 },
    );
  });

  it('gives the same verdict and error location however the input is cut into chunks', () => {
    const inputs = [...models.slice(0, 10), ...MODEL_MUTATORS.map((m, n) => m.apply(models[n % models.length]!, n)).filter((b) => b !== undefined)];
    assertProperty(
      fc.property(fc.constantFrom(...inputs), fc.array(fc.nat(), { maxLength: 6 }), (bytes, cuts) => {
        const whole = readModelBytes(bytes, 'strict');
        const chunked = readInChunks(bytes, cuts);
        expect(chunked).toStrictEqual(whole);
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it('reads strict-only violations by value in the core profile (1.0, CR, BOM, duplicates)', () => {
    const model = Buffer.from(models[0]!).toString('utf8');
    const variants = [
      model.replace('"i":0,', '"i":0.0,'),
      model.replace(/\n/g, '\r\n'),
      '\ufeff' + model,
      model.replace('{"t":"f",', '{"t":"f","t":"f",'),
      model.slice(0, -1),
    ];
    for (const v of variants) {
      expect(readModel(Buffer.from(v), 'strict').ok).toBe(false);
      const core = readModel(Buffer.from(v), 'core');
      expect(core.ok ? 'ok' : core.error.code).toBe('ok');
    }
  });

  it('counts lines from 1 after a BOM read in the core profile', () => {
    const r = readModel(Buffer.from('\ufeff' + '{"t":"f","i":0,"path":"a"}\n'), 'core');
    // The error sits at the value of t: 3 BOM bytes, then `{"t":`.
    expect(r.ok ? 'ok' : [r.error.code, r.error.location.line, r.error.location.byteOffset]).toStrictEqual(['HEADER_MISSING', 1, 8]);
  });

  it('reports a forward entity ref of the entity section at the line that wrote it', () => {
    const good = Buffer.from(models[1]!).toString('utf8').split('\n');
    const at = good.findIndex((l) => l.includes('"parent":'));
    good[at] = good[at]!.replace(/"parent":\d+/, '"parent":999');
    const r = readModel(Buffer.from(good.join('\n')));
    expect(r.ok ? 'ok' : [r.error.code, r.error.location.line, r.error.location.pointer]).toStrictEqual(['DANGLING_ENTITY_REF', at + 1, '/parent']);
  });

  it('the ops table answers codegraph.read with an observation or a typed error', async () => {
    const accepted = await ops['codegraph.read']!(models[2]!);
    expect('accept' in accepted && accepted.accept).toBe(true);
    const refused = await ops['codegraph.read']!(new Uint8Array(Buffer.from('{"t":"eof","counts":{"files":0,"entities":0,"edges":0}}\n')));
    expect('accept' in refused && !refused.accept && refused.error.code).toBe('HEADER_MISSING');
  });

  it('validates files by streaming, with both profiles', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-validate-'));
    try {
      const file = join(dir, 'model.jsonl');
      writeFileSync(file, models[3]!);
      const okResult = await validateCodegraphFile(file, { profile: 'strict' });
      expect(okResult.ok && okResult.value.entities).toBe(readModelBytes(readFileSync(file), 'strict').ok ? (readModelBytes(readFileSync(file), 'strict') as { value: { entities: number } }).value.entities : -1);
      writeFileSync(file, Buffer.from(models[3]!).toString('utf8').replace(/\n/g, '\r\n'));
      const strict = await validateCodegraphFile(file, { profile: 'strict' });
      expect(strict.ok ? 'ok' : strict.error.code).toBe('MODEL_CARRIAGE_RETURN');
      expect((await validateCodegraphFile(file, { profile: 'core' })).ok).toBe(true);
      await expect(validateCodegraphFile(join(dir, 'missing.jsonl'), { profile: 'strict' })).rejects.toThrow();
      // A line longer than the read chunk: the buffer grows to hold it.
      const big = 'x'.repeat(9 << 20);
      writeFileSync(file, `{"t":"header","schemaVersion":"1.0.0","lang":"j","extractor":{"name":"n","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[],"edges":[],"provenance":[]}}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","blob":"${big}"}\n{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}\n`);
      const long = await validateCodegraphFile(file, { profile: 'strict' });
      expect(long.ok ? long.value.entities : long.error.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the codegraph registry', () => {
  it('error-codes.json lists exactly the codes the reader returns', () => {
    expect(loadErrorCodes('codegraph').map((c) => c.code).sort()).toStrictEqual([...CG_CODE_NAMES].sort());
    const sharedCodes = loadErrorCodes('shared').map((c) => c.code);
    for (const code of JSON_LAYER_CODE_NAMES) expect(sharedCodes).toContain(code);
  });

  it('a code cites the requirement the registry gives it, with that requirement’s profile', () => {
    const reqs = new Map([...loadRequirements('codegraph'), ...loadRequirements('shared')].map((r) => [r.id, r.profile]));
    const registered = new Map([...loadErrorCodes('shared'), ...loadErrorCodes('codegraph')].map((c) => [c.code, c]));
    for (const code of [...CG_CODE_NAMES, ...JSON_LAYER_CODE_NAMES]) {
      const entry = registered.get(code)!;
      expect(codeInfo(code).requirement, code).toBe(entry.requirement);
      expect(codeInfo(code).profile, code).toBe(entry.profile ?? reqs.get(entry.requirement));
    }
    // The grammar faults of RFC 8259 are core (JSON-SYNTAX-1); what R-S1 adds is strict.
    expect(codeInfo('JSON_SYNTAX')).toMatchObject({ requirement: 'JSON-SYNTAX-1', profile: 'core' });
    expect(codeInfo('JSON_INVALID_UTF8')).toMatchObject({ requirement: 'JSON-SYNTAX-1', profile: 'core' });
    for (const code of ['JSON_BOM', 'JSON_DUPLICATE_MEMBER', 'JSON_LONE_SURROGATE'] as const) expect(codeInfo(code)).toMatchObject({ requirement: 'R-S1', profile: 'strict' });
  });

  it('refusals carry the registered rule and profile', () => {
    const r = readModelBytes(Buffer.from('{"t":"header",}\n'), 'strict');
    expect(r.ok ? 'accepted' : [r.error.code, r.error.requirement, r.error.profile]).toStrictEqual(['JSON_SYNTAX', 'JSON-SYNTAX-1', 'core']);
  });
});
