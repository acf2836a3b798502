/** The MORPH semantic digest: SHA-256 of the `morph-c14n/1` text, 64 lowercase hex digits. */
import { createHash } from 'node:crypto';
import type { Ir } from '../ir/types.ts';
import { emitC14nParts, writeC14nParts } from './write-c14n.ts';

/** Pieces are hashed in runs of about this many UTF-16 units: one hash update per piece is slow, the whole text is big. */
const HASH_RUN_UNITS = 1 << 16;

/** Digest of an IR: independent of member display order, sensitive to array order, types, strings and lexemes. */
export function semanticDigest(ir: Ir): string {
  const h = createHash('sha256');
  let run = '';
  emitC14nParts(ir, (part) => {
    run += part;
    if (run.length >= HASH_RUN_UNITS) {
      h.update(run, 'utf8');
      run = '';
    }
  });
  h.update(run, 'utf8');
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
