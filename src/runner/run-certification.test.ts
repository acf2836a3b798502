import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectAccept, SCRIPTED_EXEC, SCRIPTED_PERSISTENT, toyVector } from '../../conformance/fixtures/toy-vectors.ts';
import { isJsonObject } from '../shared/json/value.ts';
import { ExecTestee } from './exec-testee.ts';
import { startPersistentTestee } from './persistent-testee.ts';
import { runCertification } from './run-certification.ts';
import type { Testee } from './testee-reply.ts';

async function whereInputsWent(testee: Testee) {
  const result = await runCertification({ vectors: [toyVector('where', expectAccept())], testee, checkCodes: false, concurrency: 2 });
  const got = result.records[0]!.got.observation;
  if (!isJsonObject(got)) throw new Error('the toy did not answer with an object');
  return { dir: got.get('dir') as string, dirMode: got.get('dirMode'), fileMode: got.get('fileMode') };
}

describe('runCertification inputs', () => {
  it('writes inputs to a private 0700 directory, files 0600, and removes it afterwards (exec and persistent)', async () => {
    const exec = await whereInputsWent(new ExecTestee({ template: SCRIPTED_EXEC, ops: ['journal.read'], timeoutMs: 5000, maxOutputBytes: 1 << 16 }));
    const persistent = await startPersistentTestee({ argv: SCRIPTED_PERSISTENT, jobs: 1, depth: 4, timeoutMs: 5000, maxOutputBytes: 1 << 16 });
    const pers = await whereInputsWent(persistent);
    await persistent.close();
    for (const w of [exec, pers]) {
      expect(w.dirMode).toBe('700');
      expect(w.fileMode).toBe('600');
      expect(w.dir).toMatch(/formcert-inputs-/);
      expect(existsSync(w.dir)).toBe(false);
    }
    expect(exec.dir).not.toBe(pers.dir);
  });

  it('runs nothing for ops the testee does not serve and records them as n/a', async () => {
    const testee = new ExecTestee({ template: SCRIPTED_EXEC, ops: ['journal.read'], timeoutMs: 5000, maxOutputBytes: 1 << 16 });
    const result = await runCertification({
      vectors: [toyVector('crash', expectAccept(), { op: 'morph.decode' }), toyVector('accept', expectAccept())],
      testee,
      checkCodes: false,
      concurrency: 1,
    });
    expect(result.records.map((r) => r.outcome)).toEqual(['n/a', 'pass']);
  });
});
