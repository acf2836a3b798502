/**
 * Issue 11 item 8 for valid MORPH inputs near their bounds and for bundle sections of empty objects:
 * `validate morph-artifact` on a valid artifact of a 15 MiB payload, `testee exec morph.encode`,
 * `morph.decode` and `morph.import` on valid inputs of 15 MiB (of short strings, and of one string
 * with a character outside Latin-1, which every JavaScript string holding it stores in two bytes a
 * character), and `validate morph-bundle` and `testee
 * exec morph.decode` on a METADATA or SCHEMA section of empty objects (15 MiB of them, refused at
 * R-M2's value limit, and exactly 249,999, read) stay under 200 MB peak RSS, each read from a regular
 * file and through a pipe. Output goes to a pipe, as certify reads it: `testee exec` makes its stdout
 * blocking, so an observation of up to 16 MiB is never queued in memory behind a slower reader.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { writeBundle } from '../../src/morph/bundle/frame-bundle.ts';
import { emptyObjectsSchemaBundle, paddedArtifact, shortStringsText, validArtifact, validBundle, validEncodeRequest, validToonBundle, wideStringText } from './morph-valid-inputs.ts';
import { LIMIT_KB, MEASURED_CLI } from './run-with-peak-rss.ts';


const dir = mkdtempSync(join(tmpdir(), 'formcert-morph-valid-rss-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let runs = 0;

/** One run: exit status, the first line and the length of what it wrote, its peak RSS in KiB. */
interface Run {
  readonly status: number | null;
  readonly firstLine: string;
  readonly outputBytes: number;
  readonly peakKb: number;
}

/**
 * Runs `formcert <args…> <input>` with stdout to a pipe and reports its peak RSS (rss-preload.cjs at
 * exit). With `pipe`, the input is a named pipe a `cat` of the file writes, as `… | formcert … /dev/stdin`.
 */
function runCli(args: readonly string[], path: string, pipe: boolean, label: string): Promise<Run> {
  const n = runs++;
  let input = path;
  let feeder: ReturnType<typeof spawn> | undefined;
  if (pipe) {
    input = join(dir, `fifo-${n}`);
    spawnSync('mkfifo', [input]);
    // The writer's errors (a pipe closed by the reader once it has its verdict) are expected.
    feeder = spawn('sh', ['-c', `cat '${path}' > '${input}' 2>/dev/null`], { stdio: 'ignore' });
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, MEASURED_CLI.argv([...args, input]), { env: MEASURED_CLI.env, stdio: ['ignore', 'pipe', 'ignore', 'pipe'] });
    let peak = '';
    let head = '';
    let outputBytes = 0;
    child.stdout!.on('data', (d: Buffer) => {
      outputBytes += d.length;
      if (head.length < 200) head += d.toString('latin1', 0, Math.min(d.length, 200));
    });
    child.stdio[3]!.on('data', (d: Buffer) => (peak += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => {
      feeder?.kill('SIGKILL');
      const output = Buffer.from(head, 'latin1').toString('utf8');
      const peakKb = Number(peak);
      if (process.env['FORMCERT_RSS_LOG']) process.stderr.write(`rss ${label} (${pipe ? 'pipe' : 'file'}): ${Math.round(peakKb / 1024)} MiB\n`);
      resolve({ status, firstLine: output.slice(0, output.indexOf('\n') >>> 0).slice(0, 200), outputBytes, peakKb });
    });
  });
}

/** Writes `text` to a file of the test's directory once and returns its path. */
const files = new Map<string, string>();
function fileOf(name: string, make: () => string): string {
  let path = files.get(name);
  if (path === undefined) {
    path = join(dir, name);
    writeFileSync(path, make());
    files.set(name, path);
  }
  return path;
}

/** An input text of 249,999 short strings, 15 MiB, made once. */
let text: string | undefined;
const inputText = (): string => (text ??= shortStringsText());

/** An input text of one string, 15 MiB of ASCII and one character outside Latin-1, made once. */
let wide: string | undefined;
const wideText = (): string => (wide ??= wideStringText());

/** A json-compact bundle of `[]` with `section` replaced by `content` (framed with the bundle's own boundary). */
function bundleWith(section: 'metadata' | 'schema', content: string): string {
  const encoded = encodeBundle({ ir: [], inputKind: 'json-text', plan: { encoding: 'json-compact', formatVersion: '1', options: {} }, guide: { id: 'morph-guide/json-compact', version: '1', text: 'g' } });
  if (!encoded.ok) throw new Error(encoded.error.code);
  return writeBundle({ ...encoded.value.parts, [section]: content }, encoded.value.boundary);
}

/** 15 MiB of `{},`: refused at the 250,001st value (JSON-LIMIT-1), after 250,000 empty objects are read. */
const EMPTY_OBJECTS = (): string => `[${'{},'.repeat((15 * 1024 * 1024) / 3 - 1)}{}]`;

/** The MORPH-ENC-1 and MORPH-ART-1 bound: 64 MiB. */
const PADDED_BYTES = 64 * 1024 * 1024;

/** [label, CLI arguments, file name, its text, expected exit status, expected first output line]. */
const CASES: ReadonlyArray<[string, readonly string[], string, () => string, number, RegExp]> = [
  ['validate morph-artifact, valid, 15 MiB payload', ['validate', 'morph-artifact'], 'artifact.json', () => validArtifact(inputText()), 0, /^valid morph-artifact: /],
  ['testee exec morph.import, valid, 15 MiB payload', ['testee', 'exec', 'morph.import'], 'artifact.json', () => validArtifact(inputText()), 0, /^\{"value":\["0x/],
  ['testee exec morph.encode, valid, 15 MiB input', ['testee', 'exec', 'morph.encode'], 'request.json', () => validEncodeRequest(inputText()), 0, /^\{"bundle":"MORPH-CONTEXT\/1 /],
  ['validate morph-bundle, valid, 15 MiB payload', ['validate', 'morph-bundle'], 'bundle.txt', () => validBundle(inputText()), 0, /^valid morph-bundle: /],
  ['testee exec morph.decode, valid, 15 MiB payload', ['testee', 'exec', 'morph.decode'], 'bundle.txt', () => validBundle(inputText()), 0, /^\{"value":\["0x/],
  // Whitespace to the 64 MiB bound (MORPH-ENC-1, MORPH-ART-1): the bytes are released once parsed.
  ['testee exec morph.encode, valid, 15 MiB input padded to 64 MiB', ['testee', 'exec', 'morph.encode'], 'request-64.json', () => validEncodeRequest(inputText(), PADDED_BYTES), 0, /^\{"bundle":"MORPH-CONTEXT\/1 /],
  ['testee exec morph.import, valid, 15 MiB payload padded to 64 MiB', ['testee', 'exec', 'morph.import'], 'artifact-64.json', () => paddedArtifact(inputText(), PADDED_BYTES), 0, /^\{"value":\["0x/],
  ['validate morph-artifact, valid, 15 MiB payload padded to 64 MiB', ['validate', 'morph-artifact'], 'artifact-64.json', () => paddedArtifact(inputText(), PADDED_BYTES), 0, /^valid morph-artifact: /],
  // One string of wide characters: held as UTF-16, twice its bytes, in every step that holds it.
  ['validate morph-artifact, valid, 15 MiB wide payload', ['validate', 'morph-artifact'], 'artifact-wide.json', () => validArtifact(wideText()), 0, /^valid morph-artifact: /],
  ['testee exec morph.import, valid, 15 MiB wide payload', ['testee', 'exec', 'morph.import'], 'artifact-wide.json', () => validArtifact(wideText()), 0, /^\{"value":"x/],
  ['validate morph-artifact, valid, 15 MiB wide payload padded to 64 MiB', ['validate', 'morph-artifact'], 'artifact-wide-64.json', () => paddedArtifact(wideText(), PADDED_BYTES), 0, /^valid morph-artifact: /],
  ['testee exec morph.import, valid, 15 MiB wide payload padded to 64 MiB', ['testee', 'exec', 'morph.import'], 'artifact-wide-64.json', () => paddedArtifact(wideText(), PADDED_BYTES), 0, /^\{"value":"x/],
  ['testee exec morph.encode, valid, 15 MiB wide input', ['testee', 'exec', 'morph.encode'], 'request-wide.json', () => validEncodeRequest(wideText()), 0, /^\{"bundle":"MORPH-CONTEXT\/1 /],
  ['testee exec morph.encode, valid, 15 MiB wide input padded to 64 MiB', ['testee', 'exec', 'morph.encode'], 'request-wide-64.json', () => validEncodeRequest(wideText(), PADDED_BYTES), 0, /^\{"bundle":"MORPH-CONTEXT\/1 /],
  ['validate morph-bundle, valid, 15 MiB wide payload', ['validate', 'morph-bundle'], 'bundle-wide.txt', () => validBundle(wideText()), 0, /^valid morph-bundle: /],
  ['testee exec morph.decode, valid, 15 MiB wide payload', ['testee', 'exec', 'morph.decode'], 'bundle-wide.txt', () => validBundle(wideText()), 0, /^\{"value":"x/],
  ['validate morph-bundle, valid toon, 82,000 records', ['validate', 'morph-bundle'], 'toon.txt', validToonBundle, 0, /^valid morph-bundle: /],
  ['testee exec morph.decode, valid toon, 82,000 records', ['testee', 'exec', 'morph.decode'], 'toon.txt', validToonBundle, 0, /^\{"value":\[\{"id":0,"name":"n0x/],
  ...(['metadata', 'schema'] as const).flatMap((section): Array<[string, readonly string[], string, () => string, number, RegExp]> => [
    [`validate morph-bundle, ${section} of 15 MiB of {}`, ['validate', 'morph-bundle'], `${section}-empty.txt`, () => bundleWith(section, EMPTY_OBJECTS()), 1, /^code: LIMIT_EXCEEDED$/],
    [`testee exec morph.decode, ${section} of 15 MiB of {}`, ['testee', 'exec', 'morph.decode'], `${section}-empty.txt`, () => bundleWith(section, EMPTY_OBJECTS()), 1, /^code: LIMIT_EXCEEDED$/],
  ]),
  ['validate morph-bundle, schema of 249,999 {} (valid)', ['validate', 'morph-bundle'], 'schema-249999.txt', emptyObjectsSchemaBundle, 0, /^valid morph-bundle: /],
  ['testee exec morph.decode, schema of 249,999 {} (valid)', ['testee', 'exec', 'morph.decode'], 'schema-249999.txt', emptyObjectsSchemaBundle, 0, /^\{"value":\[\]\}$/],
];

const linux = existsSync('/proc/self/status');

describe.runIf(linux)('MORPH validators and testee exec on valid inputs near the bound and on sections of empty objects, under 200 MB peak RSS', () => {
  for (const [label, args, name, make, status, first] of CASES) {
    for (const pipe of [false, true]) {
      it(`${label}, ${pipe ? 'through a pipe' : 'from a regular file'}`, async () => {
        const r = await runCli(args, fileOf(name, make), pipe, label);
        expect([r.status, r.firstLine]).toEqual([status, expect.stringMatching(first)]);
        expect(r.peakKb).toBeGreaterThan(0);
        expect(r.peakKb).toBeLessThan(LIMIT_KB);
      }, 120_000);
    }
  }
});
