import { describe, expect, it } from 'vitest';
import { certifyCommand, type CertifyCommandOptions } from './certify.ts';
import { writeReportDir } from '../report/write-report-dir.ts';
import { loadVectors } from './vectors/load-vectors.ts';

// The README's first command: `formcert certify` with no testee runs the reference oracle, through the
// real persistent protocol, over the committed golden vectors. It must pass on a fresh clone.
// A whole-corpus run: it belongs to the conformance tier.
const golden = await loadVectors('golden');

const options: CertifyCommandOptions = {
  testee: [],
  profile: 'strict',
  codes: true,
  timeoutMs: '30000',
  persistent: false,
  exec: false,
  vectors: 'golden',
  maxOutputBytes: String(64 * 1024 * 1024),
};

describe('formcert certify on golden/', () => {
  it('finds the committed golden vectors', () => {
    expect(golden.length).toBeGreaterThan(1000);
  });

  it('passes every golden vector with the reference testee, persistent mode, codes checked', async () => {
    let out = '';
    const status = await certifyCommand(options, { out: (s) => (out += s), err: (s) => (out += s), writeReportDir });
    expect(out).toMatch(/PASSED/);
    expect(status).toBe(0);
  });

  it('passes a shard of the golden vectors in exec mode too', async () => {
    let out = '';
    const status = await certifyCommand({ ...options, exec: true, shard: `1/${Math.max(1, Math.ceil(golden.length / 8))}`, jobs: '2' }, {
      out: (s) => (out += s),
      err: (s) => (out += s),
      writeReportDir,
    });
    expect(out).toMatch(/exec mode/);
    expect(status).toBe(0);
  });
});
