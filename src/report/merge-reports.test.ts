import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCaseRecord, parseCaseRecord, type CaseRecord } from '../results/case-record.ts';
import { EXIT } from '../shared/exit-codes.ts';
import { findMissingCases } from './merge-reports.ts';
import { reportCommand } from './report-command.ts';
import { record } from './report-fixtures.test-helpers.ts';
import { renderJsonl } from './write-report-dir.ts';

/** Six passing cases split over three shards of two cases each. */
function shardFiles(dir: string): string[] {
  return [1, 2, 3].map((i) => {
    const records: CaseRecord[] = [0, 1].map((j) =>
      record({ id: `ffff00000000000000${i}${j}`, outcome: 'pass', shard: `${i}/3`, selection: 6 }),
    );
    const path = join(dir, `shard-${i}.jsonl`);
    writeFileSync(path, renderJsonl(records));
    return path;
  });
}

function run(paths: string[], allowPartial = false) {
  const out: string[] = [];
  const err: string[] = [];
  return reportCommand('merge', paths, { allowPartial }, { out: (s) => out.push(s), err: (s) => err.push(s) }).then((status) => ({ status, out: out.join(''), err: err.join('') }));
}

describe('report merge and missing shards (issue 11 item 7)', () => {
  it('keeps the shard and selection size of a record through a write and read', () => {
    const back = parseCaseRecord(formatCaseRecord(record({ id: 'ffff0000000000000001', outcome: 'pass', shard: '2/3', selection: 40 })));
    expect(back.ok && [back.value.shard, back.value.selection]).toEqual(['2/3', 40]);
  });

  it('refuses shards 1/3 and 2/3 without 3/3 in one line, exit 2, and merges them with --allow-partial', async () => {
    const [one, two] = shardFiles(mkdtempSync(join(tmpdir(), 'formcert-merge-')));
    const refused = await run([one!, two!]);
    expect(refused.status).toBe(EXIT.USAGE);
    expect(refused.out).toBe('');
    expect(refused.err).toBe('formcert report merge: incomplete: alpha 1.0: 4 of 6 selected cases; no case from shard 3/3 (pass --allow-partial to merge anyway)\n');
    const partial = await run([one!, two!], true);
    expect(partial.status).toBe(EXIT.OK);
    expect(partial.out.trim().split('\n')).toHaveLength(4);
    expect(partial.err).toContain('warning: partial merge');
  });

  it('merges a complete shard set without complaint', async () => {
    const all = await run(shardFiles(mkdtempSync(join(tmpdir(), 'formcert-merge-'))));
    expect(all.status).toBe(EXIT.OK);
    expect(all.out.trim().split('\n')).toHaveLength(6);
    expect(all.err).not.toContain('incomplete');
  });

  it('finds a lost case inside a shard and refuses reports of different selections', () => {
    const lost = [record({ id: 'ffff0000000000000001', outcome: 'pass', selection: 2 })];
    expect(findMissingCases(lost)).toBe('alpha 1.0: 1 of 2 selected cases');
    const mixed = [record({ id: 'ffff0000000000000001', outcome: 'pass', selection: 1 }), record({ id: 'ffff0000000000000002', outcome: 'pass', selection: 2, shard: '1/2' })];
    expect(findMissingCases(mixed)).toMatch(/^alpha 1\.0: the reports come from different selections/);
    expect(findMissingCases([record({ id: 'ffff0000000000000003', outcome: 'pass' })])).toBeUndefined();
  });
});
