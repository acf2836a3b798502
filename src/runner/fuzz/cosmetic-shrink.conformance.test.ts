/**
 * The cosmetic passes are cosmetic by the format's own rules: over every golden vector of each op
 * that has cosmetic rules, and over a spaced-out copy of it, every pass keeps the oracle's verdict,
 * code and observation (of journal.append, verdict and code: its observation holds the file it carries). (At fuzz time a rewrite is kept only when the finding survives; this checks
 * that the rules themselves name only what the spec calls insignificant.) Conformance tier: it runs
 * the oracle on some 5,000 inputs.
 */
import { describe, expect, it } from 'vitest';
import { writeJson } from '../../shared/json/write-value.ts';
import { OP_NAMES } from '../../shared/ops.ts';
import { loadOracleOp } from '../oracle-ops.ts';
import { loadVectors } from '../vectors/load-vectors.ts';
import { COSMETIC_PASSES, cosmeticRules, rewriteCosmetically } from './cosmetic-shrink.ts';
import { oracleExpectation, type OracleExpectation } from './judge-input.ts';

/** Inputs past this are about size, not layout (and slow the oracle down): left out. */
const MAX_INPUT = 256 * 1024;

/** `input` with a space after every `{ [ , :` outside strings (journal and codegraph allow it inside a line, JSON texts anywhere). */
function spacedOut(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  let inString = false;
  for (let i = 0; i < input.length; i++) {
    const b = input[i]!;
    out.push(b);
    if (inString) {
      if (b === 0x5c) out.push(input[++i]!);
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b || b === 0x2c || b === 0x3a) out.push(0x20);
  }
  return Uint8Array.from(out);
}

/**
 * What must not change: verdict, code, observation (lexemes kept). An op that carries a file (the
 * journal of journal.append, whose lines an append forwards byte for byte, R-J8) observes that file's
 * layout: there the observation may change with it, verdict and code may not.
 */
function outcome(e: OracleExpectation | undefined, observed: boolean): string {
  if (!e) return 'skipped';
  const x = e.expect;
  if (x.verdict === 'reject') return `reject ${x.code}`;
  return x.verdict === 'accept' ? `accept ${x.observation === undefined || !observed ? '' : writeJson(x.observation)}` : x.verdict;
}

describe('cosmetic passes over the golden vectors', () => {
  const ops = OP_NAMES.filter((op) => cosmeticRules(op) !== undefined);
  it.each(ops)('keep the oracle verdict, code and observation of every %s vector', async (op) => {
    const rules = cosmeticRules(op)!;
    const oracle = (await loadOracleOp(op))!;
    const vectors = (await loadVectors()).filter((v) => v.op === op && v.input.length <= MAX_INPUT);
    expect(vectors.length).toBeGreaterThan(0);
    const observed = rules.embedded === undefined;
    let rewritten = 0;
    for (const v of vectors) {
      const base = outcome(await oracleExpectation(oracle, v.input), observed);
      const spaced = spacedOut(v.input);
      // A spaced copy the oracle judges otherwise (a byte bound, a payload that must be exact) is not a layout variant.
      const inputs = outcome(await oracleExpectation(oracle, spaced), observed) === base ? [v.input, spaced] : [v.input];
      for (const input of inputs) {
        for (const pass of COSMETIC_PASSES) {
          const out = rewriteCosmetically(input, rules, pass);
          if (Buffer.from(out).equals(Buffer.from(input))) continue;
          rewritten++;
          expect(outcome(await oracleExpectation(oracle, out), observed), `${v.name} (${v.id}), ${pass}${input === spaced ? ', spaced' : ''}`).toBe(base);
        }
      }
    }
    // The check has something to check for every op.
    expect(rewritten).toBeGreaterThan(0);
  }, 300_000);
});
