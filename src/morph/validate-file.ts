/**
 * `formcert validate morph-bundle|morph-artifact <file>`: reads the file, pipe or device whole — both
 * formats are bounded (16 MiB for a bundle, 64 MiB for an artifact), and the bound holds while reading,
 * so no input costs more memory than it — then runs the oracle's full check under the chosen
 * profile (MORPH-CTX-9): `strict` enforces every rule, `core` only the format document's, reading past
 * a fault that only a strict rule names.
 */
import type { FileValidator } from '../shared/file-validator.ts';
import { fail, ok, type Result } from '../shared/errors.ts';
import type { JsonValue } from '../shared/json/value.ts';
import { writeJson } from '../shared/json/write-value.ts';
import { readBounded } from '../shared/read-bounded.ts';
import { MAX_ARTIFACT_BYTES, importArtifact, type ImportedArtifact } from './artifact/import-artifact.ts';
import { renderArtifactDigest } from './artifact/render-artifact.ts';
import { BUNDLE, CONTEXT_RULES } from './bundle/constants.ts';
import { decodeBundle, readBundleText } from './bundle/decode-bundle.ts';
import { MORPH_CODES } from './constants.ts';
import { measureIr } from './ir/measure-ir.ts';
import { morphError } from './refusal.ts';

/**
 * Reads a file, pipe or device of at most `limit` bytes; a longer input is refused with the bound's
 * rule, and never held beyond the bound (a regular file over it is refused unread).
 */
async function readBoundedInput(path: string, limit: number, requirement: string) {
  const read = readBounded(path, limit);
  if (!read.ok) {
    const size = read.size === undefined ? 'more than ' + limit : String(read.size);
    return fail(morphError(MORPH_CODES.LIMIT_EXCEEDED, requirement, `input is ${size} bytes, over ${limit}`, { byteOffset: limit }));
  }
  return ok(read.bytes);
}

/** A bundle file as text, bound and UTF-8 checked; its bytes are let go here, not held while the sections are parsed. */
async function readBundleFileText(path: string) {
  const bytes = await readBoundedInput(path, BUNDLE.MAX_BYTES, CONTEXT_RULES.BUNDLE_SIZE);
  return bytes.ok ? readBundleText(bytes.value) : bytes;
}

/** Validates a MORPH-CONTEXT/1 bundle file. */
export const validateBundleFile: FileValidator = async (path, { profile }) => {
  const text = await readBundleFileText(path);
  if (!text.ok) return text;
  const decoded = decodeBundle(text.value, profile);
  if (!decoded.ok) return decoded;
  const { metadata, frame, ir, schema } = decoded.value;
  return ok({
    boundary: frame.boundary,
    codec: `${metadata.encoding}@${metadata.formatVersion}`,
    inputKind: metadata.inputKind,
    inputSemanticDigest: metadata.inputSemanticDigest,
    interpretationGuide: `${metadata.interpretationGuideId} v${metadata.interpretationGuideVersion}`,
    schema: schema === null ? 'none' : 'present',
    payloadBytes: Buffer.byteLength(frame.payload, 'utf8'),
    nodes: measureIr(ir).nodes,
  });
};

/** A target or task member as printed: a string as it is, another JSON value as its JSON text (core only). */
function shown(v: JsonValue | undefined): string {
  if (typeof v === 'string') return v;
  return v === undefined ? '(absent)' : writeJson(v);
}

/** Validates a morph-artifact/1 file. */
export const validateArtifactFile: FileValidator = async (path, { profile }) => {
  const bytes = await readBoundedInput(path, MAX_ARTIFACT_BYTES, CONTEXT_RULES.ARTIFACT_JSON);
  if (!bytes.ok) return bytes;
  // The file's bytes are released once parsed: the value holds all that is read from here on.
  let imported: Result<ImportedArtifact> | undefined = importArtifact(bytes.value, profile, true);
  if (!imported.ok) return imported;
  const { fields: a, codec } = imported.value;
  const nodes = measureIr(imported.value.ir).nodes;
  // The decoded value is let go before the prompt is rendered: only its node count is reported.
  imported = undefined;
  // An imported artifact always renders (its parts passed every check); the digest identifies the prompt,
  // which is hashed as its pieces, never built (it holds the whole payload).
  const renderedDigest = renderArtifactDigest(a);
  if (!renderedDigest.ok) return renderedDigest;
  return ok({
    artifactId: a.artifactId,
    // The codec that decoded the payload: the plan's, which strict holds equal to the section's; under core the section's.
    codec: codec.id,
    plannerPolicy: a.plan.plannerPolicy,
    inputKind: a.inputKind,
    inputSemanticDigest: a.inputSemanticDigest,
    target: `${shown(a.target.model)} (${shown(a.target.tokenizer)})`,
    task: shown(a.requestFrame.task.id),
    renderedDigest: renderedDigest.value,
    nodes,
  });
};
