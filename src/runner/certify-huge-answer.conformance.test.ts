/** Issue 11 item 5 end to end (conformance tier: megabytes through a real testee process take seconds): huge wrong answers from a toy testee are scored, diffed and reported. */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expectAccept, SCRIPTED_EXEC, toyVector, writeVectorFiles } from '../../conformance/fixtures/toy-vectors.ts';
import { parseCaseRecords } from '../results/case-record.ts';
import { certifyCommand } from './certify.ts';
import { writeReportDir } from '../report/write-report-dir.ts';

describe('certify on huge wrong answers', () => {
  it('scores a 150,000-line wrong bundle and a 100,000-deep wrong value, writes every report and replaces a stale badge', async () => {
    const work = mkdtempSync(join(tmpdir(), 'formcert-huge-'));
    const lines = Array.from({ length: 150_000 }, (_, i) => `line ${i}`);
    const right = JSON.stringify({ bundle: lines.join('\n') });
    const wrong = JSON.stringify({ bundle: lines.map((l) => `${l}!`).join('\n') });
    const depth = 100_000;
    const vectors = [
      toyVector(`accept ${wrong}`, expectAccept(right), { op: 'morph.encode', name: 'huge-bundle' }),
      toyVector(`accept ${'['.repeat(depth)}2${']'.repeat(depth)}`, expectAccept('[[1]]'), { name: 'deep' }),
    ];
    const dir = join(work, 'vectors');
    writeVectorFiles(dir, vectors);
    const report = join(work, 'report');
    mkdirSync(report);
    writeFileSync(join(report, 'badge.svg'), '<svg>stale passing badge</svg>');
    let out = '';
    let err = '';
    const status = await certifyCommand(
      { testee: SCRIPTED_EXEC, profile: 'strict', codes: true, timeoutMs: '20000', persistent: false, exec: false, vectors: dir, maxOutputBytes: String(16 << 20), report },
      { out: (s) => (out += s), err: (s) => (err += s), writeReportDir },
    );
    expect(err).not.toMatch(/RangeError|Invalid string length/);
    expect(status).toBe(1);
    const records = parseCaseRecords(readFileSync(join(report, 'results.jsonl'), 'utf8'));
    expect(records.ok && records.value.map((r) => [r.name, r.outcome]).sort()).toEqual([
      ['deep', 'fail:wrong-observation'],
      ['huge-bundle', 'fail:wrong-observation'],
    ]);
    const bundle = records.ok ? records.value.find((r) => r.name === 'huge-bundle') : undefined;
    expect(bundle?.diff?.[1]).toBe('    150000 vs 150000 lines; first difference at line 1: expected "line 0", got "line 0!"');
    expect(readFileSync(join(report, 'badge.svg'), 'utf8')).not.toContain('stale');
    expect(readFileSync(join(report, 'report.html'), 'utf8').length).toBeLessThan(200_000);
  });
});
