/**
 * Requirement coverage: which vectors accept and which reject under each requirement id of every registry
 * spec/**\/requirements*.json, the ids that lack one, and the Markdown table written to spec/coverage.md.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { parseJson } from '../../shared/json/parse-value.ts';
import { toPlain } from '../../shared/json/value.ts';
import type { Profile } from '../../shared/errors.ts';
import { compareCodePoints } from '../../shared/text.ts';

/** One requirement of a registry. */
export interface RequirementEntry {
  readonly id: string;
  readonly profile: Profile;
  readonly summary: string;
  /** False for rules no input can break: they need no rejected vector. */
  readonly rejectable: boolean;
  /** The registry's `format` (shared, journal, codegraph, morph). */
  readonly registry: string;
  /** Registry file, relative to the spec directory. */
  readonly file: string;
}

/** A requirement id whose vectors are genuinely impossible in one column, with the reason (spec/coverage-gaps.json). */
export interface CoverageGap {
  readonly id: string;
  readonly column: 'accept' | 'reject';
  readonly reason: string;
}

/** What coverage needs to know of a vector. */
export interface CoverageVector {
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly op: string;
  readonly profile: Profile;
  readonly requirements: readonly string[];
  readonly verdict: 'accept' | 'reject' | 'either';
}

/** The vectors of one requirement, by verdict. */
export interface CoverageRow {
  readonly requirement: RequirementEntry;
  readonly accepted: CoverageVector[];
  readonly rejected: CoverageVector[];
  readonly either: CoverageVector[];
}

/** Coverage of every registered requirement, and every way the registries and vectors disagree. */
export interface CoverageReport {
  readonly rows: CoverageRow[];
  /** Ids without an accepted vector and not allowed by a gap. */
  readonly missingAccept: string[];
  /** Rejectable ids without a rejected vector and not allowed by a gap. */
  readonly missingReject: string[];
  /** Ids cited by vectors that no registry defines, with the citing vector names. */
  readonly unknownIds: { id: string; vectors: string[] }[];
  /** Ids defined by more than one registry entry. */
  readonly duplicateIds: string[];
  readonly gaps: readonly CoverageGap[];
  /** Gaps that no longer hold (the id is covered in that column, needs no vector there, or is unknown). */
  readonly staleGaps: CoverageGap[];
}

/** Every requirement of every `requirements*.json` under `specDir`, in path order then file order. */
export function loadRequirementRegistries(specDir: string): RequirementEntry[] {
  if (!existsSync(specDir)) return [];
  const files = (readdirSync(specDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((p) => p.split(sep).join('/'))
    .filter((p) => /(^|\/)requirements[^/]*\.json$/.test(p) && !p.startsWith('schemas/'))
    .sort(compareCodePoints);
  const out: RequirementEntry[] = [];
  for (const file of files) {
    const parsed = parseJson(readFileSync(join(specDir, file)));
    if (!parsed.ok) throw new Error(`spec/${file}: not strict JSON (${parsed.error.code})`);
    const doc = toPlain(parsed.value) as { format?: unknown; requirements?: unknown };
    if (typeof doc.format !== 'string' || !Array.isArray(doc.requirements)) {
      throw new Error(`spec/${file}: not a requirements registry ({"format", "requirements": [...]})`);
    }
    for (const r of doc.requirements as Record<string, unknown>[]) {
      if (typeof r?.id !== 'string' || (r.profile !== 'core' && r.profile !== 'strict') || typeof r.rejectable !== 'boolean') {
        throw new Error(`spec/${file}: requirement ${JSON.stringify(r?.id)} lacks id, profile or rejectable`);
      }
      out.push({
        id: r.id,
        profile: r.profile,
        summary: typeof r.summary === 'string' ? r.summary : '',
        rejectable: r.rejectable,
        registry: doc.format,
        file,
      });
    }
  }
  return out;
}

/** The documented allow-list spec/coverage-gaps.json (`{"gaps":[{"id","column","reason"}]}`); none when absent. */
export function loadCoverageGaps(path: string): CoverageGap[] {
  if (!existsSync(path)) return [];
  const parsed = parseJson(readFileSync(path));
  if (!parsed.ok) throw new Error(`${path}: not strict JSON (${parsed.error.code})`);
  const doc = toPlain(parsed.value) as { gaps?: unknown };
  if (!Array.isArray(doc.gaps)) throw new Error(`${path}: expected {"gaps": [...]}`);
  return (doc.gaps as Record<string, unknown>[]).map((g) => {
    const reason = typeof g?.reason === 'string' ? g.reason.trim() : '';
    if (typeof g?.id !== 'string' || (g.column !== 'accept' && g.column !== 'reject') || reason.length === 0) {
      throw new Error(`${path}: each gap needs an id, a column (accept or reject) and a reason`);
    }
    return { id: g.id, column: g.column, reason };
  });
}

/** Matches vectors to requirements. */
export function computeCoverage(
  requirements: readonly RequirementEntry[],
  vectors: readonly CoverageVector[],
  gaps: readonly CoverageGap[] = [],
): CoverageReport {
  const rows = new Map<string, CoverageRow>();
  const duplicateIds: string[] = [];
  for (const requirement of requirements) {
    if (rows.has(requirement.id)) duplicateIds.push(requirement.id);
    else rows.set(requirement.id, { requirement, accepted: [], rejected: [], either: [] });
  }
  const unknown = new Map<string, string[]>();
  for (const v of vectors) {
    for (const id of v.requirements) {
      const row = rows.get(id);
      if (!row) unknown.set(id, [...(unknown.get(id) ?? []), v.name]);
      else if (v.verdict === 'accept') row.accepted.push(v);
      else if (v.verdict === 'reject') row.rejected.push(v);
      else row.either.push(v);
    }
  }
  const allowed = (id: string, column: CoverageGap['column']) => gaps.some((g) => g.id === id && g.column === column);
  const missingAccept: string[] = [];
  const missingReject: string[] = [];
  const staleGaps: CoverageGap[] = [];
  for (const row of rows.values()) {
    const id = row.requirement.id;
    if (row.accepted.length === 0 && !allowed(id, 'accept')) missingAccept.push(id);
    if (row.requirement.rejectable && row.rejected.length === 0 && !allowed(id, 'reject')) missingReject.push(id);
  }
  for (const g of gaps) {
    const row = rows.get(g.id);
    const stillNeeded =
      row !== undefined &&
      (g.column === 'accept' ? row.accepted.length === 0 : row.requirement.rejectable && row.rejected.length === 0);
    if (!stillNeeded) staleGaps.push(g);
  }
  return {
    rows: [...rows.values()],
    missingAccept,
    missingReject,
    unknownIds: [...unknown].map(([id, names]) => ({ id, vectors: names })).sort((a, b) => compareCodePoints(a.id, b.id)),
    duplicateIds,
    gaps,
    staleGaps,
  };
}

const EXAMPLES = 3;

/** The coverage table as Markdown: one section per registry, one row per requirement. Deterministic. */
export function renderCoverageMarkdown(report: CoverageReport): string {
  const lines: string[] = [
    '# Requirement coverage',
    '',
    'Generated by `formcert golden regenerate` from every `spec/**/requirements*.json` and the vectors in',
    '`golden/`; do not edit. Each row counts the vectors citing the requirement, by expected verdict, with up',
    'to three vector names. A rejectable requirement needs at least one accepted and one rejected vector; a',
    'non-rejectable one (`rejectable: false`) needs an accepted vector only. `either` vectors are recorded, never',
    'scored. Documented exceptions live in `spec/coverage-gaps.json`.',
    '',
  ];
  const total = report.rows.length;
  const covered = report.rows.filter(
    (r) => !report.missingAccept.includes(r.requirement.id) && !report.missingReject.includes(r.requirement.id),
  ).length;
  lines.push(`${covered} of ${total} requirements covered.`, '');
  if (report.missingAccept.length > 0) lines.push(`- No accepted vector: ${report.missingAccept.map(code).join(', ')}`);
  if (report.missingReject.length > 0) lines.push(`- No rejected vector: ${report.missingReject.map(code).join(', ')}`);
  if (report.unknownIds.length > 0) {
    lines.push(`- Cited by vectors but in no registry: ${report.unknownIds.map((u) => `${code(u.id)} (${u.vectors.length})`).join(', ')}`);
  }
  if (report.duplicateIds.length > 0) lines.push(`- Defined twice: ${report.duplicateIds.map(code).join(', ')}`);
  if (report.gaps.length > 0) {
    lines.push('- Allowed gaps:');
    for (const g of report.gaps) lines.push(`  - ${code(g.id)} (${g.column}): ${escapeCell(g.reason)}`);
  }
  if (lines[lines.length - 1] !== '') lines.push('');
  const registries = [...new Set(report.rows.map((r) => r.requirement.registry))];
  for (const registry of registries) {
    const rows = report.rows.filter((r) => r.requirement.registry === registry);
    lines.push(`## ${registry}`, '', '| Requirement | Profile | Accepted | Rejected | Either | Summary |', '|---|---|---|---|---|---|');
    for (const row of rows) {
      const r = row.requirement;
      const acceptCell = columnCell(row.accepted, report.missingAccept.includes(r.id));
      const rejectCell = r.rejectable
        ? columnCell(row.rejected, report.missingReject.includes(r.id))
        : row.rejected.length > 0
          ? `${cell(row.rejected)} (not required)`
          : 'n/a (not rejectable)';
      lines.push(`| ${code(r.id)} | ${r.profile} | ${acceptCell} | ${rejectCell} | ${row.either.length || ''} | ${escapeCell(r.summary)} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** `**none**` for a missing column, `0 (allowed gap)` for a documented one, else the count and examples. */
function columnCell(vectors: readonly CoverageVector[], missing: boolean): string {
  if (missing) return '**none**';
  return vectors.length === 0 ? '0 (allowed gap)' : cell(vectors);
}

function cell(vectors: readonly CoverageVector[]): string {
  if (vectors.length === 0) return '0';
  const names = vectors.slice(0, EXAMPLES).map((v) => code(v.name));
  return `${vectors.length}: ${names.join(', ')}${vectors.length > EXAMPLES ? ', …' : ''}`;
}

function code(s: string): string {
  return '`' + s.replace(/`/g, "'").replace(/\|/g, '\\|') + '`';
}

function escapeCell(s: string): string {
  return s.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' ');
}
