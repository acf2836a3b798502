/**
 * Readable no-regression snapshots of what an arbitrary generates at a fixed seed. Golden vectors are
 * derived from these samples, so a change must be deliberate and reviewable: the snapshot shows each
 * sample's opening characters (escaped, one line each) with its full length and a short digest of
 * the whole text, so a diff says which sample changed and how it now begins.
 */
import fc from 'fast-check';
import { sha256Hex } from '../src/shared/digest.ts';

/** How much of each sample a snapshot line shows. */
const SHOWN_CHARS = 160;

/** Renders `numRuns` samples of `arbitrary` at `seed` as a snapshot text, one line per sample. */
export function renderSamples<T>(
  arbitrary: fc.Arbitrary<T>,
  show: (value: T) => string | Uint8Array,
  { seed = 42, numRuns = 20 }: { seed?: number; numRuns?: number } = {},
): string {
  const lines = fc.sample(arbitrary, { seed, numRuns }).map((value, i) => {
    const shown = show(value);
    const text = typeof shown === 'string' ? shown : Buffer.from(shown).toString('utf8');
    const head = JSON.stringify(text.slice(0, SHOWN_CHARS));
    const more = text.length > SHOWN_CHARS ? '…' : '';
    return `#${String(i + 1).padStart(2, '0')} ${text.length} chars sha256:${sha256Hex(shown).slice(0, 12)} ${head}${more}`;
  });
  return `seed ${seed}, ${numRuns} samples\n${lines.join('\n')}\n`;
}
