/**
 * Issue 11 item 8 (peak RSS on any input) for a record's own members that no check reads: an entity
 * line of 250,000 unknown members (a name past 64 UTF-16 units, held by its representative, and an
 * 800-byte string value), 220 MB in all, which a reader whose memory follows the line would hold whole
 * (806 MiB in strict before a long line could drop such members; 1.6 GB with names of escaped pairs).
 * The line is valid in both profiles (an entity passes over a member no trait contributes), so it is
 * read to its end: `validate codegraph` under strict (which keeps a key per dropped name for R-S1) and
 * core, from a regular file and through a pipe, and `testee exec codegraph.read` (which observes the
 * first 8 MiB, then reads on as the validator does), each under LIMIT_KB (200 MiB), measured in a child;
 * and under core the same members each followed by a repeat of `i` (core reads the last one), which
 * breaks every run of them (430 MiB and 108 s before core dropped whole runs and stopped taking each
 * superseded member out of the table at once).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LIMIT_KB, runCliOnShellOutput } from '../../conformance/memory/run-with-peak-rss.ts';

const dir = mkdtempSync(join(tmpdir(), 'formcert-cg-record-members-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const MEMBERS = Number(process.env.FORMCERT_RSS_MEMBERS ?? 250_000);
const header = '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"","dict":{"kinds":["p"],"traits":["TNamed"],"edges":["access"],"provenance":["declared"]}}';
const eof = '{"t":"eof","counts":{"files":0,"entities":1,"edges":0}}';
/** The entity's own members, then MEMBERS distinct unknown ones `"L…Ln":"w…w"` (70 L, 800 w). */
const shell = `printf '%s\\n%s' '${header}' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n"'; seq 1 ${MEMBERS} | sed 's/.*/,"${'L'.repeat(70)}&":"${'w'.repeat(800)}"/' | tr -d '\\n'; printf '}\\n%s\\n' '${eof}'`;

/** Core: the same members, each followed by a repeat of `i` (core reads the last), which breaks every run. */
const alternating = `printf '%s\\n%s' '${header}' '{"t":"e","i":0,"k":0,"tr":[0],"m":0,"s":"a","name":"n"'; seq 1 ${MEMBERS} | sed 's/.*/,"${'L'.repeat(70)}&":"${'w'.repeat(800)}","i":0/' | tr -d '\\n'; printf '}\\n%s\\n' '${eof}'`;

const CASES: { args: string[]; via: 'file' | 'pipe'; first: RegExp; status: number; shell?: string }[] = [
  { args: ['validate', 'codegraph'], via: 'file', first: /^valid codegraph: /, status: 0 },
  { args: ['validate', 'codegraph'], via: 'pipe', first: /^valid codegraph: /, status: 0 },
  { args: ['validate', 'codegraph', '--profile', 'core'], via: 'pipe', first: /^valid codegraph: /, status: 0 },
  { args: ['validate', 'codegraph', '--profile', 'core'], via: 'file', first: /^valid codegraph: /, status: 0, shell: alternating },
  // An accepted model read past the observation's bound is answered skipped (exit 4).
  { args: ['testee', 'exec', 'codegraph.read'], via: 'pipe', first: /skipped|observ/i, status: 4 },
];

describe('a record of 250,000 members no check reads, read to its end under the bound', () => {
  for (const c of CASES) {
    it(`${c.args.join(' ')} (${c.via}${c.shell === undefined ? '' : ', a repeat of i after each'}): accepted under the bound`, async () => {
      const r = await runCliOnShellOutput(c.args, c.shell ?? shell, `record members ${c.args.join(' ')}${c.shell === undefined ? '' : ' alternating'}`, c.via, dir);
      expect([r.status, r.stdout.split('\n')[0]]).toStrictEqual([c.status, expect.stringMatching(c.first)]);
      expect(r.peakKb).toBeGreaterThan(0);
      expect(r.peakKb).toBeLessThan(LIMIT_KB);
    }, 600_000);
  }
});
