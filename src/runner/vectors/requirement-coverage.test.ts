import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeCoverage, loadCoverageGaps, loadRequirementRegistries, type CoverageVector, type RequirementEntry } from './requirement-coverage.ts';

function req(id: string, rejectable = true): RequirementEntry {
  return { id, profile: 'core', summary: id, rejectable, registry: 'journal', file: 'journal/requirements.json' };
}

function vec(name: string, verdict: CoverageVector['verdict'], requirements: string[]): CoverageVector {
  return { id: name.padEnd(20, '0'), name, format: 'journal', op: 'journal.read', profile: 'core', requirements, verdict };
}

describe('computeCoverage', () => {
  const requirements = [req('R-A1'), req('R-A2'), req('R-A3', false), req('R-A4')];
  const vectors = [vec('a1-ok', 'accept', ['R-A1', 'R-A3']), vec('a1-bad', 'reject', ['R-A1']), vec('a2-bad', 'reject', ['R-A2']), vec('odd', 'either', ['R-A4', 'R-ZZ9'])];

  it('lists the ids missing an accepted or (when rejectable) a rejected vector, and unknown ids', () => {
    const r = computeCoverage(requirements, vectors);
    expect(r.missingAccept).toEqual(['R-A2', 'R-A4']);
    expect(r.missingReject).toEqual(['R-A4']);
    expect(r.unknownIds).toEqual([{ id: 'R-ZZ9', vectors: ['odd'] }]);
    expect(r.rows.find((x) => x.requirement.id === 'R-A4')!.either.map((v) => v.name)).toEqual(['odd']);
  });

  it('lets documented gaps through and reports gaps that no longer hold', () => {
    const r = computeCoverage(requirements, vectors, [
      { id: 'R-A2', column: 'accept', reason: 'no valid input exists' },
      { id: 'R-A1', column: 'reject', reason: 'stale' },
      { id: 'R-A3', column: 'reject', reason: 'not rejectable anyway' },
    ]);
    expect(r.missingAccept).toEqual(['R-A4']);
    expect(r.staleGaps.map((g) => g.id)).toEqual(['R-A1', 'R-A3']);
  });

  it('reports an id registered twice', () => {
    expect(computeCoverage([...requirements, req('R-A1')], vectors).duplicateIds).toEqual(['R-A1']);
  });
});

describe('registry and gap files', () => {
  it('globs every requirements*.json under spec/ (schemas excluded) in path order', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-spec-'));
    const write = (rel: string, doc: unknown) => {
      mkdirSync(join(dir, rel, '..'), { recursive: true });
      writeFileSync(join(dir, rel), JSON.stringify(doc));
    };
    const one = (id: string) => ({ id, profile: 'strict', summary: 's', source: 't', rejectable: true });
    write('morph/requirements.json', { format: 'morph', requirements: [one('MORPH-A-1')] });
    write('morph/requirements-context.json', { format: 'morph', requirements: [one('MORPH-CTX-1')] });
    write('journal/requirements.json', { format: 'journal', requirements: [one('JRN-A-1')] });
    write('schemas/registry/requirements.schema.json', { not: 'a registry' });
    expect(loadRequirementRegistries(dir).map((r) => r.id)).toEqual(['JRN-A-1', 'MORPH-CTX-1', 'MORPH-A-1']);
  });

  it('requires a reason for every allowed gap', () => {
    const dir = mkdtempSync(join(tmpdir(), 'formcert-gaps-'));
    const path = join(dir, 'coverage-gaps.json');
    expect(loadCoverageGaps(path)).toEqual([]);
    writeFileSync(path, JSON.stringify({ gaps: [{ id: 'R-A1', column: 'accept', reason: '  ' }] }));
    expect(() => loadCoverageGaps(path)).toThrow();
    writeFileSync(path, JSON.stringify({ gaps: [{ id: 'R-A1', column: 'accept', reason: 'impossible because…' }] }));
    expect(loadCoverageGaps(path)).toEqual([{ id: 'R-A1', column: 'accept', reason: 'impossible because…' }]);
  });
});
