/**
 * Docs that hold, for real (issue 12 item 5): every formcert command shown in a shell block of a
 * Markdown file, and the CI scripts docs/ci.md shows, is run as written from a scratch directory,
 * with `npx formcert` resolving to this checkout, and must exit as documented and leave the outputs it
 * names (report directories, saved vectors, files). The placeholders of the docs are bundled
 * testees there: `./my-reader` and `./reader` (exec mode) and `my_reader.py` and `reader.py` are the
 * Python reader of conformance/testees/python; `examples/` and `conformance/` are the repository's,
 * so the starter kits and example files are found by the paths the docs give.
 *
 * Exec-mode certify lines start one process per case; on the shared 2-core machine a whole suite of
 * them takes many minutes, so they run on a sample (`--cases @sample`: a few ids per op and per
 * quarter of the shard space, so every documented --ops and --shard still selects cases); their
 * flags and testee are the documented ones. The starter kits and the Python reader are certified in
 * full, in both modes, by their own conformance tests.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentedLines, formcertInvocations, type DocumentedLine } from '../../test-support/documented-commands.ts';
import { shardOf } from '../runner/select-cases.ts';
import { loadVectors } from '../runner/vectors/load-vectors.ts';
import { REPO_ROOT } from '../runner/vectors/repo-root.ts';

const PYTHON_READER = join(REPO_ROOT, 'conformance', 'testees', 'python', 'formcert_reader.py');
const REPORT_FILES = ['results.jsonl', 'junit.xml', 'summary.md', 'report.html', 'badge.svg'];
/** Per command: a whole persistent suite under load, or a fuzz run with its shrinking. */
const COMMAND_TIMEOUT_MS = 600_000;

/** Documented lines not run here, each with the reason and the test that covers it instead. */
const NOT_RUN: Record<string, string> = {
  'npx formcert certify --ops journal.read -- conformance/testees/rust/target/release/journal-starter {op} {input}':
    'needs `cargo build --release` first; conformance/testees/starter-kits.conformance.test.ts builds and certifies the Rust starter',
  'npx formcert certify --persistent --ops journal.read -- conformance/testees/rust/target/release/journal-starter --persistent':
    'needs `cargo build --release` first; conformance/testees/starter-kits.conformance.test.ts builds and certifies the Rust starter',
  'npx formcert validate codegraph /tmp/model.jsonl --profile strict':
    'validates the 1 GB model the line before generates (`npm run gen:model`); conformance/memory/ runs the streaming validation of generated models',
  'formcert fuzz --op <op> [--runs N | --seconds S] [--seed S] [--shard I/N] [--out DIR] [--persistent] [--codes] -- <argv…>': 'a synopsis, not a command',
};

/** Documented lines run differently: the part of the line that is not formcert's own is left out. */
const RUN_INSTEAD: Record<string, { run: string; why: string }> = {
  'npm ci && npx formcert certify': { run: 'npx formcert certify', why: '`npm ci` is the checkout’s own install, done' },
};

/** Exit statuses the docs give in prose rather than in a `# exit N` comment on the line. */
const EXPECTED_STATUS: Record<string, number> = {
  // README: the validate transcript of an invalid journal.
  'npx formcert validate journal examples/journal/broken-retired-at.jsonl': 1,
};

/** The Python reader with a bug switched on is meant to fail: every line that runs it so exits 1. */
function expectedStatus(line: DocumentedLine, text: string): number {
  const stated = /\bexits? (\d)\b/.exec(line.comment ?? '')?.[1];
  if (stated !== undefined) return Number(stated);
  if (EXPECTED_STATUS[text] !== undefined) return EXPECTED_STATUS[text];
  if (/--fault \S+/.test(text) && !/\bvectors merge\b/.test(text)) return 1;
  return 0;
}

/** True for a certify line that starts one process per case over more than a handful of cases. */
function isExecSuite(words: readonly string[]): boolean {
  if (words[0] !== 'certify') return false;
  const dash = words.indexOf('--');
  const own = dash >= 0 ? words.slice(0, dash) : words;
  const exec = own.includes('--exec') || (dash >= 0 && !own.includes('--persistent'));
  return exec && !own.includes('--cases') && !own.includes('--requirements');
}

interface Workspace {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
}

/** A scratch project: `npx formcert` is this checkout, the docs' placeholder testees exist, examples/ and conformance/ are the repository's. */
function createWorkspace(sample: readonly string[]): Workspace {
  const dir = mkdtempSync(join(tmpdir(), 'formcert-docs-'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  symlinkSync(join(REPO_ROOT, 'bin', 'formcert.mjs'), join(dir, 'node_modules', '.bin', 'formcert'));
  for (const d of ['examples', 'conformance']) symlinkSync(join(REPO_ROOT, d), join(dir, d));
  for (const name of ['my-reader', 'reader']) {
    writeFileSync(join(dir, name), `#!/bin/sh\nexec python3 ${JSON.stringify(PYTHON_READER)} "$@"\n`);
    chmodSync(join(dir, name), 0o755);
  }
  // Python puts the directory of the script's target on sys.path, so the reader finds its modules.
  for (const name of ['my_reader.py', 'reader.py']) symlinkSync(PYTHON_READER, join(dir, name));
  writeFileSync(join(dir, 'known.txt'), '# no known failures yet\n');
  writeFileSync(join(dir, 'sample.txt'), sample.join('\n') + '\n');
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_offline: 'true', npm_config_update_notifier: 'false', npm_config_fund: 'false' };
  for (const k of Object.keys(env)) if (k.startsWith('FORMCERT_') && k !== 'FORMCERT_SEED') delete env[k];
  return { dir, env };
}

/** One case id per op and per quarter of the shard space (shards of 2 and 4 all keep some). */
async function sampleCaseIds(): Promise<string[]> {
  const picked = new Map<string, string>();
  for (const v of await loadVectors()) {
    const key = `${v.op} ${shardOf(v.id, 4)}`;
    if (!picked.has(key)) picked.set(key, v.id);
  }
  return [...picked.values()];
}

/** The outputs a formcert invocation names, which must exist after it ran with `status`. */
function namedOutputs(words: readonly string[], status: number): string[] {
  const dash = words.indexOf('--');
  const own = dash >= 0 ? words.slice(0, dash) : [...words];
  const value = (flag: string) => {
    const k = own.indexOf(flag);
    return k >= 0 ? own[k + 1] : undefined;
  };
  const outputs: string[] = [];
  const report = value('--report');
  if ((words[0] === 'certify' || (words[0] === 'report' && words[1] === 'merge')) && report) outputs.push(...REPORT_FILES.map((f) => join(report, f)));
  if (words[0] === 'show' && value('--out')) outputs.push(value('--out')!);
  if (words[0] === 'fuzz' && status === 1) {
    const op = value('--op')!;
    outputs.push(join(value('--out') ?? 'reports/fuzz', op.slice(0, op.indexOf('.')), `fuzz-${op.replace('.', '-')}.json`));
  }
  if (words[0] === 'vectors' && words[1] === 'merge') outputs.push(value('--out')!);
  return outputs;
}

/**
 * Results of lines that neither write files nor read what an earlier line wrote, by text: several
 * documents show the same command (the reference, or the Python reader in persistent mode, over the
 * whole suite), and every workspace has the same testees, so a second showing reuses the first run.
 */
const outputFreeRuns = new Map<string, ReturnType<typeof spawnLine>>();

/** Runs one shell line in the workspace (once per text for a line not tied to its workspace). */
function runLine(ws: Workspace, text: string) {
  // Writing a file, or reading one an earlier line of the same document wrote, ties a line to its workspace.
  const tied = /\s(--report|--out|-o|--output|--vectors)\s|>|examples\/ci\//.test(text) || formcertInvocations(text).some((w) => namedOutputs(w, 1).length > 0);
  if (tied) return spawnLine(ws, text);
  const earlier = outputFreeRuns.get(text);
  if (earlier) return earlier;
  const r = spawnLine(ws, text);
  outputFreeRuns.set(text, r);
  return r;
}

function spawnLine(ws: Workspace, text: string) {
  const r = spawnSync('sh', ['-c', text], { cwd: ws.dir, env: ws.env, encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, output: `$ ${text}\n${r.stdout}\n${r.stderr}`.slice(-6000) };
}

/** The documented lines this test runs, per file in document order: formcert commands of shell blocks, and the CI scripts. */
function runnableLines(): Map<string, DocumentedLine[]> {
  const byFile = new Map<string, DocumentedLine[]>();
  for (const line of documentedLines()) {
    if (!line.file.endsWith('.md') || line.kind === 'yaml') continue;
    const script = /^(\w+=\S*\s+)*examples\/ci\/[\w-]+\.sh(\s|$)/.test(line.text);
    if (!script && formcertInvocations(line.text).length === 0) continue;
    byFile.set(line.file, [...(byFile.get(line.file) ?? []), line]);
  }
  return byFile;
}

const sample = await sampleCaseIds();
const lines = runnableLines();

describe('documented commands, run as written', () => {
  it('name only lines the docs have in their exception tables (a changed line must be looked at again)', () => {
    const texts = new Set([...lines.values()].flat().map((l) => l.text));
    const stale = [...Object.keys(NOT_RUN), ...Object.keys(RUN_INSTEAD), ...Object.keys(EXPECTED_STATUS)].filter((t) => !texts.has(t));
    expect(stale).toEqual([]);
  });

  it('are found in every document that shows commands (the run has something to run)', () => {
    expect([...lines.keys()]).toEqual(expect.arrayContaining(['README.md', 'docs/ci.md', 'src/runner/README.md', 'conformance/testees/javascript/README.md']));
    expect(lines.get('docs/ci.md')!.filter((l) => l.text.includes('examples/ci/')).length).toBe(2);
  });

  for (const [file, fileLines] of lines) {
    describe(file, () => {
      let ws: Workspace;
      beforeAll(() => {
        ws = createWorkspace(sample);
      });
      afterAll(() => rmSync(ws.dir, { recursive: true, force: true }));

      for (const line of fileLines) {
        const skip = NOT_RUN[line.text];
        if (skip) {
          it.skip(`${line.where}: ${line.text} — not run: ${skip}`, () => {});
          continue;
        }
        const instead = RUN_INSTEAD[line.text];
        let text = instead?.run ?? line.text;
        const sampled = formcertInvocations(text).some(isExecSuite);
        if (sampled) text = text.replace(/(^|\s)formcert certify(?=\s|$)/, '$1formcert certify --cases @sample.txt');
        const status = expectedStatus(line, text);
        it(`${line.where}: ${line.text}${sampled ? ' (sampled cases)' : ''}${instead ? ` (run: ${instead.run}; ${instead.why})` : ''} exits ${status}`, () => {
          const r = runLine(ws, text);
          expect(r.status, r.output).toBe(status);
          for (const words of formcertInvocations(text)) {
            for (const out of namedOutputs(words, status)) expect(existsSync(join(ws.dir, out)), `${out} after: ${r.output}`).toBe(true);
          }
          if (line.transcript) expect(r.stdout.trimEnd().split('\n'), 'the transcript shown').toEqual(line.transcript.map((l) => l.trimEnd()));
          if (/formcert --version$/.test(text)) expect(r.stdout.trim()).toBe(JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version);
          checkScriptOutputs(ws, text, status, r.output);
        });
      }
    });
  }
});

/** What the CI scripts leave: certify.sh the merged report; fuzz-campaign.sh the merged findings and their replay. */
function checkScriptOutputs(ws: Workspace, text: string, status: number, output: string): void {
  if (/examples\/ci\/certify\.sh/.test(text)) {
    for (const f of REPORT_FILES) expect(existsSync(join(ws.dir, 'formcert-report', 'all', f)), `formcert-report/all/${f}: ${output}`).toBe(true);
    expect(output).toMatch(/cases from 2 reports/);
  }
  if (/examples\/ci\/fuzz-campaign\.sh/.test(text) && status === 1) {
    const merged = join(ws.dir, 'formcert-findings', 'merged', 'journal', 'fuzz-journal-read.json');
    expect(existsSync(merged), output).toBe(true);
    for (const f of REPORT_FILES) expect(existsSync(join(ws.dir, 'formcert-findings', 'replay', f)), `replay/${f}: ${output}`).toBe(true);
    // Every shard found something, and the merged file holds each case once.
    for (const shard of ['journal.read-1', 'journal.read-2']) expect(existsSync(join(ws.dir, 'formcert-findings', shard)), output).toBe(true);
    const ids = (JSON.parse(readFileSync(merged, 'utf8')).cases as { id: string }[]).map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(output).toMatch(/merged \d+ case\(s\)/);
  }
}
