/**
 * Deliberately broken in-process readers for fuzz tests: each answers like the oracle on the input
 * with one fault applied first (CR bytes dropped, a leading BOM skipped), so every disagreement it
 * causes is known in advance. In-process, so fuzz tests stay in the fast tier.
 */
import { readFile } from 'node:fs/promises';
import type { OpHandler } from '../../shared/ops.ts';
import type { Testee, TesteeAnswer } from '../testee-reply.ts';

/** The faults a toy reader can have. */
export type ToyFault = 'cr-tolerated' | 'bom-tolerated';

/** The input the faulty reader actually judges. */
function applyFaults(bytes: Uint8Array, faults: readonly ToyFault[]): Uint8Array {
  let out = bytes;
  if (faults.includes('bom-tolerated') && out[0] === 0xef && out[1] === 0xbb && out[2] === 0xbf) out = out.subarray(3);
  if (faults.includes('cr-tolerated')) out = out.filter((b) => b !== 0x0d);
  return out;
}

/** A reader of `op` with `faults`, verdicts and codes only (no observation), counting its runs. */
export function toyReader(op: string, oracle: OpHandler, faults: readonly ToyFault[]): Testee & { runs: number } {
  return {
    mode: 'exec',
    implementation: { name: `toy (${faults.join(', ')})` },
    ops: new Map([[op, { observe: false }]]),
    runs: 0,
    async run(_op, path): Promise<TesteeAnswer> {
      this.runs++;
      const outcome = await oracle(applyFaults(new Uint8Array(await readFile(path)), faults));
      if ('skipped' in outcome) return { reply: { kind: 'skipped', reason: outcome.skipped }, timeMs: 0, stderr: '' };
      return { reply: outcome.accept ? { kind: 'accept' } : { kind: 'reject', code: outcome.error.code }, timeMs: 0, stderr: '' };
    },
    async close() {},
  };
}
