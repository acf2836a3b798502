/** The MORPH-PROMPT/1 renderer: the exact text a tokenizer is given (seed 001, R-M5). */
import { fail, ok, type Result } from '../../shared/errors.ts';
import { CONTEXT_CODES, CONTEXT_RULES, PROMPT, type PromptSection } from '../bundle/constants.ts';
import { deriveBoundary, type BoundaryPart } from '../bundle/derive-boundary.ts';
import { sha256OfPieces } from '../digest/hash-text.ts';
import { morphError } from '../refusal.ts';

/** R-M8: the task of a request frame; its instruction fills the TASK section. */
export interface MorphTask {
  readonly id: string;
  readonly instruction: string;
}

/** What the renderer frames. */
export interface PromptRequest {
  readonly prefix: string;
  /** The complete MORPH-CONTEXT/1 bundle. */
  readonly bundle: string;
  /** The guide text the bundle carries (returned alone as `interpretationGuide`). */
  readonly guide: string;
  readonly task: MorphTask;
  readonly suffix: string;
}

/** The renderer's five values (seed 001). */
export interface RenderedPrompt {
  readonly interpretationGuide: string;
  /** The same text as `selfContainedBundle`. */
  readonly dataBlock: string;
  readonly selfContainedBundle: string;
  readonly rendered: string;
  /** SHA-256 of `rendered`'s UTF-8 bytes. */
  readonly renderedDigest: string;
}

/** The generic marker prefix of a prompt boundary; no part may contain it (R-M5). */
export function promptMarkerPrefix(boundary: string): string {
  return `${PROMPT.MARKER_OPEN}${boundary}:`;
}

/** The four framed parts (prefix, bundle, instruction, suffix); the bundle may be given as its pieces. */
export type PromptParts = readonly [string, BoundaryPart, string, string];

/** R-M5: the prompt boundary of the four parts, or undefined when all 1,024 attempts collide. */
export function derivePromptBoundary(parts: PromptParts): string | undefined {
  return deriveBoundary(
    { seed: PROMPT.BOUNDARY_SEED, hexDigits: PROMPT.BOUNDARY_HEX_DIGITS, maxAttempts: PROMPT.MAX_ATTEMPTS, forbidden: (b) => [promptMarkerPrefix(b)] },
    parts,
  );
}

/** The pieces of the MORPH-PROMPT/1 text of the parts with an explicit boundary, in order (the parts not copied). */
export function promptPieces(parts: PromptParts, boundary: string): string[] {
  const marker = (body: string) => `${promptMarkerPrefix(boundary)}${body}${PROMPT.MARKER_CLOSE}`;
  const pieces = [`${PROMPT.HEADER_PREFIX}${boundary}\n`];
  PROMPT.SECTIONS.forEach((section: PromptSection, i) => {
    const part = parts[i]!;
    pieces.push(`${marker(`BEGIN:${section}`)}\n`, ...(typeof part === 'string' ? [part] : part), `\n${marker(`END:${section}`)}\n`);
  });
  pieces.push(marker('END'));
  return pieces;
}

/** Writes the four parts with an explicit boundary in the MORPH-PROMPT/1 layout. */
export function writePrompt(parts: readonly [string, string, string, string], boundary: string): string {
  // Appended, not joined: the text shares the parts (the bundle among them) until it is first read.
  let text = '';
  for (const piece of promptPieces(parts, boundary)) text += piece;
  return text;
}

function exhausted(): Result<never> {
  return fail(morphError(CONTEXT_CODES.PROMPT_BOUNDARY_EXHAUSTED, CONTEXT_RULES.PROMPT_BOUNDARY, 'every one of the 1,024 prompt boundary candidates occurs in a part'));
}

/** Renders the prompt; refuses with PROMPT_BOUNDARY_EXHAUSTED when no boundary is free. */
export function renderPrompt(request: PromptRequest): Result<RenderedPrompt> {
  const parts = [request.prefix, request.bundle, request.task.instruction, request.suffix] as const;
  const boundary = derivePromptBoundary(parts);
  if (boundary === undefined) return exhausted();
  return ok({
    interpretationGuide: request.guide,
    dataBlock: request.bundle,
    selfContainedBundle: request.bundle,
    rendered: writePrompt(parts, boundary),
    renderedDigest: sha256OfPieces(promptPieces(parts, boundary)),
  });
}

/**
 * MORPH-PROMPT-2's `renderedDigest` alone, from the parts (the bundle as its pieces): what
 * {@link renderPrompt} answers, with no copy of the bundle or the prompt made.
 */
export function renderedPromptDigest(parts: PromptParts): Result<string> {
  const boundary = derivePromptBoundary(parts);
  return boundary === undefined ? exhausted() : ok(sha256OfPieces(promptPieces(parts, boundary)));
}
