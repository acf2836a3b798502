/** The MORPH semantic digest: SHA-256 of the `morph-c14n/1` text, 64 lowercase hex digits. */
import { createHash } from 'node:crypto';
import type { Ir } from '../ir/types.ts';
import { writeC14nParts } from './write-c14n.ts';

/** Digest of an IR: independent of member display order, sensitive to array order, types, strings and lexemes. */
export function semanticDigest(ir: Ir): string {
  const h = createHash('sha256');
  for (const part of writeC14nParts(ir)) h.update(part, 'utf8');
  return h.digest('hex');
}

/** The full canonical text (for tests and diagnostics; the digest never needs it whole). */
export function c14nText(ir: Ir): string {
  return writeC14nParts(ir).join('');
}

/** True for 64 lowercase hex digits. */
export function isDigestHex(s: string): boolean {
  return /^[0-9a-f]{64}$/.test(s);
}
