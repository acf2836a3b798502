/** What a testee said about one case, in either mode, before it is scored against the vector. */
import type { JsonValue } from '../shared/json/value.ts';
import type { ErrorClass } from '../results/outcome.ts';
import type { StartReply } from '../generated/protocol/start-reply.schema.ts';

/** One testee answer (or the runner's account of how the testee broke). */
export type TesteeReply =
  | { readonly kind: 'accept'; readonly observation?: JsonValue }
  | { readonly kind: 'reject'; readonly code?: string; readonly message?: string }
  | { readonly kind: 'skipped'; readonly reason: string }
  | { readonly kind: 'errored'; readonly errorClass: ErrorClass; readonly detail: string };

/** A reply with what the runner saw around it. */
export interface TesteeAnswer {
  readonly reply: TesteeReply;
  /** Wall-clock milliseconds from dispatch to answer. */
  readonly timeMs: number;
  /** The testee's stderr attributed to this case (bounded; may be empty). */
  readonly stderr: string;
}

/** What a testee declares about one op it supports. */
export interface OpDeclaration {
  /** True when the testee reports observations (not only verdicts) for this op. */
  readonly observe: boolean;
}

/** Who the testee is, as it says (persistent mode) or as the runner names it (exec mode). */
export type ImplementationInfo = Readonly<StartReply['implementation']>;

/** The running implementation under test, whichever mode it speaks. */
export interface Testee {
  readonly implementation: ImplementationInfo;
  readonly mode: 'exec' | 'persistent';
  /** The ops the testee declared; any other op is `n/a`. */
  readonly ops: ReadonlyMap<string, OpDeclaration>;
  /**
   * Runs one op on one input file. Never rejects: breakage comes back as an `errored` reply. `id`
   * names the case in accounts of process deaths.
   */
  run(op: string, inputPath: string, id?: string): Promise<TesteeAnswer>;
  /**
   * Persistent mode: finishes the re-runs that attribute process deaths, stops the processes and says
   * what the run learned. Input files of answered cases must stay readable until it resolves.
   */
  settle?(): Promise<SettleReport>;
  /** Stops every process the testee started. */
  close(): Promise<void>;
}

/** Thrown when the testee cannot be used at all (not executable, handshake failed): exit status 2. */
export class TesteeSetupError extends Error {
  override readonly name = 'TesteeSetupError';
}

/** The error half of an `errored` reply. */
export interface ErrorClassReply {
  readonly errorClass: ErrorClass;
  readonly detail: string;
}

/** One unplanned end of a testee process (a crash, a hang, a broken protocol), as the runner saw it. */
export interface ProcessDeath {
  readonly errorClass: ErrorClass;
  /** How it ended, e.g. `testee process died (exit status 3)`. */
  readonly detail: string;
  /** Ids of the cases sent and not answered when it happened. */
  readonly handling: readonly string[];
  /** Id of the case this process answered last, if any. */
  readonly lastAnswered?: string;
  /** Id of the case that reproduced the death alone in a fresh process; unset when none did. */
  chargedTo?: string;
}

/** What {@link Testee.settle} reports. */
export interface SettleReport {
  readonly deaths: readonly ProcessDeath[];
  /**
   * Answers that replace the first answer of a case: a case that answered, then took its process
   * down (reproduced alone in a fresh process), or a case answered twice.
   */
  readonly amended: ReadonlyMap<string, TesteeAnswer>;
}
