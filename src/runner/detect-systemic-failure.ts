/**
 * A testee that fails (nearly) every case the same way is misconfigured, not non-conformant: a wrong
 * argv, a program that is not executable, a protocol mismatch, a crash at start-up. One clear message
 * beats hundreds of identical failures.
 */
import type { TesteeAnswer } from './testee-reply.ts';

/** Cases looked at before an early verdict, and the share of identical errors that counts as systemic. */
export const SYSTEMIC_SAMPLE = 12;
export const SYSTEMIC_SHARE = 0.9;

/** The same breakage gives the same signature whatever the input (previews of bad lines and stderr tails are cut off). */
export function errorSignature(answer: TesteeAnswer): string | undefined {
  const r = answer.reply;
  if (r.kind !== 'errored') return undefined;
  return `errored:${r.errorClass} (${r.detail.replace(/; stderr (ends|is empty).*$/s, '').replace(/[:(]?\s*".*$/s, '').trim()})`;
}

/** How often one signature was seen, split by what the vectors expected. */
interface SignatureCount {
  all: number;
  valid: number;
  invalid: number;
}

/**
 * Watches answers as they come and says when they show a systemic failure. The rule fires only when
 * the breakage does not depend on the input: the same error on valid inputs as on invalid ones. A
 * reader that breaks only on invalid inputs (a panic instead of a refusal) is a conformance result:
 * every case runs and is scored.
 */
export class SystemicFailureDetector {
  private readonly errors = new Map<string, SignatureCount>();
  private seen = 0;
  private validSeen = 0;
  private invalidSeen = 0;
  private readonly firstStderr = new Map<string, string>();

  /** Records an answer to a case whose vector expects `expected`. */
  add(answer: TesteeAnswer, expected: 'accept' | 'reject' | 'either'): void {
    this.seen++;
    if (expected === 'accept') this.validSeen++;
    if (expected === 'reject') this.invalidSeen++;
    const sig = errorSignature(answer);
    if (sig === undefined) return;
    let c = this.errors.get(sig);
    if (!c) this.errors.set(sig, (c = { all: 0, valid: 0, invalid: 0 }));
    c.all++;
    if (expected === 'accept') c.valid++;
    if (expected === 'reject') c.invalid++;
    if (!this.firstStderr.has(sig)) this.firstStderr.set(sig, answer.stderr);
  }

  private dominant(): [string, SignatureCount] | undefined {
    let best: [string, SignatureCount] | undefined;
    for (const e of this.errors) if (!best || e[1].all > best[1].all) best = e;
    return best;
  }

  /**
   * True when `c` covers at least `share` of the valid cases and of the invalid ones seen. At least one
   * valid case must have failed: failing only invalid inputs is an input-dependent bug, never setup.
   */
  private inputIndependent(c: SignatureCount, share: number): boolean {
    if (this.validSeen === 0 || c.valid < share * this.validSeen) return false;
    return c.invalid >= share * this.invalidSeen;
  }

  /** The signature every answer so far shares, when it is systemic. */
  private unanimous(): string | undefined {
    if (this.seen < SYSTEMIC_SAMPLE) return undefined;
    const e = this.dominant();
    return e && e[1].all === this.seen && this.inputIndependent(e[1], 1) ? e[0] : undefined;
  }

  /** True when the answers so far all failed the same way on valid and invalid inputs (the run can stop early). */
  earlyVerdict(): boolean {
    return this.unanimous() !== undefined;
  }

  /**
   * A message when every answer failed the same way, or when one breakage (crash, timeout, protocol)
   * covers at least SYSTEMIC_SHARE of the valid and of the invalid cases, over at least SYSTEMIC_SAMPLE.
   */
  verdict(mode: 'exec' | 'persistent', stopped: boolean): string | undefined {
    let sig = this.unanimous();
    let n = this.seen;
    if (sig === undefined) {
      const e = this.dominant();
      if (!e || this.seen < SYSTEMIC_SAMPLE || e[1].all < SYSTEMIC_SHARE * this.seen || !this.inputIndependent(e[1], SYSTEMIC_SHARE)) {
        return undefined;
      }
      sig = e[0];
      n = e[1].all;
    }
    const how = stopped ? `every one of the first ${n} cases` : n === this.seen ? `all ${n} cases` : `${n} of ${this.seen} cases`;
    const lines = [
      `the testee failed ${how} the same way: ${sig}, on valid and invalid inputs alike.`,
      'This looks like a setup problem, not a conformance result. Check that the program runs, that the',
      mode === 'exec'
        ? 'argv template places {op} and {input} where the program expects them, that it serves every op it is\n' +
          'given (name its ops with --ops) and that it follows the exec contract v1.1 (exit 1 is a rejection\n' +
          'only when the first stdout line is "code: <CODE>" or "reject")'
        : 'command starts a process that speaks the persistent JSON-lines protocol (version 1) on stdin/stdout',
      '(spec/protocol).',
    ];
    const stderr = this.firstStderr.get(sig)?.trim();
    if (stderr) lines.push("The testee's stderr on the first such case:", ...stderr.split('\n').slice(0, 12).map((l) => `  ${l}`));
    return lines.join('\n');
  }
}
