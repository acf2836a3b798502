/**
 * A MORPH testee built on the reference oracle's morph ops with at most one injected fault, for the
 * mutant corpus. Each fault is a plausible third-party bug expressed around the oracle: an input
 * "repair" before decoding (CRLF normalised, BOM skipped), an output slip (digest in upper case,
 * lexemes through doubles), or one check skipped (the oracle's refusal with that code is ignored).
 *
 *   node bin/run-ts.mjs conformance/mutants/morph/testee.ts [--fault NAME] --persistent
 *   node bin/run-ts.mjs conformance/mutants/morph/testee.ts [--fault NAME] <op> <input>
 */
import { readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseJson } from '../../../src/shared/json/parse-value.ts';
import { writeJson } from '../../../src/shared/json/write-value.ts';
import { JsonNumber, type JsonValue } from '../../../src/shared/json/value.ts';
import type { OpName, OpOutcome } from '../../../src/shared/ops.ts';
import { ops } from '../../../src/morph/ops.ts';

/** How a fault changes the oracle's answer. */
interface Fault {
  /** Rewrites the input before the oracle sees it. */
  readonly input?: (op: OpName, bytes: Uint8Array) => Uint8Array;
  /** Rewrites the oracle's outcome. */
  readonly outcome?: (op: OpName, outcome: OpOutcome, bytes: Uint8Array) => OpOutcome;
}

const CR = 0x0d;
const LF = 0x0a;

function withoutCrBeforeLf(bytes: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) if (!(bytes[i] === CR && bytes[i + 1] === LF)) out.push(bytes[i]!);
  return new Uint8Array(out);
}

/** Every number of a value re-written the way a double would print it. */
function throughDoubles(v: JsonValue): JsonValue {
  if (v instanceof JsonNumber) {
    const n = Number(v.lexeme);
    return Number.isFinite(n) ? new JsonNumber(Object.is(n, -0) ? '0' : JSON.stringify(n)) : v;
  }
  if (Array.isArray(v)) return v.map(throughDoubles);
  if (v instanceof Map) return new Map([...v].map(([k, x]) => [k, throughDoubles(x)]));
  return v;
}

/** Accepts what the oracle refuses with one of `codes` on `op` (the check behind them was skipped). */
function skipCheck(op: OpName, ...codes: string[]): Fault {
  return {
    outcome: (o, outcome) =>
      o === op && 'accept' in outcome && !outcome.accept && codes.includes(outcome.error.code)
        ? { accept: true, observation: new Map<string, JsonValue>([['value', null]]) }
        : outcome,
  };
}

function maxDepth(v: JsonValue): number {
  let max = 0;
  const stack: Array<[JsonValue, number]> = [[v, 0]];
  while (stack.length > 0) {
    const [x, d] = stack.pop()!;
    if (Array.isArray(x) || x instanceof Map) {
      max = Math.max(max, d + 1);
      for (const c of Array.isArray(x) ? x : x.values()) stack.push([c, d + 1]);
    }
  }
  return max;
}

const FAULTS: Record<string, Fault> = {
  // R-M6: CRLF is not the bundle's line ending; this reader normalises it away.
  'decode-crlf-normalized': { input: (op, b) => (op === 'morph.decode' ? withoutCrBeforeLf(b) : b) },
  // R-M6: no byte may follow the final marker; this reader strips one trailing LF.
  'decode-trailing-lf-tolerated': {
    input: (op, b) => (op === 'morph.decode' && b[b.length - 1] === LF ? b.subarray(0, b.length - 1) : b),
  },
  // R-S1: a byte-order mark is refused; this reader skips it.
  'c14n-bom-skipped': {
    input: (op, b) => (op === 'morph.c14n' && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? b.subarray(3) : b),
  },
  // R-S2: numbers keep their lexemes; this reader parses them into doubles before digesting.
  'c14n-lexemes-lost': {
    input: (op, b) => {
      if (op !== 'morph.c14n') return b;
      const parsed = parseJson(b);
      return parsed.ok ? new Uint8Array(Buffer.from(writeJson(throughDoubles(parsed.value)), 'utf8')) : b;
    },
  },
  // R-S2: the decoded value's numbers go through doubles.
  'decode-lexemes-lost': {
    outcome: (op, o) => (op === 'morph.decode' && 'accept' in o && o.accept ? { accept: true, observation: throughDoubles(o.observation) } : o),
  },
  'import-lexemes-lost': {
    outcome: (op, o) => (op === 'morph.import' && 'accept' in o && o.accept ? { accept: true, observation: throughDoubles(o.observation) } : o),
  },
  // R-M9: digests are lowercase hex; this reader prints upper case.
  'c14n-digest-uppercase': {
    outcome: (op, o) => {
      if (op !== 'morph.c14n' || !('accept' in o) || !o.accept || !(o.observation instanceof Map)) return o;
      const digest = o.observation.get('digest');
      return typeof digest === 'string' ? { accept: true, observation: new Map([['digest', digest.toUpperCase()]]) } : o;
    },
  },
  // R-M6: the final marker ends the bundle; this writer adds a line feed after it.
  'encode-trailing-lf': {
    outcome: (op, o) => {
      if (op !== 'morph.encode' || !('accept' in o) || !o.accept || !(o.observation instanceof Map)) return o;
      const bundle = o.observation.get('bundle');
      return typeof bundle === 'string' ? { accept: true, observation: new Map([['bundle', bundle + '\n']]) } : o;
    },
  },
  // R-M2: the depth limit is 64 inclusive; this reader refuses depth 64 already.
  'c14n-depth-limit-off-by-one': {
    outcome: (op, o, b) => {
      if (op !== 'morph.c14n' || !('accept' in o) || !o.accept) return o;
      const parsed = parseJson(b);
      if (!parsed.ok || maxDepth(parsed.value) < 64) return o;
      return { accept: false, error: { kind: 'format-error', code: 'LIMIT_EXCEEDED', requirement: 'R-M2', profile: 'core', location: {}, message: 'too deep' } };
    },
  },
  // R-M1: toon@4.1.1 is a registered codec; this reader does not know it and refuses instead of skipping.
  'decode-toon-refused': {
    outcome: (op, o, b) =>
      op === 'morph.decode' && Buffer.from(b).includes('"encoding":"toon"')
        ? { accept: false, error: { kind: 'format-error', code: 'UNSUPPORTED_ENCODING', requirement: 'R-M1', profile: 'core', location: {}, message: 'toon' } }
        : o,
  },
  'c14n-limit-not-enforced': skipCheck('morph.c14n', 'LIMIT_EXCEEDED'),
  'decode-payload-cr-tolerated': skipCheck('morph.decode', 'PAYLOAD_CARRIAGE_RETURN'),
  'decode-noncanonical-payload-tolerated': skipCheck('morph.decode', 'PAYLOAD_NOT_CANONICAL', 'TOON_NOT_CANONICAL'),
  'decode-missing-parent-tolerated': skipCheck('morph.decode', 'MISSING_PARENT'),
  'decode-count-unchecked': skipCheck('morph.decode', 'ROW_COUNT_MISMATCH', 'ELEMENT_COUNT_MISMATCH', 'RECORD_COUNT_MISMATCH', 'ITEM_COUNT_MISMATCH'),
  'decode-digest-unchecked': skipCheck('morph.decode', 'DIGEST_MISMATCH'),
  'decode-trailing-data-tolerated': skipCheck('morph.decode', 'BUNDLE_TRAILING_DATA'),
  'decode-metadata-not-canonical-tolerated': skipCheck('morph.decode', 'BUNDLE_METADATA_NOT_CANONICAL'),
  'import-unknown-member-tolerated': skipCheck('morph.import', 'ARTIFACT_UNKNOWN_MEMBER'),
  'import-integrity-unchecked': skipCheck('morph.import', 'INTEGRITY_MISMATCH'),
  'import-digest-unchecked': skipCheck('morph.import', 'DIGEST_MISMATCH'),
};

/** Fault names this testee knows. */
export const MORPH_FAULTS = Object.keys(FAULTS);

async function runOp(fault: Fault | undefined, op: OpName, path: string): Promise<OpOutcome> {
  const handler = ops[op];
  if (!handler) return { skipped: `${op} is not a morph op` };
  const original = new Uint8Array(await readFile(path));
  const input = fault?.input ? fault.input(op, original) : original;
  const outcome = await handler(input);
  return fault?.outcome ? fault.outcome(op, outcome, original) : outcome;
}

async function serve(fault: Fault | undefined, name: string): Promise<void> {
  const send = (text: string) => process.stdout.write(text + '\n');
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const req = JSON.parse(line) as { cmd: string; seq?: number; op?: OpName; input?: string };
    if (req.cmd === 'start') {
      send(
        JSON.stringify({
          protocol: 1,
          implementation: { name: `morph-mutant${name ? `-${name}` : '-clean'}`, version: '1.0.0', language: 'typescript' },
          ops: Object.fromEntries(Object.keys(ops).map((op) => [op, { observe: true }])),
        }),
      );
    } else if (req.cmd === 'stop') {
      process.exit(0);
    } else if (req.cmd === 'run') {
      const outcome = await runOp(fault, req.op!, req.input!);
      if ('skipped' in outcome) send(JSON.stringify({ seq: req.seq, skipped: outcome.skipped }));
      else if (outcome.accept) send(`{"seq":${req.seq},"accept":true,"observation":${writeJson(outcome.observation)}}`);
      else send(JSON.stringify({ seq: req.seq, accept: false, code: outcome.error.code }));
    }
  }
}

async function main(argv: string[]): Promise<number> {
  let name = '';
  if (argv[0] === '--fault') {
    name = argv[1] ?? '';
    argv = argv.slice(2);
  }
  const fault = name ? FAULTS[name] : undefined;
  if (name && !fault) {
    process.stderr.write(`unknown fault ${name}\n`);
    return 2;
  }
  if (argv[0] === '--persistent') {
    await serve(fault, name);
    return 0;
  }
  const [op, path] = argv;
  if (!op || !path) {
    process.stderr.write('usage: testee.ts [--fault NAME] (--persistent | <op> <input>)\n');
    return 2;
  }
  const outcome = await runOp(fault, op as OpName, path);
  if ('skipped' in outcome) {
    process.stdout.write(outcome.skipped + '\n');
    return 4;
  }
  if (outcome.accept) {
    process.stdout.write(writeJson(outcome.observation) + '\n');
    return 0;
  }
  process.stdout.write(`code: ${outcome.error.code}\n`);
  return 1;
}

if (process.argv[1]?.endsWith('testee.ts')) process.exitCode = await main(process.argv.slice(2));
