/**
 * SHA-256 of texts given whole or as the pieces they are the concatenation of, hashed slice by slice:
 * hashing a string whole first encodes all of it into one UTF-8 buffer, and joining pieces first copies
 * them, each as large as the text (a bundle or prompt near its bound is 16 MiB).
 */
import { createHash, type Hash } from 'node:crypto';

/** A text as the pieces it is the concatenation of (a bundle or a prompt that is never built whole). */
export type TextPieces = readonly string[];

/** UTF-16 units hashed per update: large enough that updates are few, small enough that each copy is. */
const HASH_SLICE_UNITS = 1 << 16;

/**
 * Adds the UTF-8 bytes of `text` to `hash`, a slice at a time. A slice never ends between the two
 * halves of a surrogate pair, so the bytes are exactly those of the whole text (a lone surrogate
 * encodes alike either way).
 */
export function updateHashWithText(hash: Hash, text: string): void {
  if (text.length <= HASH_SLICE_UNITS) {
    hash.update(text, 'utf8');
    return;
  }
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + HASH_SLICE_UNITS, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
    hash.update(text.slice(at, end), 'utf8');
    at = end;
  }
}

/** Lowercase hex SHA-256 of the UTF-8 of the concatenated `pieces`. */
export function sha256OfPieces(pieces: TextPieces): string {
  const hash = createHash('sha256');
  for (const piece of pieces) updateHashWithText(hash, piece);
  return hash.digest('hex');
}

/** True when `needle` occurs in the concatenation of `pieces`, an occurrence across pieces included. */
export function piecesInclude(pieces: TextPieces, needle: string): boolean {
  if (needle === '') return true;
  const keep = needle.length - 1;
  // The last `keep` units of the text so far: an occurrence that ends in a piece but starts before it starts there.
  let tail = '';
  for (const piece of pieces) {
    if (piece.includes(needle)) return true;
    if (keep > 0 && tail !== '' && (tail + piece.slice(0, keep)).includes(needle)) return true;
    tail = piece.length >= keep ? piece.slice(piece.length - keep) : (tail + piece).slice(-keep);
  }
  return false;
}
