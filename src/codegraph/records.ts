/** The typed records the reader's first stage produces from a scanned line. */
import type { UInt } from './check-context.ts';
import type { Lite, LiteObject } from './scan-json.ts';

/** The four header dictionaries (R-C2). */
export interface Dictionaries {
  readonly kinds: readonly string[];
  readonly traits: readonly string[];
  readonly edges: readonly string[];
  readonly provenance: readonly string[];
}

export interface HeaderRecord {
  readonly type: 'header';
  readonly schemaVersion: string;
  readonly lang: string;
  readonly extractor: LiteObject;
  readonly root: string;
  /** Built only when the observation is wanted. */
  readonly repository: LiteObject | undefined;
  readonly hasRepository: boolean;
  readonly dict: Dictionaries;
}

export interface FileRecord {
  readonly type: 'f';
  readonly i: number;
  readonly path: string;
}

/** A reference found inside a Literal (its `type`), with where it was written. */
export interface LiteralRef {
  readonly ref: number;
  readonly pointer: string;
}

export interface EntityRecord {
  readonly type: 'e';
  readonly i: number;
  readonly k: number;
  readonly tr: readonly number[];
  readonly m: number;
  readonly s: string;
  readonly d: string | undefined;
  /** Values of the R-C4 trait keys, by TRAIT_KEYS position (undefined when absent). */
  readonly traitValues: readonly (Lite | undefined)[];
  /** Bit j set when TRAIT_KEYS[j].key is present. */
  readonly traitKeysPresent: number;
  /** Entity refs of the `value` Literal, if any. */
  readonly literalRefs: readonly LiteralRef[];
}

export interface EdgeRecord {
  readonly type: 'x';
  readonly k: number;
  readonly f: number;
  readonly o: number;
  readonly p: number;
  readonly anchor: readonly [number, UInt, UInt];
  readonly sourceFile: number | undefined;
  readonly arguments: readonly Lite[] | undefined;
  readonly literalRefs: readonly LiteralRef[];
}

export interface EofRecord {
  readonly type: 'eof';
  readonly files: UInt;
  readonly entities: UInt;
  readonly edges: UInt;
}

export type ModelRecord = HeaderRecord | FileRecord | EntityRecord | EdgeRecord | EofRecord;
