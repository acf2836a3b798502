/**
 * Rebuilds, from an imported artifact, the MORPH-CONTEXT/1 bundle and the MORPH-PROMPT/1 prompt it
 * records: the artifact holds every part (section, dependencies, request frame), so both are
 * deterministic functions of it and equal what the writer produced.
 */
import { ok, type Result } from '../../shared/errors.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import { bundlePieces, deriveBundleBoundary, frameBundle, refuseBoundaryExhausted, type BundleParts } from '../bundle/frame-bundle.ts';
import { metadataValue } from '../bundle/parse-bundle-metadata.ts';
import { renderPrompt, renderedPromptDigest, type PromptParts, type RenderedPrompt } from '../prompt/render-prompt.ts';
import type { ArtifactFields } from './check-artifact-shape.ts';

/** The bundle and the prompt of an artifact. */
export interface ArtifactRendering {
  readonly bundle: string;
  readonly prompt: RenderedPrompt;
}

/** The four parts of the artifact's bundle: its guide, its metadata and schema in JCS form, its payload. */
function artifactBundleParts(a: ArtifactFields): Result<BundleParts> {
  const metadata = canonicalJson(
    metadataValue({
      encoding: a.section.encoding,
      formatVersion: a.section.formatVersion,
      inputKind: a.inputKind,
      inputSemanticDigest: a.inputSemanticDigest,
      interpretationGuideId: a.modelDependencies.interpretationGuideId,
      interpretationGuideVersion: a.modelDependencies.interpretationGuideVersion,
      layoutMetadata: a.section.layoutMetadata,
    }),
  );
  if (!metadata.ok) return metadata;
  // R-M6a: an absent schema is written as null.
  const schema = canonicalJson(a.modelDependencies.schema ?? null);
  if (!schema.ok) return schema;
  return ok({ guide: a.modelDependencies.interpretationGuideText, metadata: metadata.value, schema: schema.value, payload: a.section.payload });
}

/** The prompt's parts around `bundle` (the whole text or its pieces). */
function artifactPromptParts(a: ArtifactFields, bundle: string | readonly string[]): PromptParts {
  return [a.requestFrame.prefix, bundle, a.requestFrame.task.instruction, a.requestFrame.suffix];
}

/** Frames the artifact's section as a bundle and renders its prompt. */
export function renderArtifact(a: ArtifactFields): Result<ArtifactRendering> {
  const parts = artifactBundleParts(a);
  if (!parts.ok) return parts;
  const bundle = frameBundle(parts.value);
  if (!bundle.ok) return bundle;
  const prompt = renderPrompt({
    prefix: a.requestFrame.prefix,
    bundle: bundle.value.text,
    guide: a.modelDependencies.interpretationGuideText,
    // The renderer reads the instruction only; a core read may hold a task id that is no string (R-M8 is strict).
    task: { id: typeof a.requestFrame.task.id === 'string' ? a.requestFrame.task.id : '', instruction: a.requestFrame.task.instruction },
    suffix: a.requestFrame.suffix,
  });
  if (!prompt.ok) return prompt;
  return ok({ bundle: bundle.value.text, prompt: prompt.value });
}

/**
 * The `renderedDigest` of the artifact's prompt, as {@link renderArtifact} gives it, refused as it
 * refuses: the bundle and the prompt are hashed as their pieces, never built (each is as large as
 * the payload).
 */
export function renderArtifactDigest(a: ArtifactFields): Result<string> {
  const parts = artifactBundleParts(a);
  if (!parts.ok) return parts;
  const boundary = deriveBundleBoundary(parts.value);
  if (boundary === undefined) return refuseBoundaryExhausted();
  return renderedPromptDigest(artifactPromptParts(a, bundlePieces(parts.value, boundary)));
}
