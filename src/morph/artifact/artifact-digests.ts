/** R-M9: the three digests of a morph-artifact/1 (payload, dependencies, identity). */
import { sha256Hex } from '../../shared/digest.ts';
import { ok, type Result } from '../../shared/errors.ts';
import { sha256OfPieces } from '../digest/hash-text.ts';
import { canonicalJson } from '../../shared/json/jcs.ts';
import type { JsonObject, JsonValue } from '../../shared/json/value.ts';

/** SHA-256 of the payload's UTF-8 bytes (hashed a slice at a time: the payload may be 16 MiB). */
export function payloadDigest(payload: string): string {
  return sha256OfPieces([payload]);
}

/** SHA-256 of JCS(modelDependencies); refused only when a number has no JCS form. */
export function dependenciesDigest(modelDependencies: JsonObject): Result<string> {
  const text = canonicalJson(modelDependencies);
  return text.ok ? ok(sha256Hex(text.value)) : text;
}

/** The members of the identity object that artifactId hashes. */
export interface ArtifactIdentity {
  readonly artifactVersion: string;
  readonly inputSemanticDigest: string;
  readonly inputKind: string;
  readonly plan: JsonObject;
  readonly section: { readonly encoding: string; readonly formatVersion: string; readonly interpretationGuideId: string; readonly layoutMetadata: JsonObject };
  readonly payloadDigest: string;
  readonly dependenciesDigest: string;
  readonly target: JsonObject;
  readonly requestFrame: JsonObject;
}

/** The identity object (R-M9): the section is reduced to its identity and payload digest. */
export function identityObject(id: ArtifactIdentity): JsonObject {
  return new Map<string, JsonValue>([
    ['artifactVersion', id.artifactVersion],
    ['inputSemanticDigest', id.inputSemanticDigest],
    ['inputKind', id.inputKind],
    ['plan', id.plan],
    [
      'section',
      new Map<string, JsonValue>([
        ['encoding', id.section.encoding],
        ['formatVersion', id.section.formatVersion],
        ['interpretationGuideId', id.section.interpretationGuideId],
        ['layoutMetadata', id.section.layoutMetadata],
        ['payloadDigest', id.payloadDigest],
      ]),
    ],
    ['dependenciesDigest', id.dependenciesDigest],
    ['target', id.target],
    ['requestFrame', id.requestFrame],
  ]);
}

/** artifactId = SHA-256 of JCS(identity object). */
export function artifactId(id: ArtifactIdentity): Result<string> {
  const text = canonicalJson(identityObject(id));
  return text.ok ? ok(sha256Hex(text.value)) : text;
}
