/** Which vectors a run covers: profile, ops and shard. */
import type { Profile } from '../shared/errors.ts';
import type { Vector } from '../shared/vectors.ts';

/** Shard `index` (1-based) of `count`. */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** Parses `I/N` with 1 ≤ I ≤ N. */
export function parseShard(text: string): Shard | undefined {
  const m = /^([1-9][0-9]*)\/([1-9][0-9]*)$/.exec(text.trim());
  if (!m) return undefined;
  const index = Number(m[1]);
  const count = Number(m[2]);
  return index <= count ? { index, count } : undefined;
}

/**
 * The shard a case belongs to, from its id alone (the id is a SHA-256 prefix, so shards come out even),
 * so that adding vectors never moves an existing case to another shard.
 */
export function shardOf(id: string, count: number): number {
  return (parseInt(id.slice(0, 8), 16) % count) + 1;
}

/** Selection criteria of a run. */
export interface Selection {
  /** `core` runs core cases; `strict` runs core and strict cases. */
  readonly profile: Profile;
  /** Only these ops (all when undefined). */
  readonly ops?: readonly string[];
  readonly shard?: Shard;
}

/** The vectors of a run, in a stable order (op, then id). */
export function selectCases(vectors: readonly Vector[], selection: Selection): Vector[] {
  return vectors
    .filter((v) => selection.profile === 'strict' || v.profile === 'core')
    .filter((v) => !selection.ops || selection.ops.includes(v.op))
    .filter((v) => !selection.shard || shardOf(v.id, selection.shard.count) === selection.shard.index)
    .sort((a, b) => (a.op < b.op ? -1 : a.op > b.op ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
