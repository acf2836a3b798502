/**
 * The typed records the reader's first stage produces from a scanned line. Each is derived from the
 * record's generated schema type (src/generated/codegraph, from spec/schemas/codegraph): the member
 * names and scalar types come from there, and only what the reader holds differently is restated —
 * `t` is `type`, integers may be bigints past 2^53 (R-S2), Literals stay scanned values, and an
 * optional member reads as undefined when absent.
 */
import type { CodegraphEntity } from '../generated/codegraph/e.schema.ts';
import type { CodegraphEof } from '../generated/codegraph/eof.schema.ts';
import type { CodegraphFile } from '../generated/codegraph/f.schema.ts';
import type { CodegraphHeader } from '../generated/codegraph/header.schema.ts';
import type { CodegraphEdge } from '../generated/codegraph/x.schema.ts';
import type { UInt } from './check-context.ts';
import type { Lite, LiteObject } from './scan-json.ts';

/** The members of schema type `T` named in `K`, read-only (an optional one stays optional: absent reads as undefined). */
type Held<T, K extends keyof T> = { readonly [P in K]: T[P] };

/**
 * The four header dictionaries (R-C2), one list per generated `dict` member, as written: the reader
 * checks each entry against its vocabulary (R-C3) itself, so a held entry is any string.
 */
export type Dictionaries = { readonly [P in keyof CodegraphHeader['dict']]: readonly string[] };

/** The header record (R-C2). Extractor and repository stay scanned objects: their members are open. */
export interface HeaderRecord extends Held<CodegraphHeader, 'lang' | 'root'> {
  readonly type: CodegraphHeader['t'];
  /** Any string: the reader compares it with SCHEMA_VERSION itself and names the fault. */
  readonly schemaVersion: string;
  readonly extractor: LiteObject;
  /** Built only when the observation is wanted. */
  readonly repository: LiteObject | undefined;
  readonly hasRepository: boolean;
  readonly dict: Dictionaries;
}

/** One interned file path (an `f` record). */
export interface FileRecord extends Held<CodegraphFile, 'i' | 'path'> {
  readonly type: CodegraphFile['t'];
}

/** A reference found inside a Literal (its `type`), with where it was written. */
export interface LiteralRef {
  readonly ref: number;
  readonly pointer: string;
}

/** One entity (an `e` record): the natural key and what the trait-key checks (R-C4) read. */
export interface EntityRecord extends Held<CodegraphEntity, 'i' | 'k' | 'm' | 's' | 'd'> {
  readonly type: CodegraphEntity['t'];
  readonly tr: readonly CodegraphEntity['tr'][number][];
  /** Values of the R-C4 trait keys, by TRAIT_KEYS position (undefined when absent). */
  readonly traitValues: readonly (Lite | undefined)[];
  /** Bit j set when TRAIT_KEYS[j].key is present. */
  readonly traitKeysPresent: number;
  /** Entity refs of the `value` Literal, if any. */
  readonly literalRefs: readonly LiteralRef[];
}

/** One edge (an `x` record). Anchor lines may pass 2^53 (R-S2); arguments stay scanned values. */
export interface EdgeRecord extends Held<CodegraphEdge, 'k' | 'f' | 'o' | 'p' | 'sourceFile'> {
  readonly type: CodegraphEdge['t'];
  readonly anchor: readonly [CodegraphEdge['anchor'][0], UInt, UInt];
  readonly arguments: readonly Lite[] | undefined;
  readonly literalRefs: readonly LiteralRef[];
}

/** The trailer: the three declared counts, each possibly past 2^53 (R-S2). */
export type EofRecord = { readonly type: CodegraphEof['t'] } & { readonly [P in keyof CodegraphEof['counts']]: UInt };

/** Any record the first stage produces. */
export type ModelRecord = HeaderRecord | FileRecord | EntityRecord | EdgeRecord | EofRecord;
