/** Byte-exact text and base64 codecs for the inline forms of a vector's input (see golden-storage.ts). */

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes bytes as UTF-8 text, or undefined when they are not well-formed UTF-8 (a BOM is kept as U+FEFF). */
export function decodeUtf8Exactly(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}


/** The UTF-8 bytes of inline text. */
export function encodeUtf8(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf8'));
}
