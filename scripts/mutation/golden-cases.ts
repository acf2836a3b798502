/**
 * The golden vectors as test cases of the oracle, for mutation testing (scripts/mutation/README.md):
 * one case per vector and profile (strict, and core too when the vector's rule is in the format
 * document), and for a streaming op (journal.read, codegraph.read) one more through its stream,
 * smallest input first, each running the vector through the oracle and answering what differs. Both test runners use these cases: scripts/mutation/golden-runner.mjs (in-process, the
 * default) and golden-oracle.mutation.ts (vitest, with the format's own property tests).
 *
 * The harness must not lean on the code under test: the vectors come pre-read from a snapshot that
 * run-mutation.ts writes with the unmutated source ({@link writeVectorSnapshot}), and observations
 * are compared by the small {@link firstDifference} below, not by src/shared/json (a mutant there
 * would otherwise break the loading or the comparison, not the oracle).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import { readModelChunks } from '../../src/codegraph/validate-file.ts';
import { JournalReader, observationOf, type JournalSummary } from '../../src/journal/read-journal.ts';
import { loadOracleOp } from '../../src/runner/oracle-ops.ts';
import type { Profile, Result } from '../../src/shared/errors.ts';
import { profileFor, refusalFor, requirementProfile } from '../../src/shared/refusals.ts';
import type { OpHandler, OpName, OpOutcome, ReadChunk } from '../../src/shared/ops.ts';
import type { Vector } from '../../src/shared/vectors.ts';

/** Environment variable naming the vector snapshot of the current run. */
export const SNAPSHOT_VARIABLE = 'FORMCERT_MUTATION_VECTORS';

/** One test: a vector run under one profile (and, for a streaming op, read in pieces). */
export interface GoldenCase {
  /** Unique and stable: `<vector id> <op> <vector name> (<profile>[, <n>-byte reads])`. */
  readonly name: string;
  /** What differs between the oracle's outcome and the vector; empty when they agree. */
  run(): Promise<string[]>;
}

/** The vectors `format` runs (`shared` runs every format's: all three use src/shared), smallest input first. */
export function selectVectors(vectors: readonly Vector[], format: string): Vector[] {
  // Smallest inputs first: a mutant's run stops at its first failing case, so a killed mutant costs
  // the small cases only, and the multi-MiB ones run for survivors alone.
  return vectors.filter((v) => format === 'shared' || v.format === format).sort((a, b) => a.input.length - b.input.length);
}

/** A verdict and code in a few words: `accept`, or `reject <CODE>`. */
type VerdictText = string;

/**
 * A vector as the snapshot holds it: for journal.read, also how many of its lines the validator's fast
 * path took under the unmutated oracle, per profile (see {@link describeFastLines}); the verdicts the
 * unmutated oracle gives where the vector declares none (see {@link describeDisagreement}): an `either`
 * vector's, and a strict vector's under core.
 */
type SnapshotVector = Vector & {
  readonly fastLines?: Readonly<Partial<Record<Profile, number>>>;
  readonly oracleVerdicts?: Readonly<Partial<Record<Profile, VerdictText>>>;
};

/**
 * The profiles a vector runs under: strict; core for a core vector, and for a strict vector whose core
 * reading the snapshot recorded. A strict vector's one fault is a strict rule, so core reads past it:
 * the profile tests (src/<format>/profile*.test.ts) hold that reading to accept or to the second, core
 * fault they list, and the harness holds every mutant to the same reading.
 */
function profilesOf(vector: SnapshotVector): Profile[] {
  const core = vector.profile === 'core' || (vector.oracleVerdicts?.core !== undefined && vector.oracleVerdicts.core !== 'skipped');
  return core ? ['strict', 'core'] : ['strict'];
}

/**
 * Writes the vectors of `format` to `path` (v8 serialization: reading it back takes milliseconds, not
 * seconds), with what the unmutated oracle answers where a vector does not say (see {@link SnapshotVector}).
 */
export async function writeVectorSnapshot(path: string, vectors: readonly Vector[], format: string): Promise<void> {
  const snapshot: SnapshotVector[] = [];
  for (const v of selectVectors(vectors, format)) {
    const handler = await loadOracleOp(v.op);
    const verdictUnder = async (profile: Profile): Promise<[Profile, VerdictText]> => [profile, verdictText(await handler!(v.input.slice(), { profile }))];
    let oracleVerdicts: SnapshotVector['oracleVerdicts'];
    if (handler && v.expect.verdict === 'either') oracleVerdicts = Object.fromEntries(await Promise.all((v.profile === 'core' ? (['strict', 'core'] as const) : (['strict'] as const)).map(verdictUnder)));
    else if (handler && v.profile === 'strict') oracleVerdicts = Object.fromEntries([await verdictUnder('core')]);
    const recorded: SnapshotVector = { ...v, ...(oracleVerdicts && { oracleVerdicts }) };
    const fastLines = v.op === 'journal.read' ? Object.fromEntries(profilesOf(recorded).map((p) => [p, readJournalValidator(v.input, p).fastLines])) : undefined;
    snapshot.push({ ...recorded, ...(fastLines && { fastLines }) });
  }
  writeFileSync(path, serialize(snapshot));
}

/** `accept`, `reject <CODE>` or `skipped`. */
export function verdictText(answer: Answer): VerdictText {
  if ('skipped' in answer) return 'skipped';
  return answer.accept ? 'accept' : `reject ${answer.error.code}`;
}

/** The journal validator over `input` in stream-sized pushes: its result, and the lines its fast path took. */
function readJournalValidator(input: Uint8Array, profile: Profile): { result: Result<JournalSummary>; fastLines: number } {
  const reader = new JournalReader({ profile });
  const result = readJournalInPieces(reader, input, streamReadBytes(input.length));
  return { result, fastLines: reader.linesTakenFast };
}

/**
 * The journal validator's fast path (fast-scan-line.ts) decides no verdict: a mutant that makes it give
 * up on a line the full stages then accept changes no answer, only the speed the path exists for. Such
 * a mutant is a fault all the same (the bench would show it as a slowdown), so the validator case holds
 * the count of lines the path took to the unmutated oracle's count, which the snapshot records.
 */
function describeFastLines(vector: SnapshotVector, profile: Profile, taken: number): string[] {
  const expected = vector.fastLines?.[profile];
  return expected === undefined || expected === taken ? [] : [`validator's fast path took ${taken} lines, the unmutated oracle ${expected}`];
}

/** A JSON number as the oracle and the snapshot hold it: an object with its lexeme (JsonNumber, or its serialized copy). */
function lexemeOf(v: unknown): string | undefined {
  return typeof v === 'object' && v !== null && !(v instanceof Map) && !Array.isArray(v) && typeof (v as { lexeme?: unknown }).lexeme === 'string'
    ? (v as { lexeme: string }).lexeme
    : undefined;
}

/**
 * The JSON pointer of the first difference between two observations under R-S3 (member order ignored,
 * numbers by lexeme, strings exactly), or undefined when they are equal. Iterative: any depth.
 */
export function firstDifference(expected: unknown, actual: unknown): string | undefined {
  const work: Array<[string, unknown, unknown]> = [['', expected, actual]];
  while (work.length > 0) {
    const [at, x, y] = work.pop()!;
    const nx = lexemeOf(x);
    const ny = lexemeOf(y);
    if (nx !== undefined || ny !== undefined) {
      if (nx !== ny) return at;
    } else if (x instanceof Map || y instanceof Map) {
      if (!(x instanceof Map && y instanceof Map) || x.size !== y.size) return at;
      for (const [k, v] of x) {
        if (!y.has(k)) return `${at}/${k}`;
        work.push([`${at}/${k}`, v, y.get(k)]);
      }
    } else if (Array.isArray(x) || Array.isArray(y)) {
      if (!(Array.isArray(x) && Array.isArray(y)) || x.length !== y.length) return at;
      for (let i = 0; i < x.length; i++) work.push([`${at}/${i}`, x[i], y[i]]);
    } else if (x !== y) {
      return at;
    }
  }
  return undefined;
}

/**
 * Bytes per read when a streaming op reads a vector: 97 (a prime, as in
 * reference-testee-streams.conformance.test.ts) so that lines, tokens and UTF-8 sequences are cut
 * everywhere; 8191 for inputs past 64 KiB (the multi-MiB limit vectors are about sizes, not cuts, and
 * 97-byte reads of them would cost more than all other cases together).
 */
export function streamReadBytes(inputBytes: number): number {
  return inputBytes <= 65_536 ? 97 : 8191;
}

/** A ReadChunk over `bytes` that hands out at most `step` bytes per call, then 0. */
export function readInPieces(bytes: Uint8Array, step: number): ReadChunk {
  let at = 0;
  return (buf, offset, length) => {
    const n = Math.min(length, step, bytes.length - at);
    buf.set(bytes.subarray(at, at + n), offset);
    at += n;
    return n;
  };
}

/**
 * An answer in the terms a vector judges it by: an op's outcome, or a validator path's verdict with
 * what it computes of the observation (undefined: none).
 */
type Answer = OpOutcome | { readonly accept: true; readonly observation: unknown };

/**
 * Why `answer` (given by `who`) is not what `vector` expects; empty when it is. Of an accepted
 * answer's observation, what `expected` keeps of the vector's is compared (an op computes it all).
 */
function describeDisagreement(vector: SnapshotVector, answer: Answer, profile: Profile, who = 'oracle', expected: (observation: unknown) => unknown = (o) => o): string[] {
  if ('skipped' in answer) return [`${who} skipped: ${answer.skipped}`];
  const { expect: want } = vector;
  if (want.verdict === 'either' || (profile === 'core' && vector.profile === 'strict')) {
    // The vector declares no verdict here: an `either` vector leaves it to each reader (R-S2a's deep
    // nesting, a reader's own JSON-LIMIT-1 limits), a strict vector speaks for strict only. spec/ says
    // what this reader does (its limits; core reading past a strict fault): the unmutated oracle's
    // verdict, recorded in the snapshot, is the one a mutant must keep (another implementation need not).
    const recorded = vector.oracleVerdicts?.[profile];
    const given = verdictText(answer);
    return recorded === undefined || recorded === given ? [] : [`${who} answered ${given} where this reader answers ${recorded}`];
  }
  if (want.verdict === 'reject') {
    if (answer.accept) return [`${who} accepted an input the vector rejects`];
    return answer.error.code === want.code ? [] : [`code: expected ${want.code}, got ${answer.error.code}`];
  }
  if (!answer.accept) return [`${who} rejected a valid input: ${answer.error.code}`];
  if (want.observation === undefined || answer.observation === undefined) return [];
  const at = firstDifference(expected(want.observation), answer.observation);
  return at === undefined ? [] : [`${who}'s observation differs at ${at === '' ? '(root)' : at}`];
}

/**
 * Smallest read buffer of the codegraph validator's path below: 61 bytes (a prime), so that every
 * line but the shortest fills the buffer and takes the long-line path (judged by its prefix, read on,
 * compacted or the buffer grown), which the op's 4 MiB buffer only takes past 4 MiB.
 */
export const LONG_LINE_BUFFER_BYTES = 61;

/** Pushes `input` into a journal reader `step` bytes at a time, then finishes it. */
function readJournalInPieces(reader: JournalReader, input: Uint8Array, step: number) {
  for (let at = 0; at < input.length; at += step) {
    if (!reader.push(input.subarray(at, at + step))) break;
  }
  return reader.finish();
}

/** A validator's path through an op's rules, and what of the op's observation it computes. */
interface ValidatorPath {
  readonly label: string;
  run(input: Uint8Array, profile: Profile): Result<unknown>;
  /** Whether the path runs on `input` (default: every input). */
  appliesTo?(input: Uint8Array): boolean;
  /** The observation the path's result makes, without the members only the op builds (undefined: none). */
  observe?(result: unknown): Map<string, unknown>;
  /** How many lines the last run's fast path took (the journal validator's), held to the snapshot's count. */
  fastLinesOfLastRun?(): number;
}

/** Lines the fast path took in the journal validator's last run (cases run one at a time). */
let lastFastLines = 0;

/** Members of an observation only the op builds: a validator does not collect them. */
const OP_ONLY_MEMBERS = ['entries'];

/** A journal validator's summary as the op's observation, entries left out (it collects none). */
function observeJournal(summary: unknown): Map<string, unknown> {
  return withoutOpOnlyMembers(observationOf(summary as JournalSummary));
}

/** `observation` without the members only the op builds. */
function withoutOpOnlyMembers(observation: unknown): Map<string, unknown> {
  const out = new Map(observation as Map<string, unknown>);
  for (const name of OP_ONLY_MEMBERS) out.delete(name);
  return out;
}

/**
 * The validator's own paths through a streaming op's rules (`formcert validate`, journal.append's read
 * of its journal): they build no observation, so a vector holds there by its verdict and code alone.
 * Each path is one the op's read does not take on a golden input: the journal's fast scan of canonical
 * lines (a collecting read never takes it), the journal's chunked scan of every line (past 16 MiB
 * only, otherwise), and codegraph's long-line handling (past 4 MiB only, otherwise).
 */
const VALIDATOR_PATHS: Partial<Record<OpName, ReadonlyArray<ValidatorPath>>> = {
  'journal.read': [
    {
      label: 'validator',
      run: (input, profile) => {
        const { result, fastLines } = readJournalValidator(input, profile);
        lastFastLines = fastLines;
        return result;
      },
      observe: observeJournal,
      fastLinesOfLastRun: () => lastFastLines,
    },
    {
      label: 'validator, every line in chunks',
      observe: observeJournal,
      // A line is scanned in chunks when it does not end in the push it starts in: 13 bytes per push
      // (8191 past 64 KiB, whose lines are long) send every line but the shortest there, cut at every
      // 13th byte (the property tests of scan-long-line.ts cut everywhere; here each case runs once
      // per surviving mutant, so one byte per push would cost ten times as much).
      run: (input, profile) => readJournalInPieces(new JournalReader({ profile, pendingLimitBytes: 0 }), input, input.length <= 65_536 ? 13 : 8191),
    },
    {
      label: 'validator, every line in 2-byte chunks',
      observe: observeJournal,
      // A pipe may hand the reader a piece shorter than a UTF-8 sequence: pieces of 2 bytes cut every
      // multi-byte character and every escape (for short inputs only, where this costs little).
      appliesTo: (input) => input.length <= 2048,
      run: (input, profile) => readJournalInPieces(new JournalReader({ profile, pendingLimitBytes: 0 }), input, 2),
    },
  ],
  'codegraph.read': [
    {
      label: `validator, ${LONG_LINE_BUFFER_BYTES}-byte buffer`,
      run: (input, profile) => readModelChunks(readInPieces(input, streamReadBytes(input.length)), profile, { chunkBytes: LONG_LINE_BUFFER_BYTES }),
    },
  ],
};

/**
 * What differs between a validator path's outcome and the vector's: the verdict and code, and of an
 * accepted input's observation the members the path computes (the journal's header, frontier and torn
 * tail; not its entries, which only the op collects).
 */
export function describeVerdictDisagreement(vector: SnapshotVector, result: Result<unknown>, profile: Profile, path?: ValidatorPath): string[] {
  const answer: Answer = result.ok ? { accept: true, observation: path?.observe?.(result.value) } : { accept: false, error: result.error };
  return describeDisagreement(vector, answer, profile, 'validator', withoutOpOnlyMembers);
}

/**
 * Names the largest input (bytes) a run's cases may have; unset, every vector runs. A scanner's mutant
 * that survives runs every case, and instrumented, the few multi-MiB vectors (the reader limits' own)
 * cost most of that; leaving them out can only turn a kill into a survivor, so such a run's score is a
 * lower bound, and its survivors are re-run with every vector (`--survivors`).
 */
export const MAX_INPUT_VARIABLE = 'FORMCERT_MUTATION_MAX_INPUT_BYTES';

/** The vectors whose input is at most `limit` bytes (a decimal number; every vector when undefined or empty). */
export function keepSmallInputs<V extends Pick<Vector, 'input'>>(vectors: readonly V[], limit: string | undefined): V[] {
  if (limit === undefined || limit === '') return [...vectors];
  const max = Number(limit);
  if (!Number.isSafeInteger(max) || max < 0) throw new Error(`${MAX_INPUT_VARIABLE} must be a byte count, not ${JSON.stringify(limit)}`);
  return vectors.filter((v) => v.input.length <= max);
}

/** Reads the snapshot named by FORMCERT_MUTATION_VECTORS, or loads golden/ itself when run outside run-mutation.ts. */
async function readVectors(format: string): Promise<SnapshotVector[]> {
  const snapshot = process.env[SNAPSHOT_VARIABLE];
  if (snapshot) return deserialize(readFileSync(snapshot)) as SnapshotVector[];
  const { loadVectors } = await import('../../src/runner/vectors/load-vectors.ts');
  return selectVectors(await loadVectors(), format);
}

/**
 * Fills the oracle's module-level caches that are built on first use (the refusal registries of
 * src/shared/refusals.ts) while the cases load. The test runner keeps one process for many mutants,
 * so a cache first filled by the dry run would hide every mutant in the code that fills it (and one
 * first filled under a mutant would carry that mutant into later runs); filled here, that code runs
 * at load, where Stryker counts it static and tests each of its mutants in a fresh process.
 */
function fillLazyCaches(): void {
  refusalFor('shared', 'JSON_BOM');
  profileFor('shared', 'JSON_BOM', 'R-S1');
  requirementProfile('R-S1');
}

/**
 * The cases of `format`. Every op's module is loaded here, before any case runs, so that code run at
 * module load counts as static for Stryker (not as covered by whichever case happened to load it).
 */
export async function loadGoldenCases(format: string): Promise<GoldenCase[]> {
  const vectors = keepSmallInputs(await readVectors(format), process.env[MAX_INPUT_VARIABLE]);
  const handlers = new Map<OpName, OpHandler | undefined>();
  for (const op of new Set(vectors.map((v) => v.op))) handlers.set(op, await loadOracleOp(op));
  fillLazyCaches();
  const cases: GoldenCase[] = [];
  const add = (vector: SnapshotVector, profile: Profile) => {
    const handler = handlers.get(vector.op);
    cases.push({
      name: `${vector.id} ${vector.op} ${vector.name} (${profile})`,
      // A copy each run: a mutant that releases its input (releaseBytes, as an op handed its input may)
      // would otherwise detach the bytes every later case and mutant of this process reads, and those
      // would all fail, counted as kills.
      run: async () => (handler ? describeDisagreement(vector, await handler(vector.input.slice(), { profile }), profile) : [`no oracle for ${vector.op}`]),
    });
    // An op called without options reads as strict (OpOptions in src/shared/ops.ts; `golden regenerate`
    // and a library caller call it so): a strict vector, whose fault core reads past, holds there too,
    // which catches a mutant of that default.
    if (profile === 'strict' && vector.profile === 'strict') {
      cases.push({
        name: `${vector.id} ${vector.op} ${vector.name} (no options)`,
        run: async () => (handler ? describeDisagreement(vector, await handler(vector.input.slice()), 'strict') : [`no oracle for ${vector.op}`]),
      });
    }
    // The reference testee serves a streaming op through its stream (src/runner/reference-testee.ts),
    // a separate reader: the vector holds there too, read in small pieces so that lines, tokens and
    // UTF-8 sequences are cut across reads.
    const stream = handler?.stream;
    if (stream) {
      const step = streamReadBytes(vector.input.length);
      cases.push({
        name: `${vector.id} ${vector.op} ${vector.name} (${profile}, ${step}-byte reads)`,
        run: async () => describeDisagreement(vector, stream(readInPieces(vector.input, step), { profile }), profile),
      });
    }
    for (const path of VALIDATOR_PATHS[vector.op] ?? []) {
      if (path.appliesTo && !path.appliesTo(vector.input)) continue;
      cases.push({
        name: `${vector.id} ${vector.op} ${vector.name} (${profile}, ${path.label})`,
        run: async () => {
          const differences = describeVerdictDisagreement(vector, path.run(vector.input, profile), profile, path);
          return path.fastLinesOfLastRun ? [...differences, ...describeFastLines(vector, profile, path.fastLinesOfLastRun())] : differences;
        },
      });
    }
  };
  for (const vector of vectors) {
    for (const profile of profilesOf(vector)) add(vector, profile);
  }
  return cases;
}
