/**
 * Issue 11 items 4 and 9 in persistent mode (fast tier, a few spawns): a duplicate seq charges its own
 * case; a setsid descendant holding the pipes holds nothing up. The death attribution scenarios (item
 * 2) need several restarts and watch windows: persistent-attribution.conformance.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { certifyPersistentToy, hostileWorkspace } from '../../conformance/fixtures/hostile-workspace.ts';
import { expectAccept, toyVector } from '../../conformance/fixtures/toy-vectors.ts';

const { work, pids } = hostileWorkspace('formcert-persistent-hostile-');
const certify = (name: string, vectors: ReturnType<typeof toyVector>[], o: Parameters<typeof certifyPersistentToy>[3] = {}) =>
  certifyPersistentToy(work, name, vectors, o);

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
