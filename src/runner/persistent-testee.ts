/**
 * Persistent mode (spec/protocol, persistent mode): one long-lived process per job speaking JSON lines, with
 * several runs in flight (pipelining); replies are matched by seq. A process that crashes, hangs or
 * breaks the protocol is killed and restarted, and the run goes on.
 *
 * Attribution is exact: a case is charged with a process death only when the death reproduces with
 * that case alone in a fresh process (the first and only case the process received). Every other case
 * in flight at a death is run again, alone; a case the testee never received is never charged. When
 * no re-run reproduces the death, the cases the process answered shortly before it died are re-run
 * one at a time, the last answered first, each alone in a fresh process and watched for a moment after
 * its answer (a testee that dies shortly after answering, perhaps after answering requests it had
 * already read), until one reproduces it.
 * Every unplanned death is reported, with the cases in flight and the last one answered, whether or
 * not a case reproduced it.
 *
 * stderr is one stream for the whole process: the text that arrived since the previous reply goes with
 * each reply (best effort; a line written just before a reply may arrive after it).
 */
import type { ChildProcess } from 'node:child_process';
import { checkExecutable } from './exec-testee.ts';
import { HeadTailText } from './bounded-text.ts';
import { ReplyLineSplitter } from './reply-line-splitter.ts';
import { parseHandshake, parseRunReply, PROTOCOL_VERSION, type Handshake } from './parse-persistent-reply.ts';
import { describeSpawnError, killGroup, spawnGroup } from './process-group.ts';

/**
 * Kills a testee's process group and lets go of its pipes: a descendant that left the group (setsid)
 * may hold them open for ever, and an open pipe would keep the runner itself from exiting.
 */
function releaseChild(child: ChildProcess | undefined): void {
  if (!child) return;
  killGroup(child.pid);
  child.stdin?.destroy();
  child.stdout?.destroy();
  child.stderr?.destroy();
}
import {
  TesteeSetupError,
  type ErrorClassReply,
  type ImplementationInfo,
  type OpDeclaration,
  type Testee,
  type ProcessDeath,
  type SettleReport,
  type TesteeAnswer,
} from './testee-reply.ts';
import type { ErrorClass } from '../results/outcome.ts';
import type { RunRequest } from '../generated/protocol/run-request.schema.ts';
import type { StartRequest } from '../generated/protocol/start-request.schema.ts';
import type { StopRequest } from '../generated/protocol/stop-request.schema.ts';

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

/** A death being attributed: how many of its re-runs are still to come, and whom to re-run last. */
interface DeathTrack {
  readonly death: ProcessDeath;
  /** Re-runs (of cases in flight, or of a suspect) not finished yet. */
  pending: number;
  /**
   * Cases the process answered shortly before it died, the last answered first: re-run one at a time
   * when no case in flight reproduces the death, until one does. A testee may keep working on already
   * read requests after the case that dooms it, so the last answer is not always the culprit.
   */
  suspects: { readonly op: string; readonly inputPath: string; readonly id: string }[];
}

interface Entry {
  readonly op: string;
  readonly inputPath: string;
  readonly id: string | undefined;
  readonly resolve: (answer: TesteeAnswer) => void;
  /** Runs with nothing else in flight (a re-run after a death). */
  isolate: boolean;
  /** Runs as the first case of a fresh process (a re-run that must reproduce to be charged). */
  needsFresh: boolean;
  /** A re-run of an answered case to see whether it takes the process down (its answer is not used). */
  readonly probe: boolean;
  /** The deaths this case was in flight for (or, for a probe, the death it attributes). */
  readonly origins: DeathTrack[];
  /** When its answer arrived (performance.now()), once it has. */
  answeredAt?: number;
  /** Still the only case its process has received. */
  solo: boolean;
  sentAt: number;
}

/** How many times in a row a process may fail to come back before its cases are all errored. */
const MAX_FAILED_RESTARTS = 2;
/** How long a re-run suspect's process is watched after its answer for a delayed death. */
export const SETTLE_MS = 500;
/** How long an idle process is watched at the end of a run before it is stopped. */
export const FINAL_QUIET_MS = 200;
/** Suspects re-run per run at most (a testee that dies after every case must not make the run endless). */
const MAX_PROBES = 20;
/** A case answered this long before a death (or less) is a suspect of it. */
const SUSPECT_WINDOW_MS = 2000;
/** Suspects of one death at most. */
const MAX_SUSPECTS_PER_DEATH = 8;

/** What the processes of one testee learn about deaths, shared by the pool. */
class DeathLedger {
  readonly deaths: ProcessDeath[] = [];
  readonly amended = new Map<string, TesteeAnswer>();
  readonly probed = new Set<string>();
}

/** One testee process and its queue. */
class PersistentProcess {
  private child: ChildProcess | undefined;
  private state: 'idle' | 'starting' | 'ready' | 'stopping' | 'dead' = 'idle';
  private readonly queue: Entry[] = [];
  private readonly inFlight = new Map<number, Entry>();
  /** Cases answered by the current process, by seq (to tell a duplicate reply from a stray one). */
  private answered = new Map<number, Entry>();
  private nextSeq = 1;
  /** Cases sent to the current process. */
  private sentCount = 0;
  private lastAnswered: Entry | undefined;
  private lastAnswerAt = 0;
  /** Set while a probe's process is watched after the probe's answer. */
  private hold: { entry: Entry; timer: NodeJS.Timeout; answeredAt: number } | undefined;
  private watchdog: NodeJS.Timeout | undefined;
  private stderr = new HeadTailText();
  /**
   * Run requests sent in this turn of the event loop, written to the process in one write when the
   * turn ends: a window refilled after a batch of replies costs one pipe write, not one per case.
   * Bound to the process they were meant for; a process that is gone by then never receives them.
   */
  private outbox: { child: ChildProcess; text: string } | undefined;
  private failedStarts = 0;
  private deadReason = '';
  private lineHandler: (line: Buffer) => void = () => {};
  private lostHandler: (errorClass: ErrorClass, detail: string) => void = () => {};
  private idleWaiters: Array<() => void> = [];
  handshake: Handshake | undefined;

  constructor(
    private readonly options: PersistentTesteeOptions,
    private readonly ledger: DeathLedger,
  ) {}

  /** Queued plus in-flight runs. */
  get load(): number {
    return this.queue.length + this.inFlight.size;
  }

  /** Spawns the process and exchanges `start`; rejects with a TesteeSetupError. */
  start(): Promise<Handshake> {
    this.state = 'starting';
    this.sentCount = 0;
    this.answered = new Map();
    this.lastAnswered = undefined;
    const stderr = new HeadTailText();
    this.stderr = stderr;
    const argv = this.options.argv;
    const child = spawnGroup(argv, {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: this.options.env ? { ...process.env, ...this.options.env } : process.env,
    });
    this.child = child;
    const splitter = new ReplyLineSplitter(
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
        const tail = stderr.text().trim();
        releaseChild(child);
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
      const start: StartRequest = { cmd: 'start', protocol: PROTOCOL_VERSION };
      child.stdin!.write(JSON.stringify(start) + '\n');
    });
  }

  run(op: string, inputPath: string, id?: string): Promise<TesteeAnswer> {
    return new Promise((resolve) => {
      this.queue.push({ op, inputPath, id, resolve, isolate: false, needsFresh: false, probe: false, origins: [], solo: false, sentAt: 0 });
      this.pump();
    });
  }

  /** True when nothing is queued, in flight or watched. */
  private get quiet(): boolean {
    return this.queue.length === 0 && this.inFlight.size === 0 && !this.hold && this.state !== 'starting';
  }

  /** Resolves once the process is quiet: its queue, re-runs and probes all done. */
  private whenQuiet(): Promise<void> {
    if (this.quiet) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    if (this.state === 'dead') {
      for (const e of this.queue.splice(0)) {
        // No process to run on: the case errors, but no death is pinned on it (a probe just ends).
        if (!e.probe) e.resolve({ reply: { kind: 'errored', errorClass: 'crash', detail: this.deadReason }, timeMs: 0, stderr: '' });
        this.settleEntry(e, undefined);
      }
      this.notifyQuiet();
      return;
    }
    if (this.state === 'idle' && this.queue.length > 0) {
      this.restart();
      return;
    }
    if (this.state !== 'ready' || this.hold) {
      this.notifyQuiet();
      return;
    }
    const wasIdle = this.inFlight.size === 0;
    while (this.queue.length > 0 && this.inFlight.size < this.options.depth) {
      const head = this.queue[0]!;
      // A re-run runs alone, so that its death names it; one that must reproduce runs in a fresh process.
      if (this.inFlight.size > 0 && (head.isolate || [...this.inFlight.values()].some((e) => e.isolate))) break;
      if (head.needsFresh && this.sentCount > 0) {
        if (this.inFlight.size === 0) this.recycle();
        return;
      }
      this.send(this.queue.shift()!);
    }
    if (wasIdle && this.inFlight.size > 0) this.armWatchdog();
    this.notifyQuiet();
  }

  private send(entry: Entry): void {
    const seq = this.nextSeq++;
    entry.solo = this.sentCount === 0 && this.inFlight.size === 0;
    for (const e of this.inFlight.values()) e.solo = false;
    this.sentCount++;
    entry.sentAt = performance.now();
    this.inFlight.set(seq, entry);
    // Cases come from loaded vectors, whose op the vector schema restricts to the contract's ops.
    const request: RunRequest = { cmd: 'run', seq, op: entry.op as RunRequest['op'], input: entry.inputPath };
    const line = JSON.stringify(request) + '\n';
    if (this.outbox && this.outbox.child === this.child) {
      this.outbox.text += line;
      return;
    }
    this.outbox = { child: this.child!, text: line };
    setImmediate(() => this.flush());
  }

  /** Writes the requests of this turn to the process they were sent to, if it is still the current one. */
  private flush(): void {
    const box = this.outbox;
    this.outbox = undefined;
    if (box && box.child === this.child) box.child.stdin!.write(box.text);
  }

  private notifyQuiet(): void {
    if (!this.quiet) return;
    for (const w of this.idleWaiters.splice(0)) w();
  }

  /** A planned restart (a re-run needs a fresh process): not a death. */
  private recycle(): void {
    const child = this.child;
    this.child = undefined;
    this.state = 'idle';
    this.lineHandler = () => {};
    this.lostHandler = () => {};
    clearTimeout(this.watchdog);
    releaseChild(child);
    this.restart();
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
    const seq = parsed.value.seq;
    const entry = this.inFlight.get(seq);
    if (!entry) {
      const earlier = this.answered.get(seq);
      if (earlier) {
        // A second reply names its case by seq: that case is charged, never the ones in flight.
        if (earlier.id !== undefined && !earlier.probe) {
          this.ledger.amended.set(earlier.id, {
            reply: { kind: 'errored', errorClass: 'protocol', detail: `the testee replied twice to seq ${seq} (this case)` },
            timeMs: performance.now() - earlier.sentAt,
            stderr: this.stderr.take(),
          });
        }
        return;
      }
      this.lose('protocol', `reply for seq ${seq}, which is not in flight`);
      return;
    }
    this.inFlight.delete(seq);
    this.answered.set(seq, entry);
    entry.answeredAt = performance.now();
    this.lastAnswered = entry;
    this.lastAnswerAt = performance.now();
    const answer: TesteeAnswer = { reply: parsed.value.reply, timeMs: performance.now() - entry.sentAt, stderr: this.stderr.take() };
    if (entry.probe) {
      // Watch the process for a moment with nothing else sent: a death now is the probe's.
      const timer = setTimeout(() => {
        this.hold = undefined;
        this.settleEntry(entry, undefined);
        this.pump();
      }, SETTLE_MS);
      this.hold = { entry, timer, answeredAt: performance.now() };
    } else {
      entry.resolve(answer);
      this.settleEntry(entry, undefined);
    }
    this.armWatchdog();
    this.pump();
  }

  /**
   * The process broke (died, hung, or spoke out of turn): kill it, record the death, charge the case
   * that reproduces it or run the cases in flight again, restart.
   */
  private lose(errorClass: ErrorClass, detail: string): void {
    clearTimeout(this.watchdog);
    const child = this.child;
    this.child = undefined;
    this.state = 'idle';
    this.lineHandler = () => {};
    this.lostHandler = () => {};
    releaseChild(child);
    const lost = [...this.inFlight.entries()].sort((a, b) => a[0] - b[0]).map(([, e]) => e);
    this.inFlight.clear();
    const stderr = this.stderr.take();
    const last = this.lastAnswered;
    const death: ProcessDeath = {
      errorClass,
      detail,
      handling: lost.flatMap((e) => (e.id !== undefined ? [e.id] : [])),
      ...(last?.id !== undefined ? { lastAnswered: last.id } : {}),
    };
    this.ledger.deaths.push(death);
    const now = performance.now();
    const recent = [...this.answered.values()]
      .reverse()
      .filter((e) => e.id !== undefined && !e.probe && e.answeredAt !== undefined && now - e.answeredAt <= SUSPECT_WINDOW_MS);
    if (last?.id !== undefined && !last.probe && !recent.includes(last)) recent.unshift(last);
    const track: DeathTrack = {
      death,
      pending: 0,
      suspects: recent.slice(0, MAX_SUSPECTS_PER_DEATH).map((e) => ({ op: e.op, inputPath: e.inputPath, id: e.id! })),
    };
    const hold = this.hold;
    this.hold = undefined;
    if (hold) {
      // The probe answered and the process died before anything else was sent: reproduced.
      clearTimeout(hold.timer);
      const after = Math.round(performance.now() - hold.answeredAt);
      track.suspects = [];
      this.charge(hold.entry, { errorClass, detail: `answered, then ${detail} ${after} ms later (reproduced alone in a fresh process)` }, stderr, death);
    } else if (lost.length === 1 && lost[0]!.solo) {
      // The only case a fresh process received: it reproduces the death by itself.
      track.suspects = [];
      const e = lost[0]!;
      this.charge(e, { errorClass, detail: e.origins.length > 0 ? `${detail} (reproduced alone in a fresh process)` : detail }, stderr, death);
    } else {
      for (const e of lost) {
        // Lost twice, or lost to a hang (a re-run costs a timeout anyway): the next run is in a fresh process.
        e.needsFresh = e.needsFresh || e.isolate || errorClass === 'timeout';
        e.isolate = true;
        e.origins.push(track);
      }
      track.pending = lost.length;
      this.queue.unshift(...lost);
      if (lost.length === 0) this.probeSuspect(track);
    }
    this.pump();
  }

  /** Charges `entry` with an error: its answer, or for a probe an amendment of the case's first answer. */
  private charge(entry: Entry, err: ErrorClassReply, stderr: string, death: ProcessDeath | undefined): void {
    const timeMs = entry.sentAt ? performance.now() - entry.sentAt : 0;
    const answer: TesteeAnswer = { reply: { kind: 'errored', errorClass: err.errorClass, detail: err.detail }, timeMs, stderr };
    if (entry.probe) {
      if (entry.id !== undefined) this.ledger.amended.set(entry.id, answer);
    } else {
      entry.resolve(answer);
    }
    if (death && entry.id !== undefined) death.chargedTo = entry.id;
    this.settleEntry(entry, entry.id);
  }

  /** A re-run finished: tell the deaths it was run for; a death no re-run reproduced gets its next suspect re-run. */
  private settleEntry(entry: Entry, chargedTo: string | undefined): void {
    for (const track of entry.origins) {
      if (chargedTo !== undefined && track.death.chargedTo === undefined) track.death.chargedTo = chargedTo;
      track.pending--;
      if (track.pending === 0 && track.death.chargedTo === undefined) this.probeSuspect(track);
    }
  }

  /** Re-runs the next suspect of a death not yet attributed, alone in a fresh process, watched after its answer. */
  private probeSuspect(track: DeathTrack): void {
    if (this.state === 'dead') return;
    let s = track.suspects.shift();
    while (s && this.ledger.probed.has(s.id)) s = track.suspects.shift();
    if (!s || this.ledger.probed.size >= MAX_PROBES) return;
    this.ledger.probed.add(s.id);
    track.pending = 1;
    this.queue.unshift({ ...s, resolve: () => undefined, isolate: true, needsFresh: true, probe: true, origins: [track], solo: false, sentAt: 0 });
  }

  /**
   * Waits until queue, re-runs and probes are done and the process stayed up a moment after its last
   * answer, then stops it. A process that dies on its own as it is stopped died after its last answer:
   * that death is recorded and attributed like any other.
   */
  async settle(): Promise<void> {
    for (;;) {
      await this.whenQuiet();
      if (this.state === 'ready') {
        const since = performance.now() - this.lastAnswerAt;
        if (since < FINAL_QUIET_MS) {
          await new Promise((r) => setTimeout(r, FINAL_QUIET_MS - since));
          continue;
        }
      }
      if (this.state !== 'ready') return;
      const how = await this.stop();
      if (how === undefined) return;
      this.state = 'ready';
      this.lose('crash', `testee process died (${how}) after its last answer, as the run ended`);
    }
  }

  /**
   * Sends `stop` and waits briefly for a clean exit; then kills the group whatever happened. Says how
   * the process ended when it did not exit with status 0.
   */
  async stop(): Promise<string | undefined> {
    const child = this.child;
    this.state = 'stopping';
    clearTimeout(this.watchdog);
    if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
    // Requests sent in this turn go out before `stop`: the testee finishes the runs it has.
    this.flush();
    const how = await new Promise<string | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 2000);
      child.once('exit', (status, signal) => {
        clearTimeout(timer);
        resolve(signal ? `killed by signal ${signal}` : status !== 0 ? `exit status ${status}` : undefined);
      });
      const stop: StopRequest = { cmd: 'stop' };
      child.stdin!.end(JSON.stringify(stop) + '\n');
    });
    releaseChild(child);
    return how;
  }
}

/** A pool of persistent processes behind the {@link Testee} interface. */
class PersistentTestee implements Testee {
  readonly mode = 'persistent';
  constructor(
    private readonly processes: PersistentProcess[],
    private readonly ledger: DeathLedger,
    readonly implementation: ImplementationInfo,
    readonly ops: ReadonlyMap<string, OpDeclaration>,
  ) {}

  run(op: string, inputPath: string, id?: string): Promise<TesteeAnswer> {
    let best = this.processes[0]!;
    for (const p of this.processes) if (p.load < best.load) best = p;
    return best.run(op, inputPath, id);
  }

  async settle(): Promise<SettleReport> {
    await Promise.all(this.processes.map((p) => p.settle()));
    await this.close();
    return { deaths: this.ledger.deaths, amended: this.ledger.amended };
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => p.stop()));
  }
}

/** Starts `jobs` testee processes and shakes hands with each; throws TesteeSetupError when they cannot start. */
export async function startPersistentTestee(options: PersistentTesteeOptions): Promise<Testee> {
  if (options.argv.length === 0) throw new TesteeSetupError('empty testee argv');
  checkExecutable(options.argv[0]!, options.env ?? process.env);
  const ledger = new DeathLedger();
  const processes = Array.from({ length: Math.max(1, options.jobs) }, () => new PersistentProcess(options, ledger));
  const settled = await Promise.allSettled(processes.map((p) => p.start()));
  const failure = settled.find((s) => s.status === 'rejected');
  if (failure) {
    await Promise.all(processes.map((p) => p.stop()));
    throw (failure as PromiseRejectedResult).reason;
  }
  const first = (settled[0] as PromiseFulfilledResult<Handshake>).value;
  return new PersistentTestee(processes, ledger, first.implementation, first.ops);
}
