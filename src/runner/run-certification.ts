/** Runs a testee over a set of vectors and turns every answer into a report record. */
import type { Vector } from '../shared/vectors.ts';
import { recordInput, type CaseRecord, type ExpectedRecord, type GotRecord } from '../results/case-record.ts';
import { SystemicFailureDetector } from './detect-systemic-failure.ts';
import type { ExpectedFailures } from './expected-failures.ts';
import { InputFiles } from './input-files.ts';
import { scoreCase } from './score-case.ts';
import type { ImplementationInfo, ProcessDeath, Testee, TesteeAnswer, TesteeReply } from './testee-reply.ts';

/** Settings of one run. */
export interface CertifyOptions {
  /** The selected vectors, in run order. */
  readonly vectors: readonly Vector[];
  readonly testee: Testee;
  /** `--codes`. */
  readonly checkCodes: boolean;
  readonly expectedFailures?: ExpectedFailures;
  /** Cases in flight at once. */
  readonly concurrency: number;
  /** `I/N` of `--shard`, and the size of the whole selection over all shards: stamped on every record. */
  readonly shard?: string;
  readonly selection?: number;
  /** Called after each case (progress display). */
  readonly onCase?: (record: CaseRecord) => void;
}

/** The records, in vector order, and, when the testee broke the same way on nearly every case, why. */
export interface CertifyResult {
  readonly records: CaseRecord[];
  /** Set when the run shows a setup problem (exit status 2). */
  readonly systemic?: string;
  /** True when the run stopped early because of it. */
  readonly stoppedEarly: boolean;
  /** Persistent mode: every unplanned testee process death, with what the re-runs made of it. */
  readonly deaths: readonly ProcessDeath[];
}

/** One line about a death, for the summary and the records it touches (`name` maps ids to case names). */
export function describeDeath(d: ProcessDeath, name: (id: string) => string): string {
  const parts = [`${d.errorClass}: ${d.detail}`];
  parts.push(d.handling.length > 0 ? `while handling ${d.handling.map(name).join(', ')}` : 'with no case in flight');
  if (d.lastAnswered !== undefined) parts.push(`after answering ${name(d.lastAnswered)}`);
  parts.push(d.chargedTo !== undefined ? `charged to ${name(d.chargedTo)}, which reproduces it alone in a fresh process` : 'no case reproduces it alone in a fresh process');
  return parts.join('; ');
}

/** `name version` as shown in reports. */
export function implementationLabel(info: ImplementationInfo): string {
  return info.version ? `${info.name} ${info.version}` : info.name;
}

function expectedOf(v: Vector): ExpectedRecord {
  const e = v.expect;
  if (e.verdict === 'reject') return { verdict: 'reject', code: e.code };
  if (e.verdict === 'accept') return e.observation === undefined ? { verdict: 'accept' } : { verdict: 'accept', observation: e.observation };
  return { verdict: 'either' };
}

function gotOf(reply: TesteeReply): GotRecord {
  switch (reply.kind) {
    case 'accept':
      return reply.observation === undefined ? { verdict: 'accept' } : { verdict: 'accept', observation: reply.observation };
    case 'reject':
      return { verdict: 'reject', ...(reply.code !== undefined ? { code: reply.code } : {}), ...(reply.message !== undefined ? { message: reply.message } : {}) };
    case 'skipped':
      return { verdict: 'skipped', detail: reply.reason };
    case 'errored':
      return { verdict: 'errored', detail: `${reply.errorClass}: ${reply.detail}` };
  }
}

/** Builds the record of one case from the testee's answer (or its absence: n/a). */
export function buildRecord(
  v: Vector,
  testee: Pick<Testee, 'implementation' | 'mode' | 'ops'>,
  answer: TesteeAnswer | undefined,
  checkCodes: boolean,
  expectedFailures?: ExpectedFailures,
  run: { shard?: string; selection?: number } = {},
): CaseRecord {
  const base = {
    id: v.id,
    name: v.name,
    format: v.format,
    op: v.op,
    profile: v.profile,
    requirements: v.requirements,
    implementation: implementationLabel(testee.implementation),
    mode: testee.mode,
    expected: expectedOf(v),
    ...recordInput(v.input),
    ...(expectedFailures?.has(v.id) ? { expectedFailure: expectedFailures.get(v.id)! } : {}),
    file: v.file,
    note: v.note,
    ...(run.shard !== undefined ? { shard: run.shard } : {}),
    ...(run.selection !== undefined ? { selection: run.selection } : {}),
  };
  if (!answer) return { ...base, got: { verdict: 'n/a' }, outcome: 'n/a', time: 0 };
  const observe = testee.ops.get(v.op)?.observe ?? false;
  const score = scoreCase(v.expect, answer.reply, { checkCodes, observe, requireObservation: observe && testee.mode === 'persistent' });
  return {
    ...base,
    got: gotOf(answer.reply),
    outcome: score.outcome,
    time: answer.timeMs,
    ...(score.diff ? { diff: score.diff } : {}),
    ...(answer.stderr ? { stderr: answer.stderr } : {}),
  };
}

/** Runs every vector (ops the testee did not declare become n/a without running). */
export async function runCertification(options: CertifyOptions): Promise<CertifyResult> {
  const { vectors, testee } = options;
  const records: Array<CaseRecord | undefined> = new Array(vectors.length);
  const detector = new SystemicFailureDetector();
  const inputs = new InputFiles();
  // A persistent testee may re-run an answered case to attribute a death: its input stays until settled.
  const keepInputs = testee.settle !== undefined;
  let next = 0;
  let stop = false;
  const worker = async () => {
    while (!stop && next < vectors.length) {
      const i = next++;
      const v = vectors[i]!;
      let answer: TesteeAnswer | undefined;
      if (testee.ops.has(v.op)) {
        const path = await inputs.write(v.id, v.op, v.input);
        answer = await testee.run(v.op, path, v.id);
        if (!keepInputs) await inputs.remove(path);
        detector.add(answer, v.expect.verdict);
        if (detector.earlyVerdict()) stop = true;
      }
      const record = buildRecord(v, testee, answer, options.checkCodes, options.expectedFailures, options);
      records[i] = record;
      options.onCase?.(record);
    }
  };
  let deaths: readonly ProcessDeath[] = [];
  try {
    await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, worker));
    if (testee.settle) {
      const settled = await testee.settle();
      deaths = settled.deaths;
      const index = new Map(vectors.map((v, i) => [v.id, i]));
      // A case that answered and then took its process down (or answered twice) is scored on that.
      for (const [id, answer] of settled.amended) {
        const i = index.get(id);
        if (i !== undefined && records[i]) records[i] = buildRecord(vectors[i]!, testee, answer, options.checkCodes, options.expectedFailures);
      }
      const name = (id: string) => {
        const i = index.get(id);
        return i === undefined ? id : `${vectors[i]!.name} (${id})`;
      };
      for (const d of deaths) {
        const line = describeDeath(d, name);
        for (const id of new Set([...d.handling, ...(d.lastAnswered !== undefined ? [d.lastAnswered] : [])])) {
          const i = index.get(id);
          const r = i === undefined ? undefined : records[i];
          if (r) records[i!] = { ...r, processDeaths: [...(r.processDeaths ?? []), line] };
        }
      }
    }
  } finally {
    inputs.dispose();
  }
  const done = records.filter((r): r is CaseRecord => r !== undefined);
  const systemic = detector.verdict(testee.mode, stop);
  return { records: done, stoppedEarly: stop, deaths, ...(systemic ? { systemic } : {}) };
}
