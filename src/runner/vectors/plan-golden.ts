/**
 * Lays out golden/ in memory from the judged cases: one file per format, source and op, cases sorted by name
 * then id, duplicate ids dropped (the first kept), large inputs in side files, and MANIFEST.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sha256Hex } from '../../shared/digest.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import { jsonNumber } from '../../shared/json/value.ts';
import { compareCodePoints } from '../../shared/text.ts';
import type { Vector } from '../../shared/vectors.ts';
import type { CaseSource } from './collect-case-sources.ts';
import { MANIFEST_FILE, type FormatName, type VectorSource } from './constants.ts';
import { encodeUtf8 } from './input-encoding.ts';
import { storeCaseParts, type StoredParts } from './golden-storage.ts';
import type { CaseProblem, JudgedCase } from './judge-cases.ts';
import type { LoadedVectorFile } from './load-vectors.ts';
import { REPO_ROOT } from './repo-root.ts';
import { buildVectorFileValue, renderJsonFile, type StoredCase } from './render-vector-file.ts';
import type { CoverageVector } from './requirement-coverage.ts';

/** Versions recorded in the manifest (read from package.json: the project's own and two pinned libraries). */
export interface GoldenVersions {
  readonly formcert: string;
  readonly 'fast-check': string;
  readonly '@toon-format/toon': string;
}

/** Vector files kept as they are (saved by `formcert fuzz`): their parsed form and the bytes of every file they own. */
export interface KeptFiles {
  readonly files: readonly LoadedVectorFile[];
  /** Path (relative to golden/) → bytes, for the vector files and their side inputs. */
  readonly bytes: ReadonlyMap<string, Uint8Array>;
}

/** golden/ as it must be. */
export interface GoldenPlan {
  /** Every file regeneration owns, by path relative to golden/ (vector files, side inputs, the manifest). */
  readonly files: Map<string, Uint8Array>;
  /** Paths left as they are (fuzz vector files and their side inputs). */
  readonly kept: readonly string[];
  /** Cases dropped because an earlier case had the same op and input. */
  readonly duplicates: CaseProblem[];
  /** Stored cases whose name an earlier case of the same format already has (names should be unique). */
  readonly nameClashes: CaseProblem[];
  /** Every vector of the planned golden/, kept ones included, in file then case order. */
  readonly vectors: CoverageVector[];
}

/** The versions to record, from package.json. */
export function readGoldenVersions(packageJsonPath: string = join(REPO_ROOT, 'package.json')): GoldenVersions {
  const pkg = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as {
    version: string;
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const dep = (name: string) => pkg.dependencies?.[name] ?? pkg.devDependencies?.[name] ?? 'absent';
  return { formcert: pkg.version, 'fast-check': dep('fast-check'), '@toon-format/toon': dep('@toon-format/toon') };
}

/** Builds the plan. `judged` is in declaration order, which decides which of two duplicates is kept. */
export function planGolden(
  sources: readonly CaseSource[],
  judged: readonly JudgedCase[],
  kept: KeptFiles,
  versions: GoldenVersions,
): GoldenPlan {
  const firstOwner = new Map<string, { name: string; where: string }>();
  for (const f of kept.files) for (const v of f.vectors) firstOwner.set(v.id, { name: v.name, where: v.file });

  const duplicates: CaseProblem[] = [];
  const nameClashes: CaseProblem[] = [];
  const names = new Map<string, string>();
  for (const f of kept.files) for (const v of f.vectors) names.set(`${v.format}\u0000${v.name}`, v.id);
  const groups = new Map<string, { format: FormatName; source: VectorSource; cases: JudgedCase[] }>();
  const storedPerModule = new Map<string, number>();
  for (const c of judged) {
    const first = firstOwner.get(c.id);
    if (first) {
      duplicates.push({
        module: c.module,
        name: c.spec.name,
        op: c.spec.op,
        id: c.id,
        problem: `same op and input as ${first.name} (${first.where}); dropped`,
      });
      continue;
    }
    firstOwner.set(c.id, { name: c.spec.name, where: c.module });
    const nameKey = `${c.format}\u0000${c.spec.name}`;
    const sameName = names.get(nameKey);
    if (sameName !== undefined) {
      nameClashes.push({ module: c.module, name: c.spec.name, op: c.spec.op, id: c.id, problem: `name already used by case ${sameName}` });
    } else names.set(nameKey, c.id);
    storedPerModule.set(c.module, (storedPerModule.get(c.module) ?? 0) + 1);
    const path = vectorFilePath(c.format, c.source, c.spec.op);
    const group = groups.get(path) ?? { format: c.format, source: c.source, cases: [] };
    group.cases.push(c);
    groups.set(path, group);
  }

  const files = new Map<string, Uint8Array>();
  const caseCounts = new Map<string, number>();
  const vectorsByPath = new Map<string, CoverageVector[]>();
  for (const [path, group] of groups) {
    const cases = [...group.cases].sort((a, b) => compareCodePoints(a.spec.name, b.spec.name) || compareCodePoints(a.id, b.id));
    const stored = cases.map((c) => {
      const parts = storeCaseParts(c.id, c.bytes, c.expect);
      for (const [name, content] of parts.sideFiles) files.set(`${group.format}/${name}`, content);
      return toStoredCase(c, parts);
    });
    files.set(path, encodeUtf8(renderJsonFile(buildVectorFileValue(group.format, group.source, stored))));
    caseCounts.set(path, stored.length);
    vectorsByPath.set(path, cases.map((c) => coverageVectorOf(c.format, c.spec.name, c.id, c.spec.op, c.spec.profile, c.spec.requirements, c.expect.verdict)));
  }
  for (const f of kept.files) {
    vectorsByPath.set(f.path, f.vectors.map(coverageVectorOfVector));
    caseCounts.set(f.path, f.vectors.length);
  }

  const keptPaths = [...kept.bytes.keys()].sort(compareCodePoints);
  const allVectors = [...vectorsByPath.keys()].sort(compareCodePoints).flatMap((p) => vectorsByPath.get(p)!);
  const manifest = buildManifest(sources, storedPerModule, files, kept.bytes, caseCounts, allVectors, versions);
  files.set(MANIFEST_FILE, encodeUtf8(renderJsonFile(manifest)));
  return { files: sortMap(files), kept: keptPaths, duplicates, nameClashes, vectors: allVectors };
}

/** `<format>/<source>-<op without its format prefix>.json`. */
export function vectorFilePath(format: FormatName, source: VectorSource, op: string): string {
  return `${format}/${source}-${op.slice(op.indexOf('.') + 1)}.json`;
}

function toStoredCase(c: JudgedCase, parts: StoredParts): StoredCase {
  return {
    id: c.id,
    name: c.spec.name,
    op: c.spec.op,
    profile: c.spec.profile,
    requirements: c.spec.requirements,
    input: parts.input,
    expect: parts.expect,
    note: c.spec.note,
  };
}

function coverageVectorOf(
  format: string,
  name: string,
  id: string,
  op: string,
  profile: CoverageVector['profile'],
  requirements: readonly string[],
  verdict: CoverageVector['verdict'],
): CoverageVector {
  return { id, name, format, op, profile, requirements, verdict };
}

/** The coverage view of a loaded vector. */
export function coverageVectorOfVector(v: Vector): CoverageVector {
  return coverageVectorOf(v.format, v.name, v.id, v.op, v.profile, v.requirements, v.expect.verdict);
}

function buildManifest(
  sources: readonly CaseSource[],
  storedPerModule: ReadonlyMap<string, number>,
  owned: ReadonlyMap<string, Uint8Array>,
  kept: ReadonlyMap<string, Uint8Array>,
  caseCounts: ReadonlyMap<string, number>,
  vectors: readonly CoverageVector[],
  versions: GoldenVersions,
): JsonValue {
  const all = new Map<string, Uint8Array>([...owned, ...kept]);
  const fileEntries: JsonValue[] = [...all.keys()].sort(compareCodePoints).map((path) => {
    const bytes = all.get(path)!;
    const entry = new Map<string, JsonValue>([['path', path]]);
    const cases = caseCounts.get(path);
    if (cases !== undefined) entry.set('cases', jsonNumber(cases));
    entry.set('bytes', jsonNumber(bytes.length));
    entry.set('sha256', sha256Hex(bytes));
    return entry;
  });
  return new Map<string, JsonValue>([
    ['generatedBy', 'formcert golden regenerate'],
    ['versions', new Map<string, JsonValue>(Object.entries(versions))],
    [
      'generators',
      sources.map(
        (s) =>
          new Map<string, JsonValue>([
            ['module', s.module],
            ['format', s.format],
            ['seeds', s.seeds],
            ['declaredCases', jsonNumber(s.cases.length)],
            ['storedCases', jsonNumber(storedPerModule.get(s.module) ?? 0)],
          ]),
      ),
    ],
    ['counts', buildCounts(vectors)],
    ['files', fileEntries],
  ]);
}

/** Vectors by format → op → profile → verdict, plus a total. */
function buildCounts(vectors: readonly CoverageVector[]): JsonValue {
  const tree = new Map<string, Map<string, Map<string, Map<string, number>>>>();
  for (const v of vectors) {
    const byOp = tree.get(v.format) ?? new Map();
    tree.set(v.format, byOp);
    const byProfile = byOp.get(v.op) ?? new Map();
    byOp.set(v.op, byProfile);
    const byVerdict = byProfile.get(v.profile) ?? new Map<string, number>();
    byProfile.set(v.profile, byVerdict);
    byVerdict.set(v.verdict, (byVerdict.get(v.verdict) ?? 0) + 1);
  }
  const sortedEntries = <T>(m: Map<string, T>) => [...m].sort(([a], [b]) => compareCodePoints(a, b));
  const out = new Map<string, JsonValue>([['total', jsonNumber(vectors.length)]]);
  for (const [format, byOp] of sortedEntries(tree)) {
    const ops = new Map<string, JsonValue>();
    for (const [op, byProfile] of sortedEntries(byOp)) {
      const profiles = new Map<string, JsonValue>();
      for (const [profile, byVerdict] of sortedEntries(byProfile)) {
        profiles.set(profile, new Map(['accept', 'reject', 'either'].map((k) => [k, jsonNumber(byVerdict.get(k) ?? 0)] as const)));
      }
      ops.set(op, profiles);
    }
    out.set(format, ops);
  }
  return out;
}

function sortMap<T>(m: Map<string, T>): Map<string, T> {
  return new Map([...m].sort(([a], [b]) => compareCodePoints(a, b)));
}
