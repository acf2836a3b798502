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

/** Watches answers as they come and says when they show a systemic failure. */
export class SystemicFailureDetector {
  private readonly counts = new Map<string, number>();
  private seen = 0;
  private firstStderr = new Map<string, string>();

  /** Records an answer. */
  add(answer: TesteeAnswer): void {
    this.seen++;
    const sig = errorSignature(answer);
    if (sig === undefined) return;
    this.counts.set(sig, (this.counts.get(sig) ?? 0) + 1);
    if (!this.firstStderr.has(sig)) this.firstStderr.set(sig, answer.stderr);
  }

  private dominant(): [string, number] | undefined {
    let best: [string, number] | undefined;
    for (const e of this.counts) if (!best || e[1] > best[1]) best = e;
    return best;
  }

  /** True when the first SYSTEMIC_SAMPLE answers all broke the same way (the run can stop early). */
  earlyVerdict(): boolean {
    const d = this.dominant();
    return this.seen >= SYSTEMIC_SAMPLE && d !== undefined && d[1] === this.seen;
  }

  /** A message when at least SYSTEMIC_SHARE of all answers (and at least SYSTEMIC_SAMPLE) broke the same way. */
  verdict(mode: 'exec' | 'persistent', stopped: boolean): string | undefined {
    const d = this.dominant();
    if (!d || this.seen < SYSTEMIC_SAMPLE || d[1] < SYSTEMIC_SHARE * this.seen) return undefined;
    const [sig, n] = d;
    const how = stopped ? `every one of the first ${n} cases` : `${n} of ${this.seen} cases`;
    const lines = [
      `the testee failed ${how} the same way: ${sig}.`,
      'This looks like a setup problem, not a conformance result. Check that the program runs, that the',
      mode === 'exec'
        ? 'argv template places {op} and {input} where the program expects them, that it serves every op it is\n' +
          'given (name its ops with --ops) and that it follows the exec contract'
        : 'command starts a process that speaks the persistent JSON-lines protocol (version 1) on stdin/stdout',
      '(PROTOCOL.md).',
    ];
    const stderr = this.firstStderr.get(sig)?.trim();
    if (stderr) lines.push('The testee\'s stderr on the first such case:', ...stderr.split('\n').slice(0, 12).map((l) => `  ${l}`));
    return lines.join('\n');
  }
}
