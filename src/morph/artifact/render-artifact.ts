/**
 * Rebuilds, from an imported artifact, the MORPH-CONTEXT/1 bundle and the MORPH-PROMPT/1 prompt it
 * records: the artifact holds every part (section, dependencies, request frame), so both are
 * deterministic functions of it and equal what the writer produced.
 */
import { ok, type Result } from '../../shared/errors.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import { frameBundle, type BundleParts } from '../bundle/frame-bundle.ts';
import { metadataValue } from '../bundle/parse-bundle-metadata.ts';
import { renderPrompt, type RenderedPrompt } from '../prompt/render-prompt.ts';
import type { ArtifactFields } from './check-artifact-shape.ts';

/** The bundle and the prompt of an artifact. */
export interface ArtifactRendering {
  readonly bundle: string;
  readonly prompt: RenderedPrompt;
}

/** Frames the artifact's section as a bundle and renders its prompt. */
export function renderArtifact(a: ArtifactFields): Result<ArtifactRendering> {
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
  const parts: BundleParts = { guide: a.modelDependencies.interpretationGuideText, metadata: metadata.value, schema: schema.value, payload: a.section.payload };
  const bundle = frameBundle(parts);
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
