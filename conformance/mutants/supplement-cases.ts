/**
 * Cases the mutant measurement adds to golden/ because golden/ lacks them: the two R-J6 size bounds
 * need multi-MiB inputs (kept out of golden/ for size, so they are built here in memory), and one
 * edge-order case isolates the anchor in the R-C6 edge key. KILL-RATE.md shows for every mutant
 * whether golden/ alone catches it, so these gaps stay visible.
 */
import type { OpName } from '../../src/shared/ops.ts';
import { caseId, type CaseSpec, type Vector } from '../../src/shared/vectors.ts';
import { loadOracleOp } from '../../src/runner/oracle-ops.ts';

const MIB = 1024 * 1024;
const HEADER = '{"schema":3,"generation":0,"origin":0}\n';

function entry(position: number, kind: 'Transaction' | 'Record', payload: string): string {
  const causation = kind === 'Record' ? 1 : null;
  return (
    `{"position":${position},"kind":"${kind}","id":"big.${kind.toLowerCase()}","version":1,` +
    `"metadata":{"principal":null,"correlation":1,"causation":${causation},"request":null,"link":null,"at_us":0},"payload":${payload}}`
  );
}

/** A v3 journal holding one group: a transaction and one record, the frame padded with `padding` spaces. */
function oneGroup(txPayload: string, recordPayload: string, padding = 0): string {
  return `${HEADER}{${' '.repeat(padding)}"group":1,"first":1,"frontier":2,"entries":[${entry(1, 'Transaction', txPayload)},${entry(2, 'Record', recordPayload)}]}\n`;
}

/** A JSON string whose compact serialization is exactly `bytes` bytes long (ASCII, quotes included). */
function stringOfSize(bytes: number): string {
  return `"${'a'.repeat(bytes - 2)}"`;
}

function model(edges: string[]): string {
  return [
    '{"t":"header","schemaVersion":"1.0.0","lang":"java","extractor":{"name":"x","version":"1"},"root":"src","dict":{"kinds":["class","package"],"traits":[],"edges":["invocation"],"provenance":["declared"]}}',
    '{"t":"f","i":0,"path":"a/B.java"}',
    '{"t":"e","i":0,"k":1,"tr":[],"m":0,"s":"a"}',
    '{"t":"e","i":1,"k":0,"tr":[],"m":0,"s":"B"}',
    '{"t":"e","i":2,"k":0,"tr":[],"m":0,"s":"C"}',
    ...edges,
    `{"t":"eof","counts":{"files":1,"entities":3,"edges":${edges.length}}}`,
  ].join('\n') + '\n';
}

const edge = (start: number) => `{"t":"x","k":0,"f":1,"o":2,"p":0,"anchor":[0,${start},${start}]}`;

/** The supplementary cases, expectations from the rules. */
export function supplementCases(): CaseSpec[] {
  const budget = 4 * MIB;
  return [
    {
      name: 'supplement-frame-over-8-mib',
      op: 'journal.read',
      profile: 'core',
      requirements: ['R-J6'],
      input: oneGroup('1', '2', 8 * MIB),
      expect: { verdict: 'reject', code: 'FRAME_TOO_LARGE' },
      note: 'insignificant spaces count toward the 8 MiB physical bound of a group frame line',
    },
    {
      name: 'supplement-budget-counts-transaction',
      op: 'journal.read',
      profile: 'core',
      requirements: ['R-J6'],
      input: oneGroup(stringOfSize(budget - 4), '"abc"'),
      expect: { verdict: 'reject', code: 'PAYLOAD_BUDGET_EXCEEDED' },
      note: 'the transaction payload counts toward the 4 MiB budget: 4,194,300 + 5 bytes is one byte over',
    },
    {
      name: 'supplement-budget-exactly-4-mib',
      op: 'journal.read',
      profile: 'core',
      requirements: ['R-J6'],
      input: oneGroup(stringOfSize(budget - 5), '"abc"'),
      expect: { verdict: 'accept' },
      note: 'payloads summing to exactly 4,194,304 bytes are within the budget',
    },
    {
      name: 'supplement-edges-out-of-order-by-anchor',
      op: 'codegraph.read',
      profile: 'core',
      requirements: ['CG-ORD-4'],
      input: model([edge(5), edge(3)]),
      expect: { verdict: 'reject', code: 'EDGE_ORDER' },
      note: 'two edges equal in f, o and k are ordered by anchor start: 5 before 3 is out of order',
    },
    {
      name: 'supplement-edges-ordered-by-anchor',
      op: 'codegraph.read',
      profile: 'core',
      requirements: ['CG-ORD-4'],
      input: model([edge(3), edge(5)]),
      expect: { verdict: 'accept' },
      note: 'two edges equal in f, o and k, anchors ascending',
    },
  ];
}

/** The supplementary cases as vectors, after checking that the oracle agrees with every declared verdict. */
export async function supplementVectors(): Promise<Vector[]> {
  const out: Vector[] = [];
  for (const c of supplementCases()) {
    const input = typeof c.input === 'string' ? new Uint8Array(Buffer.from(c.input, 'utf8')) : c.input;
    const oracle = await loadOracleOp(c.op as OpName);
    const outcome = await oracle!(input);
    if ('skipped' in outcome) throw new Error(`${c.name}: the oracle skipped it`);
    const verdict = outcome.accept ? 'accept' : 'reject';
    const code = outcome.accept ? undefined : outcome.error.code;
    if (verdict !== c.expect.verdict || (c.expect.verdict === 'reject' && code !== c.expect.code)) {
      throw new Error(`${c.name}: declared ${c.expect.verdict} ${'code' in c.expect ? c.expect.code : ''}, oracle ${verdict} ${code ?? ''}`);
    }
    out.push({
      id: caseId(c.op, input),
      name: c.name,
      format: c.op.startsWith('journal.') ? 'journal' : 'codegraph',
      op: c.op,
      profile: c.profile,
      requirements: c.requirements,
      input,
      expect: outcome.accept ? { verdict: 'accept', observation: outcome.observation } : { verdict: 'reject', code: code! },
      note: c.note,
      file: 'conformance/mutants/supplement-cases.ts',
    });
  }
  return out;
}
