/** What a golden case source (hand-written recipe or seeded generator) hands to `golden regenerate`. */
import type { Profile } from './errors.ts';
import type { OpName } from './ops.ts';

/** The verdict a case source declares; the oracle must agree, or regeneration fails. */
export type DeclaredExpectation =
  | { readonly verdict: 'accept' }
  | { readonly verdict: 'reject'; readonly code: string }
  | { readonly verdict: 'either' };

/** One case before it becomes a vector: the observation of accepted cases is filled in by the oracle. */
export interface CaseSpec {
  /** Short kebab-case name, unique within its format (e.g. `header-schema-1-retired`). */
  readonly name: string;
  readonly op: OpName;
  readonly profile: Profile;
  /** Requirement ids this case tests (at least one). */
  readonly requirements: readonly string[];
  /** The input file's exact bytes (a string is taken as UTF-8). */
  readonly input: Uint8Array | string;
  readonly expect: DeclaredExpectation;
  /** One line saying why the verdict is what it is. */
  readonly note: string;
}

import { createHash } from 'node:crypto';
import type { JsonValue } from './json/value.ts';

/** The expectation of a stored vector (accepted cases carry the oracle's observation). */
export type VectorExpectation =
  | { readonly verdict: 'accept'; readonly observation?: JsonValue }
  | { readonly verdict: 'reject'; readonly code: string }
  | { readonly verdict: 'either' };

/** A golden vector as loaded from golden/ (input resolved to bytes). */
export interface Vector {
  readonly id: string;
  readonly name: string;
  readonly format: 'journal' | 'codegraph' | 'morph';
  readonly op: OpName;
  readonly profile: Profile;
  readonly requirements: readonly string[];
  readonly input: Uint8Array;
  readonly expect: VectorExpectation;
  readonly note: string;
  /** Path of the vector file it came from, relative to the repository root. */
  readonly file: string;
}

/** Stable case id: the first 20 hex digits of SHA-256(op ‖ 0x00 ‖ input bytes). */
export function caseId(op: string, input: Uint8Array | string): string {
  const h = createHash('sha256');
  h.update(op, 'utf8');
  h.update(new Uint8Array([0]));
  h.update(typeof input === 'string' ? Buffer.from(input, 'utf8') : input);
  return h.digest('hex').slice(0, 20);
}
