/**
 * Persistent mode (spec/protocol, persistent mode): one long-lived process per job speaking JSON lines, with
 * several runs in flight (pipelining); replies are matched by seq. A process that crashes, hangs or
 * breaks the protocol is killed and restarted, and the run goes on.
 *
 * Attribution: when a process is lost with one case in flight, that case gets the error. With several
 * in flight the culprit is unknown, so all of them are run again one at a time ("careful" mode) and
 * only the one that breaks the fresh process again is charged — exact for any testee, at the price of
 * one more restart.
 *
 * stderr is one stream for the whole process: the text that arrived since the previous reply goes with
 * each reply (best effort; a line written just before a reply may arrive after it).
 */
import type { ChildProcess } from 'node:child_process';
import { checkExecutable } from './exec-testee.ts';
import { HeadTailText } from './bounded-text.ts';
import { LineSplitter } from './line-splitter.ts';
import { parseHandshake, parseRunReply, PROTOCOL_VERSION, type Handshake } from './parse-persistent-reply.ts';
import { describeSpawnError, killGroup, spawnGroup } from './process-group.ts';
import {
  TesteeSetupError,
  type ErrorClassReply,
  type ImplementationInfo,
  type OpDeclaration,
  type Testee,
  type TesteeAnswer,
} from './testee-reply.ts';
import type { ErrorClass } from '../results/outcome.ts';

/** Settings of a persistent testee. */
export interface PersistentTesteeOptions {
  readonly argv: readonly string[];
  /** Processes to run side by side. */
  readonly jobs: number;
  /** Runs in flight per process. */
  readonly depth: number;
  /** No reply for this long while runs are in flight = the process hangs. */
  readonly timeoutMs: number;
  /** Bound of one reply line. */
  readonly maxOutputBytes: number;
  /** Time allowed for start-up and the `start` reply. */
  readonly handshakeTimeoutMs?: number;
  readonly env?: NodeJS.ProcessEnv;
}

interface Entry {
  readonly op: string;
  readonly inputPath: string;
  readonly resolve: (answer: TesteeAnswer) => void;
  /** Lost once with other runs in flight: now runs alone. */
  retried: boolean;
  sentAt: number;
}

/** How many times in a row a process may fail to come back before its cases are all errored. */
const MAX_FAILED_RESTARTS = 2;

/** One testee process and its queue. */
class PersistentProcess {
  private child: ChildProcess | undefined;
  private state: 'idle' | 'starting' | 'ready' | 'stopping' | 'dead' = 'idle';
  private readonly queue: Entry[] = [];
  private readonly inFlight = new Map<number, Entry>();
  private nextSeq = 1;
  private watchdog: NodeJS.Timeout | undefined;
  private stderr = new HeadTailText();
  private failedStarts = 0;
  private deadReason = '';
  private lineHandler: (line: Buffer) => void = () => {};
  private lostHandler: (errorClass: ErrorClass, detail: string) => void = () => {};
  handshake: Handshake | undefined;

  constructor(private readonly options: PersistentTesteeOptions) {}

  /** Queued plus in-flight runs. */
  get load(): number {
    return this.queue.length + this.inFlight.size;
  }

  /** Spawns the process and exchanges `start`; rejects with a TesteeSetupError. */
  start(): Promise<Handshake> {
    this.state = 'starting';
    const stderr = new HeadTailText();
    this.stderr = stderr;
    const argv = this.options.argv;
    const child = spawnGroup(argv, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: this.options.env ? { ...process.env, ...this.options.env } : process.env,
    });
    this.child = child;
    const splitter = new LineSplitter(
      this.options.maxOutputBytes,
      (line) => this.lineHandler(line),
      () => this.lostHandler('protocol', `reply line over ${this.options.maxOutputBytes} bytes`),
    );
    child.stdout!.on('data', (chunk: Buffer) => {
      if (this.child === child) splitter.push(chunk);
    });
    child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.stdin!.on('error', () => {
      // EPIPE when the testee died: its exit is handled below.
    });
    return new Promise<Handshake>((resolve, reject) => {
      const limit = this.options.handshakeTimeoutMs ?? Math.max(this.options.timeoutMs, 20_000);
      const fail = (why: string) => {
        clearTimeout(timer);
        this.lineHandler = () => {};
        this.lostHandler = () => {};
        this.child = undefined;
        killGroup(child.pid);
        const tail = stderr.text().trim();
        reject(new TesteeSetupError(`${why}${tail ? `\n--- testee stderr ---\n${tail}` : ''}`));
      };
      const timer = setTimeout(() => fail(`no reply to "start" within ${limit} ms`), limit);
      child.on('error', (err) => fail(`cannot start ${describeSpawnError(argv[0]!, err)}`));
      child.on('exit', (status, signal) => {
        if (this.child !== child) return;
        const how = signal ? `killed by signal ${signal}` : `exit status ${status}`;
        if (this.state === 'starting') fail(`testee exited during start-up (${how})`);
        else if (this.state === 'ready') this.lose('crash', `testee process died (${how})`);
      });
      this.lostHandler = (_cls, detail) => fail(detail);
      this.lineHandler = (line) => {
        clearTimeout(timer);
        const hs = parseHandshake(line);
        if (!hs.ok) {
          fail(`bad reply to "start": ${hs.problem}`);
          return;
        }
        this.handshake = hs.value;
        this.state = 'ready';
        this.failedStarts = 0;
        this.lineHandler = (l) => this.onReply(l);
        this.lostHandler = (cls, detail) => this.lose(cls, detail);
        resolve(hs.value);
        this.pump();
      };
      child.stdin!.write(JSON.stringify({ cmd: 'start', protocol: PROTOCOL_VERSION }) + '\n');
    });
  }

  run(op: string, inputPath: string): Promise<TesteeAnswer> {
    return new Promise((resolve) => {
      this.queue.push({ op, inputPath, resolve, retried: false, sentAt: 0 });
      this.pump();
    });
  }

  private pump(): void {
    if (this.state === 'dead') {
      for (const e of this.queue.splice(0)) this.finish(e, { errorClass: 'crash', detail: this.deadReason }, '');
      return;
    }
    if (this.state === 'idle' && this.queue.length > 0) {
      this.restart();
      return;
    }
    if (this.state !== 'ready') return;
    const wasIdle = this.inFlight.size === 0;
    while (this.queue.length > 0 && this.inFlight.size < this.options.depth) {
      // A case being retried runs alone, so that a second failure names it for certain.
      if (this.inFlight.size > 0 && (this.queue[0]!.retried || [...this.inFlight.values()].some((e) => e.retried))) break;
      const entry = this.queue.shift()!;
      const seq = this.nextSeq++;
      entry.sentAt = performance.now();
      this.inFlight.set(seq, entry);
      this.child!.stdin!.write(JSON.stringify({ cmd: 'run', seq, op: entry.op, input: entry.inputPath }) + '\n');
    }
    if (wasIdle && this.inFlight.size > 0) this.armWatchdog();
  }

  private restart(): void {
    this.start().then(
      () => undefined,
      (err: Error) => {
        this.failedStarts++;
        if (this.failedStarts >= MAX_FAILED_RESTARTS) {
          this.state = 'dead';
          this.deadReason = `testee could not be restarted: ${err.message}`;
        } else {
          this.state = 'idle';
        }
        this.pump();
      },
    );
  }

  private armWatchdog(): void {
    clearTimeout(this.watchdog);
    if (this.inFlight.size === 0) return;
    this.watchdog = setTimeout(
      () => this.lose('timeout', `no reply within ${this.options.timeoutMs} ms; process group killed`),
      this.options.timeoutMs,
    );
  }

  private onReply(line: Buffer): void {
    const parsed = parseRunReply(line);
    if (!parsed.ok) {
      this.lose('protocol', parsed.problem);
      return;
    }
    const entry = this.inFlight.get(parsed.value.seq);
    if (!entry) {
      this.lose('protocol', `reply for seq ${parsed.value.seq}, which is not in flight`);
      return;
    }
    this.inFlight.delete(parsed.value.seq);
    const reply = parsed.value.reply;
    entry.resolve({ reply, timeMs: performance.now() - entry.sentAt, stderr: this.stderr.take() });
    this.armWatchdog();
    this.pump();
  }

  /** The process broke (died, hung, or spoke out of turn): kill it, charge or retry its runs, restart. */
  private lose(errorClass: ErrorClass, detail: string): void {
    clearTimeout(this.watchdog);
    const child = this.child;
    this.child = undefined;
    this.state = 'idle';
    this.lineHandler = () => {};
    this.lostHandler = () => {};
    killGroup(child?.pid);
    const lost = [...this.inFlight.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
    this.inFlight.clear();
    const stderr = this.stderr.take();
    if (lost.length === 1) {
      this.finish(lost[0]!, { errorClass, detail }, stderr);
    } else {
      for (const e of lost) e.retried = true;
      this.queue.unshift(...lost);
    }
    this.pump();
  }

  private finish(entry: Entry, err: ErrorClassReply, stderr: string): void {
    const timeMs = entry.sentAt ? performance.now() - entry.sentAt : 0;
    entry.resolve({ reply: { kind: 'errored', errorClass: err.errorClass, detail: err.detail }, timeMs, stderr });
  }

  /** Sends `stop` and waits briefly for a clean exit; then kills the group whatever happened. */
  async stop(): Promise<void> {
    const child = this.child;
    this.state = 'stopping';
    clearTimeout(this.watchdog);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, 2000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin!.end(JSON.stringify({ cmd: 'stop' }) + '\n');
    });
    killGroup(child.pid);
  }
}

/** A pool of persistent processes behind the {@link Testee} interface. */
class PersistentTestee implements Testee {
  readonly mode = 'persistent';
  constructor(
    private readonly processes: PersistentProcess[],
    readonly implementation: ImplementationInfo,
    readonly ops: ReadonlyMap<string, OpDeclaration>,
  ) {}

  run(op: string, inputPath: string): Promise<TesteeAnswer> {
    let best = this.processes[0]!;
    for (const p of this.processes) if (p.load < best.load) best = p;
    return best.run(op, inputPath);
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
  }
}

/** Starts `jobs` testee processes and shakes hands with each; throws TesteeSetupError when they cannot start. */
export async function startPersistentTestee(options: PersistentTesteeOptions): Promise<Testee> {
  if (options.argv.length === 0) throw new TesteeSetupError('empty testee argv');
  checkExecutable(options.argv[0]!, options.env ?? process.env);
  const processes = Array.from({ length: Math.max(1, options.jobs) }, () => new PersistentProcess(options));
  const settled = await Promise.allSettled(processes.map((p) => p.start()));
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(processes.map((p) => p.stop()));
    throw (failure as PromiseRejectedResult).reason;
  }
  const first = (settled[0] as PromiseFulfilledResult<Handshake>).value;
  return new PersistentTestee(processes, first.implementation, first.ops);
}
