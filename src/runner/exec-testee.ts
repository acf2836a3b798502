/** Exec mode (spec/protocol, exec mode): one process per case, verdict from the exit status. */
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';
import { parseJson } from '../shared/json/parse-value.ts';
import { expandArgv } from './argv-template.ts';
import { BoundedBytes, HeadTailText } from './bounded-text.ts';
import { describeSpawnError, killGroup, spawnGroup } from './process-group.ts';
import {
  TesteeSetupError,
  type ImplementationInfo,
  type OpDeclaration,
  type Testee,
  type TesteeAnswer,
  type TesteeReply,
} from './testee-reply.ts';

/** Exit statuses of the exec contract. */
export const EXEC_STATUS = { ACCEPT: 0, REJECT: 1, SKIPPED: 4 } as const;

/** How long stdout is still read after the testee exited, when something else holds the pipe open. */
const EXIT_DRAIN_MS = 200;

/** Settings of an exec-mode testee. */
export interface ExecTesteeOptions {
  readonly template: readonly string[];
  /** The ops this testee serves (exec testees cannot declare: the user says, or every op). */
  readonly ops: readonly string[];
  readonly timeoutMs: number;
  /** Bound of stdout per case; past it the case is `errored:protocol`. */
  readonly maxOutputBytes: number;
  readonly implementation?: ImplementationInfo;
  /** Extra environment for the testee. */
  readonly env?: NodeJS.ProcessEnv;
}

const CODE_LINE = /^code:[ \t]*(\S+)/;
/** The bare rejection line of v1.1 (no code reported). */
const REJECT_LINE = /^reject[ \t]*$/;

/** Finds argv[0] the way spawn will, so a missing or non-executable program is a setup error up front. */
export function checkExecutable(argv0: string, env: NodeJS.ProcessEnv = process.env): void {
  const candidates =
    argv0.includes('/') || isAbsolute(argv0)
      ? [argv0]
      : (env.PATH ?? '').split(delimiter).filter(Boolean).map((dir) => join(dir, argv0));
  for (const path of candidates) {
    try {
      if (!statSync(path).isFile()) continue;
      accessSync(path, constants.X_OK);
      return;
    } catch {
      // try the next PATH entry
    }
  }
  const exists = candidates.some((p) => {
    try {
      return statSync(p).isFile();
    } catch {
      return false;
    }
  });
  throw new TesteeSetupError(
    exists ? `${argv0}: not executable (chmod +x, or name its interpreter first)` : `${argv0}: no such file or command`,
  );
}

/** Runs a testee process per case. */
export class ExecTestee implements Testee {
  readonly mode = 'exec';
  readonly implementation: ImplementationInfo;
  readonly ops: ReadonlyMap<string, OpDeclaration>;

  constructor(private readonly options: ExecTesteeOptions) {
    if (options.template.length === 0) throw new TesteeSetupError('empty testee argv');
    checkExecutable(options.template[0]!, options.env ?? process.env);
    this.implementation = options.implementation ?? { name: options.template.join(' ') };
    // Exec testees cannot tell whether they observe; a non-empty stdout on accept is taken as one.
    this.ops = new Map(options.ops.map((op) => [op, { observe: true }]));
  }

  run(op: string, inputPath: string): Promise<TesteeAnswer> {
    const argv = expandArgv(this.options.template, op, inputPath);
    const started = performance.now();
    return new Promise((resolve) => {
      const stdout = new BoundedBytes(this.options.maxOutputBytes);
      const stderr = new HeadTailText();
      let timedOut = false;
      let spawnError: string | undefined;
      const child = spawnGroup(argv, {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: this.options.env ? { ...process.env, ...this.options.env } : process.env,
      });
      const timer = setTimeout(() => {
        timedOut = true;
        killGroup(child.pid);
      }, this.options.timeoutMs);
      let settled = false;
      let drain: NodeJS.Timeout | undefined;
      let exited: { status: number | null; signal: NodeJS.Signals | null } | undefined;
      const armDrain = () => {
        if (!exited) return;
        clearTimeout(drain);
        drain = setTimeout(() => finish(exited!.status, exited!.signal), EXIT_DRAIN_MS);
      };
      child.stdout!.on('data', (chunk: Buffer) => {
        if (!stdout.push(chunk)) killGroup(child.pid);
        armDrain();
      });
      child.stderr!.on('data', (chunk: Buffer) => {
        stderr.push(chunk);
        armDrain();
      });
      const finish = (status: number | null, signal: NodeJS.Signals | null) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(drain);
        // A descendant that left the process group (setsid) may still hold the pipes: stop reading them.
        child.stdout!.destroy();
        child.stderr!.destroy();
        const reply = spawnError
          ? ({ kind: 'errored', errorClass: 'crash', detail: `cannot start: ${spawnError}` } as const)
          : this.interpret(status, signal, timedOut, stdout, stderr);
        resolve({ reply, timeMs: performance.now() - started, stderr: stderr.text() });
      };
      child.on('exit', (status: number | null, signal: NodeJS.Signals | null) => {
        // Whatever the testee left running in its group goes too (and frees the pipes it holds).
        killGroup(child.pid);
        // The case ends when the testee exits: what it wrote is in the pipe already, so a short drain
        // reads it even when an escaped descendant keeps the write end open (no EOF would ever come).
        exited = { status, signal };
        armDrain();
      });
      child.on('error', (err) => {
        spawnError = describeSpawnError(argv[0]!, err);
      });
      child.on('close', (status: number | null, signal: NodeJS.Signals | null) => finish(status, signal));
    });
  }

  private interpret(status: number | null, signal: string | null, timedOut: boolean, out: BoundedBytes, err: HeadTailText): TesteeReply {
    if (timedOut) {
      return { kind: 'errored', errorClass: 'timeout', detail: `no exit within ${this.options.timeoutMs} ms; process group killed` };
    }
    if (out.overflowed) {
      return { kind: 'errored', errorClass: 'protocol', detail: `stdout over ${this.options.maxOutputBytes} bytes` };
    }
    if (signal !== null) return { kind: 'errored', errorClass: 'crash', detail: `killed by signal ${signal}` };
    const bytes = out.bytes();
    if (status === EXEC_STATUS.ACCEPT) {
      if (isBlank(bytes)) return { kind: 'accept' };
      const parsed = parseJson(bytes);
      if (!parsed.ok) {
        return { kind: 'errored', errorClass: 'protocol', detail: `stdout on exit 0 is not JSON (${parsed.error.code})` };
      }
      return { kind: 'accept', observation: parsed.value };
    }
    if (status === EXEC_STATUS.REJECT) {
      // Protocol v1.1: Node and Python exit 1 on an uncaught exception, so status 1 is a rejection
      // only when the testee says so on its first stdout line; otherwise the testee crashed.
      const first = firstLine(bytes).trim();
      const m = CODE_LINE.exec(first);
      if (m) return { kind: 'reject', code: m[1]! };
      if (REJECT_LINE.test(first)) return { kind: 'reject' };
      const tail = lastLines(err.text(), 3);
      return {
        kind: 'errored',
        errorClass: 'crash',
        detail:
          'exit status 1 without a rejection line (v1.1: the first stdout line must be code: <CODE> or reject)' +
          (tail ? `; stderr ends: ${JSON.stringify(tail)}` : '; stderr is empty'),
      };
    }
    if (status === EXEC_STATUS.SKIPPED) {
      return { kind: 'skipped', reason: firstLine(bytes).trim() || 'exit status 4' };
    }
    return { kind: 'errored', errorClass: 'crash', detail: `exit status ${status}` };
  }

  async close(): Promise<void> {}
}

function isBlank(bytes: Buffer): boolean {
  for (const b of bytes) if (b !== 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return false;
  return true;
}

/**
 * The last `n` non-blank lines of a text, for a one-line account of a crash. Node stack frames and its
 * version trailer are left out: they come after the error message, which is the line that explains.
 */
function lastLines(text: string, n: number): string {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '' && !/^\s+at /.test(l) && !/^Node\.js v\d/.test(l))
    .slice(-n)
    .join('\n')
    .slice(-600);
}

function firstLine(bytes: Buffer): string {
  const nl = bytes.indexOf(0x0a);
  return bytes.subarray(0, nl === -1 ? Math.min(bytes.length, 4096) : Math.min(nl, 4096)).toString('utf8').replace(/\r$/, '');
}
