/**
 * A testee that fails (nearly) every case the same way is misconfigured, not non-conformant: a wrong
 * argv, a program that is not executable, a protocol mismatch, a crash at start-up. One clear message
 * beats hundreds of identical failures.
 */
import type { TesteeAnswer } from './testee-reply.ts';

/** Cases looked at before an early verdict, and the share of identical errors that counts as systemic. */
export const SYSTEMIC_SAMPLE = 12;
export const SYSTEMIC_SHARE = 0.9;

/** The same breakage gives the same signature whatever the input (previews of bad lines are cut off). */
export function errorSignature(answer: TesteeAnswer): string | undefined {
  const r = answer.reply;
  if (r.kind !== 'errored') return undefined;
  return `errored:${r.errorClass} (${r.detail.replace(/[:(]?\s*".*$/s, '').trim()})`;
}

/**
 * A program that dies at start-up with status 1 (an uncaught exception in Node or Python, a missing
 * module) looks like a rejection in exec mode. Rejections without a code and with the same stderr on
 * every case, valid ones included, are that.
 */
export function startupRejectSignature(answer: TesteeAnswer): string | undefined {
  const r = answer.reply;
  const firstLine = answer.stderr.trim().split('\n')[0]?.trim();
  if (r.kind !== 'reject' || r.code !== undefined || !firstLine) return undefined;
  return `every case rejected without a code, stderr starting ${JSON.stringify(firstLine.slice(0, 100))}`;
}

/** Watches answers as they come and says when they show a systemic failure. */
export class SystemicFailureDetector {
  private readonly errors = new Map<string, number>();
  private readonly rejects = new Map<string, number>();
  private seen = 0;
  private validSeen = 0;
  private readonly firstStderr = new Map<string, string>();

  /** Records an answer to a case whose vector expects `expected`. */
  add(answer: TesteeAnswer, expected: 'accept' | 'reject' | 'either'): void {
    this.seen++;
    if (expected === 'accept') this.validSeen++;
    const sig = errorSignature(answer);
    const rej = sig === undefined ? startupRejectSignature(answer) : undefined;
    const key = sig ?? rej;
    if (key === undefined) return;
    const table = sig !== undefined ? this.errors : this.rejects;
    table.set(key, (table.get(key) ?? 0) + 1);
    if (!this.firstStderr.has(key)) this.firstStderr.set(key, answer.stderr);
  }

  private static dominant(table: Map<string, number>): [string, number] | undefined {
    let best: [string, number] | undefined;
    for (const e of table) if (!best || e[1] > best[1]) best = e;
    return best;
  }

  /** The signature every answer so far shares, when it is systemic. */
  private unanimous(): string | undefined {
    if (this.seen < SYSTEMIC_SAMPLE) return undefined;
    const e = SystemicFailureDetector.dominant(this.errors);
    if (e && e[1] === this.seen) return e[0];
    const r = SystemicFailureDetector.dominant(this.rejects);
    if (r && r[1] === this.seen && this.validSeen > 0) return r[0];
    return undefined;
  }

  /** True when the first SYSTEMIC_SAMPLE answers all failed the same way (the run can stop early). */
  earlyVerdict(): boolean {
    return this.unanimous() !== undefined;
  }

  /**
   * A message when every answer failed the same way, or at least SYSTEMIC_SHARE of them broke the same
   * way (crash, timeout, protocol), over at least SYSTEMIC_SAMPLE cases.
   */
  verdict(mode: 'exec' | 'persistent', stopped: boolean): string | undefined {
    let sig = this.unanimous();
    let n = this.seen;
    if (sig === undefined) {
      const e = SystemicFailureDetector.dominant(this.errors);
      if (!e || this.seen < SYSTEMIC_SAMPLE || e[1] < SYSTEMIC_SHARE * this.seen) return undefined;
      [sig, n] = e;
    }
    const how = stopped ? `every one of the first ${n} cases` : n === this.seen ? `all ${n} cases` : `${n} of ${this.seen} cases`;
    const lines = [
      `the testee failed ${how} the same way: ${sig}.`,
      'This looks like a setup problem, not a conformance result. Check that the program runs, that the',
      mode === 'exec'
        ? 'argv template places {op} and {input} where the program expects them, that it serves every op it is\n' +
          'given (name its ops with --ops) and that it follows the exec contract (exit 1 means "reject")'
        : 'command starts a process that speaks the persistent JSON-lines protocol (version 1) on stdin/stdout',
      '(PROTOCOL.md).',
    ];
    const stderr = this.firstStderr.get(sig)?.trim();
    if (stderr) lines.push("The testee's stderr on the first such case:", ...stderr.split('\n').slice(0, 12).map((l) => `  ${l}`));
    return lines.join('\n');
  }
}
