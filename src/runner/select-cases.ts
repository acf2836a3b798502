/** Which vectors a run covers: profile, ops, shard, and the case, requirement and name filters. */
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
  /** Only these case ids (`--cases`). */
  readonly cases?: readonly string[];
  /** Only cases citing at least one of these requirement ids (`--requirements`). */
  readonly requirements?: readonly string[];
  /** Only cases whose name matches (`--grep`). */
  readonly grep?: RegExp;
}

/** The vectors of a run, in a stable order (op, then id). */
export function selectCases(vectors: readonly Vector[], selection: Selection): Vector[] {
  return vectors
    .filter((v) => selection.profile === 'strict' || v.profile === 'core')
    .filter((v) => !selection.ops || selection.ops.includes(v.op))
    .filter((v) => !selection.shard || shardOf(v.id, selection.shard.count) === selection.shard.index)
    .filter((v) => !selection.cases || selection.cases.includes(v.id))
    .filter((v) => !selection.requirements || v.requirements.some((r) => selection.requirements!.includes(r)))
    .filter((v) => !selection.grep || selection.grep.test(v.name))
    .sort((a, b) => (a.op < b.op ? -1 : a.op > b.op ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** Splits a comma- or whitespace-separated id list (`--cases a,b`, or the lines of an `@FILE`; `#` starts a comment). */
export function splitIdList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/#.*/, ''))
    .flatMap((line) => line.split(/[\s,]+/))
    .filter(Boolean);
}

/**
 * The ids of `wanted` that no loaded vector has, so a typo is refused instead of selecting nothing.
 * `known` holds every loaded case id (for `--cases`) or every cited requirement id (for `--requirements`).
 */
export function unknownIds(wanted: readonly string[], known: ReadonlySet<string>): string[] {
  return [...new Set(wanted.filter((id) => !known.has(id)))];
}

/**
 * Compiles a `--grep` pattern: a regular expression, matched case-insensitively against case names.
 * Returns an error message for a pattern that does not compile.
 */
export function compileNamePattern(pattern: string): RegExp | string {
  try {
    return new RegExp(pattern, 'i');
  } catch (e) {
    return `--grep ${JSON.stringify(pattern)} is not a regular expression: ${(e as Error).message}`;
  }
}
