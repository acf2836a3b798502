/**
 * Saves disagreements as golden vectors (source `fuzz`) that `certify --vectors DIR` replays:
 * DIR/<format>/fuzz-<op>.json, merged with the cases already there (by case id). The expectation
 * is the oracle's; the note names the finding (class, oracle code, rule), how many fuzz cases fell
 * in it, and how to reproduce the representative.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseJson } from '../../shared/json/parse-value.ts';
import type { JsonValue } from '../../shared/json/value.ts';
import type { OpName } from '../../shared/ops.ts';
import type { FormatName } from '../vectors/constants.ts';
import { storeCaseParts, writeGoldenFile, type StoredParts } from '../vectors/golden-storage.ts';
import { buildCaseValue, buildVectorFileValue, renderJsonFile, type StoredCase } from '../vectors/render-vector-file.ts';
import { shellWord } from '../../results/rerun-line.ts';
import { describeFindingKey } from './group-findings.ts';
import type { Disagreement } from './run-fuzz.ts';

/** Requirement cited by a saved case the oracle accepts: the format's semantic-equality rule for observations. */
const ACCEPT_REQUIREMENT = 'R-S3';

/** How a saved case can be reproduced (`formcert fuzz … --seed S --replay PATH -- argv`). */
export interface ReproduceInfo {
  readonly testeeName: string;
  readonly argv: readonly string[];
  readonly persistent: boolean;
  /** `--codes` was given: the finding may be a wrong-code one, which only exists with it. */
  readonly codes?: boolean;
  /** `--corpus DIR` when not the default: the seed corpus decides what a path's values are. */
  readonly corpus?: string;
  /** `--timeout-ms N` when not the default: a timeout finding needs the same limit. */
  readonly timeoutMs?: number;
}

/**
 * The command that reproduces one finding alone: its round's seed and counterexample path, with the
 * options that decide the path's value and its judgement. A replay does not search or shrink on, so
 * a finding of any round (not only the first) comes back as the same case.
 */
export function reproduceCommand(op: OpName, d: Pick<Disagreement, 'seed' | 'path'>, info: ReproduceInfo): string {
  const options = [
    `--op ${op}`,
    `--seed ${d.seed}`,
    `--replay ${d.path}`,
    ...(info.corpus !== undefined ? [`--corpus ${shellWord(info.corpus)}`] : []),
    ...(info.codes ? ['--codes'] : []),
    ...(info.timeoutMs !== undefined ? [`--timeout-ms ${info.timeoutMs}`] : []),
    ...(info.persistent ? ['--persistent'] : []),
  ];
  return `formcert fuzz ${options.join(' ')} -- ${info.argv.map(shellWord).join(' ')}`;
}

/** The stored case of one finding's representative (with the side files its input and observation need). */
export function disagreementCase(op: OpName, d: Disagreement, info: ReproduceInfo): StoredCase & { readonly sideFiles: StoredParts['sideFiles'] } {
  const e = d.judgement.expectation;
  const cls = d.judgement.disagreement ?? 'unknown';
  const note =
    `fuzz finding ${describeFindingKey(d.key)}: ${d.count} fuzz case(s) by ${info.testeeName}, this one shrunk from the first; ` +
    `oracle ${e.expect.verdict === 'accept' ? 'accepts' : `rejects (${e.expect.verdict === 'reject' ? e.expect.code : ''})`}; ` +
    `reproduce: ${reproduceCommand(op, d, info)}`;
  const parts = storeCaseParts(d.id, d.input, e.expect);
  return {
    id: d.id,
    name: `fuzz-${cls}${d.key.code ? `-${d.key.code.toLowerCase().replace(/_/g, '-')}` : ''}-${d.id.slice(0, 10)}`,
    op,
    profile: e.profile,
    requirements: [e.requirement ?? ACCEPT_REQUIREMENT],
    input: parts.input,
    expect: parts.expect,
    note: note.replace(/[\r\n]+/g, ' '),
    sideFiles: parts.sideFiles,
  };
}

/**
 * Writes (or extends) DIR/<format>/fuzz-<op>.json with the disagreements; inputs over the inline
 * limit go to compressed side files. Returns the vector file's path and how many cases it now holds.
 */
export async function saveFuzzVectors(
  outDir: string,
  op: OpName,
  disagreements: readonly Disagreement[],
  info: ReproduceInfo,
): Promise<{ file: string; cases: number }> {
  const format = op.slice(0, op.indexOf('.')) as FormatName;
  const dir = join(outDir, format);
  const file = join(dir, `fuzz-${op.replace('.', '-')}.json`);
  await mkdir(dir, { recursive: true });
  const existing = await readExistingCases(file);
  const ids = new Set(existing.map((c) => (c as Map<string, JsonValue>).get('id')));
  const cases: JsonValue[] = [...existing];
  for (const d of disagreements) {
    if (ids.has(d.id)) continue;
    const stored = disagreementCase(op, d, info);
    for (const [name, content] of stored.sideFiles) writeGoldenFile(join(dir, name), content);
    cases.push(buildCaseValue(stored));
    ids.add(d.id);
  }
  const value = buildVectorFileValue(format, 'fuzz', []) as Map<string, JsonValue>;
  value.set('cases', cases);
  await writeFile(file, renderJsonFile(value));
  return { file, cases: cases.length };
}

async function readExistingCases(file: string): Promise<JsonValue[]> {
  let text: Buffer;
  try {
    text = await readFile(file);
  } catch (e) {
    // Only a file that is not there yet starts empty; an unreadable one must not be overwritten.
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
  const parsed = parseJson(text);
  if (!parsed.ok || !(parsed.value instanceof Map) || !Array.isArray(parsed.value.get('cases'))) {
    throw new Error(`${file} exists and is not a vector file; choose another --out`);
  }
  return parsed.value.get('cases') as JsonValue[];
}
