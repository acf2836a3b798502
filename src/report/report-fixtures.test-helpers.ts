/** Hand-made records for the report tests: two implementations, every outcome the pages must show. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJson } from '../shared/json/parse-value.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { recordInput, type CaseRecord } from '../results/case-record.ts';
import { siteCommand } from './report-command.ts';
import { renderJsonl } from './write-report-dir.ts';

function json(t: string): JsonValue {
  const r = parseJson(t);
  if (!r.ok) throw new Error(t);
  return r.value;
}

/** A record with sensible defaults. */
export function record(p: Partial<CaseRecord> & Pick<CaseRecord, 'id' | 'outcome'>): CaseRecord {
  return {
    name: `case-${p.id.slice(0, 4)}`,
    format: 'journal',
    op: 'journal.read',
    profile: 'core',
    requirements: ['R-J1'],
    implementation: 'alpha 1.0',
    mode: 'persistent',
    expected: { verdict: 'accept' },
    got: { verdict: 'accept' },
    time: 1.5,
    ...recordInput(new TextEncoder().encode('{"schema":3}\n')),
    ...p,
  };
}

/** The certify arguments beta's records carry (rerun-line.ts). */
export const BETA_CERTIFY_ARGS = ['--codes', '--persistent', '--', 'beta-reader', "--label=it's"] as const;

/** An observation past the page's text bound, with a lexeme past 2^53 at its end (what a cut hides). */
export const BIG_ACTUAL_TEXT = `{"digest":"00","canonical":"${'ab'.repeat(3000)}","tail":123456789012345678901234567890}`;
const BIG_ACTUAL = json(BIG_ACTUAL_TEXT);

/** Six cases × two implementations, with a hostile input and stderr. */
export function sampleRecords(): CaseRecord[] {
  const big = json('{"position":12345678901234567890,"kind":"Transaction"}');
  const wrong = json('{"position":12345678901234567891,"kind":"Transaction"}');
  const out: CaseRecord[] = [];
  for (const impl of ['alpha 1.0', 'beta 0.3']) {
    const beta = impl.startsWith('beta');
    // beta's run recorded its certify arguments (one needs shell quoting); alpha's records are from an older run that did not.
    const start = out.length;
    out.push(
      record({ id: 'aaaa0000000000000001', implementation: impl, outcome: 'pass', expected: { verdict: 'accept', observation: big }, got: { verdict: 'accept', observation: big } }),
      record({
        id: 'aaaa0000000000000002',
        name: 'position-above-2-53',
        implementation: impl,
        requirements: ['R-S2', 'R-J4'],
        outcome: beta ? 'fail:wrong-observation' : 'pass',
        expected: { verdict: 'accept', observation: big },
        got: { verdict: 'accept', observation: beta ? wrong : big },
        ...(beta ? { diff: ['/position: expected 12345678901234567890, got 12345678901234567891'] } : {}),
      }),
      record({
        id: 'bbbb0000000000000003',
        name: 'duplicate-member',
        op: 'morph.c14n',
        format: 'morph',
        requirements: ['R-S1'],
        implementation: impl,
        outcome: beta ? 'fail:accepted-invalid' : 'pass',
        expected: { verdict: 'reject', code: 'JSON_DUPLICATE_MEMBER' },
        // beta's observation is longer than the page shows: the details name the command that prints it whole.
        got: beta ? { verdict: 'accept', observation: BIG_ACTUAL } : { verdict: 'reject', code: 'JSON_DUPLICATE_MEMBER' },
      }),
      record({
        id: 'bbbb0000000000000004',
        name: 'hostile-input',
        op: 'morph.c14n',
        format: 'morph',
        requirements: ['R-S1'],
        implementation: impl,
        outcome: beta ? 'errored:crash' : 'pass',
        expected: { verdict: 'reject', code: 'JSON_SYNTAX' },
        got: beta ? { verdict: 'errored', detail: 'crash: exit status 139' } : { verdict: 'reject', code: 'JSON_SYNTAX' },
        ...recordInput(new TextEncoder().encode('</script><script>window.__pwned = 1</script>')),
        ...(beta ? { stderr: 'segfault </script><img src=x onerror="window.__pwned=2">\u0001\u0000' } : {}),
      }),
      record({ id: 'cccc0000000000000005', name: 'no-toon', op: 'morph.decode', format: 'morph', implementation: impl, outcome: beta ? 'skipped' : 'pass', got: beta ? { verdict: 'skipped', detail: 'no toon codec' } : { verdict: 'accept' } }),
      record({ id: 'cccc0000000000000006', name: 'binary', op: 'journal.read', implementation: impl, outcome: beta ? 'n/a' : 'pass', ...recordInput(new Uint8Array([0xff, 0x00, 0x80])) }),
    );
    if (beta) for (let i = start; i < out.length; i++) out[i] = { ...out[i]!, certifyArgs: BETA_CERTIFY_ARGS };
  }
  return out;
}

/** Writes one results.jsonl per implementation of the sample and builds a site from them in a fresh directory. */
export async function buildSite(): Promise<{ dir: string; out: string; status: number }> {
  const work = mkdtempSync(join(tmpdir(), 'formcert-site-'));
  const records = sampleRecords();
  const paths = ['alpha', 'beta'].map((name) => {
    const path = join(work, `${name}.jsonl`);
    writeFileSync(path, renderJsonl(records.filter((r) => r.implementation.startsWith(name))));
    return path;
  });
  const dir = join(work, 'site');
  let out = '';
  const status = await siteCommand(dir, paths, { out: (s) => (out += s), err: (s) => (out += s) });
  return { dir, out, status };
}
