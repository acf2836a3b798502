/**
 * What the bundled testees really say validates against spec/protocol/schemas/: the reference oracle
 * (`formcert testee serve`, `formcert testee exec`) and the independent Python reader, in both modes.
 * Every message of a whole session is checked, the runner's side included.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OP_NAMES, type OpName } from '../../src/shared/ops.ts';
import { loadProtocolValidators, type ProtocolMessage, type ProtocolValidators } from '../../src/shared/protocol-schemas.ts';
import type { Vector } from '../../src/shared/vectors.ts';
import { REFERENCE_EXEC_TEMPLATE, REFERENCE_SERVE_ARGV } from '../../src/runner/reference-testee.ts';
import { loadVectors } from '../../src/runner/vectors/load-vectors.ts';

const PYTHON_READER = join(import.meta.dirname, '../testees/python/formcert_reader.py');
const PYTHON_EXEC_TEMPLATE = ['python3', PYTHON_READER, '{op}', '{input}'];
const TIMEOUT_MS = 120_000;

interface Case {
  readonly op: OpName;
  readonly path: string;
  readonly verdict: 'accept' | 'reject';
}

let v: ProtocolValidators;
let vectors: Vector[];
let dir: string;

beforeAll(async () => {
  v = loadProtocolValidators();
  vectors = await loadVectors();
  dir = mkdtempSync(join(tmpdir(), 'formcert-protocol-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The first few accepted and rejected vectors of each op, written to files: enough to see every reply kind. */
function sampleCases(ops: readonly OpName[], perVerdict = 4, only: (v: (typeof vectors)[number]) => boolean = () => true): Case[] {
  const picked: Case[] = [];
  for (const op of ops) {
    for (const verdict of ['accept', 'reject'] as const) {
      for (const vec of vectors.filter((x) => x.op === op && x.expect.verdict === verdict && only(x)).slice(0, perVerdict)) {
        const path = join(dir, `${vec.id}.in`);
        writeFileSync(path, vec.input);
        picked.push({ op, path, verdict });
      }
    }
  }
  return picked;
}

interface Session {
  readonly sent: unknown[];
  readonly received: unknown[];
  readonly status: number | null;
}

/** Speaks persistent mode with `argv`: start, every run pipelined, stop; returns both sides of the talk. */
async function converse(argv: readonly string[], runs: readonly Case[]): Promise<Session> {
  const child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const sent: unknown[] = [];
  const received: unknown[] = [];
  const send = (msg: unknown) => {
    sent.push(msg);
    child.stdin.write(JSON.stringify(msg) + '\n');
  };
  const receive = async () => {
    const next = await lines.next();
    if (next.done) throw new Error(`${argv.join(' ')} closed stdout early`);
    received.push(JSON.parse(next.value));
  };
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  send({ cmd: 'start', protocol: 1 });
  await receive();
  for (const [seq, r] of runs.entries()) send({ cmd: 'run', seq, op: r.op, input: r.path });
  for (let i = 0; i < runs.length; i++) await receive();
  send({ cmd: 'stop' });
  child.stdin.end();
  return { sent, received, status: await exited };
}

function replyKind(reply: Record<string, unknown>): ProtocolMessage {
  if (reply.accept === true) return 'accept-reply';
  if (reply.accept === false) return 'reject-reply';
  return 'skipped' in reply ? 'skipped-reply' : 'errored-reply';
}

/** Validates a whole session; returns the violations (which message, which schema, what) and the reply kinds seen. */
function checkSession(s: Session, runs: readonly Case[]): { problems: string[]; kinds: Set<string> } {
  const problems: string[] = [];
  const kinds = new Set<string>();
  const note = (where: string, found: string[]) => problems.push(...found.map((p) => `${where}: ${p}`));
  for (const [i, msg] of s.sent.entries()) note(`sent #${i}`, v.message[`${(msg as { cmd: string }).cmd}-request` as ProtocolMessage](msg));
  note('start reply', v.message['start-reply'](s.received[0]));
  for (const reply of s.received.slice(1) as Record<string, unknown>[]) {
    const where = `reply seq ${String(reply.seq)}`;
    note(where, v.message['run-reply'](reply));
    const kind = replyKind(reply);
    kinds.add(kind);
    note(`${where} as ${kind}`, v.message[kind](reply));
    const run = runs[reply.seq as number];
    if (run === undefined) problems.push(`${where}: no run has this seq`);
    else if (kind === 'accept-reply') note(`${where} observation (${run.op})`, v.observation[run.op](reply.observation));
  }
  return { problems, kinds };
}

/** Runs an exec template on each case; checks the status, the observation on accept and the first line on reject. */
function checkExec(template: readonly string[], cases: readonly Case[]): string[] {
  const problems: string[] = [];
  for (const c of cases) {
    const argv = template.map((a) => a.replace('{op}', c.op).replace('{input}', c.path));
    const r = spawnSync(argv[0]!, argv.slice(1), { encoding: 'utf8' });
    const where = `${c.op} ${c.path}`;
    if (c.verdict === 'accept') {
      if (r.status !== 0) problems.push(`${where}: exit ${String(r.status)} on a valid input`);
      else problems.push(...v.observation[c.op](JSON.parse(r.stdout)).map((p) => `${where}: ${p}`));
    } else {
      if (r.status !== 1) problems.push(`${where}: exit ${String(r.status)} on an invalid input`);
      problems.push(...v.message['exec-reject-line'](r.stdout.split('\n')[0]).map((p) => `${where} first line: ${p}`));
    }
  }
  return problems;
}

describe('persistent mode', () => {
  it(
    'formcert testee serve: start, runs of every op, stop all validate, and it exits 0 on stop',
    async () => {
      const runs = sampleCases(OP_NAMES);
      const session = await converse(REFERENCE_SERVE_ARGV, runs);
      const { problems, kinds } = checkSession(session, runs);
      expect(problems).toEqual([]);
      expect(session.received).toHaveLength(runs.length + 1);
      expect([...kinds].sort()).toEqual(['accept-reply', 'reject-reply']);
      expect(Object.keys((session.received[0] as { ops: object }).ops).sort()).toEqual([...OP_NAMES].sort());
      expect(session.status).toBe(0);
    },
    TIMEOUT_MS,
  );

  it(
    'the Python reader (--persistent): its replies validate, skipped ones included',
    async () => {
      // Accepted toon bundles: the Python reader skips them (a toon payload needs the official JavaScript package).
      const toonBundles = sampleCases(['morph.decode'], 1, (v) => v.name.includes('toon'));
      const runs = [...sampleCases(['journal.read', 'codegraph.read', 'morph.c14n']), ...toonBundles];
      const session = await converse(['python3', PYTHON_READER, '--persistent'], runs);
      const { problems, kinds } = checkSession(session, runs);
      expect(problems).toEqual([]);
      expect([...kinds].sort()).toEqual(['accept-reply', 'reject-reply', 'skipped-reply']);
      expect(session.status).toBe(0);
    },
    TIMEOUT_MS,
  );
});

describe('exec mode', () => {
  it(
    'formcert testee exec: an accept prints an observation that validates, a reject starts with its rejection line',
    () => expect(checkExec(REFERENCE_EXEC_TEMPLATE, sampleCases(['journal.read', 'morph.c14n', 'journal.track-key'], 1))).toEqual([]),
    TIMEOUT_MS,
  );

  it(
    'the Python reader: the same for journal.read and codegraph.read',
    () => expect(checkExec(PYTHON_EXEC_TEMPLATE, sampleCases(['journal.read', 'codegraph.read'], 2))).toEqual([]),
    TIMEOUT_MS,
  );
});
