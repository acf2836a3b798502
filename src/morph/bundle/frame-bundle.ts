/** Writes a MORPH-CONTEXT/1 bundle around four already rendered parts (seed 001, R-M4, R-M6). */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { bundleMarkers, markersInOrder } from './bundle-markers.ts';
import { BUNDLE, CONTEXT_CODES, CONTEXT_RULES } from './constants.ts';
import { deriveBoundary } from './derive-boundary.ts';
import { morphError } from '../refusal.ts';

/** The four framed parts, as text (metadata and schema already in JCS form). */
export interface BundleParts {
  readonly guide: string;
  readonly metadata: string;
  readonly schema: string;
  readonly payload: string;
}

/** R-M4: the bundle boundary of these parts, or undefined when all 1,024 attempts collide. */
export function deriveBundleBoundary(parts: BundleParts): string | undefined {
  return deriveBoundary(
    {
      seed: BUNDLE.BOUNDARY_SEED,
      hexDigits: BUNDLE.BOUNDARY_HEX_DIGITS,
      maxAttempts: BUNDLE.MAX_ATTEMPTS,
      forbidden: (b) => markersInOrder(bundleMarkers(b)),
    },
    [parts.guide, parts.metadata, parts.schema, parts.payload],
  );
}

/**
 * The pieces of the bundle of `parts` framed with `boundary`, in order (the parts themselves among
 * them, not copied): what {@link writeBundle} joins, and what a prompt digest hashes without joining.
 */
export function bundlePieces(parts: BundleParts, boundary: string): string[] {
  const m = bundleMarkers(boundary);
  const content: Record<(typeof BUNDLE.SECTIONS)[number], string> = {
    GUIDE: parts.guide,
    METADATA: parts.metadata,
    SCHEMA: parts.schema,
    PAYLOAD: parts.payload,
  };
  const pieces = [`${BUNDLE.HEADER_PREFIX}${boundary}${BUNDLE.LF}`];
  for (const s of BUNDLE.SECTIONS) {
    pieces.push(`${m.begin[s]}${BUNDLE.LF}`, content[s], `${BUNDLE.LF}${m.end[s]}${BUNDLE.LF}`);
  }
  // Seed 001: no line feed after the final marker.
  pieces.push(m.final);
  return pieces;
}

/** Writes the parts with an explicit boundary in the canonical layout (no check that it is collision-free). */
export function writeBundle(parts: BundleParts, boundary: string): string {
  // Appended, not joined: the text shares the parts until it is first read (no copy made here).
  let text = '';
  for (const piece of bundlePieces(parts, boundary)) text += piece;
  return text;
}

/** R-M4: the refusal when every boundary candidate occurs in a part. */
export function refuseBoundaryExhausted(): Result<never> {
  return fail(morphError(CONTEXT_CODES.BOUNDARY_EXHAUSTED, CONTEXT_RULES.BUNDLE_BOUNDARY, 'every one of the 1,024 boundary candidates occurs in a part'));
}

/** Frames the parts with their deterministic boundary; refuses with BOUNDARY_EXHAUSTED when none is free. */
export function frameBundle(parts: BundleParts): Result<{ text: string; boundary: string }> {
  const boundary = deriveBundleBoundary(parts);
  if (boundary === undefined) return refuseBoundaryExhausted();
  return ok({ text: writeBundle(parts, boundary), boundary });
}
