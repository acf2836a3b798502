/**
 * Valid MORPH inputs near their bounds, for the peak-RSS tests: an input text of short strings just
 * under R-M2's 16 MiB, and the bundle, artifact and `morph.encode` request built from it by the oracle's
 * own writers (so each is accepted), plus a bundle whose SCHEMA section is 250,000 empty objects.
 */
import { buildArtifact } from '../../src/morph/artifact/build-artifact.ts';
import { encodeBundle } from '../../src/morph/bundle/encode-bundle.ts';
import { writeBundle } from '../../src/morph/bundle/frame-bundle.ts';
import { LIMITS, TOON_FORMAT_VERSION } from '../../src/morph/constants.ts';
import { getGuide } from '../../src/morph/guides/index.ts';
import { irFromJsonText } from '../../src/morph/ir/ir-from-json-text.ts';
import type { Ir } from '../../src/morph/ir/types.ts';

/** About 15 MiB: under R-M2's 16 MiB with room for the bundle's guide and markers. */
export const VALID_TEXT_BYTES = 15 * 1024 * 1024;

/**
 * A JSON array of distinct short strings of about `bytes` bytes, within R-M2's value limit (each
 * string is as long as that limit asks for); `quote` fills each string with escaped quotes instead of
 * letters, which doubles the text once more when it is carried escaped (an encode request's input).
 */
export function shortStringsText(bytes: number = VALID_TEXT_BYTES, quote = false): string {
  const count = LIMITS.MAX_NODES - 1;
  const per = Math.floor(bytes / count) - 3;
  const parts: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = i.toString(36);
    const fill = quote ? '\\"'.repeat(Math.max(0, (per - id.length) >> 1)) : 'x'.repeat(Math.max(0, per - id.length));
    parts.push(`"${id}${fill}"`);
  }
  return `[${parts.join(',')}]`;
}

/**
 * A JSON text of one string: `bytes` of ASCII closed by one character outside Latin-1, so that every
 * JavaScript string holding it takes two bytes a character (the costliest text R-M2 lets through).
 */
export function wideStringText(bytes: number = VALID_TEXT_BYTES): string {
  return JSON.stringify(`${'x'.repeat(bytes)}\u2192`);
}

function irOf(text: string): Ir {
  const ir = irFromJsonText(text);
  if (!ir.ok) throw new Error(`fixture: ${ir.error.code}`);
  return ir.value;
}

const JSON_COMPACT = { encoding: 'json-compact', formatVersion: '1', options: {} } as const;

function guideOf(encoding: string) {
  const guide = getGuide(encoding);
  if (guide === undefined) throw new Error(`fixture: no guide for ${encoding}`);
  return guide;
}

/** The json-compact bundle of `text`. */
export function validBundle(text: string): string {
  const encoded = encodeBundle({ ir: irOf(text), inputKind: 'json-text', plan: JSON_COMPACT, guide: guideOf('json-compact') });
  if (!encoded.ok) throw new Error(`fixture: ${encoded.error.code}`);
  return encoded.value.text;
}

/**
 * The toon bundle (comma-delimited) of a table of about 13 MiB within R-M2's value limit: 82,000
 * records `{"id": n, "name": "<150-odd characters>"}` (249,001 values), which toon writes as one
 * tabular array of a row per record. The official package decodes it, and the oracle rebuilds the tree
 * from what it decoded.
 */
export function validToonBundle(): string {
  const records: string[] = [];
  for (let i = 0; i < 82_000; i++) records.push(`{"id":${i},"name":"n${i.toString(36)}${'x'.repeat(150)}"}`);
  const encoded = encodeBundle({ ir: irOf(`[${records.join(',')}]`), inputKind: 'json-text', plan: { encoding: 'toon', formatVersion: TOON_FORMAT_VERSION, options: { delimiter: ',' } }, guide: guideOf('toon') });
  if (!encoded.ok) throw new Error(`fixture: ${encoded.error.code}`);
  return encoded.value.text;
}

/** The json-compact morph-artifact/1 file of `text`. */
export function validArtifact(text: string): string {
  const built = buildArtifact({
    ir: irOf(text),
    inputKind: 'json-text',
    plan: JSON_COMPACT,
    guide: guideOf('json-compact'),
    plannerPolicy: 'economy-experimental',
    target: { model: 'm', tokenizer: 'o200k_base' },
    requestFrame: { task: { id: 't', instruction: 'Answer from the data.' }, prefix: 'Read this.', suffix: 'Done.' },
  });
  if (!built.ok) throw new Error(`fixture: ${built.error.code}`);
  return built.value.text;
}

/**
 * A json-compact `morph.encode` request for `text` with the suite's guide; `padTo` pads it with
 * whitespace after the last member up to that many bytes (still one valid request, MORPH-ENC-1).
 */
export function validEncodeRequest(text: string, padTo = 0): string {
  const head = `{"input":${JSON.stringify(text)},"plan":{"encoding":"json-compact","formatVersion":"1","options":{}},"guide":null`;
  return `${head}${' '.repeat(Math.max(0, padTo - Buffer.byteLength(head) - 1))}}`;
}

/** The json-compact artifact of `text` padded with whitespace before its closing brace to `padTo` bytes (MORPH-ART-1's 64 MiB bound at most). */
export function paddedArtifact(text: string, padTo: number): string {
  const artifact = validArtifact(text).trimEnd();
  return `${artifact.slice(0, -1)}${' '.repeat(Math.max(0, padTo - Buffer.byteLength(artifact)))}}`;
}

/** A json-compact bundle of `[]` whose SCHEMA section is an array of 249,999 empty objects (R-M2's value limit). */
export function emptyObjectsSchemaBundle(): string {
  const encoded = encodeBundle({ ir: irOf('[]'), inputKind: 'json-text', plan: JSON_COMPACT, guide: guideOf('json-compact') });
  if (!encoded.ok) throw new Error(`fixture: ${encoded.error.code}`);
  const schema = `[${'{},'.repeat(LIMITS.MAX_NODES - 2)}{}]`;
  return writeBundle({ ...encoded.value.parts, schema }, encoded.value.boundary);
}
