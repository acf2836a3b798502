/** The text report of a regeneration: failures, dropped duplicates, warnings, counts and coverage. */
import type { CaseProblem } from './judge-cases.ts';
import type { GoldenRun } from './regenerate-golden.ts';

/**
 * Lines to print after a regeneration or check (failures first, so they are seen). Without `verbose`
 * only the malformed cases and disagreements are listed (they fail the run); duplicates, warnings,
 * per-source and per-op counts and coverage detail are left to {@link summarizeGoldenRun}'s counts.
 */
export function describeGoldenRun(run: GoldenRun, options: { verbose?: boolean } = {}): string[] {
  const lines: string[] = [];
  const list = (title: string, problems: readonly CaseProblem[]) => {
    if (problems.length === 0) return;
    lines.push(`${title} (${problems.length}):`);
    for (const p of problems) lines.push(`  ${p.module}: ${p.name} [${p.op} ${p.id}]: ${p.problem}`);
  };
  list('MALFORMED CASES', run.judgement.invalid);
  list('DISAGREEMENTS WITH THE ORACLE', run.judgement.disagreements);
  if (!options.verbose) return lines;
  list('dropped duplicates (same op and input; the first kept)', run.plan.duplicates);
  list('warnings', run.judgement.warnings);
  list('repeated names (kept; names should be unique within a format)', run.plan.nameClashes);

  for (const s of run.sources) lines.push(`source ${s.module}: ${s.cases.length} case(s)`);
  const counts = new Map<string, { accept: number; reject: number; either: number }>();
  for (const v of run.plan.vectors) {
    const key = `${v.op} ${v.profile}`;
    const c = counts.get(key) ?? { accept: 0, reject: 0, either: 0 };
    c[v.verdict]++;
    counts.set(key, c);
  }
  lines.push(`vectors: ${run.plan.vectors.length}`);
  for (const [key, c] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    lines.push(`  ${key.padEnd(28)} accept ${String(c.accept).padStart(4)}  reject ${String(c.reject).padStart(4)}  either ${String(c.either).padStart(3)}`);
  }
  const cov = run.coverage;
  lines.push(`coverage: ${cov.rows.length - new Set([...cov.missingAccept, ...cov.missingReject]).size} of ${cov.rows.length} requirements covered`);
  if (cov.missingAccept.length > 0) lines.push(`  no accepted vector: ${cov.missingAccept.join(', ')}`);
  if (cov.missingReject.length > 0) lines.push(`  no rejected vector: ${cov.missingReject.join(', ')}`);
  if (cov.unknownIds.length > 0) lines.push(`  cited but unregistered: ${cov.unknownIds.map((u) => u.id).join(', ')}`);
  return lines;
}

/** The counts of a run in one clause: vectors, sources, coverage, and what `--verbose` would list. */
export function summarizeGoldenRun(run: GoldenRun): string {
  const cov = run.coverage;
  const uncovered = new Set([...cov.missingAccept, ...cov.missingReject]).size;
  const detail = [
    `${run.plan.duplicates.length} duplicate(s) dropped`,
    `${run.judgement.warnings.length} warning(s)`,
    ...(run.plan.nameClashes.length > 0 ? [`${run.plan.nameClashes.length} repeated name(s)`] : []),
    ...(cov.unknownIds.length > 0 ? [`${cov.unknownIds.length} unregistered id(s) cited`] : []),
  ];
  return (
    `${run.plan.vectors.length} vectors from ${run.sources.length} source(s), ` +
    `${cov.rows.length - uncovered} of ${cov.rows.length} requirements covered; ${detail.join(', ')}; --verbose lists them`
  );
}
