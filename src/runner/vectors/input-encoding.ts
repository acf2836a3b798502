/** How a vector's input bytes are stored: inline UTF-8 text, inline base64, or a file beside the vector file. */
import { INLINE_INPUT_LIMIT, INPUT_FILE_EXTENSION } from './constants.ts';

/** The `input` member of a stored case. */
export type StoredInput = { utf8: string } | { base64: string } | { file: string };

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Decodes bytes as UTF-8 text, or undefined when they are not well-formed UTF-8 (a BOM is kept as U+FEFF). */
export function decodeUtf8Exactly(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Name of the side file holding the input of case `id`. */
export function inputFileName(id: string): string {
  return id + INPUT_FILE_EXTENSION;
}

/**
 * Chooses the stored form of an input: a side file when it is over the inline limit, else text when
 * the bytes are valid UTF-8 (so a reader of the vector file sees them), else base64.
 */
export function encodeInput(id: string, bytes: Uint8Array): StoredInput {
  if (bytes.length > INLINE_INPUT_LIMIT) return { file: inputFileName(id) };
  const text = decodeUtf8Exactly(bytes);
  return text !== undefined ? { utf8: text } : { base64: Buffer.from(bytes).toString('base64') };
}

/** Decodes canonical base64 (padding required, no whitespace), or undefined when it is not. */
export function decodeBase64Strictly(text: string): Uint8Array | undefined {
  const bytes = Buffer.from(text, 'base64');
  // Buffer.from ignores stray characters; re-encoding catches anything non-canonical.
  return bytes.toString('base64') === text ? new Uint8Array(bytes) : undefined;
}

/** The UTF-8 bytes of inline text. */
export function encodeUtf8(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'utf8'));
}
