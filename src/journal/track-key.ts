/** The track key (R-J10): labels each followed by U+001F, in UTF-8; byte order = tuple order, prefix = selection. */
import { fail, ok, type Result } from '../shared/errors.ts';
import { TRACK_SEPARATOR } from './constants.ts';
import { refuse, RULES } from './refusal.ts';

/** True for a UTF-16 code unit a label may not carry: C0, DEL and C1 controls (R-J10). */
function isControl(unit: number): boolean {
  return unit <= 0x1f || (unit >= 0x7f && unit <= 0x9f);
}

/** Why a label is not a label, or undefined when it is one. */
export function labelProblem(label: string): string | undefined {
  // R-J10: a label is a non-empty string of characters that are not controls.
  if (label.length === 0) return 'a label is never empty';
  for (let i = 0; i < label.length; i++) {
    const unit = label.charCodeAt(i);
    if (isControl(unit)) return `control character U+${unit.toString(16).toUpperCase().padStart(4, '0')} at index ${i}`;
  }
  // A lone surrogate is not a character (an op input's JSON layer refuses one first, R-S1).
  if (!label.isWellFormed()) return 'lone surrogate';
  return undefined;
}

/**
 * Encodes a tuple of labels as its key bytes, or refuses the first bad label. Byte order of two keys
 * is the tuples' order (component by component by code point, a proper prefix first), and a tuple's
 * key is a prefix of exactly the keys of the tuples that start with it (R-J10; the unit test holds both).
 */
export function encodeTrackKey(labels: readonly string[]): Result<Uint8Array> {
  const parts: Buffer[] = [];
  for (let i = 0; i < labels.length; i++) {
    const problem = labelProblem(labels[i]!);
    if (problem !== undefined) return fail(refuse(RULES.INVALID_TRACK_LABEL, problem, undefined, `/${i}`));
    parts.push(Buffer.from(labels[i]!, 'utf8'), Buffer.of(TRACK_SEPARATOR));
  }
  return ok(new Uint8Array(Buffer.concat(parts)));
}
