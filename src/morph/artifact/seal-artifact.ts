/** Recomputes an artifact's integrity digests and artifactId from its other members (R-M9). */
import { ok, type Result } from '../../shared/errors.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';
import { artifactId, dependenciesDigest, payloadDigest } from './artifact-digests.ts';
import type { ArtifactFields } from './check-artifact-shape.ts';

/** The digests an artifact with these members must carry. */
export interface ArtifactSeal {
  readonly payloadDigest: string;
  readonly dependenciesDigest: string;
  readonly artifactId: string;
}

/** Computes the seal of a shape-checked artifact; refused only when JCS cannot write a number. */
export function computeSeal(a: ArtifactFields): Result<ArtifactSeal> {
  const pd = payloadDigest(a.section.payload);
  const dd = dependenciesDigest(a.modelDependencies.object);
  if (!dd.ok) return dd;
  const id = artifactId({
    artifactVersion: a.artifactVersion,
    inputSemanticDigest: a.inputSemanticDigest,
    inputKind: a.inputKind,
    plan: a.root.get('plan') as JsonObject,
    section: {
      encoding: a.section.encoding,
      formatVersion: a.section.formatVersion,
      interpretationGuideId: a.section.interpretationGuideId,
      layoutMetadata: a.section.layoutMetadata,
    },
    payloadDigest: pd,
    dependenciesDigest: dd.value,
    target: a.root.get('target') as JsonObject,
    requestFrame: a.root.get('requestFrame') as JsonObject,
  });
  if (!id.ok) return id;
  return ok({ payloadDigest: pd, dependenciesDigest: dd.value, artifactId: id.value });
}

/** A copy of the artifact with its digests and id recomputed (member order kept). */
export function sealArtifact(a: ArtifactFields): Result<JsonObject> {
  const seal = computeSeal(a);
  if (!seal.ok) return seal;
  const root = new Map<string, JsonValue>(a.root);
  root.set('artifactId', seal.value.artifactId);
  const integrity = new Map<string, JsonValue>(a.root.get('integrity') as JsonObject);
  integrity.set('payloadDigest', seal.value.payloadDigest);
  integrity.set('dependenciesDigest', seal.value.dependenciesDigest);
  root.set('integrity', integrity);
  return ok(root);
}
