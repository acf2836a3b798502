/** Canonical base64 (RFC 4648 §4: the standard alphabet, padded, no whitespace, zero final bits). */

/**
 * Decodes canonical base64, or gives undefined when `text` is anything else. Decoding and encoding
 * again is the whole check: Buffer.from passes over characters outside the alphabet, whitespace and
 * missing padding, and maps the URL-safe alphabet, so any of those encodes back to other text. No
 * regular expression: a pattern counting groups of four overflows V8's backtracking stack on a few
 * MiB of text (the journal inside a journal.append input, a testee's answer).
 */
export function decodeCanonicalBase64(text: string): Uint8Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  return bytes.toString('base64') === text ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) : undefined;
}
