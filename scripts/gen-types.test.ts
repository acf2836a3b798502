import { describe, expect, it } from 'vitest';
import { staleTypes } from './gen-types.ts';

describe('generated types', () => {
  it('src/generated matches spec/schemas (run `npm run gen:types` after a schema change)', async () => {
    expect(await staleTypes()).toStrictEqual([]);
  });
});
