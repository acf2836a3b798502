/**
 * One line of a certification report (JSON lines): a case, what was expected, what the testee did,
 * and the outcome. Observations are JSON values with their lexemes, so records are written and read
 * with the strict JSON core, never with JSON.parse.
 */
import { isUtf8 } from 'node:buffer';
import { describeLocation, fail, ok, type Profile, type Result } from '../shared/errors.ts';
import { parseJson } from '../shared/json/parse-value.ts';
import { fromPlain, isJsonObject, toPlain, type JsonObject, type JsonValue } from '../shared/json/value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { OUTCOMES, type Outcome } from './outcome.ts';

/** What the vector expected. */
export interface ExpectedRecord {
  readonly verdict: 'accept' | 'reject' | 'either';
  readonly code?: string;
  readonly observation?: JsonValue;
}

/** What the testee did. */
export interface GotRecord {
  readonly verdict: 'accept' | 'reject' | 'skipped' | 'errored' | 'n/a';
  readonly code?: string;
  readonly observation?: JsonValue;
  readonly message?: string;
  /** Why it skipped, or how it broke. */
  readonly detail?: string;
}

/** The input as stored in a record: text when it is UTF-8, base64 otherwise (possibly cut short). */
export type RecordInput = { readonly utf8: string } | { readonly base64: string };

/** One case of one run. */
export interface CaseRecord {
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly op: string;
  readonly profile: Profile;
  readonly requirements: readonly string[];
  /** `name version` of the implementation under test (the matrix column). */
  readonly implementation: string;
  readonly mode: 'exec' | 'persistent';
  readonly expected: ExpectedRecord;
  readonly got: GotRecord;
  readonly outcome: Outcome;
  /** Milliseconds from dispatch to answer. */
  readonly time: number;
  readonly diff?: readonly string[];
  readonly stderr?: string;
  readonly input: RecordInput;
  readonly inputBytes: number;
  readonly inputTruncated?: boolean;
  /** Persistent mode: unplanned testee process deaths while this case was in flight or just after its answer. */
  readonly processDeaths?: readonly string[];
  /** Reason from --expected-failures when the case is listed there. */
  readonly expectedFailure?: string;
  /** The vector file, relative to the repository root. */
  readonly file?: string;
  readonly note?: string;
  /** `I/N` when the run was shard I of N (`--shard`). */
  readonly shard?: string;
  /** How many cases the run's selection holds over all its shards: `report merge` checks nothing is missing. */
  readonly selection?: number;
  /**
   * The run's `formcert certify` options and testee argv (`--persistent`, `--`, argv…), without the
   * case selection: `formcert certify --cases <id> <certifyArgs…>` reruns this case (rerun-line.ts).
   */
  readonly certifyArgs?: readonly string[];
}

/** Inputs longer than this are cut in records (the vector holds the whole input). */
export const RECORD_INPUT_LIMIT = 64 * 1024;

/** Stores input bytes for a record: UTF-8 text when it is text (a cut never splits a character), base64 otherwise. */
export function recordInput(bytes: Uint8Array): { input: RecordInput; inputBytes: number; inputTruncated?: boolean } {
  const cut = bytes.length > RECORD_INPUT_LIMIT;
  const kept = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, RECORD_INPUT_LIMIT));
  let text: string | undefined;
  // A cut may fall inside a multi-byte character: drop up to three trailing bytes to find a text prefix.
  for (let drop = 0; drop <= (cut ? 3 : 0) && text === undefined; drop++) {
    const prefix = kept.subarray(0, kept.length - drop);
    if (isUtf8(prefix)) text = prefix.toString('utf8');
  }
  return {
    input: text !== undefined ? { utf8: text } : { base64: kept.toString('base64') },
    inputBytes: bytes.length,
    ...(cut ? { inputTruncated: true } : {}),
  };
}

function part(members: Array<[string, JsonValue | undefined]>): JsonObject {
  const m: JsonObject = new Map();
  for (const [k, v] of members) if (v !== undefined) m.set(k, v);
  return m;
}

const plain = (v: unknown): JsonValue | undefined => (v === undefined ? undefined : fromPlain(v));

/** Writes a record as one JSON line (without the newline). */
export function formatCaseRecord(r: CaseRecord): string {
  const value = part([
    ['id', r.id],
    ['name', r.name],
    ['format', r.format],
    ['op', r.op],
    ['profile', r.profile],
    ['requirements', plain(r.requirements)],
    ['implementation', r.implementation],
    ['mode', r.mode],
    ['outcome', r.outcome],
    ['expectedFailure', r.expectedFailure],
    ['time', fromPlain(Math.round(r.time * 10) / 10)],
    [
      'expected',
      part([
        ['verdict', r.expected.verdict],
        ['code', r.expected.code],
        ['observation', r.expected.observation],
      ]),
    ],
    [
      'got',
      part([
        ['verdict', r.got.verdict],
        ['code', r.got.code],
        ['message', r.got.message],
        ['detail', r.got.detail],
        ['observation', r.got.observation],
      ]),
    ],
    ['diff', plain(r.diff)],
    ['stderr', r.stderr === '' ? undefined : r.stderr],
    ['processDeaths', plain(r.processDeaths)],
    ['input', plain(r.input)],
    ['inputBytes', fromPlain(r.inputBytes)],
    ['inputTruncated', r.inputTruncated],
    ['file', r.file],
    ['note', r.note],
    ['shard', r.shard],
    ['selection', r.selection === undefined ? undefined : fromPlain(r.selection)],
    ['certifyArgs', plain(r.certifyArgs)],
  ]);
  return writeJson(value);
}

function str(o: JsonObject, key: string): string | undefined {
  const v = o.get(key);
  return typeof v === 'string' ? v : undefined;
}

/** Reads one record line; the error says why a line is not a record. */
export function parseCaseRecord(line: string): Result<CaseRecord, string> {
  const parsed = parseJson(line);
  if (!parsed.ok) return fail(`not JSON (${parsed.error.code}, ${describeLocation(parsed.error.location)})`);
  const o = parsed.value;
  const bad = (why: string) => fail(why);
  if (!isJsonObject(o)) return bad('record is not an object');
  const outcome = str(o, 'outcome');
  if (!outcome || !(OUTCOMES as readonly string[]).includes(outcome)) return bad(`unknown outcome ${outcome}`);
  const expected = o.get('expected');
  const got = o.get('got');
  if (!isJsonObject(expected) || !isJsonObject(got)) return bad('record lacks expected/got');
  for (const key of ['id', 'op', 'implementation']) if (str(o, key) === undefined) return bad(`record lacks "${key}"`);
  const rest = toPlain(new Map([...o].filter(([k]) => k !== 'expected' && k !== 'got'))) as Record<string, unknown>;
  const record: CaseRecord = {
    ...(rest as unknown as CaseRecord),
    name: (rest.name as string) ?? '',
    format: (rest.format as string) ?? '',
    requirements: (rest.requirements as string[]) ?? [],
    mode: (rest.mode as 'exec' | 'persistent') ?? 'exec',
    time: (rest.time as number) ?? 0,
    input: (rest.input as RecordInput) ?? { utf8: '' },
    inputBytes: (rest.inputBytes as number) ?? 0,
    outcome: outcome as Outcome,
    expected: {
      ...(toPlain(new Map([...expected].filter(([k]) => k !== 'observation'))) as ExpectedRecord),
      ...(expected.has('observation') ? { observation: expected.get('observation')! } : {}),
    },
    got: {
      ...(toPlain(new Map([...got].filter(([k]) => k !== 'observation'))) as GotRecord),
      ...(got.has('observation') ? { observation: got.get('observation')! } : {}),
    },
  };
  return ok(record);
}

/** Reads a whole JSON-lines report; blank lines are skipped, a bad line is an error naming its number. */
export function parseCaseRecords(text: string, source = 'report'): Result<CaseRecord[], string> {
  const out: CaseRecord[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const r = parseCaseRecord(line);
    if (!r.ok) return fail(`${source}:${i + 1}: ${r.error}`);
    out.push(r.value);
  }
  return ok(out);
}
