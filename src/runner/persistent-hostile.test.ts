/**
 * Issue 11 items 4 and 9 in persistent mode (fast tier, a few spawns): a duplicate seq charges its own
 * case; a setsid descendant holding the pipes holds nothing up. The death attribution scenarios (item
 * 2) need several restarts and watch windows: persistent-attribution.conformance.test.ts.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectAccept, SCRIPTED_PERSISTENT, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { parseCaseRecords, type CaseRecord } from '../results/case-record.ts';
import { certifyCommand, type CertifyCommandOptions } from './certify.ts';

const work = mkdtempSync(join(tmpdir(), 'formcert-persistent-hostile-'));
const pids = join(work, 'escaped-pids');
writeFileSync(pids, '');
afterAll(() => {
  // Escaped children are out of the group kill's reach by design: end them here.
  for (const pid of readFileSync(pids, 'utf8').split('\n').filter(Boolean)) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

async function certify(name: string, vectors: ReturnType<typeof toyVector>[], o: Partial<CertifyCommandOptions> & { env?: Record<string, string> } = {}) {
  const dir = join(work, name);
  writeVectorFiles(dir, vectors);
  const report = join(work, `${name}-report`);
  let out = '';
  let err = '';
  const env = Object.entries(o.env ?? {}).map(([k, v]) => `${k}=${v}`);
  const status = await certifyCommand(
    {
      testee: ['/usr/bin/env', ...env, ...SCRIPTED_PERSISTENT],
      profile: 'strict',
      codes: true,
      timeoutMs: '3000',
      persistent: true,
      exec: false,
      vectors: dir,
      maxOutputBytes: String(1 << 20),
      report,
      ...o,
    },
    { out: (s) => (out += s), err: (s) => (err += s) },
  );
  const parsed = parseCaseRecords(readFileSync(join(report, 'results.jsonl'), 'utf8'));
  const records: CaseRecord[] = parsed.ok ? parsed.value : [];
  return { status, out, err, records, outcome: (n: string) => records.find((r) => r.name === n)?.outcome };
}

describe('persistent mode: replies and pipes of a hostile testee', () => {
  it('charges a duplicate reply to the case its seq names, not to a case in flight (no death)', async () => {
    const r = await certify('twice', [
      toyVector('twice delay 30 accept {"t":1}', expectAccept('{"t":1}'), { name: 'twice' }),
      ...[1, 2, 3].map((i) => toyVector(`delay 60 accept {"n":${i}}`, expectAccept(`{"n":${i}}`), { name: `other-${i}` })),
    ]);
    expect(r.records).toHaveLength(4);
    expect(r.outcome('twice')).toBe('errored:protocol');
    expect(r.records.find((x) => x.name === 'twice')?.got.detail).toMatch(/replied twice to seq \d+ \(this case\)/);
    for (const i of [1, 2, 3]) expect(r.outcome(`other-${i}`)).toBe('pass');
    expect(r.out).not.toMatch(/process deaths/);
    expect(r.status).toBe(1);
  });

  it('is not held up by a setsid descendant that keeps the pipes open (item 4)', async () => {
    const t0 = performance.now();
    const r = await certify(
      'escape',
      [toyVector('escape 20000 accept {"e":1}', expectAccept('{"e":1}'), { name: 'escaper' }), toyVector('accept {"n":1}', expectAccept('{"n":1}'), { name: 'plain' })],
      { env: { TOY_PIDS: pids } },
    );
    expect(performance.now() - t0).toBeLessThan(4000);
    expect(r.records.map((x) => x.outcome)).toEqual(['pass', 'pass']);
    expect(r.status).toBe(0);
  });
});
