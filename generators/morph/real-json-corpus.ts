/** Real JSON documents nobody here wrote: every `.json` and `.map` file under node_modules, read as MORPH IRs. */
import { readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join, relative } from 'node:path';
import { checkUniformRecords } from '../../src/morph/codecs/uniform-records.ts';
import { appendPointer } from '../../src/shared/json/pointer.ts';
import { isJsonArray, isJsonObject } from '../../src/shared/json/value.ts';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import type { Ir } from '../../src/morph/ir/types.ts';

/** One accepted document. */
export interface CorpusDocument {
  readonly path: string;
  readonly ir: Ir;
  readonly bytes: number;
}

/** The corpus: accepted documents in path order, and how many files were skipped, by refusal code. */
export interface RealJsonCorpus {
  readonly documents: CorpusDocument[];
  /**
   * Arrays of uniform primitive records found inside the documents (e.g. a lock file's entries),
   * as documents of their own (`path#pointer`): real tables for rows-delimited and columns-json.
   */
  readonly recordArrays: CorpusDocument[];
  readonly files: number;
  readonly skipped: Record<string, number>;
}

function listFiles(dir: string, out: string[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const p = join(dir, e.name);
    // Symlinks (node_modules/.bin) are skipped so no file is read twice and no cycle is followed.
    if (e.isDirectory()) listFiles(p, out);
    else if (e.isFile() && (e.name.endsWith('.json') || e.name.endsWith('.map'))) out.push(p);
  }
}

/** Reads every candidate file under `root` (default: this checkout's node_modules), sorted by path. */
export function loadRealJsonCorpus(root = join(import.meta.dirname, '../../node_modules')): RealJsonCorpus {
  const files: string[] = [];
  listFiles(root, files);
  files.sort();
  const documents: CorpusDocument[] = [];
  const recordArrays: CorpusDocument[] = [];
  const skipped: Record<string, number> = {};
  for (const f of files) {
    const bytes = readFileSync(f);
    // Strict JSON within R-M2 only: files with comments, BOMs or over a limit are counted, not repaired.
    const r = irFromJsonText(bytes);
    if (!r.ok) {
      skipped[r.error.code] = (skipped[r.error.code] ?? 0) + 1;
      continue;
    }
    const path = relative(root, f);
    documents.push({ path, ir: r.value, bytes: bytes.length });
    findRecordArrays(r.value, (pointer, ir) => recordArrays.push({ path: `${path}#${pointer}`, ir, bytes: 0 }));
  }
  return { documents, recordArrays, files: files.length, skipped };
}

/** Calls `found` for every non-root array that rows-delimited would accept as a root, without recursion. */
function findRecordArrays(root: Ir, found: (pointer: string, ir: Ir) => void): void {
  const stack: Array<[string, Ir]> = [['', root]];
  while (stack.length > 0) {
    const [pointer, v] = stack.pop()!;
    if (pointer !== '' && isJsonArray(v) && checkUniformRecords(v).ok) found(pointer, v);
    if (isJsonArray(v)) for (const [i, x] of v.entries()) stack.push([appendPointer(pointer, i), x]);
    else if (isJsonObject(v)) for (const [k, x] of v) stack.push([appendPointer(pointer, k), x]);
  }
}
