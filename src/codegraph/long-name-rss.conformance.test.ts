/**
 * Issue 11 item 8 (peak RSS on any input) for a huge string the checks read in part: a Literal's `k`
 * (R-C8: outside the closed vocabulary whatever follows its first characters; a refusal quotes those) and
 * a member name (held as its first code units and a SHA-256 of all of them, which R-S1's duplicate
 * check and a refusal's quote use). `validate codegraph` and `testee exec codegraph.read` read a model
 * holding a 300 MB one, from a regular file and through a pipe, in both profiles, with the verdict and
 * code of the whole line, under LIMIT_KB (200 MiB), measured in a child. The reader drops the middle
 * of such a string instead of holding the line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliOnShellOutput, type Run } from '../../conformance/memory/run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-long-name-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const BODY_BYTES = 300_000_000;
const header = (traits: string) => `{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":[${traits}],"edges":["access"],"provenance":["declared"]}}`;
const eof = (files: number, entities: number, edges: number) => `{"t":"eof","counts":{"files":${files},"entities":${entities},"edges":${edges}}}`;
/** Shell that writes `bytes` of a body: plain text, an escape, a two-byte character and an escaped pair, repeated. */
const body = (bytes: number) => `yes 'ab\\n\\"é\\ud83d\\ude00' | tr -d '\\n' | head -c ${bytes}`;

/** The shell that writes a model: `before`, a body of `bytes`, `after` (each body in `parts` in turn). */
function script(parts: readonly string[], bytes: number): string {
  const out: string[] = [];
  parts.forEach((part, n) => {
    out.push(`printf '%s' '${part}'`);
    if (n < parts.length - 1) out.push(body(bytes));
  });
  return out.join('; ');
}

/** A Literal whose k is the body (strict: LITERAL_KIND_UNKNOWN; core passes over the kind). */
const KIND = script([`${header('"TWithValue"')}\n{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","value":{"k":"x`, `"}}\n${eof(0, 1, 0)}\n`], BODY_BYTES);
/** An entity member named by the body (R-C4: passes in both profiles). */
const ENTITY_NAME = script([`${header('"TNamed"')}\n{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n","`, `":1}\n${eof(0, 1, 0)}\n`], BODY_BYTES);
/** An edge member named by the body (strict: R-C7, RECORD_MEMBER_UNKNOWN; core passes). */
const EDGE_NAME = script(
  [`${header('')}\n{"t":"f","i":0,"path":"a"}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a"}\n{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"b"}\n{"t":"x","k":0,"f":0,"o":1,"p":0,"anchor":[0,1,1],"`, `":1}\n${eof(1, 2, 1)}\n`],
  BODY_BYTES,
);
/** Two members of an unread object named by the same 150 MB body, the second through an escape (strict: R-S1 duplicate). */
const REPEATED_NAME = script([`${header('')}\n{"t":"e","i":0,"k":0,"tr":[],"m":0,"s":"a","extra":{"q`, `q":1,"\\u0071`, `q":2}}\n${eof(0, 1, 0)}\n`], BODY_BYTES / 2);

/** Runs `formcert <args…> <input>` on the model the shell writes, into a regular file or a fifo. */
const run = (args: readonly string[], shell: string, label: string, via: 'file' | 'pipe'): Promise<Run> => runCliOnShellOutput(args, shell, label, via, dir);

/** Exit status and first stdout line; a refusal's first line is its code, an acceptance's `valid …`, a skipped observation's the reason. */
function verdictOf(r: Run): [number | null, string] {
  const first = r.stdout.split('\n')[0]!;
  return [r.status, first.startsWith('valid codegraph') ? 'valid' : first.startsWith('code: ') ? first : 'skipped'];
}

const CASES: { label: string; shell: string; args: string[]; via: 'file' | 'pipe'; want: [number, string] }[] = [
  { label: 'codegraph 300 MB Literal k', shell: KIND, args: ['validate', 'codegraph'], via: 'pipe', want: [1, 'code: LITERAL_KIND_UNKNOWN'] },
  { label: 'codegraph core 300 MB Literal k', shell: KIND, args: ['validate', 'codegraph', '--profile', 'core'], via: 'file', want: [0, 'valid'] },
  { label: 'codegraph.read 300 MB Literal k', shell: KIND, args: ['testee', 'exec', 'codegraph.read'], via: 'file', want: [1, 'code: LITERAL_KIND_UNKNOWN'] },
  { label: 'codegraph 300 MB entity member name', shell: ENTITY_NAME, args: ['validate', 'codegraph'], via: 'file', want: [0, 'valid'] },
  { label: 'codegraph.read core 300 MB entity member name', shell: ENTITY_NAME, args: ['testee', 'exec', '--profile', 'core', 'codegraph.read'], via: 'pipe', want: [4, 'skipped'] },
  { label: 'codegraph 300 MB edge member name', shell: EDGE_NAME, args: ['validate', 'codegraph'], via: 'pipe', want: [1, 'code: RECORD_MEMBER_UNKNOWN'] },
  { label: 'codegraph core 300 MB edge member name', shell: EDGE_NAME, args: ['validate', 'codegraph', '--profile', 'core'], via: 'pipe', want: [0, 'valid'] },
  { label: 'codegraph two 150 MB member names repeated', shell: REPEATED_NAME, args: ['validate', 'codegraph'], via: 'file', want: [1, 'code: JSON_DUPLICATE_MEMBER'] },
];

describe('a 300 MB Literal k or member name', () => {
  for (const c of CASES) {
    it(`${c.label} (${c.via}): ${c.want[1]} under the bound`, async () => {
      const r = await run(c.args, c.shell, c.label, c.via);
      expect(verdictOf(r)).toStrictEqual(c.want);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    }, 600_000);
  }
});
