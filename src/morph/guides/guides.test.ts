import { describe, expect, it } from 'vitest';
import { CODECS } from '../codecs/registry.ts';
import { getGuide, getGuideById, GUIDED_ENCODINGS } from './index.ts';

describe('interpretation guides (R-M7)', () => {
  it('one guide per registered encoding, id morph-guide/<encoding>, version 1', () => {
    expect([...GUIDED_ENCODINGS].sort()).toEqual(CODECS.map((c) => c.encoding).sort());
    for (const c of CODECS) {
      const g = getGuide(c.encoding)!;
      expect(g.id).toBe(`morph-guide/${c.encoding}`);
      expect(g.version).toBe('1');
      expect(g.text).toContain(c.encoding);
      // Guides are framed in a bundle: no CR, and no marker-like text.
      expect(g.text).not.toMatch(/\r|<<<MORPH/);
      expect(getGuideById(g.id, '1')).toEqual(g);
    }
  });
  it('unknown encodings and versions have no guide', () => {
    expect(getGuide('yaml')).toBeUndefined();
    expect(getGuide('__proto__')).toBeUndefined();
    expect(getGuideById('morph-guide/json-compact', '2')).toBeUndefined();
  });
});
