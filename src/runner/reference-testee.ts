/**
 * The reference oracle behind the testee contract (spec/protocol), so that `formcert certify` exercises
 * its own exec and persistent paths: `formcert testee exec <op> <input>` and `formcert testee serve`.
 */
import { closeSync, fstatSync, openSync, readFileSync, readSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { PACKAGE_ROOT } from '../shared/package-root.ts';
import type { Profile } from '../shared/errors.ts';
import { streamJson, writeJson } from '../shared/json/write-value.ts';
import { isOpName, OP_NAMES, type OpHandler, type OpName, type OpOutcome, type ReadAgain, type ReadChunk } from '../shared/ops.ts';
import { collectIfSet, readBounded } from '../shared/read-bounded.ts';
import { loadOracleOp } from './oracle-ops.ts';
import type { ImplementationInfo } from './testee-reply.ts';
import { EXEC_STATUS } from './exec-testee.ts';
import { printRejection } from './print-rejection.ts';
import type { AcceptReply, RunReply } from '../generated/protocol/run-reply.schema.ts';
import type { StartReply } from '../generated/protocol/start-reply.schema.ts';

const REPO_ROOT = PACKAGE_ROOT;

/** The CLI entry point, for spawning the reference testee. */
export const FORMCERT_BIN = join(REPO_ROOT, 'bin', 'formcert.mjs');

/** argv of `formcert testee serve`. */
export const REFERENCE_SERVE_ARGV: readonly string[] = [process.execPath, FORMCERT_BIN, 'testee', 'serve'];
/** argv template of `formcert testee exec`. */
export const REFERENCE_EXEC_TEMPLATE: readonly string[] = [process.execPath, FORMCERT_BIN, 'testee', 'exec', '{op}', '{input}'];

/** argv of the reference testee in persistent mode, judging under `profile`. */
export function referenceServeArgv(profile: Profile): readonly string[] {
  return [...REFERENCE_SERVE_ARGV, '--profile', profile];
}

/** argv template of the reference testee in exec mode, judging under `profile`. */
export function referenceExecTemplate(profile: Profile): readonly string[] {
  return [process.execPath, FORMCERT_BIN, 'testee', 'exec', '--profile', profile, '{op}', '{input}'];
}

/** Exit status of `testee exec` when the oracle itself breaks (never 0, 1 or 4: that would be a verdict). */
export const EXEC_INTERNAL_ERROR = 3;

/** Who the reference testee is. */
export function referenceImplementation(): ImplementationInfo {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
  return { name: 'formcert-oracle', version: pkg.version, language: 'typescript' };
}

/** Thrown when a format module of the oracle fails to import: a broken build, never "op not served". */
export class OracleLoadError extends Error {
  override readonly name = 'OracleLoadError';
}

/**
 * Loads an op's handler; undefined only when no format module provides the op. A module that fails
 * to import is an error with its cause: leaving its ops undeclared would turn them into `n/a` and let a
 * broken build certify as PASSED.
 */
async function loadHandler(op: OpName): Promise<OpHandler | undefined> {
  try {
    return await loadOracleOp(op);
  } catch (e) {
    throw new OracleLoadError(`the oracle's module for ${op} failed to load: ${(e as Error).stack ?? String(e)}`);
  }
}

/** An I/O error reading the input file (exit 2), told apart from a bug in the op (exit 3). */
class InputReadError extends Error {
  override readonly name = 'InputReadError';
}

async function readInput(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (e) {
    throw new InputReadError((e as Error).message, { cause: e });
  }
}

/** Reads at most `limit` bytes of `path`, or finds it longer (I/O errors as InputReadError). */
function readInputBounded(path: string, limit: number): ReturnType<typeof readBounded> {
  try {
    return readBounded(path, limit);
  } catch (e) {
    throw new InputReadError((e as Error).message, { cause: e });
  }
}

/** Smallest read buffer sized to a small input (so that a tiny case does not cost a 1–4 MiB allocation per run). */
const MIN_SIZED_CHUNK_BYTES = 64 * 1024;

/**
 * A read buffer size for the regular file `st` describes: one byte more than the file, so that the whole
 * of it arrives in the first read and the second reads its end, exactly as with the op's larger
 * default buffer; undefined for a pipe or a device (the op's default).
 */
function sizedChunkBytes(st: Stats): number | undefined {
  return st.isFile() ? Math.max(MIN_SIZED_CHUNK_BYTES, st.size + 1) : undefined;
}

/**
 * Runs `op` on the input at `path` (a file, a pipe or a device) so that memory never follows the
 * input: an op that streams reads it in chunks; an op on one document of bounded size reads at most
 * its bound and refuses a longer input as the op does (issue 11 item 8). Only an op with neither (none
 * of the contract's today; reference-testee.test.ts checks) reads its input whole.
 */
async function runOnInput(handler: OpHandler, path: string, profile: Profile): Promise<OpOutcome> {
  const stream = handler.stream;
  if (stream) return readStreaming(path, (read, readAgain, chunkBytes) => stream(read, chunkBytes === undefined ? { profile } : { profile, readChunkBytes: chunkBytes }, readAgain));
  const bound = handler.inputBound;
  if (bound) {
    const input = readInputBounded(path, bound.maxBytes);
    // Read for this call alone: the op may release the bytes once parsed.
    return input.ok ? await handler(input.bytes, { profile, inputOwned: true }) : bound.refuse(input.size);
  }
  return await handler(await readInput(path), { profile });
}

/**
 * Runs a streaming op over the file (or pipe, or device) at `path`, read synchronously in chunks; a
 * regular file can also be read again at any offset, and its size sizes the first read buffer.
 */
function readStreaming(
  path: string,
  stream: (read: ReadChunk, readAgain: ReadAgain | undefined, chunkBytes: number | undefined) => OpOutcome,
): OpOutcome {
  let fd: number;
  let regular: boolean;
  let chunkBytes: number | undefined;
  try {
    fd = openSync(path, 'r');
    const st = fstatSync(fd);
    regular = st.isFile();
    chunkBytes = sizedChunkBytes(st);
  } catch (e) {
    throw new InputReadError((e as Error).message, { cause: e });
  }
  const io = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      throw new InputReadError((e as Error).message, { cause: e });
    }
  };
  const readAgain: ReadAgain = (start, end) =>
    io(() => {
      const out = Buffer.allocUnsafe(end - start);
      for (let done = 0; done < out.length; ) {
        const n = readSync(fd, out, done, out.length - done, start + done);
        if (n === 0) throw new Error(`${path} shrank while it was read`);
        done += n;
      }
      return out;
    });
  try {
    return stream((buf, offset, length) => io(() => readSync(fd, buf, offset, length, null)), regular ? readAgain : undefined, chunkBytes);
  } finally {
    closeSync(fd);
  }
}

/** `formcert testee exec <op> <input>`: runs one op under `profile` and answers by exit status; resolves to that status. */
export async function execReferenceOp(op: string, inputPath: string, out: Writable, err: Writable, profile: Profile = 'strict'): Promise<number> {
  if (!isOpName(op)) {
    err.write(`formcert testee: unknown op ${JSON.stringify(op)} (one of ${OP_NAMES.join(', ')})\n`);
    return 2;
  }
  let handler: OpHandler | undefined;
  try {
    handler = await loadHandler(op);
  } catch (e) {
    err.write(`formcert testee: ${(e as Error).message}\n`);
    return EXEC_INTERNAL_ERROR;
  }
  if (!handler) {
    out.write(`${op} is not available in this build of the oracle\n`);
    return EXEC_STATUS.SKIPPED;
  }
  let outcome: OpOutcome;
  try {
    outcome = await runOnInput(handler, inputPath, profile);
  } catch (e) {
    if (e instanceof InputReadError) {
      err.write(`formcert testee: cannot read ${inputPath}: ${e.message}\n`);
      return 2;
    }
    // A throw is a bug in the oracle, never a verdict on the input.
    err.write(`formcert testee: internal error in ${op}: ${(e as Error).stack ?? String(e)}\n`);
    return EXEC_INTERNAL_ERROR;
  }
  try {
    if ('skipped' in outcome) {
      out.write(`${outcome.skipped}\n`);
      return EXEC_STATUS.SKIPPED;
    }
    if (outcome.accept) {
      // What the op built on the way (a decoded tree, a payload: each as large as the input) is garbage
      // now; collected before the observation is written (`testee exec` sets a collection), not beside it.
      collectIfSet();
      // Written as it is made: an observation near the input bounds is tens of MB as one string.
      streamJson(outcome.observation, {}, (run) => out.write(run));
      out.write('\n');
      return EXEC_STATUS.ACCEPT;
    }
    printRejection(outcome.error, (s) => out.write(s));
    return EXEC_STATUS.REJECT;
  } catch (e) {
    // A throw is a bug in the oracle, never a verdict on the input.
    err.write(`formcert testee: internal error in ${op}: ${(e as Error).stack ?? String(e)}\n`);
    return EXEC_INTERNAL_ERROR;
  }
}

/** A reply line of the protocol (spec/protocol/schemas/run-reply.schema.json, through its generated type). */
const replyLine = (reply: RunReply): string => JSON.stringify(reply);

/** Builds the reply line of one run. */
async function answerRun(handlers: ReadonlyMap<string, OpHandler>, seq: number, op: string, inputPath: string, profile: Profile): Promise<string> {
  const handler = handlers.get(op);
  if (!handler || !isOpName(op)) return replyLine({ seq, skipped: `op ${op} is not declared by this testee` });
  try {
    const outcome = await runOnInput(handler, inputPath, profile);
    if ('skipped' in outcome) return replyLine({ seq, skipped: outcome.skipped });
    if (outcome.accept) {
      // The observation keeps its number lexemes, so it is written by writeJson, not JSON.stringify.
      const head: Omit<AcceptReply, 'observation'> = { seq, accept: true };
      return `${JSON.stringify(head).slice(0, -1)},"observation":${writeJson(outcome.observation)}}`;
    }
    return replyLine({ seq, accept: false, code: outcome.error.code, message: outcome.error.message });
  } catch (e) {
    return replyLine({ seq, errored: `${op}: ${(e as Error).message}` });
  }
}

/**
 * `formcert testee serve`: the persistent protocol on `input`/`output`, every run judged under
 * `profile`. Runs are answered as they finish (replies may overtake each other); `stop` waits for
 * runs in flight, then resolves.
 */
export async function serveReference(input: Readable, output: Writable, err: Writable, profile: Profile = 'strict'): Promise<void> {
  const handlers = new Map<string, OpHandler>();
  const pending = new Set<Promise<void>>();
  // Replies finished in one turn of the event loop leave in one write (a batch of runs, one syscall).
  let outbox = '';
  const flush = () => {
    if (outbox === '') return;
    const text = outbox;
    outbox = '';
    output.write(text);
  };
  const write = (line: string) => {
    if (outbox === '') setImmediate(flush);
    outbox += line + '\n';
  };
  const lines = createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    if (line.trim() === '') continue;
    let msg: { cmd?: unknown; seq?: unknown; op?: unknown; input?: unknown; protocol?: unknown };
    try {
      msg = JSON.parse(line) as typeof msg;
    } catch {
      err.write(`formcert testee serve: not JSON: ${line.slice(0, 200)}\n`);
      continue;
    }
    if (msg.cmd === 'start') {
      // An OracleLoadError propagates: `testee serve` exits non-zero with the cause on stderr, so the
      // handshake fails and certify stops with exit status 2 instead of scoring the ops as n/a.
      for (const op of OP_NAMES) {
        const h = await loadHandler(op);
        if (h) handlers.set(op, h);
      }
      const ops = Object.fromEntries([...handlers.keys()].map((op) => [op, { observe: true }]));
      const start: StartReply = { protocol: 1, implementation: referenceImplementation(), ops };
      write(JSON.stringify(start));
    } else if (msg.cmd === 'run' && typeof msg.seq === 'number' && typeof msg.op === 'string' && typeof msg.input === 'string') {
      const p = answerRun(handlers, msg.seq, msg.op, msg.input, profile).then((reply) => {
        write(reply);
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    } else if (msg.cmd === 'run' && typeof msg.seq === 'number') {
      write(replyLine({ seq: msg.seq, errored: 'run needs "op" and "input" strings' }));
    } else if (msg.cmd === 'stop') {
      break;
    } else {
      err.write(`formcert testee serve: unknown command: ${line.slice(0, 200)}\n`);
    }
  }
  lines.close();
  await Promise.all(pending);
  flush();
}
