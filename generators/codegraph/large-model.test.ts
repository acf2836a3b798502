import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readModel } from '../../src/codegraph/read-observation.ts';
import { writeModel } from '../../src/codegraph/write-model.ts';
import { writeLargeModel } from './large-model.ts';

describe('writeLargeModel', () => {
  it('streams valid models, canonical once every dictionary member is used (the writer reproduces them byte for byte)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cg-large-'));
    try {
      for (const [entities, seed] of [[1, 1], [2, 3], [1003, 2], [2600, 5]] as const) {
        const file = join(dir, `m${entities}.jsonl`);
        const counts = writeLargeModel(file, { entities, seed });
        const bytes = readFileSync(file);
        expect(counts.bytes).toBe(bytes.length);
        const r = readModel(bytes);
        expect(r.ok ? 'ok' : `${r.error.code} line ${r.error.location.line}`).toBe('ok');
        if (r.ok && entities > 1000) expect(writeModel(r.value) === bytes.toString('utf8')).toBe(true);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
