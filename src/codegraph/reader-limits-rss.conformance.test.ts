/**
 * Issue 11 item 8 (peak RSS on any input) for the codegraph reader's limits (JSON-LIMIT-1, spec/codegraph
 * "Reading"): a 300 MB line whose memory would follow its length unless the reader bounded what it keeps
 * — an index list the checks read (`tr`, `parameters`), the member names of an object no check reads
 * (R-S1 keeps them to find a repeat), a number read by value (an index), 150 million levels of nesting,
 * a Literal's `items`, a `metrics` object and a header's dictionaries (the strings held, together). `validate codegraph` and `testee exec codegraph.read` read
 * each from a regular file and through a pipe and refuse it with LIMIT_EXCEEDED under LIMIT_KB (200
 * MiB), measured in a child.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliOnShellOutput, type Run } from '../../conformance/memory/run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-reader-limits-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 300 MB bodies (FORMCERT_RSS_BODY_BYTES overrides it, to measure smaller ones). */
const BODY_BYTES = Number(process.env.FORMCERT_RSS_BODY_BYTES ?? 300_000_000);
const header = (traits: string) => `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[${traits}],"edges":["access"],"provenance":["declared"]}}`;
const eof = `{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}`;
/** Shell that writes `unit` repeated, whole, up to BODY_BYTES. */
const repeated = (unit: string) => `yes '${unit}' | tr -d '\\n' | head -c ${BODY_BYTES - (BODY_BYTES % unit.length)}`;
/** How many distinct members `"n":0,` (n from 1) fill BODY_BYTES at most. */
function membersIn(bytes: number): number {
  let n = 0;
  for (let used = 0, width = 1, next = 10; ; n++) {
    if (n + 1 === next) {
      width++;
      next *= 10;
    }
    used += width + 5;
    if (used > bytes) return n;
  }
}
/** Shell that writes distinct members `"n":0,` (n from 1), whole, up to BODY_BYTES. */
const distinctMembers = `seq 1 ${membersIn(BODY_BYTES)} | sed 's/.*/"&":0,/' | tr -d '\\n'`;

/** The shell that writes a model: `before`, the body, `after`. */
const script = (before: string, bodyShell: string, after: string) => `printf '%s' '${before}'; ${bodyShell}; printf '%s' '${after}'`;

const ENTITY = '{"t":"e","i":0,"k":0,"m":0,"s":"a"';
const CASES_SHELL = {
  /** `tr` holding 150 million indices (every one 0). */
  tr: script(`${header('"TNamed"')}\n${ENTITY},"name":"n","tr":[`, repeated('0,'), `0]}\n${eof}\n`),
  /** `parameters` holding 150 million entity refs. */
  parameters: script(`${header('"TWithParameters"')}\n${ENTITY},"tr":[0],"parameters":[`, repeated('0,'), `0]}\n${eof}\n`),
  /** An object no check reads with some 24 million distinct members (strict keeps their names for R-S1). */
  unreadObject: script(`${header('')}\n${ENTITY},"tr":[],"extra":{`, distinctMembers, `"z":0}}\n${eof}\n`),
  /** An object no check reads with 700,000 distinct names of 70-odd characters (strict keeps a key for each, to R-S1). */
  unreadObjectLongNames: script(`${header('')}\n${ENTITY},"tr":[],"extra":{`, `seq 1 700000 | sed 's/.*/"${'L'.repeat(70)}&":0,/' | tr -d '\\n'`, `"z":0}}\n${eof}\n`),
  /** The entity's `m` written with 300 million digits. */
  longIndex: script(`${header('')}\n{"t":"e","i":0,"k":0,"tr":[],"s":"a","m":1`, repeated('0'), `}\n${eof}\n`),
  /** An unread member nested 300 million levels deep (never closed: the line is refused before its end). */
  nesting: script(`${header('')}\n${ENTITY},"tr":[],"extra":`, repeated('['), `]}\n${eof}\n`),
  /** A Literal array of 23 million null Literals. */
  items: script(`${header('"TWithValue"')}\n${ENTITY},"tr":[0],"value":{"k":"array","items":[`, repeated('{"k":"null"},'), `{"k":"null"}]}}\n${eof}\n`),
  /** A dictionary of 375,000 entries of 798 bytes (each within its own 1 MiB bound; together past the held strings' 8 MiB). */
  dictionary: script('{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[],"edges":[', repeated(`"${'k'.repeat(798)}",`), `"access"],"provenance":["declared"]}}\n${eof}\n`),
  /** A metrics object of some 24 million distinct members. */
  metrics: script(`${header('"TMetrics"')}\n${ENTITY},"tr":[0],"metrics":{`, distinctMembers, `"z":0}}\n${eof}\n`),
};

/** Runs `formcert <args…> <input>` on the model the shell writes, into a regular file or a fifo. */
const run = (args: readonly string[], shell: string, label: string, via: 'file' | 'pipe'): Promise<Run> => runCliOnShellOutput(args, shell, label, via, dir);

/** Exit status and first stdout line (a refusal's first line is its code). */
function verdictOf(r: Run): [number | null, string] {
  return [r.status, r.stdout.split('\n')[0]!];
}

const VALIDATE = ['validate', 'codegraph'];
const VALIDATE_CORE = ['validate', 'codegraph', '--profile', 'core'];
const EXEC_READ = ['testee', 'exec', 'codegraph.read'];
const CASES: { label: string; shell: string; args: string[]; via: 'file' | 'pipe' }[] = [
  { label: 'tr of 150M indices', shell: CASES_SHELL.tr, args: VALIDATE, via: 'file' },
  { label: 'codegraph.read tr of 150M indices', shell: CASES_SHELL.tr, args: EXEC_READ, via: 'pipe' },
  { label: 'parameters of 150M refs', shell: CASES_SHELL.parameters, args: VALIDATE, via: 'pipe' },
  { label: 'unread object of 24M members', shell: CASES_SHELL.unreadObject, args: VALIDATE, via: 'file' },
  { label: 'codegraph.read unread object of 24M members', shell: CASES_SHELL.unreadObject, args: EXEC_READ, via: 'pipe' },
  { label: 'unread object of 700K long names', shell: CASES_SHELL.unreadObjectLongNames, args: VALIDATE, via: 'pipe' },
  { label: 'core m of 300M digits', shell: CASES_SHELL.longIndex, args: VALIDATE_CORE, via: 'file' },
  { label: 'm of 300M digits', shell: CASES_SHELL.longIndex, args: VALIDATE, via: 'pipe' },
  { label: 'nesting 300M deep', shell: CASES_SHELL.nesting, args: VALIDATE, via: 'file' },
  { label: 'core nesting 300M deep', shell: CASES_SHELL.nesting, args: VALIDATE_CORE, via: 'pipe' },
  { label: 'Literal items of 23M Literals', shell: CASES_SHELL.items, args: VALIDATE, via: 'pipe' },
  { label: 'codegraph.read Literal items of 23M Literals', shell: CASES_SHELL.items, args: EXEC_READ, via: 'file' },
  { label: 'dictionary of 375K long entries', shell: CASES_SHELL.dictionary, args: VALIDATE, via: 'file' },
  { label: 'codegraph.read dictionary of 375K long entries', shell: CASES_SHELL.dictionary, args: EXEC_READ, via: 'pipe' },
  { label: 'metrics of 24M members', shell: CASES_SHELL.metrics, args: VALIDATE_CORE, via: 'file' },
  { label: 'metrics of 24M members', shell: CASES_SHELL.metrics, args: VALIDATE, via: 'pipe' },
];

describe('the codegraph reader limits on a 300 MB line', () => {
  for (const c of CASES) {
    it(`${c.label} (${c.args.join(' ')}, ${c.via}): LIMIT_EXCEEDED under the bound`, async () => {
      const r = await run(c.args, c.shell, c.label, c.via);
      expect(verdictOf(r)).toStrictEqual([1, 'code: LIMIT_EXCEEDED']);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    }, 600_000);
  }
});
