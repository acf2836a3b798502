/**
 * `formcert show <case>`: what one case tests (op, rules with their text from spec/, note,
 * expectation) and its exact input bytes, so a user can run their reader on it by hand.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { EXIT } from '../shared/exit-codes.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { loadRequirements, REGISTRY_FORMATS } from '../shared/registry.ts';
import type { Vector } from '../shared/vectors.ts';
import { DEFAULT_VECTORS } from './certify.ts';
import { shellWord } from '../results/rerun-line.ts';
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
