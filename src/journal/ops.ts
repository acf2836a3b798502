/** The journal ops of spec/protocol: journal.read, journal.append, journal.track-key. */
import { decodeCanonicalBase64 } from '../shared/base64.ts';
import type { FormatError, Profile, Result } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import type { InputBound, OpHandler, OpName, OpOptions, OpOutcome, ReadChunk } from '../shared/ops.ts';
import { OP_INPUT_MAX_BYTES, READ_CHUNK_BYTES, READ_OBSERVATION_MAX_BYTES, READ_OBSERVATION_MAX_VALUES } from './constants.ts';
import { JournalReader, observationOf, readJournalBytes, type JournalSummary } from './read-journal.ts';
import { refuse, RULES } from './refusal.ts';
import { parseJsonText } from './scan-json.ts';
import { encodeTrackKey } from './track-key.ts';
import { appendGroupToBytes } from './write-journal.ts';

const reject = (error: FormatError): OpOutcome => ({ accept: false, error });

/**
 * Parses an op input as JSON: grammar and UTF-8 faults are core (JSON-SYNTAX-1); a BOM, duplicates and
 * lone surrogates are R-S1 faults, refused under strict and read under core.
 */
function parseInput(input: Uint8Array, profile: Profile): { ok: true; value: JsonValue } | { ok: false; outcome: OpOutcome } {
  const r = parseJsonText(input, { tolerant: profile === 'core' });
  return r.ok ? r : { ok: false, outcome: reject(r.error) };
}


function inputError(message: string, pointer: string, member?: string): OpOutcome {
  return reject(refuse(RULES.APPEND_INPUT, message, undefined, pointer, member));
}

function readOutcome(r: Result<JournalSummary>): OpOutcome {
  if (!r.ok) return reject(r.error);
  if (r.value.entriesOverBound) {
    return { skipped: `the journal is valid, but its entries pass the reference testee's bound for an observation (${READ_OBSERVATION_MAX_BYTES} bytes of entry lines, ${READ_OBSERVATION_MAX_VALUES} payload values)` };
  }
  return { accept: true, observation: observationOf(r.value) };
}

/**
 * `journal.read`: in memory, or streamed line by line — memory then bounded by one held line (at most
 * PENDING_LIMIT_BYTES; a longer one is scanned in chunks) plus the observation's bounds, READ_OBSERVATION_MAX_BYTES
 * and READ_OBSERVATION_MAX_VALUES.
 */
const readOp: OpHandler = Object.assign(
  (input: Uint8Array, options?: OpOptions) => readOutcome(readJournalBytes(input, { collect: true, profile: options?.profile ?? 'strict' })),
  {
    stream: (read: ReadChunk, options?: OpOptions): OpOutcome => {
      // A long line is scanned in chunks, never held (scan-long-line.ts): the input is read once.
      const reader = new JournalReader({ collect: true, profile: options?.profile ?? 'strict', maxCollectedBytes: READ_OBSERVATION_MAX_BYTES, maxCollectedValues: READ_OBSERVATION_MAX_VALUES });
      const chunk = Buffer.allocUnsafe(Math.min(READ_CHUNK_BYTES, options?.readChunkBytes ?? READ_CHUNK_BYTES));
      for (;;) {
        const n = read(chunk, 0, chunk.length);
        // A refusal is final: the rest of the input is not read (an endless input gets its answer).
        if (n === 0 || !reader.push(chunk.subarray(0, n))) break;
      }
      return readOutcome(reader.finish());
    },
  },
);

/** The testee's bound on a single-document op input (OP_INPUT_MAX_BYTES): over it, the op is skipped. */
const opInputBound = (op: string): InputBound => ({
  maxBytes: OP_INPUT_MAX_BYTES,
  refuse: (size) => ({ skipped: `${op} input of ${size ?? `more than ${OP_INPUT_MAX_BYTES}`} bytes passes the reference testee's ${OP_INPUT_MAX_BYTES}-byte bound` }),
});

const appendInput = (input: Uint8Array, options?: OpOptions): OpOutcome => {
  const profile = options?.profile ?? 'strict';
  const parsed = parseInput(input, profile);
  if (!parsed.ok) return parsed.outcome;
  const v = parsed.value;
  // JRN-OP-1: the input is exactly {"journal": base64, "group": [entry…]}.
  if (!(v instanceof Map)) return inputError('the input must be an object {"journal", "group"}', '');
  for (const key of v.keys()) {
    if (key !== 'journal' && key !== 'group') return inputError(`unknown input member ${JSON.stringify(key)}`, `/${key}`, key);
  }
  const journal = v.get('journal');
  if (typeof journal !== 'string') return inputError('"journal" must be a base64 string', '/journal', 'journal');
  const bytes = decodeCanonicalBase64(journal);
  if (!bytes) return inputError('"journal" is not canonical padded base64', '/journal', 'journal');
  const group = v.get('group');
  if (!Array.isArray(group)) return inputError('"group" must be an array of entries', '/group', 'group');
  const r = appendGroupToBytes(bytes, group, profile);
  if (!r.ok) return reject(r.error);
  return { accept: true, observation: new Map([['bytes', Buffer.from(r.value).toString('base64')]]) };
};

const trackKeyInput = (input: Uint8Array, options?: OpOptions): OpOutcome => {
  const parsed = parseInput(input, options?.profile ?? 'strict');
  if (!parsed.ok) return parsed.outcome;
  const v = parsed.value;
  // JRN-OP-3: the input is a JSON array of label strings.
  if (!Array.isArray(v)) return reject(refuse(RULES.TRACK_INPUT, 'the input must be an array of labels', undefined, ''));
  const labels: string[] = [];
  for (let i = 0; i < v.length; i++) {
    const label = v[i];
    if (typeof label !== 'string') return reject(refuse(RULES.TRACK_INPUT, 'a label must be a string', undefined, `/${i}`));
    labels.push(label);
  }
  const key = encodeTrackKey(labels);
  if (!key.ok) return reject(key.error);
  return { accept: true, observation: new Map([['key', Buffer.from(key.value).toString('base64')]]) };
};

const appendOp: OpHandler = Object.assign(appendInput, { inputBound: opInputBound('journal.append') });
const trackKeyOp: OpHandler = Object.assign(trackKeyInput, { inputBound: opInputBound('journal.track-key') });

/** The journal op handlers (OpHandler contract: never throw on bad input). */
export const ops: Partial<Record<OpName, OpHandler>> = {
  'journal.read': readOp,
  'journal.append': appendOp,
  'journal.track-key': trackKeyOp,
};
