/** The operations of the testee contract (spec/protocol) and the shape of the oracle's answer to one. */
import type { FormatError, Profile } from './errors.ts';
import type { JsonValue } from './json/value.ts';

/** Every op of spec/protocol. */
export const OP_NAMES = [
  'codegraph.read',
  'journal.read',
  'journal.append',
  'journal.track-key',
  'morph.c14n',
  'morph.decode',
  'morph.import',
  'morph.encode',
] as const;

export type OpName = (typeof OP_NAMES)[number];

/**
 * The file name extension of each op's input file, for testees that look at it (spec/protocol names
 * codegraph.read's input `model.jsonl`); `.json` for the ops not listed.
 */
export const OP_INPUT_EXTENSIONS: Readonly<Partial<Record<OpName, string>>> = {
  'codegraph.read': '.jsonl',
  'journal.read': '.jsonl',
  'morph.decode': '.txt',
};

/** The oracle's verdict on one input: accept with an observation, reject with a typed error, or skip. */
export type OpOutcome =
  | { readonly accept: true; readonly observation: JsonValue }
  | { readonly accept: false; readonly error: FormatError }
  | { readonly skipped: string };

/** How an op judges its input: which rules it enforces (strict when not given). */
export interface OpOptions {
  /** `core`: the format document's rules only; `strict`: core plus the pinned resolutions. */
  readonly profile?: Profile;
  /**
   * For a streaming op: the size of its first read buffer when the caller knows the input is smaller
   * than the op's default (a regular file of known size). Only the allocation changes, never the reads
   * an input smaller than both sizes gets: all of it at once, then its end.
   */
  readonly readChunkBytes?: number;
  /**
   * The caller hands the input over: it holds the bytes alone (read for this call, no other view of
   * their memory) and will not read them again, so the op may release them once it has parsed them
   * (releaseBytes in shared/read-bounded.ts). For an op on one document of up to 64 MiB.
   */
  readonly inputOwned?: boolean;
}

/** Fills `buf[offset, offset + length)` with the next bytes of an input; returns how many (0 at its end). */
export type ReadChunk = (buf: Buffer, offset: number, length: number) => number;

/** Reads bytes [start, end) of an input again; given only for an input that can be read again (a regular file). */
export type ReadAgain = (start: number, end: number) => Buffer;

/**
 * Runs one op on the bytes of one input file. Never throws on bad input. An op whose input has no size
 * bound may also read it as a stream (`stream`, same verdicts), so that memory follows what the op keeps,
 * not the input's size; it throws only what `read` throws (I/O errors).
 */
export type OpHandler = ((input: Uint8Array, options?: OpOptions) => OpOutcome | Promise<OpOutcome>) & {
  readonly stream?: (read: ReadChunk, options?: OpOptions, readAgain?: ReadAgain) => OpOutcome;
  /** The input's size bound, for an op whose input is one document: a larger input is refused unread past it. */
  readonly inputBound?: InputBound;
};

/** A documented bound on the size of an op's input, and the op's refusal of an input over it. */
export interface InputBound {
  readonly maxBytes: number;
  /** The refusal of an input over the bound; `size` is its length when known (a regular file), else undefined. */
  readonly refuse: (size: number | undefined) => OpOutcome;
}

/** True when `name` is an op of the contract. */
export function isOpName(name: string): name is OpName {
  return (OP_NAMES as readonly string[]).includes(name);
}
