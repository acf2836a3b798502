/**
 * `formcert show <case>`: what one case tests (op, rules with their text from spec/, note,
 * expectation) and its exact input bytes, so a user can run their reader on it by hand.
 * `formcert show --actual <case> --results <results.jsonl>`: what a testee answered for it, whole,
 * from the run's results file (the HTML report shows long observations cut and names this command).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT } from '../shared/exit-codes.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { loadRequirements, REGISTRY_FORMATS } from '../shared/registry.ts';
import type { Vector } from '../shared/vectors.ts';
import { DEFAULT_VECTORS } from './certify.ts';
import { parseCaseRecords, type CaseRecord } from '../results/case-record.ts';
import { shellWord, showInputCommand } from '../results/rerun-line.ts';
import { loadVectors } from './vectors/load-vectors.ts';

/** Options of `formcert show`. */
export interface ShowOptions {
  readonly vectors: string;
  /** Write the input to this file (the description then goes to stdout). */
  readonly out?: string;
  /** Print only the description, on stdout. */
  readonly info?: boolean;
}

/** Where the command writes: text on stdout or stderr, raw input bytes on stdout. */
export interface ShowIo {
  readonly out: (s: string) => void;
  readonly err: (s: string) => void;
  readonly outBytes: (b: Uint8Array) => void;
}

/** Shortest id prefix accepted in place of a full case id. */
export const MIN_ID_PREFIX = 6;

/** The case a user named: its full id, a unique id prefix, or a unique case name; else a one-line reason. */
export function findCase(vectors: readonly Vector[], wanted: string): Vector | string {
  const exact = vectors.find((v) => v.id === wanted);
  if (exact) return exact;
  const candidates = /^[0-9a-f]+$/.test(wanted) && wanted.length >= MIN_ID_PREFIX
    ? vectors.filter((v) => v.id.startsWith(wanted))
    : vectors.filter((v) => v.name === wanted);
  if (candidates.length === 1) return candidates[0]!;
  if (candidates.length > 1) {
    return `${wanted} names ${candidates.length} cases (${candidates.slice(0, 3).map((v) => `${v.id} ${v.op}`).join(', ')}${candidates.length > 3 ? ', …' : ''}); give the full id`;
  }
  return `no case ${wanted}: give a case id (or a unique prefix of ${MIN_ID_PREFIX}+ digits, or a case name)`;
}

/** Requirement id → rule text, from every registry in spec/. */
export function loadRuleTexts(): Map<string, string> {
  const texts = new Map<string, string>();
  for (const format of REGISTRY_FORMATS) for (const r of loadRequirements(format)) texts.set(r.id, r.summary);
  return texts;
}

/** The description lines of a case; `inputAt` says where its input went (a file name, or undefined for stdout). */
export function describeCase(v: Vector, rules: ReadonlyMap<string, string>, vectorsDir: string, inputAt: string | undefined): string[] {
  const lines = [`case     ${v.id}  ${v.name}`, `op       ${v.op}  (profile ${v.profile})`, `file     ${v.file}`];
  const w = Math.max(...v.requirements.map((r) => r.length));
  v.requirements.forEach((r, i) => {
    lines.push(`${i === 0 ? 'rules' : ''}`.padEnd(9) + `${r.padEnd(w)}  ${rules.get(r) ?? '(not in the spec/ registries)'}`);
  });
  lines.push(`note     ${v.note}`);
  if (v.expect.verdict === 'accept') {
    lines.push(`expect   accept${v.expect.observation === undefined ? ' (no observation recorded)' : ', with the observation:'}`);
    if (v.expect.observation !== undefined) for (const l of writeJson(v.expect.observation, { indent: 2 }).split('\n')) lines.push(`  ${l}`);
  } else if (v.expect.verdict === 'reject') {
    lines.push(`expect   reject, code ${v.expect.code}`);
  } else {
    lines.push('expect   either (implementation-defined: accepting and rejecting both pass)');
  }
  const file = inputAt ?? 'FILE';
  lines.push(`input    ${v.input.length} bytes${inputAt === undefined ? ' (on stdout)' : ` written to ${inputAt}`}`);
  const vectors = vectorsDir === DEFAULT_VECTORS ? [] : ['--vectors', vectorsDir];
  lines.push(`by hand  <your reader> ${v.op} ${shellWord(file)}`);
  lines.push(`rerun    ${['formcert', 'certify', '--cases', v.id, ...vectors].map(shellWord).join(' ')} -- <your reader> {op} {input}`);
  return lines;
}

/** Runs `formcert show`; resolves to the exit status (0 shown, 2 unknown case or I/O error). */
export async function showCommand(wanted: string, o: ShowOptions, io: ShowIo): Promise<number> {
  let vectors: Vector[];
  try {
    vectors = await loadVectors(o.vectors === DEFAULT_VECTORS ? o.vectors : resolve(o.vectors));
  } catch (e) {
    io.err(`formcert show: cannot load the vectors under ${o.vectors}: ${(e as Error).message}\n`);
    return EXIT.USAGE;
  }
  const found = findCase(vectors, wanted);
  if (typeof found === 'string') {
    io.err(`formcert show: ${found}\n`);
    return EXIT.USAGE;
  }
  const rules = loadRuleTexts();
  if (o.info) {
    io.out(describeCase(found, rules, o.vectors, undefined).filter((l) => !l.startsWith('input ')).join('\n') + '\n');
    return EXIT.OK;
  }
  if (o.out !== undefined) {
    try {
      await writeFile(o.out, found.input);
    } catch (e) {
      io.err(`formcert show: cannot write ${o.out}: ${(e as Error).message}\n`);
      return EXIT.USAGE;
    }
    io.out(describeCase(found, rules, o.vectors, o.out).join('\n') + '\n');
    return EXIT.OK;
  }
  // The input alone goes to stdout so that `formcert show ID > case.bin` gives the exact bytes.
  io.err(describeCase(found, rules, o.vectors, undefined).join('\n') + '\n');
  io.outBytes(found.input);
  return EXIT.OK;
}

/** Options of `formcert show --actual`. */
export interface ShowActualOptions {
  /** The results files (results.jsonl of `certify --report`, or merged ones) to look the case up in. */
  readonly results: readonly string[];
  /** Which implementation's answer, when the files hold several. */
  readonly implementation?: string;
  /** Write the observation to this file (the description then goes to stdout). */
  readonly out?: string;
  /** Print only the description, on stdout. */
  readonly info?: boolean;
}

/**
 * The record a user named (full id, unique id prefix, or unique case name) among `records`, of
 * `implementation` when given; else a one-line reason (several implementations answered it, none did).
 */
export function findRecord(records: readonly CaseRecord[], wanted: string, implementation: string | undefined): CaseRecord | string {
  const mine = implementation === undefined ? records : records.filter((r) => r.implementation === implementation);
  if (implementation !== undefined && mine.length === 0) {
    const names = [...new Set(records.map((r) => r.implementation))];
    return `no record of implementation ${JSON.stringify(implementation)}: the results hold ${names.map((n) => JSON.stringify(n)).join(', ') || 'no record'}`;
  }
  let matches = mine.filter((r) => r.id === wanted);
  if (matches.length === 0) {
    matches = /^[0-9a-f]+$/.test(wanted) && wanted.length >= MIN_ID_PREFIX ? mine.filter((r) => r.id.startsWith(wanted)) : mine.filter((r) => r.name === wanted);
  }
  const ids = [...new Set(matches.map((r) => r.id))];
  if (ids.length > 1) return `${wanted} names ${ids.length} cases (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''}); give the full id`;
  if (matches.length > 1) {
    return `case ${ids[0]} was answered by ${matches.length} implementations (${matches.map((r) => JSON.stringify(r.implementation)).join(', ')}); choose one with --implementation`;
  }
  return matches[0] ?? `no case ${wanted} in the results: give a case id (or a unique prefix of ${MIN_ID_PREFIX}+ digits, or a case name)`;
}

/** The description lines of a recorded answer; `observationAt` says where the observation went (a file, or undefined for stdout). */
export function describeActual(r: CaseRecord, observationAt: string | undefined): string[] {
  const g = r.got;
  const lines = [`case     ${r.id}  ${r.name}`, `op       ${r.op}  (profile ${r.profile})`, `testee   ${r.implementation}  (${r.mode})`, `outcome  ${r.outcome}`];
  lines.push(`expected ${r.expected.verdict}${r.expected.verdict === 'reject' && r.expected.code !== undefined ? `, code ${r.expected.code}` : ''}`);
  lines.push(`got      ${g.verdict}${g.code !== undefined ? `, code ${g.code}` : ''}`);
  if (g.message !== undefined) lines.push(`message  ${g.message}`);
  if (g.detail !== undefined) lines.push(`detail   ${g.detail}`);
  // A multi-line field: its label on the first line only.
  const labelled = (label: string, items: readonly string[]) => {
    for (let i = 0; i < items.length; i++) lines.push(`${i === 0 ? label : ''}`.padEnd(9) + items[i]);
  };
  labelled('diff', r.diff ?? []);
  labelled('deaths', r.processDeaths ?? []);
  if (r.stderr) labelled('stderr', r.stderr.replace(/\n$/, '').split('\n'));
  if (g.observation === undefined) lines.push('actual   no observation (the testee gave none)');
  else lines.push(`actual   the observation, whole, ${observationAt === undefined ? 'on stdout' : `written to ${observationAt}`}`);
  lines.push(`input    ${showInputCommand(r)}`);
  return lines;
}

/** Runs `formcert show --actual`; resolves to the exit status (0 shown, 2 unknown case or I/O error). */
export async function showActualCommand(wanted: string, o: ShowActualOptions, io: ShowIo): Promise<number> {
  if (o.results.length === 0) {
    io.err('formcert show: --actual needs --results <results.jsonl> (the run\'s report directory holds one)\n');
    return EXIT.USAGE;
  }
  const records: CaseRecord[] = [];
  for (const path of o.results) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (e) {
      io.err(`formcert show: cannot read ${path}: ${(e as Error).message}\n`);
      return EXIT.USAGE;
    }
    const parsed = parseCaseRecords(text, path);
    if (!parsed.ok) {
      io.err(`formcert show: ${parsed.error}\n`);
      return EXIT.USAGE;
    }
    for (const record of parsed.value) records.push(record); // a spread of a big results file would overflow the stack
  }
  const found = findRecord(records, wanted, o.implementation);
  if (typeof found === 'string') {
    io.err(`formcert show: ${found}\n`);
    return EXIT.USAGE;
  }
  // The observation keeps its lexemes (numbers past 2^53, escapes) as the testee wrote them.
  const observation = found.got.observation !== undefined ? writeJson(found.got.observation, { indent: 2 }) + '\n' : undefined;
  if (o.info) {
    io.out(describeActual(found, undefined).filter((l) => !l.startsWith('actual ')).join('\n') + '\n');
    return EXIT.OK;
  }
  if (o.out !== undefined) {
    try {
      await writeFile(o.out, observation ?? '');
    } catch (e) {
      io.err(`formcert show: cannot write ${o.out}: ${(e as Error).message}\n`);
      return EXIT.USAGE;
    }
    io.out(describeActual(found, o.out).join('\n') + '\n');
    return EXIT.OK;
  }
  // The observation alone goes to stdout, so that `formcert show --actual ID --results R > got.json` gives it whole.
  io.err(describeActual(found, undefined).join('\n') + '\n');
  if (observation !== undefined) io.out(observation);
  return EXIT.OK;
}
