/**
 * `formcert golden regenerate | check` as functions: collect the case sources, judge them with the oracle,
 * plan golden/ and spec/coverage.md in memory, then write the plan or report how the committed files drift.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { parseJson } from '../../shared/json/parse-value.ts';
import { writeJson } from '../../shared/json/write-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { compareCodePoints } from '../../shared/text.ts';
import { collectCaseSources, type CaseSource } from './collect-case-sources.ts';
import { COVERAGE_FILE, COVERAGE_GAPS_FILE, GENERATORS_DIR, GOLDEN_DIR } from './constants.ts';
import { isGoldenDataPath, readGoldenFile, sideFilesOf, writeGoldenFile } from './golden-storage.ts';
import { findVectorFiles } from './find-vector-files.ts';
import { encodeUtf8 } from './input-encoding.ts';
import { judgeCases, runOracleOp, type CaseProblem, type Judgement, type RunOp } from './judge-cases.ts';
import { loadVectorFile, resolveGoldenDir, type LoadedVectorFile } from './load-vectors.ts';
import { planGolden, readGoldenVersions, type GoldenPlan, type GoldenVersions, type KeptFiles } from './plan-golden.ts';
import { REPO_ROOT } from './repo-root.ts';
import {
  computeCoverage,
  loadCoverageGaps,
  loadRequirementRegistries,
  renderCoverageMarkdown,
  type CoverageReport,
} from './requirement-coverage.ts';

/** Where to read and write; every relative path resolves against the repository root. Tests inject the rest. */
export interface GoldenOptions {
  readonly goldenDir?: string;
  readonly generatorsDir?: string;
  readonly specDir?: string;
  readonly coverageFile?: string;
  readonly gapsFile?: string;
  /** Defaults to the reference oracle. */
  readonly runOp?: RunOp;
  /** Defaults to importing generators/*\/golden-cases.ts. */
  readonly sources?: readonly CaseSource[];
  readonly versions?: GoldenVersions;
}

/** A regeneration done in memory. */
export interface GoldenRun {
  readonly sources: readonly CaseSource[];
  readonly judgement: Judgement;
  readonly plan: GoldenPlan;
  readonly coverage: CoverageReport;
  /** Absolute paths. */
  readonly goldenDir: string;
  readonly coverageFile: string;
  readonly coverageText: string;
}

/** A committed file that is not what regeneration produces. */
export interface Drift {
  /** Path relative to the repository root when inside it. */
  readonly path: string;
  readonly problem: string;
}

const fromRoot = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));

/** Regenerates golden/ and the coverage table in memory; writes nothing. */
export async function prepareGolden(options: GoldenOptions = {}): Promise<GoldenRun> {
  const goldenDir = resolveGoldenDir(options.goldenDir ?? GOLDEN_DIR);
  const sources = options.sources ?? (await collectCaseSources(options.generatorsDir ?? GENERATORS_DIR));
  const judgement = await judgeCases(sources, options.runOp ?? runOracleOp);
  const kept = await readKeptFiles(goldenDir);
  const plan = planGolden(sources, judgement.judged, kept, options.versions ?? readGoldenVersions());
  const specDir = fromRoot(options.specDir ?? 'spec');
  const coverage = computeCoverage(
    loadRequirementRegistries(specDir),
    plan.vectors,
    loadCoverageGaps(fromRoot(options.gapsFile ?? COVERAGE_GAPS_FILE)),
  );
  return {
    sources,
    judgement,
    plan,
    coverage,
    goldenDir,
    coverageFile: fromRoot(options.coverageFile ?? COVERAGE_FILE),
    coverageText: renderCoverageMarkdown(coverage),
  };
}

/** The cases that make regeneration fail: malformed declarations, then disagreements with the oracle. */
export function regenerationFailures(run: GoldenRun): CaseProblem[] {
  return [...run.judgement.invalid, ...run.judgement.disagreements];
}

/** Fuzz vector files (`<format>/fuzz-*.json`) and their side inputs: regeneration keeps them byte for byte. */
async function readKeptFiles(goldenDir: string): Promise<KeptFiles> {
  const files: LoadedVectorFile[] = [];
  const bytes = new Map<string, Uint8Array>();
  for (const path of findVectorFiles(goldenDir).filter(isFuzzFile)) {
    const loaded = await loadVectorFile(goldenDir, path);
    files.push(loaded);
    bytes.set(path, new Uint8Array(readFileSync(join(goldenDir, path))));
    const raw = parseJson(bytes.get(path)!);
    for (const file of raw.ok ? sideFilesOf(raw.value) : []) {
      const side = `${loaded.format}/${file}`;
      bytes.set(side, readGoldenFile(join(goldenDir, side)));
    }
  }
  return { files, bytes };
}

function isFuzzFile(path: string): boolean {
  return /^[^/]+\/fuzz-[^/]+\.json$/.test(path);
}

/** Files on disk that regeneration owns: every vector and side file under golden/ except kept ones. */
function ownedFilesOnDisk(goldenDir: string, kept: readonly string[]): string[] {
  if (!existsSync(goldenDir)) return [];
  const keep = new Set(kept);
  return (readdirSync(goldenDir, { recursive: true, encoding: 'utf8' }) as string[])
    .map((p) => p.split(sep).join('/'))
    .filter((p) => isGoldenDataPath(p) && !keep.has(p))
    .filter((p) => !p.split('/').some((s) => s.startsWith('.')))
    .sort(compareCodePoints);
}

/** Writes the plan: changed files rewritten, files no longer generated removed, the coverage table written. Returns repository-relative paths. */
export function writeGolden(run: GoldenRun): { written: string[]; removed: string[] } {
  const written: string[] = [];
  const removed: string[] = [];
  for (const path of ownedFilesOnDisk(run.goldenDir, run.plan.kept)) {
    if (!run.plan.files.has(path)) {
      rmSync(join(run.goldenDir, path));
      removed.push(displayPath(join(run.goldenDir, path)));
    }
  }
  for (const [path, bytes] of run.plan.files) {
    const abs = join(run.goldenDir, path);
    if (writeGoldenFile(abs, bytes)) written.push(displayPath(abs));
  }
  const coverage = encodeUtf8(run.coverageText);
  if (!existsSync(run.coverageFile) || !Buffer.from(readFileSync(run.coverageFile)).equals(coverage)) {
    mkdirSync(dirname(run.coverageFile), { recursive: true });
    writeFileSync(run.coverageFile, coverage);
    written.push(displayPath(run.coverageFile));
  }
  return { written, removed };
}

/** Every way the files on disk differ from the plan, naming the first differing case of each vector file. */
export function findGoldenDrift(run: GoldenRun): Drift[] {
  const drift: Drift[] = [];
  const show = (path: string) => displayPath(join(run.goldenDir, path));
  const onDisk = ownedFilesOnDisk(run.goldenDir, run.plan.kept);
  for (const path of onDisk) {
    if (!run.plan.files.has(path)) drift.push({ path: show(path), problem: 'no longer generated (stale file)' });
  }
  const present = new Set(onDisk);
  for (const [path, bytes] of run.plan.files) {
    if (!present.has(path)) {
      drift.push({ path: show(path), problem: 'missing (not committed)' });
      continue;
    }
    let actual: Uint8Array;
    try {
      actual = readGoldenFile(join(run.goldenDir, path));
    } catch (err) {
      drift.push({ path: show(path), problem: `cannot be read: ${(err as Error).message}` });
      continue;
    }
    if (Buffer.from(actual).equals(bytes)) continue;
    drift.push({ path: show(path), problem: describeDifference(path, bytes, actual) });
  }
  const coverage = encodeUtf8(run.coverageText);
  if (!existsSync(run.coverageFile)) drift.push({ path: displayPath(run.coverageFile), problem: 'missing (not committed)' });
  else {
    const actual = new Uint8Array(readFileSync(run.coverageFile));
    if (!Buffer.from(actual).equals(coverage)) drift.push({ path: displayPath(run.coverageFile), problem: firstDifferentLine(coverage, actual) });
  }
  return drift;
}

/** For a vector file, the first case (in generated order) that differs; otherwise the first differing line. */
function describeDifference(path: string, expected: Uint8Array, actual: Uint8Array): string {
  if (!path.endsWith('.json') || path.indexOf('/') < 0) return firstDifferentLine(expected, actual);
  const want = parseJson(expected);
  const got = parseJson(actual);
  if (!want.ok) return firstDifferentLine(expected, actual);
  if (!got.ok) return `committed file is not strict JSON (${got.error.code})`;
  const wantCases = casesById(want.value);
  const gotCases = casesById(got.value);
  for (const [id, c] of wantCases) {
    const other = gotCases.get(id);
    if (other === undefined) return `first differing case: ${c.name} (${id}) is missing from the committed file`;
    if (other.text !== c.text) return `first differing case: ${c.name} (${id}) differs in ${describeCaseChange(c.value, other.value)}`;
  }
  for (const [id, c] of gotCases) {
    if (!wantCases.has(id)) return `first differing case: ${c.name} (${id}) is no longer generated`;
  }
  const order = [...wantCases.keys()].join() !== [...gotCases.keys()].join();
  return order ? 'same cases in a different order' : firstDifferentLine(expected, actual);
}

interface CaseText {
  readonly name: string;
  readonly text: string;
  readonly value: Map<string, JsonValue>;
}

function casesById(file: JsonValue): Map<string, CaseText> {
  const out = new Map<string, CaseText>();
  const cases = file instanceof Map ? file.get('cases') : undefined;
  for (const c of Array.isArray(cases) ? cases : []) {
    if (!(c instanceof Map)) continue;
    out.set(String(c.get('id')), { name: String(c.get('name')), text: writeJson(c), value: c });
  }
  return out;
}

/** The first member of a case whose text differs, with short previews of both sides. */
function describeCaseChange(expected: Map<string, JsonValue>, actual: Map<string, JsonValue>): string {
  const preview = (v: JsonValue | undefined) => {
    const text = v === undefined ? '(absent)' : writeJson(v);
    return text.length > 100 ? text.slice(0, 97) + '...' : text;
  };
  for (const key of new Set([...expected.keys(), ...actual.keys()])) {
    const a = expected.get(key);
    const b = actual.get(key);
    if (a !== undefined && b !== undefined && writeJson(a) === writeJson(b)) continue;
    return `${key}: generated ${preview(a)}, committed ${preview(b)}`;
  }
  return 'member order';
}

function firstDifferentLine(expected: Uint8Array, actual: Uint8Array): string {
  const a = Buffer.from(expected).toString('utf8').split('\n');
  const b = Buffer.from(actual).toString('utf8').split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `differs from line ${i + 1}: expected ${JSON.stringify(a[i] ?? '(end of file)')}, found ${JSON.stringify(b[i] ?? '(end of file)')}`;
  }
  return 'differs';
}

function displayPath(abs: string): string {
  const rel = abs.startsWith(REPO_ROOT + sep) ? abs.slice(REPO_ROOT.length + 1) : abs;
  return rel.split(sep).join('/');
}
