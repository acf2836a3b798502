/** Merges the JSON-lines reports of several runs (CI shards, or several implementations) into one. */
import { readFile } from 'node:fs/promises';
import { fail, ok, type Result } from '../shared/errors.ts';
import { parseCaseRecords, type CaseRecord } from '../results/case-record.ts';

/** Reads report files; the error names the file and line that is not a record. */
export async function readReports(paths: readonly string[]): Promise<Result<Array<{ path: string; records: CaseRecord[] }>, string>> {
  const out: Array<{ path: string; records: CaseRecord[] }> = [];
  for (const path of paths) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      return fail(`cannot read ${path}: ${(e as Error).message}`);
    }
    const parsed = parseCaseRecords(text, path);
    if (!parsed.ok) return parsed;
    out.push({ path, records: parsed.value });
  }
  return ok(out);
}

/**
 * One record per implementation and case, ordered by implementation, op and id. The same case of the
 * same implementation in two files (shards that overlap, a report given twice) is an error: which
 * outcome would count is not ours to guess.
 */
export function mergeRecords(sources: ReadonlyArray<{ path: string; records: readonly CaseRecord[] }>): Result<CaseRecord[], string> {
  const seen = new Map<string, string>();
  const out: CaseRecord[] = [];
  for (const { path, records } of sources) {
    for (const r of records) {
      const key = `${r.implementation}\u0000${r.id}`;
      const first = seen.get(key);
      if (first !== undefined) return fail(`case ${r.id} of ${r.implementation} is in both ${first} and ${path}`);
      seen.set(key, path);
      out.push(r);
    }
  }
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  out.sort((a, b) => cmp(a.implementation, b.implementation) || cmp(a.op, b.op) || cmp(a.id, b.id));
  return ok(out);
}

/**
 * Why a merged set is incomplete, or undefined when nothing is missing: per implementation, the
 * records must number the selection size each record carries, and every record must carry the same
 * size and shard count (issue 11 item 7). Records written before the fields existed are not checked.
 */
export function findMissingCases(records: readonly CaseRecord[]): string | undefined {
  const byImpl = new Map<string, CaseRecord[]>();
  for (const r of records) {
    let list = byImpl.get(r.implementation);
    if (!list) byImpl.set(r.implementation, (list = []));
    list.push(r);
  }
  for (const [impl, list] of byImpl) {
    const checked = list.filter((r) => r.selection !== undefined);
    if (checked.length === 0) continue;
    const sizes = new Set(checked.map((r) => r.selection));
    const counts = new Set(checked.map((r) => (r.shard ?? '1/1').split('/')[1]));
    if (sizes.size > 1 || counts.size > 1) {
      return `${impl}: the reports come from different selections (selection sizes ${[...sizes].join(', ')}, shard counts ${[...counts].join(', ')})`;
    }
    const size = checked[0]!.selection!;
    if (list.length < size) {
      const count = Number([...counts][0]);
      const seen = new Set(checked.map((r) => (r.shard ?? '1/1').split('/')[0]));
      const missing = Array.from({ length: count }, (_, i) => String(i + 1)).filter((i) => !seen.has(i));
      const which = missing.length > 0 ? `; no case from shard ${missing.map((i) => `${i}/${count}`).join(', ')}` : '';
      return `${impl}: ${list.length} of ${size} selected cases${which}`;
    }
  }
  return undefined;
}
