/**
 * `tsx scripts/mutation/emit-edit-cases.ts <format> [--keep-second-core-fault] <witness file>…`: turns the witnesses that
 * hunt-witnesses.ts found into golden cases, appended to `generators/<format>/edit-cases.json`
 * (scripts/mutation/README.md, "Hunting witnesses").
 *
 * A witness is a one-byte edit of a golden input on which a surviving mutant answers differently from
 * the oracle. Its expectation is not taken from the oracle: the independent Python reader
 * (conformance/testees/python, written from spec/ alone) answers it, and the case is written only when
 * the oracle agrees with it; a disagreement is printed for a person to settle from spec/. A case is core
 * when the oracle answers it the same under both profiles (a core vector is certified under both),
 * strict otherwise; a refusal cites the rule the oracle names, an acceptance the edited vector's rules.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOracleOp } from '../../src/runner/oracle-ops.ts';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';
import type { OpName } from '../../src/shared/ops.ts';
import { caseId } from '../../src/shared/vectors.ts';
import { EDIT_CASES_FILE, type EditCase } from '../../generators/edit-cases.ts';
import { verdictText } from './golden-cases.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PYTHON_READER = join(ROOT, 'conformance/testees/python/formcert_reader.py');

interface WitnessFile {
  readonly file: string;
  /** Names of hand-made witnesses start with this (default: the mutated file's name). */
  readonly namePrefix?: string;
  /**
   * A witness either edits a golden vector (`from`, its id; `edit`, what was done) or is an input made
   * by hand (`from` absent; `edit` says what it is, `requirements` the rules an accepted one exercises).
   */
  readonly witnesses: ReadonlyArray<{ key: string; path: string; variant: { from?: string; edit: string; op: string; input: string; requirements?: string[] } | null }>;
}

/** The Python reader's answer in exec mode: accept, or reject with its code (protocol v1.1). */
function answerOfPython(op: string, input: Uint8Array, dir: string): { verdict: 'accept' } | { verdict: 'reject'; code: string } | { verdict: 'none'; why: string } {
  const path = join(dir, 'input');
  writeFileSync(path, input);
  const run = spawnSync('python3', [PYTHON_READER, op, path], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (run.status === 0) return { verdict: 'accept' };
  const code = /^code: (\S+)/.exec(run.stdout ?? '')?.[1];
  if (run.status === 1 && code) return { verdict: 'reject', code };
  return { verdict: 'none', why: `exit ${run.status}: ${(run.stderr ?? '').trim().split('\n').pop()}` };
}

/** `text` as a kebab-case name part. */
const kebab = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);


/** Line and column (1-based) of byte `at` in `input`. */
function lineAndColumn(input: Uint8Array, at: number): string {
  let line = 1;
  let start = 0;
  for (let i = 0; i < at && i < input.length; i++) {
    if (input[i] === 0x0a) {
      line++;
      start = i + 1;
    }
  }
  return `line ${line}, byte ${at - start + 1}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // A witness whose strict fault comes first in its line's order and which core, reading past that
  // fault, refuses for a second one is a strict case all the same (it pins the order); the profile
  // tests list each such case with core's code, so the flag prints them.
  const keepSecondCoreFault = args.includes('--keep-second-core-fault');
  const [format, ...witnessFiles] = args.filter((a) => a !== '--keep-second-core-fault');
  const secondFaults: string[] = [];
  if (!format || witnessFiles.length === 0) throw new Error('usage: emit-edit-cases.ts <format> [--keep-second-core-fault] <witness file>…');
  const target = join(ROOT, 'generators', format, EDIT_CASES_FILE);
  const existing: EditCase[] = existsSync(target) ? JSON.parse(readFileSync(target, 'utf8')) : [];
  const vectors = await loadVectors();
  const byId = new Map(vectors.map((v) => [v.id, v]));
  const known = new Set(vectors.map((v) => caseId(v.op, v.input)));
  for (const c of existing) known.add(caseId(c.op, c.inputBase64 ? Buffer.from(c.inputBase64, 'base64') : Buffer.from(c.input!, 'utf8')));
  const names = new Set([...vectors.filter((v) => v.format === format).map((v) => v.name), ...existing.map((c) => c.name)]);
  const dir = mkdtempSync(join(tmpdir(), 'formcert-edit-cases-'));
  const added: EditCase[] = [];
  const disagreements: string[] = [];
  const leftOut: string[] = [];
  try {
    for (const file of witnessFiles) {
      const found = JSON.parse(readFileSync(file, 'utf8')) as WitnessFile;
      const stem = found.file.split('/').pop()!.replace(/\.ts$/, '');
      for (const w of found.witnesses) {
        if (!w.variant) continue;
        const input = new Uint8Array(Buffer.from(w.variant.input, 'base64'));
        const op = w.variant.op as OpName;
        const id = caseId(op, input);
        if (known.has(id)) continue;
        known.add(id);
        const from = w.variant.from === undefined ? undefined : byId.get(w.variant.from);
        if (w.variant.from !== undefined && !from) throw new Error(`no vector ${w.variant.from}`);
        const label = from ? `${from.name} with ${w.variant.edit}` : w.variant.edit;
        const python = answerOfPython(op, input, dir);
        const oracle = (await loadOracleOp(op))!;
        const strict = await oracle(input.slice(), { profile: 'strict' });
        const core = await oracle(input.slice(), { profile: 'core' });
        const pythonSays = python.verdict === 'reject' ? `reject ${python.code}` : python.verdict === 'accept' ? 'accept' : `no answer (${python.why})`;
        if (pythonSays !== verdictText(strict)) {
          disagreements.push(`${label} (${found.file} ${w.key}): Python ${pythonSays}, oracle ${verdictText(strict)}`);
          continue;
        }
        if ('skipped' in strict) continue;
        // A case is core (both profiles answer alike) or strict (core accepts: its one fault is a strict
        // rule). An edit that core refuses for another reason tests neither: left out.
        const secondCoreFault = verdictText(core) !== verdictText(strict) && !(!('skipped' in core) && core.accept);
        if (secondCoreFault && !keepSecondCoreFault) {
          leftOut.push(`${label}: strict ${verdictText(strict)}, core ${verdictText(core)}`);
          continue;
        }
        const where = from ? /@(\d+)/.exec(w.variant.edit) : null;
        const at = where && from ? `, ${lineAndColumn(from.input, Number(where[1]))}` : '';
        const plain = from ? `edit-of-${from.name}-${id.slice(0, 6)}` : `${found.namePrefix ?? stem}-${kebab(w.variant.edit)}`;
        // Names are unique within a format: two labels may differ only in punctuation.
        const name = names.has(plain) ? `${plain}-${id.slice(0, 6)}` : plain;
        names.add(name);
        const text = Buffer.from(input).toString('utf8');
        const isText = Buffer.from(text, 'utf8').equals(Buffer.from(input));
        const verdict = strict.accept ? 'accepted' : `refused ${strict.error.code} (${strict.error.requirement})`;
        added.push({
          name,
          op,
          // A refusal under a strict rule is a strict case even where core happens to refuse alike.
          profile: verdictText(core) === verdictText(strict) && (strict.accept || strict.error.profile === 'core') ? 'core' : 'strict',
          requirements: strict.accept ? [...(w.variant.requirements ?? from?.requirements ?? [])] : [strict.error.requirement],
          ...(isText ? { input: text } : { inputBase64: Buffer.from(input).toString('base64') }),
          expect: strict.accept ? { verdict: 'accept' } : { verdict: 'reject', code: strict.error.code },
          note: `${from ? `${from.name} with one byte edited (${w.variant.edit}${at})` : w.variant.edit}: ${verdict}, as the independent Python reader answers${secondCoreFault ? ` (core, which reads past that fault, finds another: ${verdictText(core)})` : ''}; tells apart from the oracle a survivor of ${stem}.ts`,
        });
        if (secondCoreFault) secondFaults.push(`${name}: core ${verdictText(core)}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(target, `${JSON.stringify([...existing, ...added], null, 1)}\n`);
  process.stdout.write(`edit cases: ${added.length} added to generators/${format}/${EDIT_CASES_FILE} (${existing.length + added.length} in all)\n`);
  for (const d of disagreements) process.stdout.write(`disagreement: ${d}\n`);
  for (const l of leftOut) process.stdout.write(`left out (core refuses it otherwise): ${l}\n`);
  for (const f of secondFaults) process.stdout.write(`strict case core refuses for a second fault (list it in the profile tests): ${f}\n`);
}

await main();
