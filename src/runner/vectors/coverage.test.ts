/**
 * Requirement coverage of the committed vectors: every registered requirement has an accepted vector and,
 * when rejectable, a rejected one (unless spec/coverage-gaps.json documents why it cannot), and
 * spec/coverage.md is the table regeneration writes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COVERAGE_FILE, COVERAGE_GAPS_FILE } from './constants.ts';
import { loadVectors } from './load-vectors.ts';
import { coverageVectorOfVector } from './plan-golden.ts';
import { REPO_ROOT } from './repo-root.ts';
import { computeCoverage, loadCoverageGaps, loadRequirementRegistries, renderCoverageMarkdown } from './requirement-coverage.ts';

const requirements = loadRequirementRegistries(join(REPO_ROOT, 'spec'));
const vectors = (await loadVectors()).map(coverageVectorOfVector);
const report = computeCoverage(requirements, vectors, loadCoverageGaps(join(REPO_ROOT, COVERAGE_GAPS_FILE)));

describe('requirement coverage of golden/', () => {
  it('every requirement has at least one accepted vector', () => {
    expect(report.missingAccept, `requirements without an accepted vector: ${report.missingAccept.join(', ')}`).toEqual([]);
  });

  it('every rejectable requirement has at least one rejected vector', () => {
    expect(report.missingReject, `rejectable requirements without a rejected vector: ${report.missingReject.join(', ')}`).toEqual([]);
  });

  it('every requirement a vector cites is registered, and registered once', () => {
    expect(report.unknownIds.map((u) => `${u.id} (cited by ${u.vectors.slice(0, 3).join(', ')})`)).toEqual([]);
    expect(report.duplicateIds).toEqual([]);
  });

  it('every allowed gap in spec/coverage-gaps.json is still a gap', () => {
    expect(report.staleGaps).toEqual([]);
  });

  it('spec/coverage.md is the table regeneration writes', () => {
    expect(readFileSync(join(REPO_ROOT, COVERAGE_FILE), 'utf8')).toBe(renderCoverageMarkdown(report));
  });
});
