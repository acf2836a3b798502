/**
 * Issue 11 item 2 (conformance tier: each scenario restarts the testee and watches it 500 ms after a
 * re-run): persistent-mode attribution is exact. A case is charged
 * with a process death only when the death reproduces with that case alone in a fresh process; a case
 * the testee never received is never charged; a death no case reproduces still fails the run and is
 * reported with the case in flight and the one answered last.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { certifyPersistentToy, hostileWorkspace } from '../../conformance/fixtures/hostile-workspace.ts';
import { expectAccept, toyVector } from '../../conformance/fixtures/toy-vectors.ts';

const { work } = hostileWorkspace('formcert-persistent-attribution-');
const certify = (name: string, vectors: ReturnType<typeof toyVector>[], o: Parameters<typeof certifyPersistentToy>[3] = {}) =>
  certifyPersistentToy(work, name, vectors, o);

describe('persistent mode: exact attribution of process deaths', () => {
  it('charges the case that answered and then died, never the next case it did not even read', async () => {
    const log = join(work, 'log-blocking');
    writeFileSync(log, '');
    const r = await certify(
      'blocking',
      [
        toyVector('die-blocking 250 accept {"a":1}', expectAccept('{"a":1}'), { name: 'culprit', op: 'codegraph.read' }),
        toyVector('accept {"b":1}', expectAccept('{"b":1}'), { name: 'innocent' }),
      ],
      { depth: 1, env: { TOY_LOG: log } },
    );
    expect(r.records).toHaveLength(2);
    expect(r.outcome('innocent')).toBe('pass');
    expect(r.outcome('culprit')).toBe('errored:crash');
    const culprit = r.records.find((x) => x.name === 'culprit')!;
    expect(culprit.got.detail).toMatch(/answered, then testee process died \(exit status 3\) \d+ ms later \(reproduced alone in a fresh process\)/);
    expect(r.status).toBe(1);
    // The testee's own log: the innocent case reached only the second process, which it did not kill.
    const starts = readFileSync(log, 'utf8').split('start\n').map((chunk) => chunk.split('\n').filter(Boolean));
    expect(starts[1]).toEqual(['run die-blocking 1']);
    expect(starts[2]).toHaveLength(1);
    expect(starts[2]![0]).toMatch(/^run accept \d+$/);
    expect(starts.flat().filter((l) => l.startsWith('run accept'))).toHaveLength(1);
    // Both deaths (the first, and the re-run that reproduces it) are reported, both charged to the culprit.
    expect(r.out).toMatch(/testee process deaths \(unplanned\): 2, 0 not reproduced by a single case/);
    expect(r.out).toMatch(/while handling innocent .*after answering culprit .*charged to culprit/);
    expect(culprit.processDeaths?.length).toBe(2);
  });

  it('reports a delayed death that no single case reproduces and fails the run (nothing vanishes)', async () => {
    const r = await certify('delayed', [
      toyVector('die-after 120 accept {"a":1}', expectAccept('{"a":1}'), { name: 'late-death' }),
      ...[1, 2, 3].map((i) => toyVector(`accept {"n":${i}}`, expectAccept(`{"n":${i}}`), { name: `fine-${i}` })),
    ]);
    expect(r.records).toHaveLength(4);
    for (const i of [1, 2, 3]) expect(r.outcome(`fine-${i}`)).toBe('pass');
    // Which case the dead process answered last depends on timing. When it is the culprit, its re-run
    // reproduces the death and charges it; otherwise no case does, and the death alone fails the run.
    const late = r.records.find((x) => x.name === 'late-death')!;
    if (late.outcome === 'pass') {
      expect(r.out).toMatch(/testee process deaths \(unplanned\): \d+, [1-9]\d* not reproduced by a single case/);
      expect(r.out).toMatch(/crash: testee process died \(exit status 3\).*; after answering \S+.*no case reproduces it/);
      expect(r.out).toMatch(/FAILED: every scored case passes, but the testee process died \d+ times? with no case that reproduces it\./);
    } else {
      expect(late.outcome).toBe('errored:crash');
      expect(late.got.detail).toMatch(/answered, then testee process died \(exit status 3\) \d+ ms later/);
    }
    expect(r.out).not.toMatch(/PASSED/);
    expect(r.status).toBe(1);
    expect(r.records.some((x) => x.processDeaths)).toBe(true);
  });

});
