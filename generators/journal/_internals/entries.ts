/** Small builders of valid entries and groups (JsonValue models) for recipes and tests. */
import type { JsonValue } from '../../../src/shared/json/value.ts';
import { n } from './sample.ts';

/** Optional overrides of an entry's members. */
export interface EntryOverrides {
  readonly kind?: string;
  readonly id?: string;
  readonly version?: bigint | number | string;
  readonly principal?: string | null;
  readonly correlation?: bigint | number | string;
  readonly causation?: bigint | number | string | null;
  readonly request?: string | null;
  readonly link?: JsonValue;
  readonly atUs?: bigint | number | string;
  readonly payload?: JsonValue;
}

/** A valid transaction at `position` (correlation = own position, no cause, no link) unless overridden. */
export function makeEntry(position: bigint | number | string, o: EntryOverrides = {}): Map<string, JsonValue> {
  const md = new Map<string, JsonValue>([
    ['principal', o.principal === undefined ? null : o.principal],
    ['correlation', n(o.correlation ?? position)],
    ['causation', o.causation === undefined || o.causation === null ? null : n(o.causation)],
    ['request', o.request === undefined ? null : o.request],
    ['link', o.link === undefined ? null : o.link],
    ['at_us', n(o.atUs ?? 0)],
  ]);
  return new Map<string, JsonValue>([
    ['position', n(position)],
    ['kind', o.kind ?? 'Transaction'],
    ['id', o.id ?? 'ledger.deposit'],
    ['version', n(o.version ?? 1)],
    ['metadata', md],
    ['payload', o.payload === undefined ? new Map<string, JsonValue>([['amount', n(40)]]) : o.payload],
  ]);
}

/** A valid group: a transaction at `first` and `records` records sharing its witness metadata. */
export function makeGroup(first: bigint | number, records: number | readonly EntryOverrides[], tx: EntryOverrides = {}): Map<string, JsonValue>[] {
  const start = BigInt(first);
  const list: readonly EntryOverrides[] = typeof records === 'number' ? Array.from({ length: records }, (): EntryOverrides => ({})) : records;
  const txEntry = makeEntry(start, tx);
  const txMd = txEntry.get('metadata') as Map<string, JsonValue>;
  const out = [txEntry];
  list.forEach((r, i) => {
    out.push(
      makeEntry(start + BigInt(i + 1), {
        id: 'ledger.noted',
        payload: 'noted',
        ...r,
        kind: r.kind ?? 'Record',
        principal: r.principal !== undefined ? r.principal : (txMd.get('principal') as string | null),
        correlation: r.correlation ?? (txMd.get('correlation') as { lexeme: string }).lexeme,
        causation: r.causation !== undefined ? r.causation : start,
        atUs: r.atUs ?? (txMd.get('at_us') as { lexeme: string }).lexeme,
      }),
    );
  });
  return out;
}

/** A group frame object around entries (bounds from the entries unless given). */
export function makeFrame(entries: Map<string, JsonValue>[], bounds: { first?: string; frontier?: string; group?: string } = {}): Map<string, JsonValue> {
  const pos = (e: Map<string, JsonValue> | undefined) => (e ? (e.get('position') as { lexeme: string }).lexeme : '1');
  return new Map<string, JsonValue>([
    ['group', n(bounds.group ?? 1)],
    ['first', n(bounds.first ?? pos(entries[0]))],
    ['frontier', n(bounds.frontier ?? pos(entries[entries.length - 1]))],
    ['entries', entries],
  ]);
}
