/**
 * Arbitrary valid journals (v2 and v3): groups of 0–256 records, standalone legacy entries, undo/redo
 * links, work/sidecar/guest facts, unicode principals, positions near 2^53 and 2^64, origins with
 * folded entries, torn tails, any member order and spacing.
 */
import fc from 'fast-check';
import type { JsonValue } from '../../src/shared/json/value.ts';
import { journalPayload } from './journal-payload.ts';
import { n, type JournalSample } from './_internals/sample.ts';

const U64_MAX = (1n << 64n) - 1n;
const I64_MIN = -(1n << 63n);
const I64_MAX = (1n << 63n) - 1n;
const TWO_53 = 1n << 53n;

/** Options of {@link journalHistory}. */
export interface JournalHistoryOptions {
  readonly schema?: 2 | 3;
  readonly minLines?: number;
  readonly maxLines?: number;
  /** Most records in an ordinary group (a rare group has exactly 256 when `bigGroups`). */
  readonly maxRecords?: number;
  readonly bigGroups?: boolean;
  /** Allow v3 torn tails and unterminated final v2 lines. */
  readonly tornTail?: boolean;
  /** Allow shuffled member order and space/tab padding. */
  readonly shuffledLayout?: boolean;
}

interface Fact {
  readonly ns: 'work' | 'sidecar' | 'guest';
  readonly owner: string;
  readonly name: string;
  readonly bytes: number[];
}

interface EntrySeed {
  readonly appId: string;
  readonly version: bigint;
  readonly principal: string | null;
  readonly request: string | null;
  readonly correlationPick: number;
  readonly causationPick: number | null;
  readonly link: { readonly kind: 'UndoOf' | 'RedoOf'; readonly pick: number } | null;
  readonly atUs: bigint;
  readonly payload: JsonValue;
  readonly fact: Fact | null;
  readonly standaloneKind: 'Transaction' | 'Record';
}

const appId = fc.oneof(
  fc.constantFrom('ledger.deposit', 'ledger.noted', 'inventory.moved', 'a'),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }).filter((s) => !s.startsWith('harmos:')),
);

const fact: fc.Arbitrary<Fact> = fc.record({
  ns: fc.constantFrom('work' as const, 'sidecar' as const, 'guest' as const),
  owner: fc.stringMatching(/^[a-z][a-z0-9.-]{0,6}$/),
  name: fc.oneof(fc.stringMatching(/^[a-z][a-z0-9/._]{0,8}$/), fc.string({ unit: 'binary', minLength: 1, maxLength: 6 })),
  bytes: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 8 }),
});

// 1,024 UTF-8 bytes exactly: the edge of the principal/request limit.
const EDGE_TEXT = 'é'.repeat(511) + 'xy';

const principal = fc.oneof(
  { weight: 4, arbitrary: fc.constant(null) },
  { weight: 4, arbitrary: fc.string({ unit: 'grapheme', maxLength: 8 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }).map((g) => `guest:${g}`) },
  { weight: 1, arbitrary: fc.constant(EDGE_TEXT) },
);

const request = fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 10 }) }, { weight: 1, arbitrary: fc.constant(EDGE_TEXT) });

const atUs = fc.oneof(
  fc.constantFrom(0n, -1n, 1700000000000000n, I64_MIN, I64_MAX, TWO_53 + 1n),
  fc.bigInt({ min: I64_MIN, max: I64_MAX }),
);

const version = fc.oneof({ weight: 5, arbitrary: fc.bigInt({ min: 0n, max: 5n }) }, { weight: 1, arbitrary: fc.constantFrom(TWO_53 + 1n, U64_MAX) });

const entrySeed: fc.Arbitrary<EntrySeed> = fc.record({
  appId,
  version,
  principal,
  request,
  correlationPick: fc.nat(),
  causationPick: fc.option(fc.nat(), { nil: null }),
  link: fc.option(fc.record({ kind: fc.constantFrom('UndoOf' as const, 'RedoOf' as const), pick: fc.nat() }), { nil: null, freq: 3 }),
  atUs,
  payload: journalPayload(),
  fact: fc.option(fact, { nil: null, freq: 2 }),
  standaloneKind: fc.constantFrom('Transaction' as const, 'Record' as const),
});

function factId(f: Fact): string {
  const owner = f.ns === 'work' ? f.owner.replace(/[/]/g, '') || 'svc' : f.owner;
  return `harmos:${f.ns}/${owner}/${f.name}`;
}

function metadata(principal: string | null, correlation: bigint, causation: bigint | null, request: string | null, link: JsonValue, at: bigint): Map<string, JsonValue> {
  return new Map<string, JsonValue>([
    ['principal', principal],
    ['correlation', n(correlation)],
    ['causation', causation === null ? null : n(causation)],
    ['request', request],
    ['link', link],
    ['at_us', n(at)],
  ]);
}

function entry(position: bigint, kind: string, id: string, ver: bigint, md: Map<string, JsonValue>, payload: JsonValue): Map<string, JsonValue> {
  return new Map<string, JsonValue>([
    ['position', n(position)],
    ['kind', kind],
    ['id', id],
    ['version', n(ver)],
    ['metadata', md],
    ['payload', payload],
  ]);
}

/** A transaction (or standalone entry) at `pos` from a seed: references stay inside [1, pos]. */
function leadEntry(seed: EntrySeed, pos: bigint, kind: 'Transaction' | 'Record'): Map<string, JsonValue> {
  const correlation = pos - BigInt(seed.correlationPick) % pos;
  const causation = seed.causationPick === null || pos === 1n ? null : (BigInt(seed.causationPick) % (pos - 1n)) + 1n;
  const link = seed.link === null || pos === 1n ? null : new Map<string, JsonValue>([[seed.link.kind, n((BigInt(seed.link.pick) % (pos - 1n)) + 1n)]]);
  const isFact = kind === 'Record' && seed.fact !== null;
  return entry(
    pos,
    kind,
    isFact ? factId(seed.fact!) : seed.appId,
    seed.version,
    metadata(seed.principal, correlation, causation, seed.request, link, seed.atUs),
    isFact ? seed.fact!.bytes.map((b) => n(b)) : seed.payload,
  );
}

/** A record of the group led by `tx`: shares its witness metadata (R-J6). */
function recordEntry(seed: EntrySeed, pos: bigint, tx: Map<string, JsonValue>): Map<string, JsonValue> {
  const txMd = tx.get('metadata') as Map<string, JsonValue>;
  const md = metadata(txMd.get('principal') as string | null, 0n, 0n, null, null, 0n);
  md.set('correlation', txMd.get('correlation')!);
  md.set('causation', tx.get('position')!);
  md.set('at_us', txMd.get('at_us')!);
  const isFact = seed.fact !== null;
  return entry(pos, 'Record', isFact ? factId(seed.fact!) : seed.appId, seed.version, md, isFact ? seed.fact!.bytes.map((b) => n(b)) : seed.payload);
}

/** Layout seeds: mostly 0 (canonical compact lines), else the seed of a shuffled, padded layout. */
export function layoutSeed(): fc.Arbitrary<number> {
  return fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 0x7fffffff }) });
}

/**
 * Samples whose layout seed is drawn beside `structure` (made with `shuffledLayout: false`) instead
 * of inside its chain. Shrinking a chain's source regenerates everything drawn inside it, so the
 * seed drawn there changes at the first structural shrink step, and a failure that needs its layout
 * (a reader tripping on a tab) stops shrinking there. Drawn beside, the seed stays while the
 * structure shrinks (fuzzing uses this; `journalHistory` itself keeps its draws, which the golden
 * cases are frozen on).
 */
export function withLayoutSeed(structure: fc.Arbitrary<JournalSample>): fc.Arbitrary<JournalSample> {
  return fc.tuple(structure, layoutSeed()).map(([sample, seed]) => ({ ...sample, layoutSeed: seed }));
}

/** Valid journal samples (see {@link JournalSample}); render them with `sampleBytes`. */
export function journalHistory(options: JournalHistoryOptions = {}): fc.Arbitrary<JournalSample> {
  const maxRecords = options.maxRecords ?? 4;
  const records = options.bigGroups
    ? fc.oneof({ weight: 30, arbitrary: fc.nat({ max: maxRecords }) }, { weight: 1, arbitrary: fc.constant(256) })
    : fc.nat({ max: maxRecords });
  const schema = options.schema ? fc.constant(options.schema) : fc.constantFrom(2 as const, 3 as const);
  return schema.chain((sch) => {
    const shape = sch === 2 ? fc.constant(0) : fc.oneof({ weight: 4, arbitrary: records.map((r) => r + 1) }, { weight: 1, arbitrary: fc.constant(0) });
    // Each line: 0 = standalone entry, k >= 1 = group of k entries (transaction + k-1 records).
    return fc
      .array(shape, { minLength: options.minLines ?? 0, maxLength: options.maxLines ?? 6 })
      .chain((shapes) => {
        const total = shapes.reduce((s, k) => s + Math.max(k, 1), 0);
        return fc.record({
          shapes: fc.constant(shapes),
          seeds: fc.array(entrySeed, { minLength: total, maxLength: total }),
          start: fc.oneof(
            { weight: 6, arbitrary: fc.constant(1n) },
            { weight: 2, arbitrary: fc.bigInt({ min: 1n, max: 1000n }) },
            { weight: 1, arbitrary: fc.bigInt({ min: TWO_53 - 3n, max: TWO_53 + 3n }) },
            { weight: 1, arbitrary: fc.constant(U64_MAX) },
          ),
          originPick: fc.nat(),
          originBeyond: fc.oneof({ weight: 5, arbitrary: fc.constant(0n) }, { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 3n }) }),
          generation: fc.oneof(fc.constant(0n), fc.bigInt({ min: 0n, max: U64_MAX })),
          tail: options.tornTail === false || sch === 2 ? fc.constant({ kind: 'none' as const, bytes: new Uint8Array(), cut: 0 }) : tornTail(),
          unterminated: options.tornTail === false || sch === 3 ? fc.constant(false) : fc.boolean(),
          layoutSeed: options.shuffledLayout === false ? fc.constant(0) : layoutSeed(),
        });
      })
      .map((g) => {
        const total = BigInt(g.seeds.length);
        // Keep the last position (and an origin beyond it) inside 64 bits.
        const maxStart = U64_MAX - total - g.originBeyond + 1n;
        const start = g.start > maxStart ? maxStart : g.start;
        const lines: Map<string, JsonValue>[] = [];
        const boundaries: bigint[] = [start - 1n];
        let pos = start;
        let s = 0;
        for (const k of g.shapes) {
          if (k === 0) {
            const seed = g.seeds[s++]!;
            lines.push(leadEntry(seed, pos, seed.standaloneKind));
            pos++;
          } else {
            const tx = leadEntry(g.seeds[s++]!, pos, 'Transaction');
            const members = [tx];
            for (let r = 1; r < k; r++) members.push(recordEntry(g.seeds[s++]!, pos + BigInt(r), tx));
            lines.push(new Map<string, JsonValue>([['group', n(1)], ['first', n(pos)], ['frontier', n(pos + BigInt(k - 1))], ['entries', members]]));
            pos += BigInt(k);
          }
          boundaries.push(pos - 1n);
        }
        const origin = g.originBeyond > 0n ? pos - 1n + g.originBeyond : boundaries[g.originPick % boundaries.length]!;
        const header = new Map<string, JsonValue>([['schema', n(sch)], ['generation', n(g.generation)], ['origin', n(origin)]]);
        let tail = g.tail.bytes;
        if (g.tail.kind === 'prefix') {
          const text = Buffer.from(JSON.stringify({ group: 1, first: String(pos), entries: [] }));
          tail = text.subarray(0, Math.min(g.tail.cut, text.length));
        }
        return { schema: sch, header, lines, tail, finalLineUnterminated: g.unterminated, layoutSeed: g.layoutSeed } satisfies JournalSample;
      });
  });
}

/** A v3 torn tail: nothing, arbitrary bytes without LF (CR and invalid UTF-8 included), or a cut line. */
function tornTail(): fc.Arbitrary<{ kind: 'none' | 'bytes' | 'prefix'; bytes: Uint8Array; cut: number }> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant({ kind: 'none' as const, bytes: new Uint8Array(), cut: 0 }) },
    { weight: 1, arbitrary: fc.uint8Array({ minLength: 1, maxLength: 12 }).map((b) => ({ kind: 'bytes' as const, bytes: b.map((x) => (x === 0x0a ? 0x0d : x)), cut: 0 })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 30 }).map((cut) => ({ kind: 'prefix' as const, bytes: new Uint8Array(), cut })) },
  );
}
