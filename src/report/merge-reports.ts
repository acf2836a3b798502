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
