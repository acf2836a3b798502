/**
 * `formcert validate morph-bundle|morph-artifact <file>`: reads the file whole (both formats are
 * bounded: 16 MiB for a bundle, 64 MiB for an artifact) and runs the oracle's full check.
 * MORPH readers are fail-closed at the first fault, so `--profile core` reports the same first fault
 * as `strict`; the printed rule and profile say which kind of rule it is (MORPH-CTX-9).
 */
import { readFile, stat } from 'node:fs/promises';
import type { FileValidator } from '../shared/file-validator.ts';
import { fail, formatError, ok } from '../shared/errors.ts';
import { MAX_ARTIFACT_BYTES, importArtifact } from './artifact/import-artifact.ts';
import { renderArtifact } from './artifact/render-artifact.ts';
import { BUNDLE, CONTEXT_RULES } from './bundle/constants.ts';
import { decodeBundle } from './bundle/decode-bundle.ts';
import { MORPH_CODES } from './constants.ts';
import { measureIr } from './ir/measure-ir.ts';

/** Reads a file after checking its size, so an oversized file is refused without being loaded. */
async function readBounded(path: string, limit: number, requirement: string) {
  const size = (await stat(path)).size;
  if (size > limit) return fail(formatError(MORPH_CODES.LIMIT_EXCEEDED, requirement, `file is ${size} bytes, over ${limit}`, { byteOffset: limit }));
  return ok(await readFile(path));
}

/** Validates a MORPH-CONTEXT/1 bundle file. */
export const validateBundleFile: FileValidator = async (path) => {
  const bytes = await readBounded(path, BUNDLE.MAX_BYTES, CONTEXT_RULES.BUNDLE_SIZE);
  if (!bytes.ok) return bytes;
  const decoded = decodeBundle(bytes.value);
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

/** Validates a morph-artifact/1 file. */
export const validateArtifactFile: FileValidator = async (path) => {
  const bytes = await readBounded(path, MAX_ARTIFACT_BYTES, CONTEXT_RULES.ARTIFACT_JSON);
  if (!bytes.ok) return bytes;
  const imported = importArtifact(bytes.value);
  if (!imported.ok) return imported;
  const { fields: a, ir } = imported.value;
  // An imported artifact always renders (its parts passed every check); the digest identifies the prompt.
  const rendering = renderArtifact(a);
  if (!rendering.ok) return rendering;
  return ok({
    artifactId: a.artifactId,
    codec: `${a.plan.encoding}@${a.plan.formatVersion}`,
    plannerPolicy: a.plan.plannerPolicy,
    inputKind: a.inputKind,
    inputSemanticDigest: a.inputSemanticDigest,
    target: `${a.target.model} (${a.target.tokenizer})`,
    task: a.requestFrame.task.id,
    renderedDigest: rendering.value.prompt.renderedDigest,
    nodes: measureIr(ir).nodes,
  });
};
