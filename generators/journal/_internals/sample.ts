/** A generated journal as a model (JsonValue lines) plus how to lay it out, and what a reader must observe. */
import { JsonNumber, jsonNumber, type JsonValue } from '../../../src/shared/json/value.ts';
import { makeRng } from '../../prng.ts';
import { cloneJson, renderJson } from './render.ts';

/** A journal file before rendering. */
export interface JournalSample {
  readonly schema: 2 | 3;
  /** Header object (canonical member order). */
  readonly header: Map<string, JsonValue>;
  /** Lines after the header: group frames or standalone entries. */
  readonly lines: Map<string, JsonValue>[];
  /** v3: bytes after the last LF (torn tail); v2: unused (empty). */
  readonly tail: Uint8Array;
  /** v2 only: the final line has no LF. */
  readonly finalLineUnterminated: boolean;
  /** 0 = canonical layout; otherwise the seed of a shuffled, padded layout. */
  readonly layoutSeed: number;
}

/** Renders one line in the sample's layout (line index keeps layouts independent per line). */
export function renderLine(sample: Pick<JournalSample, 'layoutSeed'>, value: JsonValue, index: number): string {
  return renderJson(value, sample.layoutSeed === 0 ? {} : { rng: makeRng(sample.layoutSeed * 7919 + index) });
}

/** The file's bytes. */
export function sampleBytes(sample: JournalSample): Uint8Array {
  const text = [renderLine(sample, sample.header, 0), ...sample.lines.map((l, i) => renderLine(sample, l, i + 1))];
  let body = text.join('\n');
  if (!(sample.schema === 2 && sample.finalLineUnterminated && sample.lines.length > 0)) body += '\n';
  return new Uint8Array(Buffer.concat([Buffer.from(body, 'utf8'), sample.tail]));
}

/** The entries of every line, flattened in order. */
export function sampleEntries(sample: JournalSample): Map<string, JsonValue>[] {
  return sample.lines.flatMap((l) => (l.has('group') ? (l.get('entries') as Map<string, JsonValue>[]) : [l]));
}

const num = (v: JsonValue | undefined) => (v as JsonNumber).lexeme;

/** What `journal.read` must observe for a valid sample, built from the model alone. */
export function expectedObservation(sample: JournalSample): JsonValue {
  const origin = BigInt(num(sample.header.get('origin')));
  const entries = sampleEntries(sample);
  const above = entries.filter((e) => BigInt(num(e.get('position'))) > origin);
  const last = entries.length > 0 ? BigInt(num(entries[entries.length - 1]!.get('position'))) : origin;
  const frontier = last > origin ? last : origin;
  return new Map<string, JsonValue>([
    ['schema', jsonNumber(sample.schema)],
    ['generation', sample.header.get('generation')!],
    ['origin', sample.header.get('origin')!],
    ['frontier', jsonNumber(frontier)],
    ['tornTailBytes', jsonNumber(sample.schema === 3 ? sample.tail.length : 0)],
    ['entries', above.map((e) => cloneJson(e))],
  ]);
}

/** A copy whose lines can be edited. */
export function cloneSample(sample: JournalSample, changes: Partial<JournalSample> = {}): JournalSample {
  return {
    ...sample,
    header: cloneJson(sample.header),
    lines: sample.lines.map((l) => cloneJson(l)),
    ...changes,
  };
}

/** Integer helper for models. */
export function n(v: bigint | number | string): JsonNumber {
  return new JsonNumber(String(v));
}
